"""Take-and-break codes: CGSuite's notation for heap games, all of it.

A code ``d0.d1d2d3...`` describes a heap game: digit ``dk`` says how a move that
removes ``k`` tokens from one heap may leave the rest.  An ordinary digit is a bit
mask of heap counts: bit ``j`` (value ``2**j``) lets the move leave ``j`` non-empty
heaps (bit 0: nothing, only when the heap had exactly ``k`` tokens).  So ``0.77`` is
Kayles, ``0.07`` Dawson's Kayles, ``4.7`` Daisies.  The full syntax, as CGSuite reads it:

* digits ``0``-``9``, ``A``-``V`` (base 32: hexadecimal ``8``-``F`` leave up to three
  heaps, ``G``-``V`` four), ``&N;`` for any larger mask ``N`` (decimal), ``*`` for
  any number of heaps (0, 1, 2, ...);
* ``{2}``, ``{0,2}``, ``{2+}``: the heap counts listed (``+``: that one and more);
* a modifier after a digit, ``!`` (the heaps left are pairwise unequal), ``?`` (not
  all equal) or ``=`` (all equal): ``4!.0`` is Grundy's game, ``{2+}=.0`` Maundy
  cake.  Inside braces a modifier may follow each count instead (``{0,2!,3}``);
  modifiers say nothing about 0 or 1 heap, so they are dropped there;
* ``[...]`` around the last digits repeats them for ever: ``0.[3]`` is Nim (take
  any number), ``4.[3]`` Lasker's Nim, ``0.3[1]`` "take 1, or the whole heap";
* digits before ``d0`` *add* tokens: in ``80.0`` a move adds one token and splits
  the heap into three.  Such a digit is accepted only when every move it allows
  leaves heaps smaller than the one moved from, so play always ends.

:meth:`TakeBreakCode.parse` reads a code (a :class:`~cgtkit.errors.HeapCodeError` with
the character and column of a fault), :meth:`~TakeBreakCode.normal_form` writes the
spelling CGSuite prints for it (``04.30`` is ``4.3``, ``0.{1,2!}`` is ``0.6!``), and
:meth:`~TakeBreakCode.options` lists the moves from a heap.

Invariant: a :class:`TakeBreakCode` is valid and normalised as CGSuite normalises,
so two spellings of one code compare equal and ``parse(normal_form(c)) == c``.

>>> code = TakeBreakCode.parse("0.77")          # Kayles
>>> code.digits, code.max_take, code.max_parts
((0, 7, 7), 2, 2)
>>> str(TakeBreakCode.parse("4.70")), TakeBreakCode.parse("0.8F").max_parts
('4.7', 3)
>>> TakeBreakCode.parse("0.{0!,2!,3!}").normal_form(), TakeBreakCode.parse("0.{0,1!,2,3,4+}").normal_form()
('0.D!', '0.*')
>>> list(TakeBreakCode.parse("4!.0").options(8))        # Grundy's game: unequal halves
[(1, 7), (2, 6), (3, 5)]
>>> TakeBreakCode.parse("0.9x")
Traceback (most recent call last):
...
cgtkit.errors.HeapCodeError: take-and-break code '0.9x': character 'x' at column 4 is not a digit (0-9, A-V, &N;, * or {...})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from ..errors import HeapCodeError

__all__ = ["Digit", "TakeBreakCode", "partitions"]

_BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
_MODIFIERS = "!?="
# the most heaps one digit may name (a mask below 2**_MAX_COUNT, a count in braces)
_MAX_COUNT = 1024

#: the modifiers: no constraint, pairwise unequal, not all equal, all equal
FREE, UNEQUAL, SOME_UNEQUAL, EQUAL = "", "!", "?", "="


@dataclass(frozen=True)
class Digit:
    """One digit of a code: ``counts[j]`` is the modifier for leaving ``j`` heaps
    (``None``: not allowed), and with ``more`` every count past the last listed is
    allowed too, with the last one's modifier.  Built by :meth:`make`, normalised
    as CGSuite normalises: so equal digits compare equal.

    >>> Digit.make([None, "", "!"]), str(Digit.make([None, "", "!"]))
    (Digit(counts=(None, '!', '!'), more=False), '6!')
    >>> str(Digit.make([""], more=True)), str(Digit.make([None, None, "="], more=True))
    ('*', '{2+}=')
    """

    counts: tuple[str | None, ...] = ()
    more: bool = False

    @classmethod
    def make(cls, counts: Sequence[str | None], more: bool = False) -> "Digit":
        """The normalised digit allowing ``counts`` (and, with ``more``, every larger count)."""
        cs = list(counts)
        while cs and cs[-1] is None:
            cs.pop()
        if more and not cs:
            raise ValueError("a digit with more heaps needs an allowed last count")
        if more and len(cs) < 4:  # counts 2 and 3 exist: their modifier is the last one's
            cs += [cs[-1]] * (4 - len(cs))
        kinds = {c for c in cs[2:] if c is not None}
        if len(kinds) == 1:  # one modifier for every count from 2: it is the digit's
            (only,) = kinds
            cs = [None if c is None else only for c in cs]
        else:  # a modifier means nothing for 0 or 1 heap
            cs = [FREE if (c is not None and j < 2) else c for j, c in enumerate(cs)]
        if more:  # the tail of counts equal to the last is the "more" part
            last = len(cs) - 1
            while last > 0 and cs[last - 1] == cs[-1]:
                last -= 1
            cs = cs[: last + 1]
        return cls(tuple(cs), bool(more and cs))

    @property
    def is_zero(self) -> bool:
        """No move at all."""
        return not self.counts

    @property
    def max_heaps(self) -> int | None:
        """The most heaps a move may leave (None: any number)."""
        return None if self.more else len(self.counts) - 1

    def constraint(self, j: int) -> str | None:
        """The modifier for leaving ``j`` heaps, or None when that is not allowed."""
        if j < len(self.counts):
            return self.counts[j]
        return self.counts[-1] if self.more else None

    @property
    def is_plain(self) -> bool:
        """An ordinary digit: finitely many heap counts, no modifier."""
        return not self.more and all(c in (None, FREE) for c in self.counts)

    @property
    def mask(self) -> int:
        """The heap counts allowed as a bit mask (the more part not included)."""
        return sum(1 << j for j, c in enumerate(self.counts) if c is not None)

    def __str__(self) -> str:
        if not self.counts:
            return "0"
        last = self.counts[-1]
        assert last is not None
        if all(c in (None, last) for c in self.counts):
            if not self.more:
                m = self.mask
                return (_BASE32[m] if m < 32 else f"&{m};") + last
            if len(self.counts) == 1:
                return "*" + last
            listed = ",".join(str(j) for j, c in enumerate(self.counts) if c is not None)
            return "{" + listed + "+}" + last
        listed = ",".join(f"{j}{c}" for j, c in enumerate(self.counts) if c is not None)
        return "{" + listed + ("+" if self.more else "") + "}"


_ZERO = Digit()


def partitions(total: int, parts: int, constraint: str = FREE) -> Iterator[tuple[int, ...]]:
    """Every way to leave ``total`` tokens as ``parts`` non-empty heaps under a modifier,
    each a non-decreasing tuple, in lexicographic order (iterative: any size).

    >>> list(partitions(6, 3)), list(partitions(6, 3, "!")), list(partitions(6, 3, "?"))
    ([(1, 1, 4), (1, 2, 3), (2, 2, 2)], [(1, 2, 3)], [(1, 1, 4), (1, 2, 3)])
    >>> list(partitions(6, 3, "=")), list(partitions(0, 0)), list(partitions(3, 0))
    ([(2, 2, 2)], [()], [])
    """
    if parts <= 0:
        if parts == 0 and total == 0:
            yield ()
        return
    if total < parts:
        return
    if constraint == EQUAL or parts == 1:
        if total % parts == 0:
            yield (total // parts,) * parts
        return
    step = 1 if constraint == UNEQUAL else 0

    def least(m: int, lo: int) -> int:  # the fewest tokens m heaps take, the first >= lo
        return m * lo + step * m * (m - 1) // 2

    if least(parts, 1) > total:
        return
    p = [0] * parts
    before = [0] * parts  # before[i] = p[0] + ... + p[i-1]

    def fill(i: int, v: int) -> None:  # p[i] = v, then the least parts after, the rest last
        for t in range(i, parts - 1):
            p[t] = v + step * (t - i)
            before[t + 1] = before[t] + p[t]
        p[parts - 1] = total - before[parts - 1]

    fill(0, 1)
    while True:
        if constraint != SOME_UNEQUAL or p[0] != p[-1]:
            yield tuple(p)
        i = parts - 2
        while i >= 0 and least(parts - i, p[i] + 1) > total - before[i]:
            i -= 1
        if i < 0:
            return
        fill(i, p[i] + 1)


class _Reader:
    """The parser's cursor: position in the text, and the error it raises."""

    def __init__(self, text: str, offset: int) -> None:
        self.s, self.i, self.offset = text, 0, offset

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def column(self, i: int | None = None) -> int:
        return (self.i if i is None else i) + 1 + self.offset

    def fail(self, message: str, i: int | None = None) -> HeapCodeError:
        at = self.i if i is None else i
        if at < len(self.s):
            return HeapCodeError(f"{self.where}: character {self.s[at]!r} at column {self.column(at)} {message}")
        return HeapCodeError(f"{self.where}: {message} at the end")

    where = ""


@dataclass(frozen=True)
class TakeBreakCode:
    """A validated, normalised take-and-break code.

    ``take[k]`` is the digit for removing ``k`` tokens (``take[0]`` is ``d0``); the
    last ``period`` of them repeat for ever (0: none repeat, and ``take`` has no
    trailing zero digit); ``add[i]`` is the digit for adding ``i + 1`` tokens.
    """

    take: tuple[Digit, ...]
    add: tuple[Digit, ...] = ()
    period: int = 0

    # --- reading and writing -------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "TakeBreakCode":
        """Parse ``"0.77"``, ``"4!.0"``, ``"0.[3]"``, ``"{2+}=.0"``, ``"0.&32;"``...;
        :class:`HeapCodeError` names the fault, its character and column."""
        if isinstance(text, TakeBreakCode):
            return text
        if not isinstance(text, str):
            raise HeapCodeError(f"a take-and-break code is a string such as '0.77', not {text!r}")
        s = text.strip().replace("\u00b7", ".")  # accept the typographic point 0·77
        r = _Reader(s, len(text) - len(text.lstrip()))
        r.where = f"take-and-break code {text!r}"
        if not s:
            raise HeapCodeError(f"{r.where} is empty; write e.g. '0.77' (Kayles) or '4!.0' (Grundy's game)")
        head: list[tuple[Digit, int]] = []  # the digits before the point, with their columns
        while r.peek() not in (".", ""):
            if r.peek() in "[]":
                raise r.fail("cannot stand before the point: only digits after it repeat")
            head.append(_digit(r))
        if r.peek() != ".":
            raise HeapCodeError(f"{r.where} has no point; write d0.d1d2..., e.g. '0.77' or '4!.0'")
        if not head:
            raise r.fail("needs a digit d0 before it (e.g. '0.77')")
        r.i += 1
        tail: list[Digit] = []
        start = None
        while r.peek():
            ch = r.peek()
            if ch == "[":
                if start is not None:
                    raise r.fail("opens a second repeating part")
                start = len(tail)
                r.i += 1
            elif ch == "]":
                if start is None:
                    raise r.fail("closes a repeating part that was not opened")
                if r.i != len(s) - 1:
                    raise r.fail("must end the code (only the last digits can repeat)")
                r.i += 1
                break
            elif ch == ".":
                raise r.fail("is a second point")
            else:
                tail.append(_digit(r)[0])
        else:
            if start is not None:
                raise HeapCodeError(f"{r.where}: the repeating part opened by '[' is not closed with ']'")
        period = 0 if start is None else len(tail) - start
        d0, d0_col = head[-1]
        adds = [(d, col) for d, col in reversed(head[:-1])]
        code = cls._normalised([d0, *tail], [d for d, _ in adds], period)
        code._check_ends(d0, d0_col, adds, r)
        return code

    @classmethod
    def _normalised(cls, take: Sequence[Digit], add: Sequence[Digit], period: int) -> "TakeBreakCode":
        add = list(add)
        while add and add[-1].is_zero:
            add.pop()
        take = list(take)
        if period and all(d.is_zero for d in take[len(take) - period :]):
            del take[len(take) - period :]
            period = 0
        if not period:
            while take and take[-1].is_zero:
                take.pop()
        return cls(tuple(take) or (_ZERO,), tuple(add), period)

    def _check_ends(self, d0: Digit, d0_col: int, adds: list[tuple[Digit, int]], r: _Reader) -> None:
        """Refuse digits whose moves would not make the heaps smaller (play would not end)."""
        if d0.constraint(0) is not None or d0.constraint(1) is not None:
            raise HeapCodeError(
                f"{r.where}: digit d0 = {str(d0)!r} at column {r.column(d0_col)} lets a heap move to "
                "itself (it allows leaving 0 or 1 heap without taking: a loopy game); d0 may only "
                "split, e.g. 4 (two heaps), 8, C, {2+}"
            )
        for i, (d, col) in enumerate(adds):
            added = i + 1
            for j in range(0, added + 2):
                c = d.constraint(j)
                if c is not None and not _shrinks(added, j, c):
                    raise HeapCodeError(
                        f"{r.where}: digit {str(d)!r} at column {r.column(col)} adds {added} token(s) and "
                        f"may leave {j} heap(s){' ' + repr(c) if c else ''}, so a heap can grow or stay "
                        "and play need not end; an adding digit must leave heaps all smaller than the heap"
                    )

    def normal_form(self) -> str:
        """The spelling CGSuite prints for the code.

        >>> [TakeBreakCode.parse(c).normal_form() for c in ("04.00[30]", "0.{0!,2!,3!+}", "0.7[03]")]
        ['4.00[30]', '0.{0,2+}!', '0.7[03]']
        """
        prefix = "".join(str(d) for d in reversed(self.add)) + str(self.take[0])
        fixed = "".join(str(d) for d in self.take[1 : len(self.take) - self.period])
        repeating = "".join(str(d) for d in self.take[len(self.take) - self.period :]) if self.period else ""
        if repeating:
            return f"{prefix}.{fixed}[{repeating}]"
        return f"{prefix}.{fixed or '0'}"

    def __str__(self) -> str:
        return self.normal_form()

    # --- the rules -----------------------------------------------------------------
    def digit(self, k: int) -> Digit:
        """The digit for removing ``k`` tokens (``k < 0``: adding ``-k``)."""
        if k < 0:
            return self.add[-k - 1] if -k <= len(self.add) else _ZERO
        if k < len(self.take):
            return self.take[k]
        if self.period:
            pre = len(self.take) - self.period
            return self.take[pre + (k - pre) % self.period]
        return _ZERO

    def options(self, n: int) -> Iterator[tuple[int, ...]]:
        """The options of heap ``n``: non-decreasing tuples of the heaps left (``()``:
        none), from the least removal up; a repeat only where two removals allow it.

        >>> list(TakeBreakCode.parse("0.7[03]").options(7))
        [(6,), (1, 5), (2, 4), (3, 3), (4,), (2,), ()]
        """
        top = n if self.period else min(n, len(self.take) - 1)
        for k in range(-len(self.add), top + 1):
            d = self.digit(k)
            if d.is_zero:
                continue
            r = n - k
            most = r if d.more else min(r, len(d.counts) - 1)
            for j in range(0, most + 1):
                c = d.constraint(j)
                if c is not None:
                    yield from partitions(r, j, c)

    # --- what the code is ----------------------------------------------------------
    @property
    def is_plain(self) -> bool:
        """Finitely many removals, ordinary digits (no modifier, braces with +, star,
        repeating or adding part): an octal, hexadecimal or base-32 code."""
        return not self.period and not self.add and all(d.is_plain for d in self.take)

    @property
    def is_octal(self) -> bool:
        """A plain code whose digits are 0-7."""
        return self.is_plain and all(d.mask < 8 for d in self.take)

    @property
    def is_hexadecimal(self) -> bool:
        """A plain code whose digits are 0-F."""
        return self.is_plain and all(d.mask < 16 for d in self.take)

    @property
    def digits(self) -> tuple[int, ...]:
        """The digits of a plain code as bit masks, ``digits[k]`` for removing ``k``."""
        if not self.is_plain:
            raise HeapCodeError(f"{self}: digits are bit masks only for plain codes; read .take (Digit objects)")
        return tuple(d.mask for d in self.take)

    @property
    def max_take(self) -> int | None:
        """The most tokens a move may remove (``t`` of the periodicity theorem); None
        when a repeating part lets moves remove any number."""
        if self.period:
            return None
        return len(self.take) - 1

    @property
    def max_parts(self) -> int | None:
        """The most heaps a move can leave (at least 1); None when a digit allows any number."""
        if any(d.more for d in (*self.take, *self.add)):
            return None
        return max([1] + [len(d.counts) - 1 for d in (*self.take, *self.add)])

    def allows(self, k: int, parts: int) -> bool:
        """May a move remove ``k`` tokens and leave ``parts`` non-empty heaps?"""
        return self.digit(k).constraint(parts) is not None

    def takes(self, parts: int) -> tuple[int, ...]:
        """Every ``k >= 0`` with which a move may leave ``parts`` heaps, ascending (codes
        with no repeating part)."""
        if self.period:
            raise HeapCodeError(f"{self}: its repeating part allows infinitely many removals")
        return tuple(k for k in range(len(self.take)) if self.allows(k, parts))

    def certificate_shape(self) -> tuple[int, int] | None:
        """``(t, j)`` for the octal periodicity theorem (moves remove at most ``t`` and
        leave at most ``j`` heaps, with no modifier on two or more heaps), else None:
        see :meth:`no_certificate_reason`.

        >>> TakeBreakCode.parse("0.77").certificate_shape(), TakeBreakCode.parse("4!.0").certificate_shape()
        ((2, 2), None)
        """
        if self.no_certificate_reason() is not None:
            return None
        t, j = self.max_take, self.max_parts
        assert t is not None and j is not None
        return t, j

    def no_certificate_reason(self) -> str | None:
        """Why the periodicity theorem proves no period for this code (None: it does)."""
        if self.period:
            return "its repeating part lets a move remove any number of tokens"
        if self.max_parts is None:
            return "a move may leave any number of heaps"
        for d in (*self.take, *self.add):
            if any(c not in (None, FREE) for c in d.counts[2:]):
                return (
                    "a move must leave heaps unequal or equal ('!', '?', '='), and lifting a heap "
                    "by the period can break that, so the theorem's argument does not apply"
                )
        return None


def _digit(r: _Reader) -> tuple[Digit, int]:
    """Read one digit (with its modifier) at the cursor; returns it and its index."""
    at = r.i
    ch = r.peek()
    if ch == "*":
        r.i += 1
        return Digit.make([_modifier(r)], more=True), at
    if ch == "{":
        return _braces(r), at
    if ch == "&":
        end = r.s.find(";", at)
        if end < 0:
            raise r.fail("starts a large digit &N; that has no closing ';'")
        body = r.s[at + 1 : end]
        if not body.isdigit() or not body.isascii():
            raise r.fail("starts a large digit &N; whose N is not a decimal number")
        if len(body) > 400 or int(body) >= 1 << _MAX_COUNT:
            raise r.fail(f"starts a digit naming more than {_MAX_COUNT - 1} heaps")
        mask = int(body)
        r.i = end + 1
    else:
        mask = _BASE32.find(ch.upper()) if ch else -1
        if mask < 0 or len(ch) != 1:
            raise r.fail("is not a digit (0-9, A-V, &N;, * or {...})")
        r.i += 1
    c = _modifier(r)
    return Digit.make([c if mask >> j & 1 else None for j in range(mask.bit_length())]), at


def _modifier(r: _Reader) -> str:
    ch = r.peek()
    if ch and ch in _MODIFIERS:
        r.i += 1
        return ch
    return FREE


def _braces(r: _Reader) -> Digit:
    """``{j1,j2!,...,jm+}`` with an optional modifier after the brace."""
    at = r.i
    end = r.s.find("}", at)
    if end < 0:
        raise r.fail("opens heap counts that are not closed with '}'")
    body = r.s[at + 1 : end]
    r.i = end + 1
    outer = _modifier(r)
    more = body.endswith("+")
    if more:
        body = body[:-1]
    counts: dict[int, str] = {}
    pos = at + 1
    for token in body.split(","):
        inner = token[-1] if token and token[-1] in _MODIFIERS else ""
        number = token[:-1] if inner else token
        if not number.isdigit() or not number.isascii():
            bad = pos + next((i for i, ch in enumerate(token) if not ch.isdigit()), len(token))
            if not token:
                raise r.fail("lists an empty heap count", min(bad, end))
            raise r.fail("is not part of a heap count (write e.g. {0,2}, {2+} or {1,2!})", bad)
        if inner and outer:
            raise r.fail("gives a count its own modifier, but the braces have one too", pos + len(number))
        j = int(number) if len(number) < 6 else _MAX_COUNT
        if j >= _MAX_COUNT:
            raise r.fail(f"starts a heap count above {_MAX_COUNT - 1}", pos)
        counts[j] = inner or outer
        pos += len(token) + 1
    top = max(counts)
    return Digit.make([counts.get(j) for j in range(top + 1)], more=more)


def _shrinks(added: int, j: int, c: str) -> bool:
    """Does every way to share ``n + added`` tokens among ``j`` heaps under modifier ``c``
    leave each heap smaller than ``n``, for every ``n >= 0`` (so that play ends)?"""
    if j == 0:
        return True  # n + added tokens can never be left as no heap
    if j == 1:
        return False  # one heap of n + added
    if j >= added + 2:
        return True  # the largest heap is at most n + added - (j - 1) < n
    if c == UNEQUAL:  # the largest is at most n + added - (1 + 2 + ... + (j - 1))
        return j * (j - 1) // 2 > added
    if c == EQUAL:  # heaps of (n + added) / j: smaller than n from the least such n on
        n = (-added) % j
        return n > 0 and added < (j - 1) * n
    return False  # free or not-all-equal: 1, ..., 1, n + added - j + 1 is allowed
