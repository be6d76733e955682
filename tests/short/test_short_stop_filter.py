"""The stop filters of the engines against slow, exact twins.

The python engine keeps on every interned game its stops rounded to floats (``_ls``, ``_rs``)
and uses them only to refute ``g <= h`` (G <= H needs L(G) <= L(H) and R(G) <= R(H))
and, during reduction, bounds on the stops of the raw game {L | R}.  Checked here:
the float stops are the rounded exact stops (thermography's slow recursion), the raw
bounds contain the stops of the canonical form, and comparisons of games with
hot and fractional stops agree with the reference's textbook recursion.  (The native
engine keeps exact stops; ``Game.stops`` reads them, checked here against
thermography's recursion.)
"""

from __future__ import annotations

import itertools
import random

from cgtkit.numbers import Dyadic
from cgtkit.short import reference as ref
from cgtkit.short.census import born_by
from cgtkit.short.game import Game
from cgtkit.backend.python.short.core import _float_of, _raw_stop_bounds, _stops

from support.engines import PYTHON, to_handle

DAY2 = list(born_by(2))
DAY3 = list(born_by(3))
NUMBERS = [Game.of(Dyadic(p, q)) for p, q in ((-3, 1), (-1, 2), (0, 1), (1, 4), (3, 4), (5, 8), (2, 1))]


def _hot_pool(seed: int, count: int) -> list[Game]:
    """Games with switches, fractional stops and infinitesimals around them."""
    rng = random.Random(seed)
    pool = list(NUMBERS) + DAY2
    for _ in range(count):
        left = rng.sample(pool, rng.randint(1, 3))
        right = rng.sample(pool, rng.randint(1, 3))
        pool.append(Game.from_options(left, right))
    return pool


def test_float_stops_are_the_rounded_exact_stops():
    for g in DAY3 + _hot_pool(1, 300):
        node = to_handle(PYTHON, g)
        ls, rs = _stops(node)
        assert (node._ls, node._rs) == (_float_of(ls), _float_of(rs)), g


def test_engine_stops_are_the_twin_stops():
    for g in DAY3 + _hot_pool(8, 300):
        assert g.stops == PYTHON.stops(to_handle(PYTHON, g)), g


def test_native_thermographs_are_the_twin_thermographs():
    from cgtkit.short.thermography import thermograph, thermograph_python

    for g in DAY3 + _hot_pool(9, 300):
        assert thermograph(g) == thermograph_python(g), g


def test_raw_stop_bounds_contain_the_stops_of_the_canonical_form():
    rng = random.Random(2)
    pool = _hot_pool(3, 200)
    for _ in range(2000):
        left = rng.sample(pool, rng.randint(0, 4))
        right = rng.sample(pool, rng.randint(0, 4))
        nodes_left = [to_handle(PYTHON, x) for x in left]
        nodes_right = [to_handle(PYTHON, x) for x in right]
        ls_lo, ls_hi, rs_lo, rs_hi = _raw_stop_bounds(nodes_left, nodes_right)
        g = PYTHON.from_options(nodes_left, nodes_right)
        assert ls_lo <= g._ls <= ls_hi and rs_lo <= g._rs <= rs_hi, (left, right, g)


def test_comparisons_of_hot_games_agree_with_the_reference():
    pool = _hot_pool(4, 120)
    refs = {g: ref.from_game(g) for g in pool}
    rng = random.Random(5)
    pairs = list(itertools.product(pool[:40], repeat=2))
    pairs += [(rng.choice(pool), rng.choice(pool)) for _ in range(3000)]
    for g, h in pairs:
        assert (g <= h) == ref.le(refs[g], refs[h]), (g, h)


def test_canonical_forms_of_hot_raw_games_agree_with_the_reference():
    pool = _hot_pool(6, 80)
    refs = {g: ref.from_game(g) for g in pool}
    rng = random.Random(7)
    for _ in range(400):
        left = rng.sample(pool, rng.randint(0, 4))
        right = rng.sample(pool, rng.randint(0, 4))
        want = ref.canonical(ref.make([refs[x] for x in left], [refs[x] for x in right]))
        assert ref.from_game(Game.from_options(left, right)) == want, (left, right)
