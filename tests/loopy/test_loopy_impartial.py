"""Loopy impartial games (issue 14): Smith's generalised Sprague-Grundy values.

Every value the labelling gives is checked three ways: against graphs worked out by
hand (in the comments), against an independent win/lose/draw retrograde analysis of the
graph (and of sums of graphs, which is Smith's sum theorem), and against the defining
conditions of the generalised Sprague-Grundy function.  Sources: tests/data/loopy_impartial.md.
"""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgtkit as cg
from cgtkit.impartial import ImpartialSolver
from cgtkit.loopy.errors import GraphTooLargeError
from cgtkit.loopy.grundy import (
    InfiniteNimber,
    LoopyImpartialSolver,
    generalized_grundy,
    nim_add,
    outcome_of,
)
from support.random_graphs import edge_lists

INF = InfiniteNimber


# --- an independent referee: plain retrograde analysis with draws ----------------------------
def retrograde_outcomes(succ):
    """P/N/D of every vertex: terminal is P; N if some option is P; P if all options are N;
    what is never decided is a draw.  Written without any Grundy theory."""
    n = len(succ)
    pred = [[] for _ in range(n)]
    for u, ws in enumerate(succ):
        for w in ws:
            pred[w].append(u)
    out = [None] * n
    left = [len(ws) for ws in succ]
    queue = [u for u in range(n) if not succ[u]]
    for u in queue:
        out[u] = "P"
    while queue:
        w = queue.pop()
        for u in pred[w]:
            if out[u] is not None:
                continue
            if out[w] == "P":
                out[u] = "N"
                queue.append(u)
            else:
                left[u] -= 1
                if left[u] == 0:
                    out[u] = "P"
                    queue.append(u)
    return [o or "D" for o in out]


def satisfies_definition(succ, values):
    """Smith's conditions: a finite n has no option n, options of every m < n, and every
    option of larger or infinite value has an option of value n; an infinite value lists
    the finite values of its options, and cannot be made finite (some infinite option
    has no option of value mex K)."""
    for u, ws in enumerate(succ):
        v = values[u]
        finite = {values[w] for w in ws if isinstance(values[w], int)}
        if isinstance(v, int):
            if v in finite or not set(range(v)) <= finite:
                return False
            for w in ws:
                vw = values[w]
                if (not isinstance(vw, int) or vw > v) and v not in {values[x] for x in succ[w]}:
                    return False
        else:
            if v.K != frozenset(finite):
                return False
            m = 0
            while m in finite:
                m += 1
            if not any(not isinstance(values[w], int) and m not in {values[x] for x in succ[w]} for w in ws):
                return False
    return True


# --- graphs worked out by hand ----------------------------------------------------------
def test_hand_made_graphs():
    # a: 0 terminal (0); 1 -> 0 (mex{0} = 1); 2 <-> 3 with 2 -> 1: at stage 0, 2 and 3 are
    # not 0 (3's only option 2 is unlabelled and has no option labelled 0); 3 has no
    # option labelled 0 so it is inf; 2 has no option labelled 0 so it is inf too.
    # K(2) = {1} (its option 1), K(3) = {} : both draws.
    assert generalized_grundy([[], [0], [1, 3], [2]]) == [0, 1, INF({1}), INF()]
    # b: a 2-cycle 0 <-> 1 where 1 can also move to the end 2: 1 is N (move to 2), and 0
    # must move to 1, so 0 is P: value 0 although it lies on a cycle.  1 = mex{0, 0} = 1.
    assert generalized_grundy([[1], [0, 2], []]) == [0, 1, 0]
    # c: a self-loop next to the end: 0 -> {0, 1}, 1 terminal.  0 can never be finite (an
    # option of its own value), it has option 1 of value 0, so inf{0}, an N-position.
    assert generalized_grundy([[0, 1], []]) == [INF({0}), 0]
    # d: the reversible move.  0 -> {1, 2}, 1 terminal (0), 2 -> {3}, 3 -> {0, 1}.
    # Stage 0: 1 gets 0; 3 has option 1 labelled 0 (so not 0); 0 has option 1 (not 0);
    # 2's only option 3 has an option labelled 0, so 2 gets 0; then 0 and 3 both have an
    # option labelled 0.  Stage 1: 0's options 1, 2 are both 0, no inf/unlabelled option,
    # so 0 gets 1; 3's options 0 (now 1) and 1 (0): 3 gets mex{1, 0} = 2 in stage 2.
    assert generalized_grundy([[1, 2], [], [3], [0, 1]]) == [1, 0, 0, 2]
    # e: nim with a loop: *2 = {0, *1}, plus a vertex 3 -> {0, 1, 2, 3}: 3 has options of
    # values 0, 1, 2 and itself: inf{0,1,2} (N, move to 0).
    assert generalized_grundy([[], [0], [0, 1], [0, 1, 2, 3]]) == [0, 1, 2, INF({0, 1, 2})]


def test_values_print_as_in_the_issue():
    assert str(INF({0, 2})) == "∞{0,2}" and INF({0, 2}).ascii == "inf{0,2}"
    assert repr(INF()) == "∞{}"
    assert INF({0}) == INF([0]) and hash(INF({0})) == hash(INF([0])) and INF({0}) != INF({1})


def test_sum_rules():
    # Smith's rules (Winning Ways ch. 12; Siegel ch. IV): n + m = n xor m,
    # n + inf_K = inf_{K xor n}, inf + inf = inf_{} (a draw)
    assert nim_add([5, 3]) == 6
    assert nim_add([2, INF({0, 1, 5})]) == INF({2, 3, 7})
    assert nim_add([INF({0}), INF({0})]) == INF()
    assert outcome_of(nim_add([1, INF({1})])) == "N"  # inf{0}: move the loopy part to 1
    assert outcome_of(nim_add([1, INF({0})])) == "D"
    with pytest.raises(ValueError):
        INF({-1})


# --- the referee and the definition on random graphs -------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9), st.floats(0.05, 0.6), st.integers(0, 10**6))
def test_outcomes_match_retrograde_analysis(n, p, seed):
    succ = edge_lists(random.Random(seed), n, p)
    values = generalized_grundy(succ)
    assert [outcome_of(v) for v in values] == retrograde_outcomes(succ)
    assert satisfies_definition(succ, values)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.floats(0.1, 0.6), st.integers(0, 10**6))
def test_sums_match_retrograde_analysis_of_the_product(n, m, p, seed):
    # Smith's sum theorem, checked on the product graph: (a, b) moves in a or in b
    rng = random.Random(seed)
    g, h = edge_lists(rng, n, p), edge_lists(rng, m, p)
    vg, vh = generalized_grundy(g), generalized_grundy(h)
    prod = [[x * m + b for x in g[a]] + [a * m + y for y in h[b]] for a in range(n) for b in range(m)]
    vp = generalized_grundy(prod)
    ref = retrograde_outcomes(prod)
    for a in range(n):
        for b in range(m):
            assert vp[a * m + b] == nim_add([vg[a], vh[b]])
            assert outcome_of(vp[a * m + b]) == ref[a * m + b]


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 9), st.floats(0.05, 0.6), st.integers(0, 10**6))
def test_labelling_is_stable_under_relabelling(n, p, seed):
    rng = random.Random(seed)
    succ = edge_lists(rng, n, p)
    perm = list(range(n))
    rng.shuffle(perm)  # vertex u is called perm[u]
    renamed = [None] * n
    for u in range(n):
        renamed[perm[u]] = [perm[w] for w in reversed(succ[u])]
    a, b = generalized_grundy(succ), generalized_grundy(renamed)
    assert [b[perm[u]] for u in range(n)] == a


# --- the solver on move functions --------------------------------------------------------
def swing(n):
    # 0 terminal; 1 -> 0; 2 -> 1 or 3; 3 -> 2; 4 -> 3 or 0
    return {0: [], 1: [0], 2: [1, 3], 3: [2], 4: [3, 0]}[n]


def test_impartial_solver_hands_over_when_play_repeats():
    s = ImpartialSolver(swing)
    assert s.grundy(1) == 1 and type(s.grundy(1)) is int
    assert str(s.grundy(2)) == "∞{1}" and s.grundy(4) == INF({0})
    assert [s.outcome(n) for n in range(5)] == ["P", "N", "D", "D", "N"]
    assert s.winning_move(4).option == 0
    assert s.drawing_move(2).option == 3
    assert s.outcome([1, 4]) == "D" and s.outcome([1, 1]) == "P" and s.outcome([4, 4]) == "D"
    with pytest.raises(cg.NoWinningMoveError):
        s.winning_move(2)
    with pytest.raises(cg.NoWinningMoveError):
        s.drawing_move(4)


def test_short_games_keep_their_int_values_and_speed():
    s = ImpartialSolver(lambda n: [n - k for k in (1, 3, 4) if k <= n])
    assert [s.grundy(n) for n in range(8)] == [0, 1, 0, 1, 2, 3, 2, 0]
    assert s._loopy is None  # no hand-over for a short game


def test_sum_options_in_a_loopy_game():
    # a position 'split' that moves to the sum of two heaps-with-a-loop, and back
    def moves(p):
        if p == "split":
            return [("a", "b")]
        if p == "a":
            return ["a2", "end"]
        if p == "a2":
            return ["a"]
        if p == "b":
            return ["end"]
        return []

    s = LoopyImpartialSolver(moves)
    # a2 -> a only; a -> {a2, end}: a = 1 ("end" is 0, a2 has option a ... a2 is 0
    # because a's other option is the end: a is N), b = 1, a + b = 0, split = mex{0} = 1
    assert s.grundy("a") == 1 and s.grundy("a2") == 0 and s.grundy("b") == 1
    assert s.grundy("split") == 1 and s.grundy_sum(["a", "b"]) == 0


def play_out(solver, start, rng, limit=10_000):
    """The winner plays winning_move; the loser plays anything; returns the number of
    moves until the loser is stuck."""
    pos, moves = start, 0
    winner_to_move = True
    while True:
        if winner_to_move:
            pos = solver.winning_move(pos).option
        else:
            opts = [c[0] for _, c in solver._opts(pos)]
            if not opts:
                return moves
            pos = rng.choice(opts)
        winner_to_move = not winner_to_move
        moves += 1
        assert moves < limit, "the winning strategy did not end the game"


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 12), st.floats(0.1, 0.5), st.integers(0, 10**6))
def test_winning_moves_actually_win(n, p, seed):
    rng = random.Random(seed)
    succ = edge_lists(rng, n, p)
    s = LoopyImpartialSolver(lambda u: succ[u])
    for u in range(n):
        if s.outcome(u) == "N":
            play_out(s, u, rng, limit=4 * n * n + 10)


def test_hundred_thousand_positions_without_recursion():
    n = 100_000

    # a long path with a back edge every 7 steps: n -> n-1, and n -> n+3 when n % 7 == 0
    def moves(k):
        out = [k - 1] if k > 0 else []
        if k % 7 == 0 and k + 3 < n:
            out.append(k + 3)
        return out

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        s = ImpartialSolver(moves)
        v = s.grundy(n - 1)
    finally:
        sys.setrecursionlimit(old)
    assert s.cache_size() >= n
    ref = retrograde_outcomes([moves(k) for k in range(n)])
    assert s.outcome(n - 1) == ref[n - 1]
    assert v == s.grundy(n - 1)


def test_bound_on_the_reachable_graph():
    # an endless game: 0 loops at once (so the solver hands over), and k -> k + 1 for ever
    s = ImpartialSolver(lambda k: [0, k + 1], max_positions=500)
    with pytest.raises(GraphTooLargeError, match="more than 500 positions") as info:
        s.grundy(0)
    assert isinstance(info.value, cg.CGTError) and info.value.bound == 500
    with pytest.raises(GraphTooLargeError):
        LoopyImpartialSolver(lambda k: [k + 1, k - 1], max_positions=100).grundy(0)


def test_bad_move_function_names_the_position():
    def moves(k):
        if k == 3:
            raise KeyError("boom")
        return [k + 1, 0]

    with pytest.raises(cg.MoveFunctionError, match="position 3"):
        LoopyImpartialSolver(moves).grundy(0)
    with pytest.raises(cg.MoveFunctionError, match="returned None"):
        LoopyImpartialSolver(lambda k: None).grundy(0)
