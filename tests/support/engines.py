"""Both engines side by side: move a game into an engine as a handle, and read a
handle back as a structure that two engines can compare.

The public ``Game`` runs on one engine (``cgtkit.short.engine.ENGINE``); the tests
that compare the engines (and those about the python twin's own machinery) build the
same games in each engine through this module.
"""

from __future__ import annotations

from typing import Any

from cgtkit import backend
from cgtkit.short.game import Game, _to_table

NATIVE = backend.select_engine("native") if backend.extension() is not None else None
PYTHON = backend.select_engine("python")
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


#: skip a test that needs the native extension when it is not built
HAVE_NATIVE = backend.extension() is not None


def side(native: Any) -> str:
    """The backend side a test's ``native`` parameter names: False the python twins,
    True the native core, None the process's own side."""
    return backend.NAME if native is None else ("native" if native else "python")


def made_on(native: Any, make: Any, *args: Any, **kw: Any) -> Any:
    """``make(*args, **kw)`` with the backend side ``side(native)`` active (a heap game
    or a solver keeps the side it was made on)."""
    with backend.use(side(native)):
        return make(*args, **kw)
