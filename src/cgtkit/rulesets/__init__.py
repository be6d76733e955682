"""Concrete games: positions of classic rulesets, solved by decomposition.

>>> from cgtkit.rulesets import Domineering
>>> Domineering("..|..").value
game('+-1')

Each game's module is imported when one of its names is first used (so the command
line starts without loading every ruleset).
"""

from __future__ import annotations

import importlib
from typing import Any

# name -> the module (inside this package) that defines it
_HOMES = {
    "Domineering": "placement",
    "Cram": "placement",
    "PlacementRuleset": "placement",
    "PlacementPosition": "placement",
    "Clobber": "clobber",
    "ToadsAndFrogs": "toads",
    "Konane": "konane",
    "Amazons": "amazons",
    "HackenbushStalks": "hackenbush",
    "HackenbushTree": "hackenbush",
    "HackenbushGraph": "hackenbush",
    "Col": "graphs",
    "Snort": "graphs",
    "ArcKayles": "graphs",
    "ColGrid": "colouring",
    "SnortGrid": "colouring",
    "Cutcake": "cakes",
    "MaundyCake": "cakes",
    "Eatcake": "cakes",
    "Kayles": "kayles",
    "DawsonsKayles": "kayles",
}

__all__ = list(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'cgtkit.rulesets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value  # found once, then an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
