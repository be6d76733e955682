"""The order of sides (`cgtkit.loopy.side_order`) and the Büchi games it is decided by,
against two independent computations: sidling (the sides, then the stopper table's
order) on random graphs, and Siegel's order of stoppers (survival, `store.leq`) on
random stoppers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.loopy import LoopyGraph, LoopyValue, Stopper, loopy, store, value_of
from cgtkit.loopy.retrograde import buchi
from cgtkit.loopy.side_order import side_leq, table
from test_loopy_partizan import random_stopper_graph
from support.random_graphs import loopy_graph


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 5))
def test_side_order_agrees_with_the_sides_found_by_sidling(seed, n):
    g = loopy_graph(seed, n)
    sides = {}
    for v in range(n):
        value = value_of(g, v)
        if isinstance(value, LoopyValue):
            continue
        on, off = (value, value) if isinstance(value, Stopper) else (value.onside, value.offside)
        sides[v] = (on.vertex, off.vertex)
    for v, pair in sides.items():
        for s, onside in zip(pair, (True, False)):
            # each side is certified: S <= G+ <= S (G- likewise)
            assert side_leq(g, table(s), v, onside) and side_leq(g, v, table(s), onside)
    for u in sides:
        for v in sides:
            for k, onside in ((0, True), (1, False)):
                assert side_leq(g, u, v, onside) == store.leq(sides[u][k], sides[v][k]), (u, v, onside)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5))
def test_side_order_of_stoppers_is_siegels_order(seed, n):
    g = random_stopper_graph(random.Random(seed), n)
    values = {v: value_of(g, v).vertex for v in g.reachable()}
    for u in values:
        for v in values:
            want = store.leq(values[u], values[v])
            assert side_leq(g, u, v, True) == want and side_leq(g, u, v, False) == want


def test_side_order_on_hand_made_games():
    # dud = on & off; a{{|a}|} = 1 & 0 (CGSuite's table); over is its own sides
    dud = LoopyGraph([[0]], [[0]], 0)
    on, off, one, zero = (loopy(t).vertex for t in ("on", "off", "1", "0"))
    assert side_leq(dud, table(on), 0, True) and side_leq(dud, 0, table(on), True)
    assert side_leq(dud, table(off), 0, False) and side_leq(dud, 0, table(off), False)
    assert not side_leq(dud, 0, table(off), True) and not side_leq(dud, table(on), 0, False)
    g = LoopyGraph([[1], []], [[], [0]], 0)  # a{{|a}|}
    assert side_leq(g, 0, table(one), True) and side_leq(g, table(one), 0, True)
    assert side_leq(g, 0, table(zero), False) and side_leq(g, table(zero), 0, False)
    assert not side_leq(g, 0, table(zero), True)  # the onside is 1, not 0


def _buchi_by_strategies(succ, existential, accepting):
    # the slow twin: every positional strategy of each player, on tiny graphs; the
    # existential player wins from s when some strategy of hers beats every strategy of
    # the other's (positional strategies suffice in Büchi games)
    import itertools

    n = len(succ)
    mine = [j for j in range(n) if existential[j]]
    theirs = [j for j in range(n) if not existential[j]]
    won = [False] * n
    for choice in itertools.product(*(succ[j] for j in mine)):
        pick = dict(zip(mine, choice))
        for start in range(n):
            if won[start]:
                continue
            ok = True
            for other in itertools.product(*(succ[j] for j in theirs)):
                move = {**pick, **dict(zip(theirs, other))}
                seen, s = {}, start
                while s not in seen:
                    seen[s] = len(seen)
                    s = move[s]
                cycle = [t for t, i in seen.items() if i >= seen[s]]
                if not any(accepting[t] for t in cycle):
                    ok = False
                    break
            if ok:
                won[start] = True
    return won


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 6))
def test_buchi_against_all_positional_strategies(seed, n):
    rng = random.Random(seed)
    succ = [sorted(rng.sample(range(n), rng.randint(1, min(2, n)))) for _ in range(n)]
    existential = [rng.random() < 0.5 for _ in range(n)]
    accepting = [rng.random() < 0.4 for _ in range(n)]
    assert buchi(succ, existential, accepting) == _buchi_by_strategies(succ, existential, accepting)
