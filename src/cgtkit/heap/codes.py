"""Take-and-break codes: the octal and hexadecimal notation for heap games.

A code ``d0.d1d2d3...`` describes a heap game.  Digit ``d_k`` says when a player may
remove ``k`` tokens from one heap: bit 1 lets the move leave no heap (only if the heap
had exactly ``k`` tokens), bit 2 leave one non-empty heap, bit 4 leave two non-empty
heaps, bit 8 (hexadecimal digits 8-F) leave three.  ``d0``, before the point, is for
removing nothing, i.e. splitting a heap without taking: only its bits 4 and 8 make
sense there (bits 1 and 2 would let a heap move to itself, a loopy game), so they are
rejected.  Octal codes are the hexadecimal codes whose digits are all 0-7, so every
hex digit is accepted.

Invariant: a :class:`TakeBreakCode` is valid and normalised: ``digits[k]`` is
``d_k``, the last digit is non-zero (trailing zeros are dropped), and ``str()``
gives back the canonical spelling.

>>> code = TakeBreakCode.parse("0.77")          # Kayles
>>> code.digits, code.max_take, code.max_parts
((0, 7, 7), 2, 2)
>>> str(TakeBreakCode.parse("4.70")), TakeBreakCode.parse("0.8F").max_parts
('4.7', 3)
>>> TakeBreakCode.parse("0.9x")
Traceback (most recent call last):
...
cgtkit.errors.HeapCodeError: take-and-break code '0.9x': character 'x' at column 4 is not a hexadecimal digit (0-9, A-F)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import HeapCodeError

__all__ = ["TakeBreakCode"]

_HEX = "0123456789abcdef"


@dataclass(frozen=True)
class TakeBreakCode:
    """A validated take-and-break code; ``digits[k]`` is the digit for taking ``k``."""

    digits: tuple[int, ...]

    @classmethod
    def parse(cls, text: str) -> "TakeBreakCode":
        """Parse ``"0.77"``, ``"4.7"``, ``"0.8F"``...; :class:`HeapCodeError` names the fault."""
        if not isinstance(text, str):
            raise HeapCodeError(f"a take-and-break code is a string such as '0.77', not {text!r}")
        raw = text
        s = text.strip().replace("\u00b7", ".")  # accept the typographic point 0·77
        where = f"take-and-break code {raw!r}"
        if not s:
            raise HeapCodeError(f"{where} is empty; write e.g. '0.77' (Kayles)")
        offset = len(text) - len(text.lstrip())
        if s.count(".") != 1:
            problem = "has no point" if "." not in s else "has more than one point"
            raise HeapCodeError(f"{where} {problem}; write d0.d1d2..., e.g. '0.77' or '4.7'")
        for i, ch in enumerate(s):
            if ch != "." and ch.lower() not in _HEX:
                raise HeapCodeError(
                    f"{where}: character {ch!r} at column {i + 1 + offset} is not a hexadecimal digit (0-9, A-F)"
                )
        head, tail = s.split(".")
        if len(head) > 1:
            raise HeapCodeError(f"{where}: the part before the point must be one digit (d0), got {head!r}")
        digits = [_HEX.index(ch.lower()) for ch in (head or "0") + tail]
        if digits[0] & 3:
            raise HeapCodeError(
                f"{where}: digit d0 = {head!r} has bit 1 or 2 set, which would let a heap "
                "move to itself (a loopy game); d0 may only be 0, 4, 8 or C "
                "(split into 2 or 3 heaps without taking)"
            )
        while len(digits) > 1 and digits[-1] == 0:
            digits.pop()
        return cls(tuple(digits))

    @property
    def max_take(self) -> int:
        """The largest number of tokens a move may remove (``t`` of the periodicity test)."""
        return len(self.digits) - 1

    @property
    def max_parts(self) -> int:
        """The most heaps a move can leave: 1 (no splitting), 2 or 3."""
        bits = 0
        for d in self.digits:
            bits |= d
        return 3 if bits & 8 else 2 if bits & 4 else 1

    def allows(self, k: int, parts: int) -> bool:
        """May a move remove ``k`` tokens and leave ``parts`` non-empty heaps?"""
        return 0 <= k < len(self.digits) and bool(self.digits[k] >> parts & 1)

    def takes(self, parts: int) -> tuple[int, ...]:
        """Every ``k`` with which a move may leave ``parts`` heaps, ascending."""
        return tuple(k for k, d in enumerate(self.digits) if d >> parts & 1)

    def __str__(self) -> str:
        tail = "".join(_HEX[d].upper() for d in self.digits[1:])
        return f"{_HEX[self.digits[0]].upper()}.{tail or '0'}"
