"""Every error a user of cgtkit can cause is a :class:`CGTError`.

One module holds them all, so ``except cgtkit.CGTError`` catches anything the library
raises on bad input, and each message names what was wrong.

A message never repeats a huge input or number whole: :func:`shown_number` writes a huge
number as its first and last digits and its digit count, and :func:`quoted` and
:func:`excerpt` cut a long text to a window around the column that matters.

>>> from cgtkit.errors import CGTError, NotationError
>>> issubclass(NotationError, CGTError) and issubclass(NotationError, ValueError)
True
>>> shown_number(7 * 10**100 + 3)
'7000000000...0000000003 (101 digits)'
>>> quoted("x" * 300 + "q" + "x" * 300, column=301, edge=5)
"...'xxxxxqxxxxx'... (601 characters)"
"""

from __future__ import annotations

__all__ = [
    "CGTError",
    "StaleGameError",
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
    "CertificateError",
    "HeapCodeError",
    "NotAtomicError",
    "PeriodNotCertifiedError",
    "MisereQuotientError",
    "SweepError",
    "OrdinalError",
    "ConfigError",
    "shown_number",
    "excerpt",
    "quoted",
]

_INT_BITS = 200  # ints up to about 60 digits are shown whole
_LOG10_2 = 0.30102999566398120
_EDGE = 60  # characters of a long text shown on each side of the column


def shown_number(n: object, edge: int = 10) -> str:
    """``str(n)`` for an int, or for a huge one (past about 60 digits) its first and
    last ``edge`` digits and how many digits it has (``str`` of a huge int is slow,
    and refused past 4300 digits); a fraction (a Dyadic) is shown as
    ``numerator/denominator``, each part so, and anything else by ``repr``."""
    if not isinstance(n, int):
        num, den = getattr(n, "numerator", None), getattr(n, "denominator", None)
        if isinstance(num, int) and isinstance(den, int) and not isinstance(n, float):
            return shown_number(num, edge) + ("" if den == 1 else "/" + shown_number(den, edge))
        return repr(n)
    if n.bit_length() <= _INT_BITS:
        return str(n)
    sign, n = ("-" if n < 0 else ""), abs(n)
    bits = n.bit_length()
    digits = int((bits - 1) * _LOG10_2) + 1  # exact, or one too few
    if bits > 1 << 22:  # too big to check exactly at once
        return f"{sign}...{n % 10**edge:0{edge}d} ({bits} bits, about {digits} digits)"
    if n >= 10**digits:
        digits += 1
    return f"{sign}{n // 10 ** (digits - edge)}...{n % 10**edge:0{edge}d} ({digits} digits)"


def _window(text: str, column: int, edge: int) -> tuple[int, int]:
    """The slice [lo, hi) of at most 2 * edge + 1 characters around the 1-based column
    (from the start when column < 1)."""
    if len(text) <= 2 * edge + 1:
        return 0, len(text)
    c = max(column, 1) - 1
    lo = max(0, min(c - edge, len(text) - 2 * edge - 1))
    return lo, lo + 2 * edge + 1


def excerpt(text: str, column: int = 0, edge: int = _EDGE) -> tuple[str, int]:
    """A window of ``text`` around the 1-based ``column`` (``...`` marks a cut end)
    and the column of the same character in the window.

    >>> excerpt("abcdefghij", 8, edge=2)
    ('...fghij', 6)
    """
    lo, hi = _window(text, column, edge)
    head = "..." if lo else ""
    tail = "..." if hi < len(text) else ""
    return head + text[lo:hi] + tail, (column - lo + len(head) if column >= 1 else column)


def quoted(text: str, column: int = 0, edge: int = _EDGE) -> str:
    """``repr(text)`` for a short text; for a long one the repr of a window around
    the 1-based ``column``, ``...`` outside the quotes where it is cut, and the length."""
    lo, hi = _window(text, column, edge)
    if (lo, hi) == (0, len(text)):
        return repr(text)
    return f"{'...' if lo else ''}{text[lo:hi]!r}{'...' if hi < len(text) else ''} ({len(text)} characters)"


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
        if text:  # a long text is cut to a window around the column
            shown, col = excerpt(text, column)
            pointer = " " * (col - 1) + "^" if col >= 1 else ""
            message = f"{message}\n  {shown}\n  {pointer}"
        super().__init__(message)


class NotANumberError(CGTError, ValueError):
    """A value was asked for as a number but is not one (e.g. ``*`` or ``{0|-1}``)."""


class NotANimberError(CGTError, ValueError):
    """A value was asked for as a nimber but is not one (e.g. ``^`` or ``1``)."""


class LoopyGameError(CGTError):
    """A move function leads back to a position already on the current line of play.

    ``cycle`` lists the positions on the cycle, in order, the first repeated at the end.
    """

    def __init__(self, cycle: list[object]) -> None:
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


class CertificateError(CGTError, ValueError):
    """A certificate of who wins a sum fails its check, cannot be read, or cannot be
    written (a term whose text does not read back as itself); ``node`` is the id of the
    first node that failed, or None when the failure is the file's as a whole."""

    def __init__(self, message: str, node: "int | None" = None) -> None:
        super().__init__(message)
        self.node = node


class ResourceLimitError(CGTError):
    """A question whose answer would exceed a bound on memory or size (for example the
    options of ``*(2**40)``, a nimber with 2^40 options); the message names the bound."""


class PeriodNotCertifiedError(CGTError):
    """No period of a heap game's Grundy sequence could be proved (within the limit given)."""


class MisereQuotientError(CGTError, ValueError):
    """A misère quotient cannot answer: a candidate grew past the size limit, or a heap
    lies beyond the heaps it was computed for (and no period of it is proved)."""


class SweepError(CGTError):
    """A sweep or its results database cannot go on: a file that is not a cgtkit results
    database, an unreachable Dask scheduler, a missing optional dependency, a bad option."""


class OrdinalError(CGTError, ValueError):
    """An ordinal, surreal or transfinite-nimber operation outside what cgtkit computes:
    an ω-power whose exponent is not an ordinal, a nimber at or past ω^(ω^ω), a surreal
    birthday CGSuite leaves undefined, an infinite value asked for as an integer."""


class ConfigError(CGTError, ValueError):
    """A ``CGTKIT_*`` environment variable has a value cgtkit cannot use; the message
    names the variable and the values it allows (see :mod:`cgtkit.config`)."""


class StaleGameError(CGTError, ValueError):
    """An engine handle (a game id) made before :func:`cgtkit.reset` and not kept by a
    live ``Game``: it names no game any more (a live ``Game`` is always kept)."""
