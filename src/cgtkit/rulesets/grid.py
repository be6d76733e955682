"""Deprecated: the grid engine now lives in three modules named for their concepts.

- :mod:`cgtkit.rulesets.bitboard`: boards as int bitboards, their text, their components;
- :mod:`cgtkit.rulesets.symmetry`: normalised keys under the symmetries of the square;
- :mod:`cgtkit.rulesets.stones`: :class:`StoneRuleset` and :class:`StonePosition`.

Every name this module had still resolves here for one release (private ones included),
with a DeprecationWarning naming its new home.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

_HOMES = ("cgtkit.rulesets.bitboard", "cgtkit.rulesets.symmetry", "cgtkit.rulesets.stones")
_RENAMED = {"_rev_table": "reversal_table"}

__all__: list[str] = []  # nothing new is to be imported from here


def __getattr__(name: str) -> Any:
    new = _RENAMED.get(name, name)
    for home in _HOMES:
        module = importlib.import_module(home)
        if hasattr(module, new):
            warnings.warn(
                f"cgtkit.rulesets.grid.{name} is deprecated: use {home}.{new}", DeprecationWarning, stacklevel=2
            )
            return getattr(module, new)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
