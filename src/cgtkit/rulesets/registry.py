"""Rulesets by name: every ruleset registers itself when its class is defined (its
:class:`~cgtkit.rulesets.base.Ruleset` declaration), and the registry is what the
command line, ``from cgtkit.rulesets import X`` and the docs listing read.

The registry is filled by importing every module of :mod:`cgtkit.rulesets` the first
time it is read (a module that fails to import is left out, and the others still
load), so a new ruleset is one new module and nothing else to edit.

>>> lookup("kayles")("xx.x").value, lookup("kayles")("xx.x").nim_value
(game('*3'), 3)
>>> is_impartial(lookup("cram")("..|..")), is_impartial(lookup("domineering"))
(True, False)
>>> lookup("Toads and Frogs") is lookup("toads")
True
>>> lookup("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cgtkit.errors.RulesError: unknown ruleset 'chess'; known: amazons, arc-kayles, ...
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import TYPE_CHECKING

from ..errors import RulesError

if TYPE_CHECKING:
    from .base import Declaration

__all__ = [
    "register",
    "forget",
    "declarations",
    "lookup",
    "normalise_name",
    "is_impartial",
    "is_board",
    "classes",
    "markdown_table",
    "rewrite_docs",
]

_DECLARED: dict[str, "Declaration"] = {}  # name -> declaration, in the order defined
_ALIASES: dict[str, str] = {}
_loaded = False
_loading = False
_lock = threading.RLock()


def normalise_name(name: str) -> str:
    """A ruleset name with case, spaces, ``_`` and ``'`` ignored, aliases resolved."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")
    return _ALIASES.get(key, _ALIASES.get(key.replace("-", ""), key))


def register(declaration: "Declaration") -> None:
    """Enter a ruleset (called by its class's definition); a name already taken by
    another class is a :class:`~cgtkit.errors.RulesError`."""
    with _lock:
        known = _DECLARED.get(declaration.name)
        if known is not None and known.cls.__qualname__ != declaration.cls.__qualname__:
            raise RulesError(f"the ruleset name {declaration.name!r} is taken by {known.cls.__name__}")
        _DECLARED[declaration.name] = declaration
        for alias in declaration.aliases:
            _ALIASES[alias] = declaration.name


def forget(name: str) -> None:
    """Remove a ruleset from the registry (a test's own, say)."""
    with _lock:
        gone = _DECLARED.pop(normalise_name(name), None)
        for alias in gone.aliases if gone is not None else ():
            _ALIASES.pop(alias, None)


def _load() -> None:
    """Import every module of the package once, so every ruleset has declared itself."""
    global _loaded, _loading
    if _loaded:
        return
    with _lock:
        if _loaded or _loading:  # (a module being imported here reads the registry)
            return
        _loading = True
        try:
            package = "cgtkit.rulesets"
            for module in pkgutil.iter_modules(importlib.import_module(package).__path__):
                try:
                    importlib.import_module(f"{package}.{module.name}")
                except ImportError:  # an optional dependency missing: that ruleset is left out
                    pass
            _loaded = True
        finally:
            _loading = False


def declarations() -> dict[str, "Declaration"]:
    """Every registered ruleset, by name, sorted by name."""
    _load()
    return dict(sorted(_DECLARED.items()))


def classes() -> dict[str, type]:
    """Every registered ruleset's position class, by class name."""
    return {d.cls.__name__: d.cls for d in declarations().values()}


def lookup(name: str) -> type:
    """The position class of the ruleset ``name``."""
    found = declarations().get(normalise_name(name))
    if found is None:
        raise RulesError(f"unknown ruleset {name!r}; known: {', '.join(declarations())}")
    return found.cls


BEGIN = "<!-- the rulesets, generated from their declarations: python -m cgtkit.rulesets.registry docs/rulesets.md -->"
END = "<!-- end of the generated rulesets -->"


def markdown_table() -> str:
    """The docs' listing of every ruleset (docs/rulesets.md holds it between
    :data:`BEGIN` and :data:`END`; ``python -m cgtkit.rulesets.registry FILE``
    rewrites it there)."""
    lines = ["| command | class | rules | example | kind |", "|---|---|---|---|---|"]
    for name, d in declarations().items():
        kind = ", ".join(
            k
            for k, on in (
                ("impartial" if d.impartial else "partizan", True),
                ("board", d.board),
                ("loopy", d.loopy),
                ("native", d.native is not None),
            )
            if on
        )
        cells = [f"`{name}`", f"`{d.cls.__name__}`", d.summary, f"`{d.example or d.command}`", kind]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def rewrite_docs(path: str) -> bool:
    """Put the current :func:`markdown_table` between the markers of ``path``;
    whether the file changed."""
    import pathlib

    page = pathlib.Path(path)
    text = page.read_text()
    head, found, rest = text.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not (found and found_end):
        raise RulesError(f"{path} has no generated rulesets table (the markers {BEGIN!r} and {END!r})")
    new = f"{head}{BEGIN}\n{markdown_table()}\n{END}{tail}"
    if new != text:
        page.write_text(new)
    return new != text


def is_board(position: object) -> bool:
    """Whether a position (or position class) is played on a grid of squares, as its
    class declares (``board=True``): drawn as a grid, its moves named by squares."""
    return bool(getattr(position, "_BOARD", False))


def is_impartial(position: object) -> bool:
    """Whether a position (or position class) is of an impartial ruleset, as its class
    declares (``IMPARTIAL``); nothing is solved to find out."""
    return bool(getattr(position, "IMPARTIAL", False))


if __name__ == "__main__":  # python -m cgtkit.rulesets.registry docs/rulesets.md
    import sys

    from cgtkit.rulesets import registry as the_registry  # the module the rulesets register in

    for path in sys.argv[1:]:
        print(f"{path}: {'rewritten' if the_registry.rewrite_docs(path) else 'up to date'}")
