"""The polyominoes a Domineering sweep lists: the native listing against its Python
twin, the counts against the OEIS, and the facts of a small sweep against values built
here from the moves by the canonical-form engine.  No Dask needed."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from cgtkit import backend
from cgtkit.errors import SweepError
from cgtkit.rulesets import Domineering
from cgtkit.short.game import Game
from cgtkit.short.thermography import temperature
from cgtkit.sweep.positions import position_chunks, polyominoes, position_task

DATA = json.loads((Path(__file__).parent.parent / "data" / "polyominoes.json").read_text())
FIXED = DATA["fixed"]["counts"]  # OEIS A001168
POSITIONS = DATA["domineering_positions"]["counts"]  # OEIS A056780
HAVE_NATIVE = backend.extension() is not None
needs_native = pytest.mark.skipif(not HAVE_NATIVE, reason="the native extension is not built")


def _listed(side: str, k: int, reduced: bool, chunk: int = 1000) -> list[str]:
    with backend.use(side):
        listing = backend.polyominoes().listing(k, reduced)
    out: list[str] = []
    while part := listing.chunk(chunk):
        out += part
    return out


def _cells(grid: str) -> frozenset[tuple[int, int]]:
    return frozenset((r, c) for r, row in enumerate(grid.split("|")) for c, ch in enumerate(row) if ch == ".")


def _grid(cells) -> str:
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    h, w = max(r for r, _ in cells) - r0 + 1, max(c for _, c in cells) - c0 + 1
    return "|".join("".join("." if (r0 + i, c0 + j) in cells else "#" for j in range(w)) for i in range(h))


def _images(grid: str) -> set[str]:
    """The grids of a polyomino's images under the two mirrors and the half turn."""
    rows = grid.split("|")
    return {grid, "|".join(rows[::-1]), "|".join(r[::-1] for r in rows), "|".join(r[::-1] for r in rows[::-1])}


def _transpose(grid: str) -> str:
    rows = grid.split("|")
    return "|".join("".join(r[c] for r in rows) for c in range(len(rows[0])))


@needs_native
@pytest.mark.parametrize("reduced", [True, False])
@pytest.mark.parametrize("k", range(1, 10))
def test_the_native_listing_is_the_twins(k, reduced):
    if not reduced and k > 8:
        pytest.skip("every fixed polyomino: the twin to 8 cells is enough")
    native = _listed("native", k, reduced, chunk=97)
    twin = _listed("python", k, reduced)
    assert len(native) == len(set(native))  # each once
    assert set(native) == set(twin)


@pytest.mark.parametrize("side", ["python"] + (["native"] if HAVE_NATIVE else []))
def test_the_counts_are_the_oeis(side):
    top = 12 if side == "native" else 7
    with backend.use(side):
        for k in range(1, top + 1):
            assert backend.polyominoes().listing(k, False).count() == FIXED[k - 1], k
            assert backend.polyominoes().listing(k, True).count() == POSITIONS[k - 1], k


@pytest.mark.parametrize("k", range(1, 9))
def test_each_position_stands_for_its_images_and_the_images_are_every_fixed_polyomino(k):
    """The positions' images are the fixed polyominoes, each exactly once: so the listing
    keeps one polyomino of each class, and the classes are the symmetries' (A056780
    against A001168)."""
    positions = polyominoes(k)
    images = [g for p in positions for g in _images(p)]
    assert len(images) == len(set(images)) == FIXED[k - 1]
    assert all(min(sorted(_cells(g)) for g in _images(p)) == sorted(_cells(p)) for p in positions)


@needs_native
def test_the_listing_goes_on_where_a_chunk_stopped():
    whole = _listed("native", 8, True, chunk=10**6)
    for size in (1, 7, 256):
        assert _listed("native", 8, True, chunk=size) == whole
    listing = backend.polyominoes().listing(3, True)
    assert len(listing.chunk(2)) == 2 and listing.chunk(5) != [] and listing.chunk(5) == [] and listing.count() == 0


@pytest.mark.parametrize("side", ["python"] + (["native"] if HAVE_NATIVE else []))
@pytest.mark.parametrize("k", [0, 17, -1])
def test_sizes_outside_1_to_16_are_refused(side, k):
    with backend.use(side):
        with pytest.raises(ValueError, match="1 to 16 cells"):
            backend.polyominoes().listing(k, True)
    with pytest.raises(SweepError, match="1 to 16"):
        polyominoes(k)


@pytest.mark.parametrize("size", [0, -3, 2.5, True])
def test_a_chunk_of_no_positions_is_refused(size):
    with pytest.raises(SweepError, match="at least 1 position"):
        next(position_chunks(5, size))


def test_the_chunks_of_positions_are_the_sorted_positions():
    chunks = list(position_chunks(7, 50))
    assert all(0 < len(c) <= 50 for c in chunks)
    assert sorted(p for c in chunks for p in c) == polyominoes(7) == sorted(polyominoes(7))


@pytest.mark.parametrize("k", range(2, 7))
def test_the_mirrors_keep_the_value_and_the_transpose_negates_it(k):
    """Why the positions are the polyominoes up to those four symmetries, and why a
    polyomino and its transpose are both listed."""
    for p in polyominoes(k):
        g = Domineering(p).value
        assert all(Domineering(q).value == g for q in _images(p))
        assert Domineering(_transpose(p)).value == -g


@lru_cache(maxsize=None)
def _by_moves(cells: frozenset) -> Game:
    """The value of a region, from its moves: Left (vertical) and Right (horizontal)
    each cover two adjacent empty cells; the canonical-form engine simplifies."""
    left = [_by_moves(cells - {(r, c), (r + 1, c)}) for r, c in cells if (r + 1, c) in cells]
    right = [_by_moves(cells - {(r, c), (r, c + 1)}) for r, c in cells if (r, c + 1) in cells]
    return Game.from_options(left, right)


def test_a_sweep_to_7_cells_against_values_built_from_the_moves():
    rows = position_task("domineering", [p for k in range(1, 8) for p in polyominoes(k)])
    assert [r["cells"] for r in rows].count(7) == POSITIONS[6]
    hottest = max(temperature(_by_moves(_cells(r["position"]))) for r in rows)
    for r in rows:
        g = _by_moves(_cells(r["position"]))
        lo, hi = g.stops
        assert r["status"] == "done"
        assert (r["value"], r["left_stop"], r["right_stop"], r["temperature"]) == (
            str(g),
            str(lo),
            str(hi),
            str(temperature(g)),
        )
    # Uiterwijk and Barton (TCS 2015): no position of up to 15 cells is hotter than 2
    assert hottest <= 2
