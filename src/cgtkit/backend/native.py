"""Thin adapters over ``cgtkit._native``: each satisfies one Protocol of
:mod:`cgtkit.backend.protocols`.  Hot calls are the extension's functions themselves,
bound once (no Python frame between a caller and Rust); an adapter method exists only
where a value is converted (dyadics as ``(p, q)`` pairs, a game as its id).

Imported only when the extension is built (:mod:`cgtkit.backend` asks for it).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Sequence

from ..numbers import Dyadic, dyadic_parts
from .choice import extension
from .protocols import NUS, MisereState

__all__ = [
    "NativeEngine",
    "NativeFacade",
    "NativeNotation",
    "NativeThermography",
    "NativeHeapKernels",
    "NativeMisere",
    "NativeNim",
    "NativePolyominoes",
]

if TYPE_CHECKING:
    from .. import _native as _N  # the typed surface, _native.pyi
else:
    _N = extension()
    assert _N is not None, "cgtkit.backend.native is imported only when cgtkit._native is built"


class NativeEngine:
    """The native engine of short games: handles are the ids of games in the Rust table."""

    name = "native"

    def __init__(self, native: Any = _N) -> None:
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
        self.clear_caches = native.clear_caches
        self.stats = native.stats
        if sys.hash_info.modulus == (1 << 61) - 1:
            self.wrap_info = native.wrap_info  # type: ignore[method-assign]  # the native side hashes numbers as 64-bit CPython does

    def wrap_info(self, h: int) -> tuple[int, int]:
        """``(kind, hash)``, a number hashed by Python (where the hash modulus is not
        the 64-bit one that the native side assumes)."""
        kind, nus = self.info(h)
        return kind, (hash(nus[0]) if kind == 0 and nus is not None else hash(("Game", h)))

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


class NativeFacade:
    """The native half of ``Game`` (``native/src/py/facade.rs``): its base class
    ``GameCore``, the one Game of each id, ``from_options`` over Games."""

    core = _N.GameCore
    wrap = staticmethod(_N.game_of)
    from_options = staticmethod(_N.game_from_options)
    reset = staticmethod(_N.reset_engine)

    @staticmethod
    def register(game: type, coerce: Any, make_nus: Any, number_hash: Any) -> None:
        """Hand over the Game class (once, at import)."""
        _N.register_game(game, coerce, make_nus, object(), number_hash)


class NativeNotation:
    """CGSuite notation read and written by ``native/src/notation``."""

    parse_game = staticmethod(_N.parse_game)

    @staticmethod
    def format(g: Any) -> str:
        return _N.format(g._h)


class NativeThermography:
    """Thermographs by ``native/src/short/thermograph.rs`` (raw, see the Protocol)."""

    @staticmethod
    def thermograph(g: Any) -> Any:
        return _N.thermograph(g._h)

    @staticmethod
    def mean(g: Any) -> tuple[int, int]:
        return _N.mean(g._h)


class NativeHeapKernels:
    """The heap kernels of ``native/src/heap`` (the GIL released, Ctrl-C answered)."""

    name = "native"
    drops_mask = True
    fill_split = staticmethod(_N.heap_fill_split)
    fill_plain = staticmethod(_N.heap_fill_plain)
    fill_all_but = staticmethod(_N.heap_fill_all_but)
    last_mismatch = staticmethod(_N.heap_last_mismatch)
    z_function = staticmethod(_N.heap_z_function)

    @staticmethod
    def triple(zero_k: Sequence[int], single_k: Sequence[int], split_k: Sequence[int], triple_k: Sequence[int]) -> Any:
        return _N.TripleEngine(list(zero_k), list(single_k), list(split_k), list(triple_k))


class NativeMisere:
    """The misère quotient construction of ``native/src/misere``."""

    name = "native"
    max_size = 20_000  # MAX_CANDIDATE of cgtkit.misere.construct: a larger table has the square

    @staticmethod
    def construct(options: Sequence[Sequence[Sequence[int]]], start: MisereState, max_size: int) -> MisereState:
        m, mul, P, phi, orders, built = _N.misere_construct(
            [[list(o) for o in opts] for opts in options], *start, max_size
        )
        return m, list(mul), list(P), list(phi), list(orders), built


class NativeNim:
    """Nim products over uint64 arrays by ``native/src/nimbers.rs``."""

    @staticmethod
    def product_array(a: Any, b: Any) -> Any:
        return _N.nim_product_u64(a, b)


class NativeBinaryFields:
    """GF(2^n) products by ``native/src/binary_fields.rs``."""

    name = "native"

    @staticmethod
    def mul(a: int, b: int, m: int) -> int:
        return _N.gf2_mul(a, b, m)

    @staticmethod
    def power(a: int, e: int, m: int) -> int:
        return _N.gf2_power(a, e, m)

    @staticmethod
    def frobenius(a: int, k: int, m: int) -> int:
        return _N.gf2_frobenius(a, k, m)

    @staticmethod
    def radical_mul(x: Sequence[int], y: Sequence[int], c: int, m: int) -> list[int]:
        return _N.gf2_radical_mul(list(x), list(y), c, m)


FACADE = NativeFacade()
NOTATION = NativeNotation()
THERMOGRAPHY = NativeThermography()
HEAP = NativeHeapKernels()
MISERE = NativeMisere()
NIM = NativeNim()
BINARY_FIELDS = NativeBinaryFields()


class NativePolyominoes:
    """The listings of polyominoes by ``native/src/sweep/polyominoes.rs``."""

    name = "native"

    @staticmethod
    def listing(k: int, reduced: bool) -> Any:
        return _N.Polyominoes(k, reduced)


POLYOMINOES = NativePolyominoes()
IMPARTIAL = _N.ImpartialSearch
