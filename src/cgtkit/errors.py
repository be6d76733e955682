"""Every error a user of cgtkit can cause is a :class:`CGTError`.

One module holds them all, so ``except cgtkit.CGTError`` catches anything the library
raises on bad input, and each message names what was wrong.

>>> from cgtkit.errors import CGTError, NotationError
>>> issubclass(NotationError, CGTError) and issubclass(NotationError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "CGTError",
    "NotDyadicError",
    "EmptyIntervalError",
    "NotationError",
    "NotANumberError",
    "NotANimberError",
    "LoopyGameError",
    "MoveFunctionError",
    "UnhashablePositionError",
    "NoWinningMoveError",
    "RulesError",
    "HeapCodeError",
    "NotAtomicError",
    "PeriodNotCertifiedError",
]


class CGTError(Exception):
    """Base class of every error cgtkit raises on bad input."""


class NotDyadicError(CGTError, ValueError):
    """A number was asked to be a dyadic rational p/2^q but is not (e.g. 1/3)."""


class EmptyIntervalError(CGTError, ValueError):
    """``simplest_between(lo, hi)`` was called with ``lo >= hi``."""


class NotationError(CGTError, ValueError):
    """A game string is malformed; the message names the character and its column.

    ``text`` is the string, ``column`` the 1-based column of the offending character.
    """

    def __init__(self, message: str, text: str = "", column: int = 0) -> None:
        self.text = text
        self.column = column
        if text:
            pointer = " " * (column - 1) + "^" if column >= 1 else ""
            message = f"{message}\n  {text}\n  {pointer}"
        super().__init__(message)


class NotANumberError(CGTError, ValueError):
    """A value was asked for as a number but is not one (e.g. ``*`` or ``{0|-1}``)."""


class NotANimberError(CGTError, ValueError):
    """A value was asked for as a nimber but is not one (e.g. ``^`` or ``1``)."""


class LoopyGameError(CGTError):
    """A move function leads back to a position already on the current line of play.

    ``cycle`` lists the positions on the cycle, in order, the first repeated at the end.
    """

    def __init__(self, cycle: list) -> None:
        self.cycle = list(cycle)
        shown = " -> ".join(repr(p) for p in self.cycle[:20])
        if len(self.cycle) > 20:
            shown += f" -> ... ({len(self.cycle)} positions)"
        super().__init__(
            f"the game is loopy: this line of play returns to a position: {shown}; "
            "cgtkit solves short (finite, loop-free) games only"
        )


class MoveFunctionError(CGTError):
    """The user's move function failed or returned something that is not a valid option.

    ``position`` is the position it was called on; ``option`` the bad option, if any.
    """

    def __init__(self, message: str, position: object = None, option: object = None) -> None:
        self.position = position
        self.option = option
        super().__init__(message)


class UnhashablePositionError(CGTError, TypeError):
    """A position cannot be memoised because it is not hashable (e.g. a list)."""


class NoWinningMoveError(CGTError):
    """A winning move was asked for in a position that has none (a P-position)."""


class RulesError(CGTError, ValueError):
    """A ruleset position string is illegal for its game."""


class HeapCodeError(CGTError, ValueError):
    """A take-and-break code (octal or hexadecimal) or heap rule is malformed."""


class NotAtomicError(CGTError, ValueError):
    """An atomic weight was asked for a game that has none (e.g. ``1``, ``+-1`` or ``{1|^3||^}``)."""


class PeriodNotCertifiedError(CGTError):
    """No period of a heap game's Grundy sequence could be proved (within the limit given)."""
