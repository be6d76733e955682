"""Calls that point up, without an import that points up.

A few conveniences of a low module need a module built on it: ``str(g)`` of a short
game is the printer's (:mod:`cgtkit.short.notation`), ``g.norton(u)`` the products',
an Ordinal divided is a Surreal, ``graph.value()`` of a loopy graph is the sidling of
:mod:`cgtkit.loopy.values`.  The low module calls :func:`hook` with a name; the high
module registers the function under that name with :func:`provides` when it is
imported.  :data:`HOMES` lists every such call, with the module that provides it: the
first call imports that module if nothing has yet (the one lazy reach upwards, in one
place), so the layers only point down (``make lint`` checks them).

>>> @provides("example.double")
... def double(x):
...     return 2 * x
>>> hook("example.double")(21)
42
>>> str(hook("short.format_game").__module__)
'cgtkit.short.notation'
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, TypeVar

__all__ = ["provides", "hook", "HOMES"]

#: every call that points up: its name -> the module that provides it
HOMES: dict[str, str] = {
    "short.format_game": "cgtkit.short.notation",  # str(g)
    "short.norton": "cgtkit.short.products",  # g.norton(u)
    "short.conway_product": "cgtkit.short.products",  # g.conway_product(h)
    "short.ordinal_sum": "cgtkit.short.products",  # g.ordinal_sum(h)
    "short.game_html": "cgtkit.short.game_html",  # Jupyter's picture of g
    "ordinals.field": "cgtkit.surreal",  # an Ordinal divided, or met with a fraction
    "loopy.value_of": "cgtkit.loopy.values",  # graph.value()
    "loopy.read": "cgtkit.loopy.notation",  # as_loopy("on")
    "misere.form": "cgtkit.misere.forms",  # misere_first_player_wins("{0,*|0}")
}

_F = TypeVar("_F", bound=Callable[..., Any])

_PROVIDED: dict[str, Callable[..., Any]] = {}


def provides(name: str) -> Callable[[_F], _F]:
    """Decorator: register the function (or class) as the one ``hook(name)`` returns."""

    def register(fn: _F) -> _F:
        _PROVIDED[name] = fn
        return fn

    return register


def hook(name: str) -> Callable[..., Any]:
    """The function registered under ``name`` (its home in :data:`HOMES` imported
    first if nothing has registered it yet)."""
    fn = _PROVIDED.get(name)
    if fn is None:
        importlib.import_module(HOMES[name])
        fn = _PROVIDED[name]
    return fn
