"""Which side computes: the extension ``cgtkit._native`` if it is built, the side chosen
once for the process (:data:`NAME`, from ``CGTKIT_ENGINE``), and the side that the
switchable subsystems run on now (:func:`use`).  Its own module, below the adapters
(:mod:`cgtkit.backend.native`, the python twins) that read it; :mod:`cgtkit.backend`
re-exports it all.

>>> NAME in ("native", "python"), active() == NAME
(True, True)
"""

from __future__ import annotations

import contextlib
import contextvars
import importlib
import warnings
from typing import TYPE_CHECKING, Callable, Iterator

from ..config import is_set, setting

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["CHOICES", "NAME", "active", "use", "shortcuts_on", "on_shortcuts", "extension"]

# The one import of the extension, by its full name (``from .. import _native`` would
# read, to the layer checker, as an import of the whole ``cgtkit`` package); mypy reads
# its types from ``_native.pyi`` through the TYPE_CHECKING import of ``.native``.
_extension: "ModuleType | None"
try:
    _extension = importlib.import_module("cgtkit._native")
except ImportError:  # pragma: no cover - a bare source tree
    _extension = None

#: the two sides
CHOICES = ("native", "python")


def extension() -> "ModuleType | None":
    """The compiled extension ``cgtkit._native``, or None when it is not built (for
    :mod:`cgtkit.backend`'s own modules; a domain module asks for a subsystem)."""
    return _extension


def _chosen() -> str:
    """``$CGTKIT_ENGINE`` (default native; a ConfigError naming the variable when it is
    not an engine), the python twins when the extension is missing."""
    choice: str = setting("CGTKIT_ENGINE")
    if choice == "native" and _extension is None:
        if is_set("CGTKIT_ENGINE"):
            raise ImportError("CGTKIT_ENGINE=native, but cgtkit._native is not built (run `make install`)")
        warnings.warn("cgtkit._native is not built: using the slower python engine", RuntimeWarning, stacklevel=3)
        return "python"
    return choice


#: the side this process runs on, chosen once at import: "native" or "python"
NAME: str = _chosen()

_ACTIVE: contextvars.ContextVar[str] = contextvars.ContextVar("cgtkit.backend.active", default=NAME)
_SHORTCUTS = True
_SHORTCUT_SWITCHES: list[Callable[[bool], None]] = []


def active() -> str:
    """The side the switchable subsystems run on now: :data:`NAME`, or what :func:`use` set."""
    return _ACTIVE.get()


def shortcuts_on() -> bool:
    """Whether the twins take their fast paths (False within ``use(..., shortcuts=False)``)."""
    return _SHORTCUTS


def on_shortcuts(switch: Callable[[bool], None]) -> None:
    """Register a twin's switch of its fast paths (called now with the current setting,
    and again by :func:`use` on the way in and out)."""
    _SHORTCUT_SWITCHES.append(switch)
    switch(_SHORTCUTS)


@contextlib.contextmanager
def use(name: str, *, shortcuts: bool = True) -> Iterator[None]:
    """Within it, the heap kernels, the impartial search, the misère construction and
    the nim arithmetic run on ``name`` ("native" or "python"), in this thread and the
    tasks it starts; ``shortcuts=False`` also turns off the twins' fast paths (a setting
    for the process: use that from one thread).  The short-game engine, its notation and
    thermographs stay on :data:`NAME`.

    >>> with use("python", shortcuts=False):
    ...     active(), shortcuts_on()
    ('python', False)
    """
    global _SHORTCUTS
    if name not in CHOICES:
        raise ValueError(f"backend.use({name!r}): expected 'native' or 'python'")
    if name == "native" and _extension is None:
        raise RuntimeError("backend.use('native') needs cgtkit's native extension (cgtkit._native), which is not built")
    token = _ACTIVE.set(name)
    saved = _SHORTCUTS
    if shortcuts != saved:
        _switch(shortcuts)
    try:
        yield
    finally:
        if shortcuts != saved:
            _switch(saved)
        _ACTIVE.reset(token)


def _switch(on: bool) -> None:
    global _SHORTCUTS
    _SHORTCUTS = on
    for switch in _SHORTCUT_SWITCHES:
        switch(on)
