"""Symmetry keys: a board's least image under the symmetries of the square.

Invariant: a component of a grid game is stored by its **normalised key**: translated
to the top left corner, then the least image under the ruleset's symmetries (comparing
``(height, width, rows top to bottom)``) packed at stride ``width + g``.  Two
components with equal keys are congruent, so they have the same value, and a
transposition table stores each value once.

Boards of stones are keyed by :func:`stone_key`, their least image under all 8
symmetries, computed 2 bits a cell with table-driven flips and transposes.  The row
tables (reversal, spreading, 2-bit codes) are pure functions of the width, built once
and kept at module level: they hold no game state, are at most ``2**14`` entries for
rows up to 12 (7 for the codes) wide, and filling one is idempotent, so two threads
racing on the first fill both store the same table.

>>> flips((1, 3), 2)                          # the 4 images that keep vertical vertical
[(1, 3), (3, 1), (2, 3), (3, 2)]
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..memo import BoundedMemo, register_cache
from .bitboard import rows_of, rows_of_exact, to_corner

__all__ = [
    "reverse_bits",
    "reversal_table",
    "flips",
    "transpose",
    "all_symmetries",
    "normal_key",
    "stone_key",
    "coded_key",
]


_REV: BoundedMemo[int, list[int]] = BoundedMemo(64)
register_cache("symmetry.reversal", _REV.clear, _REV.__len__)


def reversal_table(w: int) -> Optional[list[int]]:
    """For each ``w``-bit row, the row reversed (None for rows wider than 12: reverse
    those with :func:`reverse_bits`).

    >>> reversal_table(3)[0b110]
    3
    """
    t = _REV.get(w)
    if t is None and w <= 12:
        t = [int(format(i, f"0{w}b")[::-1], 2) for i in range(1 << w)]
        _REV[w] = t
    return t


def reverse_bits(r: int, w: int) -> int:
    """The low ``w`` bits of ``r`` in reverse order (a row flipped left to right)."""
    t = reversal_table(w)
    return t[r] if t is not None else int(format(r, f"0{w}b")[::-1], 2)


def flips(rows: tuple, w: int) -> list[tuple]:
    """The 4 images of a ``w``-wide board that keep rows as rows: identity, vertical
    flip (rows reversed), horizontal flip (each row reversed), 180 degree rotation."""
    t = reversal_table(w)
    h = tuple(t[r] for r in rows) if t is not None else tuple(reverse_bits(r, w) for r in rows)
    return [rows, rows[::-1], h, h[::-1]]


def transpose(rows: Sequence[int], w: int) -> tuple:
    """The transposed board: column j becomes row j (by a table that spreads a row's
    bits one column apart, for rows up to 12 wide).

    >>> transpose((0b011, 0b001), 3)          # "xx.|x.." -> "xx|x.|.."
    (3, 1, 0)
    """
    h = len(rows)
    t = _spread_table(w, h + 1)
    if t is not None:
        packed = 0
        for i, r in enumerate(rows):
            packed |= t[r] << i
        return tuple(rows_of_exact(packed, h + 1, w))
    out = []
    for j in range(w):
        r = 0
        for i, row in enumerate(rows):
            r |= ((row >> j) & 1) << i
        out.append(r)
    return tuple(out)


def all_symmetries(rows: tuple, w: int) -> list[tuple[int, tuple]]:
    """The 8 images of a board under the symmetries of the square, as (width, rows)."""
    t = transpose(rows, w)
    return [(w, x) for x in flips(rows, w)] + [(len(rows), x) for x in flips(t, len(rows))]


_SPREAD: BoundedMemo[tuple[int, int], list[int]] = BoundedMemo(256)
register_cache("symmetry.spread", _SPREAD.clear, _SPREAD.__len__)


def _spread_table(w: int, s: int) -> Optional[list[int]]:
    """For each ``w``-bit row, the int with bit ``j`` moved to bit ``j * s``."""
    t = _SPREAD.get((w, s))
    if t is None and w <= 12:
        t = [0] * (1 << w)
        for r in range(1, 1 << w):
            low = r & -r
            t[r] = t[r ^ low] | (1 << ((low.bit_length() - 1) * s))
        _SPREAD[(w, s)] = t
    return t


_CODE_TABLES: BoundedMemo[int, tuple] = BoundedMemo(64)
register_cache("symmetry.code_tables", _CODE_TABLES.clear, _CODE_TABLES.__len__)

#: a code table (4**w entries) is filled on its width's this many-th use; before that its
#: entries are computed one by one (a first key of a 7-wide board took 6 ms of filling)
FILL_AFTER = 32
_USES: dict[tuple, int] = {}


def _in_use(what: tuple) -> bool:
    """Whether the table ``what`` has been asked for often enough to be filled."""
    n = _USES.get(what, 0) + 1
    _USES[what] = n
    return n >= FILL_AFTER


class _Computed:
    """A table whose entries are computed when looked up (``t[c]`` is ``f(c)``)."""

    __slots__ = ("f",)

    def __init__(self, f) -> None:  # type: ignore[no-untyped-def]
        self.f = f

    def __getitem__(self, c: int):  # type: ignore[no-untyped-def]
        return self.f(c)


def _evens(x: int) -> int:
    """The bits of ``x`` (below 2**16) at the even places, packed together."""
    x &= 0x5555
    x = (x | (x >> 1)) & 0x3333
    x = (x | (x >> 2)) & 0x0F0F
    return (x | (x >> 4)) & 0x00FF


_INTERLEAVE: BoundedMemo[int, list[int]] = BoundedMemo(64)
register_cache("symmetry.interleave", _INTERLEAVE.clear, _INTERLEAVE.__len__)


def _interleave(w: int) -> list[int]:
    """For each ``w``-bit row, its bits at the even places (kept: the code tables
    ask for it at every use until they are filled)."""
    inter = _INTERLEAVE.get(w)
    if inter is None:
        inter = [0] * (1 << w)
        for r in range(1, 1 << w):
            low = r & -r
            inter[r] = inter[r ^ low] | (1 << (2 * (low.bit_length() - 1)))
        _INTERLEAVE[w] = inter
    return inter


def _code_tables(w: int) -> tuple:
    """For rows ``w`` cells wide, 2 bits a cell: (interleave: ``w``-bit row -> its bits
    at the even places; mirror: a code row -> the same row flipped left to right;
    split: a code row -> (even bits, odd bits) as ``w``-bit rows).  The last two are
    computed entry by entry until the width has been used :data:`FILL_AFTER` times."""
    t = _CODE_TABLES.get(w)
    if t is not None:
        return t
    inter = _interleave(w)
    rev = reversal_table(w)
    assert rev is not None
    if not _in_use(("codes", w)):

        def mirrored(c: int) -> int:
            return inter[rev[_evens(c)]] | (inter[rev[_evens(c >> 1)]] << 1)

        return inter, _Computed(mirrored), _Computed(lambda c: (_evens(c), _evens(c >> 1)))
    n = 1 << (2 * w)
    mirror = [0] * n
    halves = [(0, 0)] * n
    for lo in range(1 << w):
        for hi in range(1 << w):
            c = inter[lo] | (inter[hi] << 1)
            mirror[c] = inter[rev[lo]] | (inter[rev[hi]] << 1)
            halves[c] = (lo, hi)
    t = _CODE_TABLES[w] = (inter, mirror, halves)
    return t


_CODE_SPREAD: BoundedMemo[tuple[int, int], list[int]] = BoundedMemo(256)
register_cache("symmetry.code_spread", _CODE_SPREAD.clear, _CODE_SPREAD.__len__)


def _spread_code(c: int, w: int, h: int) -> int:
    """Code row ``c`` (``w`` cells) with cell ``j`` moved to bits ``2 * h * j``."""
    out = 0
    for j in range(w):
        out |= ((c >> (2 * j)) & 3) << (2 * h * j)
    return out


def _code_spread(w: int, h: int) -> list[int]:
    """For code rows ``w`` cells wide: cell ``j`` moved to bits ``2 * h * j`` (one cell
    of column ``j`` of an ``h``-high board, in the transposed board); computed entry by
    entry until used :data:`FILL_AFTER` times."""
    t = _CODE_SPREAD.get((w, h))
    if t is None:
        if not _in_use(("spread", w, h)):
            return _Computed(lambda c: _spread_code(c, w, h))  # type: ignore[return-value]
        t = [0] * (1 << (2 * w))
        for c in range(1, 1 << (2 * w)):
            j = ((c & -c).bit_length() - 1) // 2
            cell = (c >> (2 * j)) & 3
            t[c] = t[c & ~(3 << (2 * j))] | (cell << (2 * h * j))
        _CODE_SPREAD[(w, h)] = t
    return t


def stone_key(cells: int, black: int, white: int, stride: int) -> tuple:
    """The normalised key ``(width, height, cells, black, white)`` of a connected part
    of a stone board (packed at stride ``width + 1``), under the 8 symmetries of the
    square; parts up to 7 cells across take a fast path with 2 bits a cell.

    >>> stone_key(0b11, 0b01, 0, 3) == stone_key(0b1001, 0b1000, 0, 3)
    True
    """
    empty = cells & ~(black | white)
    lo, hi = to_corner((cells, empty | white, black | white), stride)[1:]
    return coded_key(lo, hi, stride)


def coded_key(lo: int, hi: int, stride: int) -> tuple:
    """:func:`stone_key` of a board in the corner given 2 bits a cell: ``lo`` marks
    empty cells and white stones, ``hi`` black and white stones."""
    if _narrow(lo | hi, stride):
        w, h, a, b = _coded_key(lo, hi, stride)
        return (w, h, a | b, b & ~a, a & b)
    return normal_key((lo | hi, hi & ~lo, lo & hi), stride)


def _narrow(bits: int, stride: int) -> bool:
    """No cell beyond column 7 and no more than 7 rows."""
    mask = (1 << stride) - 1
    o = 0
    n = 0
    while bits:
        o |= bits & mask
        bits >>= stride
        n += 1
    return n <= 7 and o < 128


def _coded_key(lo: int, hi: int, stride: int) -> tuple:
    """:func:`normal_key` of the layers ``(lo | hi, ...)`` for boards up to 7 wide and
    high, with the two layers coded 2 bits a cell: one image is a tuple of ints.
    Images are compared by (height, width, rows), so a board wider than high only
    competes with its 4 unturned images, one higher than wide with the 4 turned ones."""
    mask = (1 << stride) - 1
    x = lo | hi
    h = (x.bit_length() + stride - 1) // stride
    o = x
    k = stride
    while k < h * stride:  # fold the rows together: o & mask is their union
        o |= o >> k
        k <<= 1
    w = (o & mask).bit_length()
    inter, mirror, _ = _code_tables(w)
    rows = []
    x, y = lo, hi
    for _ in range(h):
        rows.append(inter[x & mask] | (inter[y & mask] << 1))
        x >>= stride
        y >>= stride
    rows = tuple(rows)
    if h <= w:
        hf = tuple([mirror[r] for r in rows])
        images = [(h, w, rows), (h, w, rows[::-1]), (h, w, hf), (h, w, hf[::-1])]
    else:
        images = []
    if h >= w:
        # the transpose: cell (i, j) of the code board goes to (j, i)
        spread = _code_spread(w, h)
        tr_packed = 0
        for i, r in enumerate(rows):
            tr_packed |= spread[r] << (2 * i)
        tmask = (1 << (2 * h)) - 1
        tr = tuple([(tr_packed >> (2 * h * j)) & tmask for j in range(w)])
        tmirror = _code_tables(h)[1]
        tf = tuple([tmirror[r] for r in tr])
        images += [(w, h, tr), (w, h, tr[::-1]), (w, h, tf), (w, h, tf[::-1])]
    hh, ww, brows = min(images)
    halves = _code_tables(ww)[2]
    s = ww + 1
    a = b = 0
    for r in reversed(brows):
        x, y = halves[r]
        a = (a << s) | x
        b = (b << s) | y
    return ww, hh, a, b


def normal_key(layers: Sequence[int], stride: int, h: int = 0, w: int = 0) -> tuple:
    """The least image, under the 8 symmetries of the square, of a stack of bitboard
    layers given at ``stride`` (``layers[0]`` holds every cell of the others), as
    ``(width, height, packed layer, ...)`` packed at stride ``width + 1``.

    With ``h`` and ``w`` the board is taken as the whole ``h x w`` rectangle (its edges
    matter); otherwise it is first translated to the corner of its bounding box.

    >>> normal_key([0b11, 0b01], 3) == normal_key([0b1001, 0b1000], 3)  # "x." as a column
    True
    >>> normal_key([0b11, 0b01], 3)                      # as the row "x."
    (2, 1, 3, 1)
    """
    if not w:
        c = layers[0]
        low = c & -c
        shift = ((low.bit_length() - 1) // stride) * stride
        layers = [x >> shift for x in layers]
        rows = [rows_of(x, stride) for x in layers]
        h = len(rows[0])
        o = 0
        for r in rows[0]:
            o |= r
        c0 = (o & -o).bit_length() - 1
        w = (o >> c0).bit_length()
        rows = [tuple(r >> c0 for r in layer) + (0,) * (h - len(layer)) for layer in rows]
    else:
        rows = [tuple(rows_of_exact(x, stride, h)) for x in layers]
    rev = reversal_table(w)
    if rev is not None:
        hf = [tuple(rev[r] for r in layer) for layer in rows]
    else:
        hf = [tuple(reverse_bits(r, w) for r in layer) for layer in rows]
    images = [(h, w, *rows), (h, w, *[x[::-1] for x in rows]), (h, w, *hf), (h, w, *[x[::-1] for x in hf])]
    tr = [transpose(layer, w) for layer in rows]
    rev = reversal_table(h)
    if rev is not None:
        tf = [tuple(rev[r] for r in layer) for layer in tr]
    else:
        tf = [tuple(reverse_bits(r, h) for r in layer) for layer in tr]
    images += [(w, h, *tr), (w, h, *[x[::-1] for x in tr]), (w, h, *tf), (w, h, *[x[::-1] for x in tf])]
    best = min(images)
    hh, ww = best[0], best[1]
    s = ww + 1
    out = [ww, hh]
    for layer in best[2:]:
        p = 0
        for r in reversed(layer):
            p = (p << s) | r
        out.append(p)
    return tuple(out)
