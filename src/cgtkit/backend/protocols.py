"""What each subsystem of the backend offers: one typed Protocol per subsystem.

The native adapters (:mod:`cgtkit.backend.native`) and the Python twins
(:mod:`cgtkit.backend.python`, and the twins that live with their concept) both
satisfy these, so a domain module that asks :mod:`cgtkit.backend` for a subsystem
calls the same methods whichever runs.  The twins agree on values (and on the kind
of error, with the column for notation), not on the order of work or the text of
internal messages.

>>> from cgtkit import backend
>>> isinstance(backend.heap_kernels(), HeapKernels)
True
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Protocol, Sequence, runtime_checkable

from ..numbers import Dyadic

__all__ = [
    "NUS",
    "NIMBER_OPTION_LIMIT",
    "Engine",
    "Facade",
    "Notation",
    "Thermography",
    "HeapKernels",
    "TripleKernel",
    "ImpartialSearch",
    "ImpartialSearchFactory",
    "MisereConstruction",
    "MisereState",
    "NimArithmetic",
    "BinaryFields",
    "PolyominoListing",
    "Polyominoes",
]

NUS = tuple[Dyadic, int, int]  # (x, ups, nim): the game x + ups.^ + *nim

#: an engine never expands a nimber with more options than this into them (both engines)
NIMBER_OPTION_LIMIT = 1 << 22


@runtime_checkable
class Engine(Protocol):
    """Short games in canonical form, interned (``native/src/short``; the twin
    :mod:`cgtkit.backend.python.short`): what ``Game`` needs of an engine.  Handles are
    opaque and hashable; equal games have the same handle."""

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
    def ident(self, a: Any) -> int: ...
    def clear_caches(self) -> None: ...
    def stats(self) -> dict[str, Any]: ...


@runtime_checkable
class Facade(Protocol):
    """The half of ``Game`` the engine answers (``native/src/py/facade.rs``; the twin is
    ``_PythonCore`` of :mod:`cgtkit.short.game`): the base class of ``Game``, the one
    ``Game`` of a handle, and the canonical form of ``{left | right}`` over Games."""

    core: type

    def wrap(self, handle: Any) -> Any: ...
    def from_options(self, left: Iterable[Any], right: Iterable[Any]) -> Any: ...
    def register(self, game: type, coerce: Any, make_nus: Any, number_hash: Any) -> None: ...
    def reset(self) -> tuple[int, int]: ...


@runtime_checkable
class Notation(Protocol):
    """CGSuite notation (``native/src/notation``; the twin is the reader and printer of
    :mod:`cgtkit.short.notation`, which build on ``Game``)."""

    def parse_game(self, text: str) -> Any: ...
    def format(self, g: Any) -> str: ...


@runtime_checkable
class Thermography(Protocol):
    """Thermographs of games of the engine (``native/src/short/thermograph.rs``; the twin
    is :func:`cgtkit.short.thermography.thermograph_python`).  A thermograph is
    returned raw: ``(left wall, right wall, mast, temperature)``, each wall
    ``(points, slopes, intercepts)``, each dyadic a pair ``(p, q)`` for ``p/2^q``."""

    def thermograph(self, g: Any) -> Any: ...
    def mean(self, g: Any) -> tuple[int, int]: ...


@runtime_checkable
class TripleKernel(Protocol):
    """The Grundy values of a heap game that also splits a heap into three, grown on
    demand (``native/src/heap/triple.rs``)."""

    def extend(self, n: int) -> None: ...
    def values(self, n: int) -> Any: ...
    def reset(self) -> None: ...
    def __len__(self) -> int: ...


@runtime_checkable
class HeapKernels(Protocol):
    """The loops behind heap Grundy sequences (``native/src/heap``; the twin
    :mod:`cgtkit.backend.python.heap`).  Each fills numpy int64 arrays in place; see
    :mod:`cgtkit.heap.sequences` for the arguments."""

    name: str
    #: whether the split engine drops its mask when many values stay rare (the native
    #: kernel's plain mex over every split is faster then)
    drops_mask: bool

    def fill_split(
        self,
        G: Any,
        start: int,
        end: int,
        zero_k: Any,
        single_k: Any,
        split_k: Any,
        distinct: bool,
        use_common: bool,
        par: Any,
        rare: Any,
        nrare: int,
        seen: Any,
        vlimit: int,
        halves_k: Any,
    ) -> tuple[int, int]: ...
    def fill_plain(
        self,
        G: Any,
        start: int,
        end: int,
        zero_k: Any,
        single_k: Any,
        split_k: Any,
        distinct: bool,
        seen: Any,
        halves_k: Any,
    ) -> int: ...
    def fill_all_but(self, G: Any, start: int, end: int, excluded: Any, count: Any, mex_all: int) -> int: ...
    def last_mismatch(self, G: Any, n: int, p: int, s: int) -> int: ...
    def z_function(self, S: Any) -> Any: ...
    def triple(
        self, zero_k: Sequence[int], single_k: Sequence[int], split_k: Sequence[int], triple_k: Sequence[int]
    ) -> TripleKernel | None: ...


@runtime_checkable
class ImpartialSearch(Protocol):
    """One impartial game's Grundy search (``native/src/impartial``; the twin
    :mod:`cgtkit.backend.python.impartial`): values of the positions a move function
    reaches, kept in the memo dict it was given (and, natively, a table of small ints)."""

    def grundy(self, root: Hashable) -> int: ...
    def stored(self) -> int: ...


#: ``(moves, memo, tuple_is_sum, max_depth) -> ImpartialSearch``; a search that stops
#: raises a :class:`cgtkit.traverse.SearchFailure` (native) or the error
#: :func:`cgtkit.traverse.search_error` makes of one (the twin)
ImpartialSearchFactory = Callable[[Callable[[Any], Any], dict[Any, Any], bool, int], ImpartialSearch]

#: a misère quotient under construction: ``(m, mul, P, phi, orders, candidates)``
MisereState = tuple[int, list[int], list[bool], list[int], list[int], int]


@runtime_checkable
class MisereConstruction(Protocol):
    """The misère quotient of a heap game, grown heap by heap (``native/src/misere``;
    the twin :func:`cgtkit.misere.construct.construct_python`, which builds on the
    monoids of :mod:`cgtkit.misere`)."""

    name: str
    max_size: int

    def construct(
        self, options: Sequence[Sequence[Sequence[int]]], start: MisereState, max_size: int
    ) -> MisereState: ...


@runtime_checkable
class NimArithmetic(Protocol):
    """Nim products of 64-bit nimbers over numpy arrays (``native/src/nimbers.rs``; the
    twin :mod:`cgtkit.backend.python.nimbers`)."""

    def product_array(self, a: Any, b: Any) -> Any: ...


@runtime_checkable
class BinaryFields(Protocol):
    """GF(2^n) in a polynomial basis, elements, moduli and exponents as ints (bit i the
    coefficient of X^i; ``native/src/binary_fields.rs``, the twin
    :mod:`cgtkit.backend.python.binary_fields`): the products behind
    :mod:`cgtkit.binary_fields`."""

    def mul(self, a: int, b: int, m: int) -> int: ...
    def power(self, a: int, e: int, m: int) -> int: ...
    def frobenius(self, a: int, k: int, m: int) -> int: ...
    def radical_mul(self, x: Sequence[int], y: Sequence[int], c: int, m: int) -> list[int]: ...


class PolyominoListing(Protocol):
    """The polyominoes of one size, handed out in chunks of grid strings."""

    def chunk(self, n: int) -> list[str]: ...
    def count(self) -> int: ...


@runtime_checkable
class Polyominoes(Protocol):
    """The polyominoes a Domineering sweep lists (``native/src/sweep/polyominoes.rs``,
    the twin :mod:`cgtkit.backend.python.polyominoes`): every fixed polyomino of ``k``
    cells, or (``reduced``) one per position up to the symmetries that keep a value."""

    name: str

    def listing(self, k: int, reduced: bool) -> PolyominoListing: ...
