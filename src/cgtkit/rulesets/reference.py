"""Slow, obviously-right twins of the fast rulesets, for the tests.

No bitboards, no decomposition, no symmetry: a board is a frozenset of empty
``(row, col)`` cells and the value is ``{ values of Left's options | Right's }`` by
plain recursion (depth <= number of cells / 2: small boards only).

>>> slow_domineering(frozenset({(0, 0), (1, 0)}))
game('1')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..short.game import Game
from ..memo import register_cache

# each solver keeps the values of at most this many positions (least recently used
# forgotten first: only a recomputation if asked again); cache_sizes() reports them
_KEPT = 1 << 20

__all__ = ["cells_of", "slow_domineering", "slow_cram", "slow_clobber", "slow_toads", "slow_konane", "slow_amazons"]


def cells_of(text: str, mark: str = ".") -> frozenset:
    """The cells of a grid string holding ``mark``."""
    return frozenset((i, j) for i, row in enumerate(text.split("|")) for j, ch in enumerate(row) if ch == mark)


def _dominoes(cells: frozenset, dr: int, dc: int):
    for r, c in sorted(cells):
        if (r + dr, c + dc) in cells:
            yield cells - {(r, c), (r + dr, c + dc)}


@lru_cache(maxsize=_KEPT)
def slow_domineering(cells: frozenset) -> Game:
    """Left places vertical dominoes, Right horizontal ones."""
    return Game.from_options(
        [slow_domineering(o) for o in _dominoes(cells, 1, 0)],
        [slow_domineering(o) for o in _dominoes(cells, 0, 1)],
    )


@lru_cache(maxsize=_KEPT)
def slow_cram(cells: frozenset) -> int:
    """Cram's nim value: mex of the options' nim values."""
    seen = {slow_cram(o) for d in ((1, 0), (0, 1)) for o in _dominoes(cells, *d)}
    m = 0
    while m in seen:
        m += 1
    return m


@lru_cache(maxsize=_KEPT)
def slow_clobber(black: frozenset, white: frozenset) -> Game:
    """Left moves a black stone onto an orthogonally adjacent white one, capturing it."""

    def options(mine: frozenset, theirs: frozenset):
        for r, c in sorted(mine):
            for t in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if t in theirs:
                    yield (mine - {(r, c)}) | {t}, theirs - {t}

    return Game.from_options(
        [slow_clobber(b, w) for b, w in options(black, white)],
        [slow_clobber(b, w) for w, b in options(white, black)],
    )


@lru_cache(maxsize=_KEPT)
def slow_toads(strip: str) -> Game:
    """Toads (T, Left) move right, frogs (F, Right) move left: one step into an empty
    cell, or a jump over one opposing piece into the empty cell beyond."""

    def options(s: str, me: str, them: str, step: int):
        for i, ch in enumerate(s):
            if ch != me:
                continue
            for j, over in ((i + step, None), (i + 2 * step, i + step)):
                if 0 <= j < len(s) and s[j] == "." and (over is None or s[over] == them):
                    t = list(s)
                    t[i], t[j] = ".", me
                    yield "".join(t)
                    break

    return Game.from_options(
        [slow_toads(o) for o in options(strip, "T", "F", 1)],
        [slow_toads(o) for o in options(strip, "F", "T", -1)],
    )


_ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
_QUEEN = _ORTHO + ((1, 1), (1, -1), (-1, 1), (-1, -1))


@lru_cache(maxsize=_KEPT)
def slow_konane(board: frozenset, black: frozenset, white: frozenset) -> Game:
    """Left jumps an x over an adjacent o into the empty cell beyond (and on, in the
    same direction); ``board`` is every cell of the board."""

    def options(mine: frozenset, theirs: frozenset):
        for r, c in sorted(mine):
            for dr, dc in _ORTHO:
                m, t, (pr, pc) = mine - {(r, c)}, theirs, (r, c)
                while True:
                    over, land = (pr + dr, pc + dc), (pr + 2 * dr, pc + 2 * dc)
                    if over not in t or land not in board or land in m or land in t:
                        break
                    t, (pr, pc) = t - {over}, land
                    yield m | {land}, t

    return Game.from_options(
        [slow_konane(board, b, w) for b, w in options(black, white)],
        [slow_konane(board, b, w) for w, b in options(white, black)],
    )


@lru_cache(maxsize=_KEPT)
def slow_amazons(cells: frozenset, black: frozenset, white: frozenset) -> Game:
    """An amazon moves like a queen over empty cells, then shoots an arrow like a
    queen from there; the arrow's cell leaves ``cells`` (the unburned cells)."""

    def reach(p, empty):
        for dr, dc in _QUEEN:
            r, c = p[0] + dr, p[1] + dc
            while (r, c) in empty:
                yield (r, c)
                r, c = r + dr, c + dc

    def options(mine: frozenset, theirs: frozenset):
        empty = cells - mine - theirs
        for a in sorted(mine):
            for t in reach(a, empty):
                for arrow in reach(t, (empty | {a}) - {t}):
                    yield cells - {arrow}, (mine - {a}) | {t}

    return Game.from_options(
        [slow_amazons(c, b, white) for c, b in options(black, white)],
        [slow_amazons(c, black, w) for c, w in options(white, black)],
    )


def _register(solver: Any) -> None:
    info = solver.cache_info
    register_cache("reference." + solver.__name__, solver.cache_clear, lambda: info().currsize)


for _solver in (slow_domineering, slow_cram, slow_clobber, slow_toads, slow_konane, slow_amazons):
    _register(_solver)
