"""Heap games at scale: take-and-break codes, subtraction games, Grundy sequences,
periods with their certificates, misère play.

>>> from cgtkit.heap import OctalGame
>>> kayles = OctalGame("0.77")
>>> kayles.grundy_values(10).tolist(), kayles.period()
([0, 1, 2, 3, 1, 4, 3, 2, 1, 4], (71, 12))
"""

from .codes import TakeBreakCode
from .games import GrundysGame, HeapGame, OctalGame, SubtractionGame, is_square
from .misere import Genus, genus_of, misere_grundy_of
from .periodicity import Periodicity

__all__ = [
    "TakeBreakCode",
    "HeapGame",
    "OctalGame",
    "SubtractionGame",
    "GrundysGame",
    "is_square",
    "Genus",
    "genus_of",
    "misere_grundy_of",
    "Periodicity",
]
