"""The engine for short partizan games in canonical form.

>>> from cgtkit.short import Game, star, up, LT
>>> (up + star).nus, up.compare(up + up) is LT
((Dyadic('0'), 1, 1), True)
"""

from .census import born_by
from .constants import down, dyadic, integer, miny, nimber, one, star, switch, tiny, up, zero
from .game import EQ, FUZZY, GT, LT, Comparison, Game, GameLike
from . import thermography as _thermography  # noqa: F401  (loaded now: printing Tiny/Miny uses its mean)

__all__ = [
    "Game",
    "GameLike",
    "Comparison",
    "LT",
    "EQ",
    "GT",
    "FUZZY",
    "zero",
    "one",
    "star",
    "up",
    "down",
    "nimber",
    "integer",
    "dyadic",
    "tiny",
    "miny",
    "switch",
    "born_by",
]
