"""The one seam between cgtkit's Python face and its native core.

cgtkit computes with a native core (Rust, ``native/``, built as ``cgtkit._native``)
and keeps, beside every native subsystem, a readable Python twin that computes the
same values.  This package is the only code that touches ``cgtkit._native``
(as CPython's ``decimal`` chooses between ``_decimal`` and ``_pydecimal``): it
chooses native or Python **once**, when cgtkit is imported (the environment variable
``CGTKIT_ENGINE=python`` asks for the twins; without the extension the twins run,
with a warning), and hands every domain module one typed object per subsystem
(:mod:`cgtkit.backend.protocols`):

====================  ==========================  ===============================
subsystem             ask                         native / twin
====================  ==========================  ===============================
short games           :data:`ENGINE`              ``native/src/short`` / :mod:`.python.short`
Game's core           :func:`facade`              ``py/facade.rs`` / :mod:`cgtkit.short.game`
notation              :func:`notation`            ``native/src/notation`` / :mod:`cgtkit.short.notation`
thermography          :func:`thermography`        ``short/thermograph.rs`` / :mod:`cgtkit.short.thermography`
heap kernels          :func:`heap_kernels`        ``native/src/heap`` / :mod:`.python.heap`
impartial search      :func:`impartial_search`    ``native/src/impartial`` / :mod:`.python.impartial`
misère construction   :func:`misere`              ``native/src/misere`` / :mod:`cgtkit.misere.construct`
nim arithmetic        :func:`nim_arithmetic`      ``native/src/nimbers.rs`` / :mod:`cgtkit.nimbers`
GF(2^n) products      :func:`binary_fields`       ``native/src/binary_fields.rs`` / :mod:`.python.binary_fields`
polyominoes           :func:`polyominoes`         ``native/src/sweep`` / :mod:`.python.polyominoes`
====================  ==========================  ===============================

The engine of short games, its notation and its thermographs hold ``Game`` handles,
so they are fixed for the process.  The other subsystems compute on plain values:
within :func:`use` they run on the named side (how the tests compare the twins).
``use("python", shortcuts=False)`` also turns off the twins' own fast paths (the
direct recursion of the short engine, the one-pattern reading of plain atoms), so
that the general paths can be checked against them.

>>> from cgtkit import backend
>>> backend.NAME in ("native", "python"), backend.ENGINE.name == backend.NAME
(True, True)
>>> with backend.use("python"):
...     backend.active(), backend.heap_kernels().name
('python', 'python')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .protocols import (
    Engine,
    Facade,
    HeapKernels,
    ImpartialSearchFactory,
    NIMBER_OPTION_LIMIT,
    MisereConstruction,
    NimArithmetic,
    BinaryFields,
    Polyominoes,
    Notation,
    Thermography,
)

if TYPE_CHECKING:
    from types import ModuleType

__all__ = [
    "NAME",
    "ENGINE",
    "active",
    "use",
    "shortcuts_on",
    "select_engine",
    "facade",
    "notation",
    "thermography",
    "heap_kernels",
    "impartial_search",
    "misere",
    "nim_arithmetic",
    "binary_fields",
    "polyominoes",
    "register_twin",
    "on_shortcuts",
    "extension",
    "version",
    "NIMBER_OPTION_LIMIT",
]

from .choice import (  # noqa: E402  (the side chosen once, in its own module: the adapters import it)
    CHOICES,
    NAME,
    active,
    extension,
    on_shortcuts,
    shortcuts_on,
    use,
)


# --- the subsystems -------------------------------------------------------------------
def _require() -> "ModuleType":
    ext = extension()
    if ext is None:
        raise RuntimeError("cgtkit's native extension (cgtkit._native) is not built (run `make install`)")
    return ext


def _native_adapters() -> Any:
    from . import native

    return native


def select_engine(choice: str | None = None) -> Engine:
    """The short-game engine named by ``choice`` (default :data:`NAME`); the twin is
    loaded only when asked for."""
    choice = NAME if choice is None else choice
    if choice not in CHOICES:
        raise ValueError(f"engine {choice!r}: expected 'native' or 'python'")
    if choice == "native":
        from .native import NativeEngine

        return NativeEngine(_require())
    from .python.short import PyEngine

    return PyEngine  # type: ignore[return-value]  # a class of static methods


#: the engine of short games behind ``Game``, fixed for the process
ENGINE: Engine = select_engine()

_TWINS: dict[str, Any] = {}


def register_twin(subsystem: str, twin: Any) -> None:
    """Give the backend the Python twin of ``subsystem`` ("facade", "notation",
    "thermography", "misere", "nim"): the twins that build on layers above the backend (``Game``, the misère
    monoids) live with their concept and register themselves when imported."""
    _TWINS[subsystem] = twin


def _twin(subsystem: str) -> Any:
    try:
        return _TWINS[subsystem]
    except KeyError:
        raise RuntimeError(f"the python twin of {subsystem} is not registered (import its module first)") from None


def facade() -> Facade:
    """The half of ``Game`` that the engine answers (fixed for the process)."""
    if NAME == "native":
        return _native_adapters().FACADE  # type: ignore[no-any-return]
    return _twin("facade")  # type: ignore[no-any-return]


def notation() -> Notation:
    """The reader and printer of CGSuite notation for ``Game`` (fixed for the process)."""
    if NAME == "native":
        return _native_adapters().NOTATION  # type: ignore[no-any-return]
    return _twin("notation")  # type: ignore[no-any-return]


def thermography() -> Thermography:
    """The thermographs of ``Game`` (fixed for the process): the native ones, or the
    twin of :mod:`cgtkit.short.thermography`."""
    if NAME == "native":
        return _native_adapters().THERMOGRAPHY  # type: ignore[no-any-return]
    return _twin("thermography")  # type: ignore[no-any-return]


def heap_kernels() -> HeapKernels:
    """The heap kernels of the active side."""
    if active() == "native":
        return _native_adapters().HEAP  # type: ignore[no-any-return]
    from .python.heap import KERNELS

    return KERNELS


def impartial_search() -> ImpartialSearchFactory:
    """The impartial search of the active side (a class: one object per solver)."""
    if active() == "native":
        return _native_adapters().IMPARTIAL  # type: ignore[no-any-return]
    from .python.impartial import ImpartialSearch

    return ImpartialSearch


def misere() -> MisereConstruction:
    """The misère quotient construction of the active side."""
    if active() == "native":
        return _native_adapters().MISERE  # type: ignore[no-any-return]
    return _twin("misere")  # type: ignore[no-any-return]


def nim_arithmetic() -> NimArithmetic:
    """The nim arithmetic over arrays of the active side."""
    if active() == "native":
        return _native_adapters().NIM  # type: ignore[no-any-return]
    return _twin("nim")  # type: ignore[no-any-return]


def binary_fields() -> BinaryFields:
    """The GF(2^n) products of the active side."""
    if active() == "native":
        return _native_adapters().BINARY_FIELDS  # type: ignore[no-any-return]
    from .python.binary_fields import KERNELS

    return KERNELS


def polyominoes() -> Polyominoes:
    """The listings of polyominoes of the active side (the positions of a Domineering sweep)."""
    if active() == "native":
        return _native_adapters().POLYOMINOES  # type: ignore[no-any-return]
    from .python.polyominoes import KERNELS

    return KERNELS


def version() -> str:
    """The native core's version ("unknown" without the extension)."""
    ext = extension()
    return ext.version() if ext is not None else "unknown"
