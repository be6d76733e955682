"""Both engines side by side: move a game into an engine as a handle, and read a
handle back as a structure that two engines can compare.

The public ``Game`` runs on one engine (``cgtkit.short.engine.ENGINE``); the tests
that compare the engines (and those about the python twin's own machinery) build the
same games in each engine through this module.
"""

from __future__ import annotations

from typing import Any

from cgtkit.short.engine import NativeEngine, native_module
from cgtkit.short.game import Game, _to_table
from cgtkit.short.pyengine import PyEngine

_native = native_module()
NATIVE = NativeEngine(_native) if _native is not None else None
PYTHON = PyEngine
ENGINES = [e for e in (NATIVE, PYTHON) if e is not None]


def to_handle(engine: Any, g: Game) -> Any:
    """The handle of ``g`` in ``engine`` (built bottom up through from_options)."""
    if g.nus is not None:
        return engine.nus(*g.nus)
    built: list[Any] = []

    def get(r: Any) -> Any:
        return built[r] if type(r) is int else engine.nus(*r)

    for left, right in _to_table(g):
        built.append(engine.from_options([get(r) for r in left], [get(r) for r in right]))
    return built[-1]


def export(engine: Any, h: Any) -> Any:
    """A hashable picture of the game of handle ``h``: ``("nus", x, n, m)`` or
    ``("g", frozenset(left pictures), frozenset(right pictures))``.  Canonical forms
    are unique, so two engines hold the same game exactly when the pictures agree.
    Bottom up on an explicit stack (deep games welcome)."""
    memo: dict[Any, Any] = {}
    stack = [h]
    while stack:
        x = stack[-1]
        if x in memo:
            stack.pop()
            continue
        kind, nus = engine.info(x)
        if nus is not None:
            memo[x] = ("nus",) + tuple(nus)
            stack.pop()
            continue
        left, right = engine.options(x)
        missing = [o for o in list(left) + list(right) if o not in memo]
        if missing:
            stack.extend(missing)
            continue
        memo[x] = ("g", frozenset(memo[o] for o in left), frozenset(memo[o] for o in right))
        stack.pop()
    return memo[h]
