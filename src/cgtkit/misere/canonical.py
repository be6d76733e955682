"""The table of misère canonical forms of impartial games, by integer id.

In misère play an impartial game is simplified only by bypassing reversible
options (Conway, *On Numbers and Games* ch. 12): an option ``G'`` of ``G`` that has
``G`` itself among its options can be deleted, except that deleting options down to
the empty game is allowed only when some deleted option is a misère P-position (the
*endgame proviso*: ``G = 0`` exactly when every option of ``G`` has ``0`` as an
option and some option is a P-position).  What is left is unique, the *misère
canonical form*, and equal games have equal canonical forms.  This module keeps one
record per canonical form, so equality of games is equality of ids.

Games come in pairs ``E`` and ``E + *1``: the options of ``E + *1`` are ``E`` and the
``X + *1`` for the options ``X`` of ``E``, and ``E`` is born one day earlier (it is
*even*, its partner *odd*).  A record is kept for the even game only, with id ``2k``;
its partner is ``2k + 1``, so adding ``*1`` flips the last bit of an id: ``0`` is the
empty game and ``1`` is ``*1``.

Options are kept in canonical order (CGSuite's): by the birthday, number of options,
normal and misère Grundy values of the even part, then the options themselves in
that order, an even game before its odd partner.

>>> two = nimber(2)
>>> options(two), birthday(two), gplus(two), gminus(two)
((0, 1), 2, 2, 2)
>>> add(two, two) == from_options([two, nimber(3)])          # *2 + *2 = {*2, *3}
True
>>> from_options([1]), from_options([0, two])                # {*1} = 0, {0, *2} = *1
(0, 1)
>>> g = from_options([two]); gminus(g), is_even(g), add(g, 1) == g + 1
(0, True, True)
"""

from __future__ import annotations

from functools import cmp_to_key
from typing import Any, Iterable

from ..memo import BoundedMemo, register_cache
from ..nimbers import mex
from ._stack import Call, cached, run

__all__ = [
    "from_options",
    "options",
    "option_set",
    "has_option",
    "birthday",
    "gplus",
    "gminus",
    "is_even",
    "add",
    "add_many",
    "nimber",
    "nim_heap_size",
    "mate",
    "key_of",
    "compare",
    "record_count",
]

# --- the records (one per even canonical form, index k = id >> 1) ------------------------
_OPTS: list[tuple[int, ...]] = [()]  # options in canonical order
_OPTSET: list[frozenset[int]] = [frozenset()]
_BIRTH: list[int] = [0]
_GPLUS: list[int] = [0]
_GMINUS: list[int] = [1]  # the empty game: the player to move cannot move and wins
_FLAT: list[tuple[int, int, int, int]] = [(0, 0, 0, 1)]  # (birthday, options, g+, g-): canonical order's first keys
_INDEX: dict[tuple[int, ...], int] = {(): 0}  # options in canonical order -> even id
_ODD_OPTS: dict[int, tuple[int, ...]] = {1: (0,)}
_SUMS: BoundedMemo[tuple[int, int], int] = BoundedMemo(1 << 18)  # (even a <= even b) -> a + b
register_cache("misere.sums", _SUMS.clear, _SUMS.__len__)
_NIMBERS: list[int] = [0, 1]


def record_count() -> int:
    """How many even canonical forms have been made so far.

    >>> record_count() >= 2
    True
    """
    return len(_OPTS)


def compare(x: int, y: int) -> int:
    """-1, 0 or 1 as ``x`` comes before, is, or comes after ``y`` in canonical order: by
    the birthday, number of options, g+ and g- of the even parts, then their options
    pairwise in canonical order, then the even game before its odd partner.  The
    options are walked with an explicit stack, so deep forms compare without
    recursion.

    >>> compare(nimber(2), nimber(3)), compare(nimber(3), nimber(2)), compare(5, 5)
    (-1, 1, 0)
    """
    frames: list[list[Any]] = []
    pending: tuple[int, int] | None = (x, y)
    while True:
        if pending is not None:
            a, b = pending
            pending = None
            if a != b:
                if a >> 1 == b >> 1:
                    return -1 if a < b else 1
                fa, fb = _FLAT[a >> 1], _FLAT[b >> 1]
                if fa != fb:
                    return -1 if fa < fb else 1
                frames.append([_OPTS[a >> 1], _OPTS[b >> 1], 0, (a & 1) - (b & 1)])
        if not frames:
            return 0
        top = frames[-1]
        oa, ob, i, parity = top
        if i < len(oa):
            top[2] = i + 1
            pending = (oa[i], ob[i])
        else:
            frames.pop()
            if parity:
                return -1 if parity < 0 else 1


#: the sort key of canonical order (smaller keys come first; see :func:`compare`)
key_of = cmp_to_key(compare)


def options(g: int) -> tuple[int, ...]:
    """The canonical options of ``g`` in canonical order."""
    if not g & 1:
        return _OPTS[g >> 1]
    found = _ODD_OPTS.get(g)
    if found is None:
        e = g - 1
        found = tuple(sorted({o ^ 1 for o in _OPTS[e >> 1]} | {e}, key=key_of))
        _ODD_OPTS[g] = found
    return found


def option_set(g: int) -> frozenset[int]:
    """The canonical options of ``g`` as a set."""
    if not g & 1:
        return _OPTSET[g >> 1]
    return frozenset(options(g))


def has_option(g: int, h: int) -> bool:
    """Is ``h`` a canonical option of ``g``?"""
    if g & 1:
        e = g - 1
        return h == e or (h ^ 1) in _OPTSET[e >> 1]
    return h in _OPTSET[g >> 1]


def birthday(g: int) -> int:
    """The birthday of ``g`` (the height of its canonical game tree)."""
    return _BIRTH[g >> 1] + (g & 1)


def gplus(g: int) -> int:
    """The normal-play Grundy value of ``g``."""
    return _GPLUS[g >> 1] ^ (g & 1)


def gminus(g: int) -> int:
    """The misère Grundy value of ``g`` (0 exactly for a misère P-position)."""
    return _GMINUS[g >> 1] ^ (g & 1)


def is_even(g: int) -> bool:
    """Is ``g`` even (born before ``g + *1``)?"""
    return not g & 1


def _lookup(opts: list[int]) -> int | None:
    """The id of the canonical game with exactly these options (canonical order), if it
    has been made."""
    if not opts:
        return 0
    h = opts[-1]
    if not h & 1:
        hopts = _OPTSET[h >> 1]
        if len(opts) == len(hopts) + 1 and all((o ^ 1) in hopts for o in opts[:-1]):
            return h + 1  # the odd partner of its last option
    return _INDEX.get(tuple(opts))


def from_options(ids: Iterable[int]) -> int:
    """The canonical form of the game whose options are the games ``ids``."""
    opts = sorted(set(ids), key=key_of)
    found = _lookup(opts)
    if found is not None:
        return found
    # the endgame proviso: G = 0 when all options reverse through 0 and one is P
    if opts[0] != 0 and all(has_option(o, 0) for o in opts) and any(gminus(o) == 0 for o in opts):
        return 0
    # a reversible option has G among its options, so it is born at least two days
    # after every option G keeps: try the options before each gap of two days or more
    for j in range(1, len(opts)):
        if birthday(opts[j]) > birthday(opts[j - 1]) + 1:
            h = _lookup(opts[:j])
            if h is not None and all(has_option(o, h) for o in opts[j:]):
                return h
    return _new_record(opts)


def _new_record(opts: list[int]) -> int:
    g = 2 * len(_OPTS)
    b = max(birthday(o) for o in opts) + 1
    gp = mex(gplus(o) for o in opts)
    gm = mex(gminus(o) for o in opts)
    t = tuple(opts)
    _OPTS.append(t)
    _OPTSET.append(frozenset(t))
    _BIRTH.append(b)
    _GPLUS.append(gp)
    _GMINUS.append(gm)
    _FLAT.append((b, len(t), gp, gm))
    _INDEX[t] = g
    return g


def nimber(n: int) -> int:
    """The nim-heap ``*n``.

    >>> [birthday(nimber(n)) for n in range(5)]
    [0, 1, 2, 3, 4]
    """
    if n < 0:
        raise ValueError(f"a nim-heap has size >= 0, not {n}")
    while len(_NIMBERS) <= n:
        k = len(_NIMBERS)
        _NIMBERS.append(_NIMBERS[k - 1] + 1 if k & 1 else from_options(_NIMBERS[:k]))
    return _NIMBERS[n]


def nim_heap_size(g: int) -> int | None:
    """``n`` if ``g`` is the nim-heap ``*n``, else None (``*n`` has birthday ``n``, and
    ``n`` options when ``n`` is even: only such records are compared with ``*n``)."""
    e = g & ~1
    b = _BIRTH[e >> 1]
    if b & 1 or len(_OPTS[e >> 1]) != b:
        return None
    return b + (g & 1) if nimber(b) == e else None


# --- sums ------------------------------------------------------------------------------


def add(a: int, b: int) -> int:
    """The canonical form of the sum ``a + b``."""
    p = (a ^ b) & 1
    a &= ~1
    b &= ~1
    if a == 0 or b == 0:
        return (a | b) ^ p
    if a > b:
        a, b = b, a
    found = _SUMS.get((a, b))
    if found is None:
        found = run(_add_even(a, b))
    return found ^ p


def _add_even(a: int, b: int) -> Call:
    """The sum of two even games (a <= b, neither 0), memoised."""
    found = _SUMS.get((a, b))
    if found is not None:
        return found
    opts = []
    for x, y in [(o, b) for o in _OPTS[a >> 1]] + [(a, o) for o in _OPTS[b >> 1]]:
        p = (x ^ y) & 1
        x &= ~1
        y &= ~1
        if x == 0 or y == 0:
            opts.append((x | y) ^ p)
            continue
        if x > y:
            x, y = y, x
        s = _SUMS.get((x, y))
        if s is None:
            s = yield _add_even(x, y)
        opts.append(s ^ p)
    found = _SUMS[(a, b)] = from_options(opts)
    return found


def add_many(ids: Iterable[int]) -> int:
    """The canonical form of the sum of the games ``ids``.

    >>> add_many([]), add_many([nimber(2), nimber(2)]) == add(nimber(2), nimber(2))
    (0, True)
    """
    total = 0
    for g in ids:
        total = add(total, g)
    return total


# --- the mate ----------------------------------------------------------------------------

_MATES: dict[int, int] = {0: 1, 1: 0}


def mate(g: int) -> int:
    """The mate ``G⁻``: ``*1`` for ``0``, else the game of the mates of the options.
    ``G + G⁻`` is always a misère P-position.

    >>> mate(nimber(2)) == nimber(2), gminus(add(mate(5), 5))
    (True, 0)
    """
    found = _MATES.get(g)
    if found is None:
        found = run(_mate(g))
    return found


def _mate(g: int) -> Call:
    found = _MATES.get(g)
    if found is not None:
        return found
    opts = []
    for o in options(g):
        opts.append((yield from cached(_MATES, o, _mate)))
    found = _MATES[g] = from_options(opts)
    return found
