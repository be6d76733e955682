"""The engine behind :class:`~cgtkit.short.game.Game`, and which one runs.

Two engines compute the same canonical forms: the **native** one (Rust, in
``native/src/short``, built as ``cgtkit._native``) and the **python** one
(:mod:`cgtkit.short.pyengine`), its readable reference twin.  ``Game`` only holds a
*handle* (an int id for the native engine, a node for the python one) and asks the
engine for everything.  The engine is chosen once, when cgtkit is imported: the
native one unless the environment variable ``CGTKIT_ENGINE=python`` asks for the twin.

>>> ENGINE.name in ("native", "python")
True
>>> ENGINE.le(ENGINE.zero, ENGINE.zero)
True
"""

from __future__ import annotations

import sys
import warnings
from typing import Any, Hashable, Iterable, Protocol, Sequence

from .._extension import native_module as _native_module
from ..config import is_set, setting
from ..numbers import Dyadic, dyadic_parts

__all__ = ["Engine", "NativeEngine", "ENGINE", "select_engine", "native_module"]

NUS = tuple[Dyadic, int, int]  # (x, ups, nim): the game x + ups.^ + *nim


class Engine(Protocol):
    """What ``Game`` needs of an engine.  Handles are opaque and hashable; equal
    games have the same handle."""

    name: str
    zero: Hashable

    def nus(self, x: Dyadic, n: int, m: int) -> Any: ...
    def from_options(self, left: Sequence[Any], right: Sequence[Any]) -> Any: ...
    def add(self, a: Any, b: Any) -> Any: ...
    def add_many(self, handles: Iterable[Any]) -> Any: ...
    def neg(self, a: Any) -> Any: ...
    def le(self, a: Any, b: Any) -> bool: ...
    def info(self, a: Any) -> tuple[int, NUS | None]: ...
    def wrap_info(self, a: Any) -> tuple[int, int]: ...
    def options(self, a: Any) -> tuple[Sequence[Any], Sequence[Any]]: ...
    def birthday(self, a: Any) -> int: ...
    def stops(self, a: Any) -> tuple[Dyadic, Dyadic]: ...
    def shape(self, a: Any) -> int: ...
    def ident(self, a: Any) -> int: ...
    def clear_caches(self) -> None: ...
    def stats(self) -> dict[str, Any]: ...


class NativeEngine:
    """The native engine: handles are the ids of games in the Rust table."""

    name = "native"

    def __init__(self, native: Any) -> None:
        self._n = native
        self.zero = native.nus(0, 0, 0, 0)
        # the hot calls go straight to the extension's functions
        self.add = native.add
        self.add_many = native.add_many
        self.neg = native.neg
        self.le = native.le
        self.from_options = native.from_options
        self.options = native.options
        self.birthday = native.birthday
        self.shape = native.shape
        self.clear_caches = native.clear_caches
        self.stats = native.stats
        if sys.hash_info.modulus == (1 << 61) - 1:
            self.wrap_info = native.wrap_info  # type: ignore[method-assign]  # the native side hashes numbers as 64-bit CPython does

    def wrap_info(self, h: int) -> tuple[int, int]:
        """``(kind, hash)``, a number hashed by Python (where the hash modulus is not
        the 64-bit one that the native side assumes)."""
        kind, nus = self.info(h)
        return kind, (hash(nus[0]) if kind == 0 else hash(("Game", h)))  # type: ignore[index]

    def nus(self, x: Dyadic, n: int, m: int) -> int:
        p, q = dyadic_parts(x)
        h: int = self._n.nus(p, q, n, m)
        return h

    def info(self, h: int) -> tuple[int, NUS | None]:
        kind, raw = self._n.info(h)
        if raw is None:
            return kind, None
        return kind, (Dyadic.from_exponent(raw[0], raw[1]), raw[2], raw[3])

    def stops(self, h: int) -> tuple[Dyadic, Dyadic]:
        (a, b), (c, d) = self._n.stops(h)
        return Dyadic.from_exponent(a, b), Dyadic.from_exponent(c, d)

    @staticmethod
    def ident(h: int) -> int:
        return h


def native_module() -> Any:
    """The compiled extension ``cgtkit._native``, or None when it is not built."""
    return _native_module()


def select_engine(choice: str | None = None) -> Engine:
    """The engine named by ``choice`` (default: ``$CGTKIT_ENGINE``, else native)."""
    if choice is None:
        choice = setting("CGTKIT_ENGINE")  # a ConfigError naming the variable when it is not an engine
    elif choice not in ("native", "python"):
        raise ValueError(f"engine {choice!r}: expected 'native' or 'python'")
    if choice == "native":
        native = native_module()
        if native is not None:
            return NativeEngine(native)
        if is_set("CGTKIT_ENGINE"):
            raise ImportError("CGTKIT_ENGINE=native, but cgtkit._native is not built (run `make install`)")
        warnings.warn("cgtkit._native is not built: using the slower python engine", RuntimeWarning, stacklevel=2)
    from .pyengine import PyEngine  # the twin is loaded only when it runs

    return PyEngine  # type: ignore[return-value]


ENGINE: Engine = select_engine()
