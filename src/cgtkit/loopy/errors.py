"""The errors of the loopy package; each is a :class:`~cgtkit.errors.CGTError`.

>>> from cgtkit.errors import CGTError
>>> issubclass(GraphTooLargeError, CGTError), issubclass(NotAStopperError, CGTError)
(True, True)
"""

from __future__ import annotations

from ..errors import CGTError, ResourceLimitError

__all__ = ["GraphTooLargeError", "NotAStopperError", "NotIdempotentError", "NotStopperSidedError", "SidlingLimitError"]


class GraphTooLargeError(ResourceLimitError):
    """The reachable graph of a move function has more positions than the bound given.

    ``bound`` is the bound, ``position`` the position being explored when it was passed.
    """

    def __init__(self, bound: int, position: object = None) -> None:
        self.bound = bound
        self.position = position
        shown = repr(position)
        if len(shown) > 120:
            shown = shown[:117] + "..."
        super().__init__(
            f"the reachable game graph has more than {bound:,} positions (still exploring {shown}); "
            "pass a larger max_positions (or CGTKIT_LOOPY_MAX_POSITIONS) to explore further"
        )


class NotAStopperError(CGTError, ValueError):
    """A stopper was needed (to compare, to negate into a stopper, ...) but the game has
    an infinite alternating line of play; ``cycle`` lists it when known."""

    def __init__(self, message: str, cycle: list | None = None) -> None:
        self.cycle = list(cycle or [])
        super().__init__(message)


class NotStopperSidedError(CGTError, ValueError):
    """A side of the game was asked for as a stopper but is not one (Bach's Carousel)."""


class NotIdempotentError(CGTError, ValueError):
    """A variety was asked for relative to a degree ``D`` that is not an idempotent
    (``D + D != D``), as for a stopper whose own degree is not one."""


class SidlingLimitError(CGTError):
    """Sidling did not settle within its round limit (the side is then not claimed)."""
