"""Rulesets by name: a small registry for the command line and for scripts.

Each entry names the module and class of a ruleset, imported only when asked for,
so a ruleset whose module is missing does not stop the others from loading.

>>> lookup("kayles")("xx.x").value, lookup("kayles")("xx.x").nim_value
(game('*3'), 3)
>>> is_impartial(lookup("cram")("..|..")), is_impartial(lookup("domineering"))
(True, False)
>>> lookup("Toads and Frogs") is lookup("toads")
True
>>> lookup("chess")
Traceback (most recent call last):
...
cgtkit.errors.RulesError: unknown ruleset 'chess'; known: domineering, cram, clobber, konane, amazons, toads, hackenbush, hackenbush-stalks, hackenbush-graph, col, snort, col-grid, snort-grid, arc-kayles, cutcake, maundy-cake, eatcake, kayles, dawsons-kayles
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from ..errors import RulesError

__all__ = ["Entry", "RULESETS", "ALIASES", "lookup", "normalise_name", "is_impartial"]


class Entry(NamedTuple):
    module: str  # inside cgtkit.rulesets
    cls: str
    summary: str
    example: str


RULESETS: dict[str, Entry] = {
    "domineering": Entry("placement", "Domineering", "Left places vertical dominoes, Right horizontal", "..|..|.."),
    "cram": Entry("placement", "Cram", "either player places a domino either way (impartial)", "...|..."),
    "clobber": Entry("clobber", "Clobber", "x (Left) and o (Right) capture an adjacent enemy stone", "xo|ox"),
    "konane": Entry("konane", "Konane", "x and o jump over enemy stones, capturing them", "xo..|...."),
    "amazons": Entry("amazons", "Amazons", "move a queen, then shoot an arrow", "x...|...o"),
    "toads": Entry("toads", "ToadsAndFrogs", "toads T move right, frogs F move left, one step or a jump", "TT..FF"),
    "hackenbush": Entry(
        "hackenbush", "HackenbushTree", "chop L/R/G edges of rooted trees, branches in parentheses", "L(R,G),LR"
    ),
    "hackenbush-stalks": Entry("hackenbush", "HackenbushStalks", "chop L/R/G edges of stalks", "LRR,GG"),
    "hackenbush-graph": Entry(
        "hackenbush", "HackenbushGraph", "chop edges of a graph u-v:C with ground g", "g-a:L a-b:R b-g:G"
    ),
    "col": Entry("graphs", "Col", "colour a vertex; neighbours never share a colour", "a-b-c d[L]"),
    "snort": Entry("graphs", "Snort", "colour a vertex; neighbours never differ", "a-b-c"),
    "col-grid": Entry(
        "colouring", "ColGrid", "Col on a grid: colour a cell; neighbours never share a colour", "x..|..."
    ),
    "snort-grid": Entry("colouring", "SnortGrid", "Snort on a grid: colour a cell; neighbours never differ", "...|..."),
    "arc-kayles": Entry("graphs", "ArcKayles", "remove both ends of an edge (impartial)", "1-2-3-4-1"),
    "cutcake": Entry("cakes", "Cutcake", "Left cuts the width, Right the height", "4x3"),
    "maundy-cake": Entry("cakes", "MaundyCake", "divide a side into k equal parts", "6x4"),
    "eatcake": Entry("cakes", "Eatcake", "Left eats a column, Right a row", "3x2"),
    "kayles": Entry("kayles", "Kayles", "knock down one pin or two adjacent pins (impartial)", "xxx.xx"),
    "dawsons-kayles": Entry("kayles", "DawsonsKayles", "knock down two adjacent pins (impartial)", "xxxxx"),
}

ALIASES = {
    "toadsandfrogs": "toads",
    "toads-and-frogs": "toads",
    "stalks": "hackenbush-stalks",
    "arckayles": "arc-kayles",
    "maundy": "maundy-cake",
    "maundycake": "maundy-cake",
    "dawson": "dawsons-kayles",
    "dawsonskayles": "dawsons-kayles",
    "dawsons": "dawsons-kayles",
}


def normalise_name(name: str) -> str:
    """The registry key of a ruleset name: case, spaces, ``_`` and ``'`` ignored."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")
    return ALIASES.get(key, ALIASES.get(key.replace("-", ""), key))


def lookup(name: str) -> type:
    """The position class of the ruleset ``name`` (imported on first use)."""
    key = normalise_name(name)
    entry = RULESETS.get(key)
    if entry is None:
        raise RulesError(f"unknown ruleset {name!r}; known: {', '.join(RULESETS)}")
    try:
        module = importlib.import_module(f"cgtkit.rulesets.{entry.module}")
        cls: type = getattr(module, entry.cls)
        return cls
    except (ImportError, AttributeError):
        raise RulesError(f"ruleset {key!r} is not available in this installation (no {entry.cls})") from None


def is_impartial(position: object) -> bool:
    """Whether a position (or position class) is of an impartial ruleset, as its class
    declares (``IMPARTIAL``); nothing is solved to find out."""
    return bool(getattr(position, "IMPARTIAL", False))
