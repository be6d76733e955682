"""Placement games on rectangular boards: Domineering, Cram, and any game in which a
move puts a polyomino on empty cells.

A ruleset is data: Left's pieces, Right's pieces (each a set of ``(row, col)``
cells), and the board symmetries that map Left's pieces to Left's and Right's to
Right's.  Only empty cells matter, so a position is the bitboard of its empty cells;
it splits into its connected regions of empty cells, and the value of a position is
the sum of the values of its regions.  Each region is solved once per ruleset, under
its normalised key (see :mod:`cgtkit.rulesets.symmetry`).

Conventions follow CGSuite: rows are separated by ``|``, ``.`` is empty and ``#`` is
filled; in Domineering Left places **vertical** dominoes, Right horizontal ones.

>>> Domineering(".|.").value, Domineering("..").value, Domineering("..|..").value
(game('1'), game('-1'), game('+-1'))
>>> Domineering("...|...").value          # 2x3: Left, the vertical player, wins
game('{2|-1/2}')
>>> Domineering(".#|..").left_moves()
[Domineering('##|#.')]
>>> Cram("..|..").value, Cram("...").value          # Cram values are nimbers
(game('0'), game('*'))
>>> Cram("...").nim_value
1
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..errors import RulesError
from ..short.constants import nimber
from ..short.game import Game, wrap_handle
from ..backend import rulesets as backend
from .base import ImpartialPosition, StringPosition
from .solver import ComponentSolver
from .bitboard import components_bbox, pack_rows, parse_grid, rows_of, split
from .symmetry import all_symmetries, flips, reversal_table, transpose

__all__ = ["PlacementRuleset", "PlacementPosition", "Domineering", "Cram", "DOMINEERING", "CRAM"]

Shape = Sequence[tuple[int, int]]
_WBITS = 8  # a key is (packed rows << _WBITS) | width
_WMASK = (1 << _WBITS) - 1


def _domino_step(shapes: tuple) -> Optional[int]:
    """1 if the only piece is a horizontal domino, 0 if a vertical one, else None."""
    if shapes == (((0, 0), (0, 1)),):
        return 1
    if shapes == (((0, 0), (1, 0)),):
        return 0
    return None


def _at_stride(caches: dict[int, dict], stride: int) -> dict:
    """The cache for boards of one stride (made on first use)."""
    cache = caches.get(stride)
    if cache is None:
        cache = caches[stride] = {}
    return cache


def _normal_shape(cells: Shape) -> tuple[tuple[int, int], ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


class PlacementRuleset:
    """A placement game: who may place which piece, and the board's symmetries.

    ``symmetry`` is ``"none"``, ``"flips"`` (identity, the two mirror images and the
    180 degree rotation: these keep vertical pieces vertical) or ``"square"`` (all 8
    symmetries of the square).  ``impartial=True`` (both players have the same pieces)
    solves components by nim values (ints, added by xor); ``value_of`` still returns
    a Game (the nimber), ``nim_value_of`` the int.  One transposition table per
    ruleset, kept across calls, emptied when it exceeds ``max_entries``.
    """

    def __init__(
        self,
        name: str,
        left: Iterable[Shape],
        right: Iterable[Shape],
        symmetry: str = "none",
        impartial: bool = False,
        max_entries: int = 2_000_000,
    ) -> None:
        if symmetry not in ("none", "flips", "square"):
            raise ValueError(f"unknown symmetry {symmetry!r}")
        self.name = name
        self.left = tuple(_normal_shape(s) for s in left)
        self.right = tuple(_normal_shape(s) for s in right)
        self.symmetry = symmetry
        self.impartial = impartial
        shapes = self.left + self.right
        self.guard = max(1, max(max(c for _, c in s) for s in shapes))
        self.min_cells = min(len(s) for s in shapes)
        self.solver = ComponentSolver(
            self._expand, impartial=impartial, quick=None if impartial else self.quick, max_entries=max_entries
        )
        self.table = self.solver.table
        self._offsets: dict[int, tuple] = {}
        self._split_cache: dict[int, dict] = {}  # stride -> {empty: component keys}
        self._key_cache: dict[int, dict] = {}  # stride -> {component: normalised key}
        self._dims: set[int] = set()  # (height << _WBITS) | width of every region keyed
        # Transposing the board swaps the players (Domineering): a solved region also
        # gives the value of its transpose, the negative.
        swapped = {_normal_shape([(c, r) for r, c in s]) for s in self.left}
        self.transpose_swaps = not impartial and swapped == set(self.right) and symmetry != "square"
        # A side whose only piece is a straight domino: its step (1 across, 0 down)
        self._domino = tuple(_domino_step(side) for side in (self.left, self.right))
        if self.transpose_swaps:
            self.solver.mirror = self._mirror_if_seen

    # --- shapes at a stride -------------------------------------------------------
    def _shape_masks(self, stride: int) -> tuple:
        """Per stride: for Left and Right, (offsets, piece mask) of each shape, with
        offsets relative to the shape's first cell in its top row."""
        got = self._offsets.get(stride)
        if got is None:
            got = []
            for shapes in (self.left, self.right):
                side = []
                for s in shapes:
                    ar, ac = s[0]
                    offs = tuple((r - ar) * stride + (c - ac) for r, c in s)
                    side.append((tuple(o for o in offs if o), sum(1 << o for o in offs)))
                got.append(tuple(side))
            got = self._offsets[stride] = tuple(got)
        return got

    # --- keys -----------------------------------------------------------------------
    def key(self, component: int, stride: int) -> int:
        """The normalised key of a connected set of empty cells given at ``stride``."""
        rows, w = components_bbox(component, stride)
        rows = tuple(rows)
        self._dims.add((len(rows) << _WBITS) | w)
        if self.symmetry == "flips":
            rows = min(flips(rows, w))
        elif self.symmetry == "square":
            _, w, rows = min((len(r), ww, r) for ww, r in all_symmetries(rows, w))
        return (pack_rows(rows, w + self.guard) << _WBITS) | w

    def key_fast(self, component: int, stride: int) -> int:
        """:meth:`key` in one pass for the ``"flips"`` symmetry (rows up to 12 wide):
        the rows are read once, the 4 images are tuples compared directly.  Other
        rulesets fall back to :meth:`key`, the slow twin (a test checks they agree).
        Records the (height, width) of the region (see :meth:`_mirror_if_seen`)."""
        if self.symmetry != "flips":
            return self.key(component, stride)
        rows, w = components_bbox(component, stride)
        k = self._least_flip(tuple(rows), w)
        return self.key(component, stride) if k is None else k

    def _least_flip(self, rows: tuple, w: int) -> Optional[int]:
        """The key of the least of the 4 flips of ``rows`` (``w`` wide, at the top left
        corner), or None beyond the flip tables (12 wide)."""
        rev = reversal_table(w)
        if rev is None:
            return None
        hf = tuple([rev[r] for r in rows])
        best = min(rows, rows[::-1], hf, hf[::-1])
        self._dims.add((len(rows) << _WBITS) | w)
        s = w + self.guard
        p = 0
        for r in reversed(best):
            p = (p << s) | r
        return (p << _WBITS) | w

    def components(self, empty: int, stride: int) -> tuple:
        """The sorted keys of the regions of ``empty`` that can hold a piece (cached:
        the same region turns up after many different moves).  The flood fill is
        inlined; :meth:`components_by_split` is the twin built on :func:`split`."""
        cache = _at_stride(self._split_cache, stride)
        got = cache.get(empty)
        if got is None:
            got = self._split(empty, stride, cache)
        return got

    def _split(self, empty: int, stride: int, cache: dict) -> tuple:
        """:meth:`components` on a miss of its per-stride ``cache``."""
        keys = []
        small = self.min_cells
        key_cache = _at_stride(self._key_cache, stride)
        bits = empty
        while bits:
            c = bits & -bits
            while True:
                # bits + c carries up each run of bits from every cell of c, and clears
                # the run's cells from there on (a guard cell ends a row): a step fills
                # along a row at once, then one ring of cells
                n = c | (((bits + c) ^ bits) & bits)
                n |= ((n >> 1) | (n << stride) | (n >> stride)) & bits
                if n == c:
                    break
                c = n
            bits ^= c
            if c.bit_count() >= small:
                k = key_cache.get(c)
                if k is None:
                    k = key_cache[c] = self.key_fast(c, stride)
                keys.append(k)
        keys.sort()
        got = cache[empty] = tuple(keys)
        return got

    def components_by_split(self, empty: int, stride: int) -> tuple:
        """The obviously right twin of :meth:`components` (no caches)."""
        return tuple(sorted(self.key(c, stride) for c in split(empty, stride) if c.bit_count() >= self.min_cells))

    # --- moves and values -----------------------------------------------------------
    def placements(self, empty: int, stride: int, side: int) -> list[int]:
        """Every piece (as a bitboard) side 0 (Left) or 1 (Right) can place."""
        out = []
        for offs, mask in self._shape_masks(stride)[side]:
            avail = empty
            for o in offs:
                avail &= empty >> o
            while avail:
                b = avail & -avail
                avail ^= b
                out.append(mask * b)
        return out

    def mirror(self, key: int) -> int:
        """The key of the transposed region (for rulesets where transposing swaps the
        players, its value is the negative)."""
        w = key & _WMASK
        rows = tuple(rows_of(key >> _WBITS, w + self.guard))
        h = len(rows)
        t = transpose(rows, w)  # already at the top left corner, h wide
        k = self._least_flip(t, h) if self.symmetry == "flips" else None
        return self.key_fast(pack_rows(t, h + self.guard), h + self.guard) if k is None else k

    def _mirror_if_seen(self, key: int) -> Optional[int]:
        """:meth:`mirror`, or None when no region of the transposed height and width
        has been keyed yet (so the transpose cannot be solved: most regions of a wide
        board are wider than any region is high, and the transpose costs a pass)."""
        w = key & _WMASK
        h = ((key >> _WBITS).bit_length() + w + self.guard - 1) // (w + self.guard)
        if ((w << _WBITS) | h) not in self._dims:
            return None
        return self.mirror(key)

    def quick(self, key: int) -> Optional[Game]:
        """The value of a region at once when only one player can move in it and that
        player's only piece is a straight domino: then it is the number of dominoes
        that fit, run by run (each run of n cells holds n // 2), and moves by the
        other player never appear.  None otherwise."""
        w = key & _WMASK
        e = key >> _WBITS
        stride = w + self.guard
        can = [bool(e & (e >> stride)), bool(e & (e >> 1))]  # vertical, horizontal
        if can[0] and can[1]:
            return None
        for side, sign in ((0, 1), (1, -1)):
            step = self._domino[side]
            other = self._domino[1 - side]
            if step is None or other is None or other == step or can[other]:
                continue
            d = 1 if step else stride
            n = 0
            while e:
                start = e & ~(e << d)  # the first cell of each run
                pair = start & (e >> d)
                n += pair.bit_count()
                e &= ~(start | (pair << d))
            return Game.of(sign * n)
        return None

    def _expand(self, key: int):
        w = key & _WMASK
        empty = key >> _WBITS
        stride = w + self.guard
        if self.impartial:
            return self._options(empty, stride, 0)
        return self._options(empty, stride, 0), self._options(empty, stride, 1)

    def _options(self, empty: int, stride: int, side: int) -> set:
        """The options of one side (each a sorted tuple of component keys): every
        placement, looked up as :meth:`components` (inlined: this is the inner loop
        of every search)."""
        cache = _at_stride(self._split_cache, stride)
        split_miss = self._split
        out = set()
        for p in self.placements(empty, stride, side):
            e2 = empty ^ p
            got = cache.get(e2)
            if got is None:
                got = split_miss(e2, stride, cache)
            out.add(got)
        return out

    def clear(self) -> None:
        """Forget every solved component (and the split caches, and the native table)."""
        backend.clear(self)
        self.table.clear()
        self._split_cache.clear()
        self._key_cache.clear()
        self._dims.clear()

    def _bound(self) -> None:
        """Bound the split and key caches (the solver bounds its own table)."""
        if sum(map(len, self._split_cache.values())) > self.table.max_entries:
            self._split_cache.clear()
            self._key_cache.clear()

    def nim_value_of(self, keys: Iterable[int], workers: Optional[int] = None) -> int:
        """The nim value of a sum of components of an impartial ruleset (the xor of
        theirs), by the native search when it runs (``workers`` threads), else in
        Python; RulesError for a partizan ruleset."""
        if not self.impartial:
            raise RulesError(f"{self.name} is not impartial: its values are games, not nim values")
        keys = tuple(keys)
        got = self._native(keys, workers)
        if got is not None:
            return got
        self._bound()
        return self.solver.value_of(keys)

    native = "placement"  # the native search (cgtkit.backend.rulesets), its pieces as data

    def native_params(self) -> tuple:
        """The pieces and symmetry, as the native placement search takes them."""
        return ([list(p) for p in self.left], [list(p) for p in self.right], self.symmetry, self.impartial)

    def _native(self, keys: tuple, workers: Optional[int]) -> Optional[int]:
        s = backend.solver_of(self)
        if s is not None and s.guard != self.guard:  # the keys would be read at the wrong stride
            raise RuntimeError(f"{self.name}: native guard {s.guard} != {self.guard}")
        return backend.value(self, keys, workers)

    def value_of(self, keys: Iterable[int], workers: Optional[int] = None) -> Game:
        """The value of a sum of components: a Game (for an impartial ruleset the
        nimber of :meth:`nim_value_of`, never a bare int), by the native search when
        it runs (``workers`` threads), else in Python."""
        if self.impartial:
            return nimber(self.nim_value_of(keys, workers))
        keys = tuple(keys)
        got = self._native(keys, workers)
        if got is not None:
            return wrap_handle(got)
        self._bound()
        return self.solver.value_of(keys)


class PlacementPosition(StringPosition, board=True):
    """A position of a placement game: an immutable board of empty and filled cells.

    Subclasses set ``ruleset``.  ``str(p)`` is the CGSuite string, and
    ``type(p)(str(p)) == p``.
    """

    __slots__ = ("height", "width", "_empty")
    ruleset: PlacementRuleset
    FILLED = "#"

    height: int
    width: int
    _empty: int

    def __init__(self, text: str) -> None:
        rows = parse_grid(text, "." + self.FILLED, type(self).__name__)
        if len(rows[0]) > _WMASK:
            raise RulesError(f"{type(self).__name__}: boards wider than {_WMASK} columns are not supported")
        stride = len(rows[0]) + self.ruleset.guard
        empty = 0
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch == ".":
                    empty |= 1 << (i * stride + j)
        self.height, self.width, self._empty = len(rows), len(rows[0]), empty

    @classmethod
    def _make(cls, h: int, w: int, empty: int) -> "PlacementPosition":
        p = object.__new__(cls)
        p.height, p.width, p._empty = h, w, empty
        return p

    @classmethod
    def rectangle(cls, height: int, width: int) -> "PlacementPosition":
        """The empty ``height x width`` board."""
        if height < 1 or width < 1:
            raise RulesError(f"{cls.__name__}: a board needs positive sides, not {height}x{width}")
        return cls("|".join(["." * width] * height))

    @property
    def _stride(self) -> int:
        return self.width + self.ruleset.guard

    def __str__(self) -> str:
        s = self._stride
        return "|".join(
            "".join("." if self._empty >> (i * s + j) & 1 else self.FILLED for j in range(self.width))
            for i in range(self.height)
        )

    def _state(self) -> tuple:
        return (self.height, self.width, self._empty)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the board, drawn by :func:`cgtkit.rulesets.board_svg.grid_svg`."""
        from .board_svg import grid_svg  # (imported when first drawn)

        return grid_svg(str(self).split("|"), repr(self))

    def _moves(self, side: int) -> list["PlacementPosition"]:
        e = self._empty
        return [self._make(self.height, self.width, e ^ p) for p in self.ruleset.placements(e, self._stride, side)]

    def left_moves(self) -> list["PlacementPosition"]:
        """The positions Left can move to, in board order."""
        return self._moves(0)

    def right_moves(self) -> list["PlacementPosition"]:
        """The positions Right can move to, in board order."""
        return self._moves(1)

    def moves(self) -> list["PlacementPosition"]:
        """The positions either player can move to (for impartial rulesets)."""
        if self.ruleset.impartial:
            return self._moves(0)
        return self._moves(0) + [p for p in self._moves(1) if p not in self._moves(0)]

    def components(self) -> tuple:
        """The normalised keys of the independent regions."""
        return self.ruleset.components(self._empty, self._stride)

    def native_parts(self) -> tuple:
        """The ruleset (the owner of the native search) and :meth:`components`."""
        return (self.ruleset, self.components())

    @property
    def value(self) -> Game:
        """The canonical value (a Game; the nimber ``*n`` for an impartial ruleset)."""
        return self.ruleset.value_of(self.components())

    @property
    def nim_value(self) -> int:
        """The nim value n of an impartial ruleset's position (``value`` is ``*n``);
        for a partizan ruleset, that of a value that is a nimber (NotANimberError
        otherwise)."""
        if self.ruleset.impartial:
            return self.ruleset.nim_value_of(self.components())
        return self.value.nim_value


_VERTICAL = ((0, 0), (1, 0))
_HORIZONTAL = ((0, 0), (0, 1))

DOMINEERING = PlacementRuleset("Domineering", [_VERTICAL], [_HORIZONTAL], symmetry="flips")
CRAM = PlacementRuleset("Cram", [_VERTICAL, _HORIZONTAL], [_VERTICAL, _HORIZONTAL], symmetry="square", impartial=True)


class Domineering(
    PlacementPosition,
    name="domineering",
    summary="Left places vertical dominoes, Right horizontal",
    example="..|..|..",
    board=True,
):
    """Domineering: Left places vertical dominoes, Right horizontal ones."""

    __slots__ = ()
    ruleset = DOMINEERING


class Cram(
    ImpartialPosition,
    PlacementPosition,
    name="cram",
    summary="either player places a domino either way (impartial)",
    example="...|...",
    board=True,
):
    """Cram: both players place dominoes either way; impartial, so ``value`` is the
    nimber of ``nim_value``."""

    __slots__ = ()
    ruleset = CRAM
