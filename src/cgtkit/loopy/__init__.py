"""Loopy games: games whose positions may repeat (see docs/loopy.md).

* partizan: :func:`loopy` reads CGSuite notation (``on``, ``{0|pass}``, ``a{0|a}``,
  ``S & T``); values are canonical :class:`Stopper`\\ s (``==`` is value equality),
  :class:`SidedValue`\\ s ``onside & offside``, or :class:`LoopyValue`\\ s (no
  canonical form claimed); :func:`from_moves` builds the graph of a move function;
* impartial: :class:`LoopyImpartialSolver` gives Smith's generalised Sprague-Grundy
  values (a nimber ``n`` or ``inf{K}``), outcomes with draws, winning and drawing moves.

>>> from cgtkit.loopy import loopy
>>> loopy("on") + loopy("off"), loopy("{0|pass}") == loopy("over")
(dud, True)
"""

from .errors import GraphTooLargeError, NotAStopperError, NotIdempotentError, NotStopperSidedError
from .graph import LoopyGraph
from .notation import has_loopy_syntax, loopy
from .positions import from_moves
from .printing import format_stopper
from .store import Pseudonumber
from .values import LoopyValue, SidedValue, Stopper, as_loopy, value_of

__all__ = [
    "loopy",
    "Stopper",
    "SidedValue",
    "LoopyValue",
    "Pseudonumber",
    "LoopyGraph",
    "from_moves",
    "value_of",
    "as_loopy",
    "has_loopy_syntax",
    "format_stopper",
    "GraphTooLargeError",
    "NotAStopperError",
    "NotStopperSidedError",
    "NotIdempotentError",
]
