"""Concrete games: positions of classic rulesets, solved by decomposition.

>>> from cgtkit.rulesets import Domineering
>>> Domineering("..|..").value
game('+-1')

Every registered ruleset's class can be imported from here (``from cgtkit.rulesets
import FoxAndGeese``); the names come from the registry
(:mod:`cgtkit.rulesets.registry`), whose modules are imported on the first such use
(so the command line starts without loading every ruleset until it needs them).

>>> import cgtkit.rulesets as rulesets
>>> "FoxAndGeese" in rulesets.__all__, "HareAndHounds" in dir(rulesets)
(True, True)
"""

from __future__ import annotations

import importlib
from typing import Any

# the building blocks for one's own rulesets, beside the rulesets themselves
_TOOLS = {
    "Ruleset": "base",
    "PlacementRuleset": "placement",
    "PlacementPosition": "placement",
}


def _names() -> list[str]:
    from .registry import classes

    return sorted(set(classes()) | set(_TOOLS))


def __getattr__(name: str) -> Any:
    if name == "__all__":
        return _names()
    if name.startswith("_") or name.islower():  # a dunder, or a submodule not yet imported
        raise AttributeError(f"module 'cgtkit.rulesets' has no attribute {name!r}")
    home = _TOOLS.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f".{home}", __name__), name)
    else:
        from .registry import classes

        value = classes().get(name)
        if value is None:
            raise AttributeError(f"module 'cgtkit.rulesets' has no attribute {name!r}")
    globals()[name] = value  # found once, then an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_names()))
