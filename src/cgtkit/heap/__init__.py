"""Heap games at scale: take-and-break codes, subtraction games, Grundy sequences,
periods with their certificates, misère play; Nim (:mod:`.nim`) and the coin game
(:mod:`.subtraction`: a heap of any size under a take-set) as plain answers.

>>> from cgtkit.heap import OctalGame
>>> kayles = OctalGame("0.77")
>>> kayles.grundy_values(10).tolist(), kayles.period()
([0, 1, 2, 3, 1, 4, 3, 2, 1, 4], (71, 12))
"""

from .codes import TakeBreakCode
from .games import GrundysGame, HeapGame, OctalGame, SubtractionGame, is_square
from .grundy_sequence import GrundySequence
from .misere import Genus, genus_of, misere_grundy_of, parse_genus
from .nim import nim_outcome, nim_winning_move, nim_winning_moves
from .partizan_subtraction import PartizanSubtractionGame
from .periodicity import Periodicity
from .subtraction import (
    SubtractionSequence,
    coin_game_first_player_wins,
    subtraction_grundy,
    subtraction_heaps,
    subtraction_sequence,
)

__all__ = [
    "TakeBreakCode",
    "HeapGame",
    "OctalGame",
    "SubtractionGame",
    "GrundysGame",
    "is_square",
    "GrundySequence",
    "Genus",
    "genus_of",
    "misere_grundy_of",
    "parse_genus",
    "Periodicity",
    "PartizanSubtractionGame",
    "nim_outcome",
    "nim_winning_move",
    "nim_winning_moves",
    "SubtractionSequence",
    "coin_game_first_player_wins",
    "subtraction_grundy",
    "subtraction_heaps",
    "subtraction_sequence",
]
