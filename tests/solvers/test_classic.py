"""The classic problems (coin game, Nim, two-ends, cake cutting): fast answers
against slow, obviously-right ones."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from cgtkit import CGTError, NoWinningMoveError
from cgtkit.heap.nim import nim_outcome, nim_winning_move, nim_winning_moves
from cgtkit.heap.subtraction import (
    _GAMES,
    coin_game_first_player_wins,
    subtraction_grundy,
    subtraction_heaps,
    subtraction_sequence,
)
from cgtkit.primes import is_probable_prime, prime_factors
from cgtkit.rulesets.cakes import cake_range_queries, maundy_cake_formula, maundy_cake_moves
from cgtkit.scoring import one_coin_margin, one_coin_margin_by_search, two_ends_margin, two_ends_margin_by_search
from cgtkit.heap import SubtractionGame
from cgtkit.impartial import ImpartialSolver
from cgtkit.numbers import Dyadic, simplest_between
from cgtkit.traverse import evaluate


# --- coin game and subtraction heaps ----------------------------------------------
def coin_win_table(x, take):
    """The plain DP: win[j] = some a <= j with win[j-a] false."""
    win = [False] * (x + 1)
    for j in range(1, x + 1):
        win[j] = any(a <= j and not win[j - a] for a in take)
    return win


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_coin_game_matches_the_plain_dp(take):
    table = coin_win_table(300, take)
    assert [coin_game_first_player_wins(x, take) for x in range(301)] == table


@given(st.sets(st.integers(1, 7), min_size=1, max_size=4), st.integers(0, 400))
def test_subtraction_grundy_matches_the_solver(take, n):
    s = ImpartialSolver(lambda k: [k - a for a in take if a <= k])
    assert subtraction_grundy(n, take) == s.grundy(n)


def test_period_is_proven_and_huge_heaps_work():
    seq = subtraction_sequence([1, 3, 4])
    assert (seq.preperiod, seq.period) == (0, 7)
    for n in (10**18, 10**100 + 3):
        assert subtraction_grundy(n, [1, 3, 4]) == [0, 1, 0, 1, 2, 3, 2][n % 7]
    seq = subtraction_sequence([2, 5, 7])
    direct = ImpartialSolver(lambda k: [k - a for a in (2, 5, 7) if a <= k])
    for n in range(0, 3000, 7):
        assert seq[n] == direct.grundy(n)


def test_coin_game_is_the_heap_engine_and_needs_no_work_below_the_smallest_take():
    # regression: --take 10**12 said "no period found" though no move is possible
    seq = subtraction_sequence([10**12])
    assert isinstance(seq.game, SubtractionGame) and (seq.preperiod, seq.period) == (0, 2 * 10**12)
    assert coin_game_first_player_wins(10, [10**12]) is False
    assert coin_game_first_player_wins(10**12 + 5, [10**12]) is True  # one move, to 5: a loss
    assert subtraction_grundy(3 * 10**12, [10**12]) == 1
    assert len(seq.game.computed_values) == 0  # all by the closed form: nothing computed
    game = subtraction_sequence([20000, 19999]).game
    game.release()
    assert subtraction_grundy(10, [20000, 19999]) == 0 and len(game.computed_values) == 0
    # memory bounded by the window needed (the old coin game kept max(S) values per heap)
    assert subtraction_grundy(25000, [20000, 19999]) == 1 and len(game.computed_values) <= 25001


def test_coin_game_refuses_what_is_beyond_reach_before_starting():
    take = [10**12, 10**12 + 1]
    with pytest.raises(
        CGTError,
        match=r"heap 10000000000000 is beyond reach: a proof of its period needs at least 1,000,000,000,003 values, more than the limit of 20,000,000",
    ):
        coin_game_first_player_wins(10**13, take)
    with pytest.raises(CGTError, match="proving its period needs at least 1,000,000,000,003 values"):
        subtraction_sequence(take)
    assert len(_GAMES[tuple(take)].computed_values) == 0  # refused before computing anything
    assert coin_game_first_player_wins(5 * 10**11, take) is False  # below the smallest take


@settings(max_examples=150)
@given(st.sets(st.integers(1, 40), min_size=1, max_size=4), st.integers(0, 200))
def test_subtraction_closed_forms_against_the_engine(take, n):
    # the shortcuts (no move below min S; value 1 below 2 min S; one take k: (n // k) % 2)
    # against values computed from the rules
    closed = SubtractionGame(sorted(take))._closed_form(n)
    slow = ImpartialSolver(lambda k: [k - a for a in take if a <= k]).grundy(n)
    assert closed is None or closed == slow
    assert subtraction_grundy(n, take) == slow


def test_subtraction_heaps_winner():
    values, total = subtraction_heaps([5, 6, 7], [1, 3, 4])
    assert values == [3, 2, 0] and total == 1
    values, total = subtraction_heaps([1, 1], [1, 3, 4])
    assert total == 0


def test_a_heap_may_be_emptied_in_one_move():
    # a move to grundy[j - a] is allowed for a == j too (a < j only would forbid emptying
    # a heap).  With take-set {1, 3, 4} a heap of 3 can be emptied: value mex{g(2), g(0)} = 1.
    assert subtraction_grundy(3, [1, 3, 4]) == 1
    assert subtraction_grundy(4, [1, 3, 4]) == 2


@pytest.mark.parametrize("bad", [[], [0], [-1, 2], [1.5], "abc"])
def test_bad_take_sets(bad):
    with pytest.raises(CGTError):
        coin_game_first_player_wins(5, bad)


# --- Nim --------------------------------------------------------------------------
@given(st.lists(st.integers(0, 40), min_size=1, max_size=5))
def test_nim_against_the_solver(heaps):
    s = ImpartialSolver(lambda n: range(n))
    assert nim_outcome(heaps) == s.outcome(heaps)
    solver_moves = sorted((m.component, m.option) for m in s.winning_moves(list(heaps)))
    assert nim_winning_moves(heaps) == solver_moves


def test_nim_errors():
    with pytest.raises(NoWinningMoveError):
        nim_winning_move([1, 2, 3])
    with pytest.raises(CGTError, match="heap 1"):
        nim_outcome([3, -2])


# --- two-ends take ------------------------------------------------------------------
@given(st.lists(st.integers(-50, 50), min_size=1, max_size=10))
def test_two_ends_equals_brute_force(values):
    assert two_ends_margin(values) == two_ends_margin_by_search(values)


def test_two_ends_exact_beyond_64_bits():
    rng = random.Random(5)
    values = [rng.randint(-(10**30), 10**30) for _ in range(12)]
    assert two_ends_margin(values) == two_ends_margin_by_search(values)


def test_two_ends_long_rows():
    rng = random.Random(1)
    values = [rng.randint(-1000, 1000) for _ in range(150)]
    assert two_ends_margin(values) == two_ends_margin_by_search(values)
    values = [rng.randint(-1000, 1000) for _ in range(3000)]
    assert two_ends_margin(values) >= sum(values)  # taking the whole row is always a move


def test_two_ends_small_cases_by_hand():
    assert two_ends_margin([-5]) == -5
    # [1, -100, 1]: taking one end item leaves [-100, 1], where the opponent takes the
    # 1 and leaves us the -100 (margin 1 - 1 - 100 = -100); taking two items costs -99
    # and leaves them the 1 (-100); taking all three gives -98, the best.
    assert two_ends_margin([1, -100, 1]) == -98


def test_two_ends_errors():
    with pytest.raises(CGTError, match="empty"):
        two_ends_margin([])
    with pytest.raises(CGTError, match="item 1"):
        two_ends_margin([1, "x"])


# --- one coin from an end ------------------------------------------------------------
def one_coin_by_final_totals(row, first=0, second=0, first_moves=True):
    """The brute-force twin: play out every line, keep both players' totals, and let
    the first player maximise (the second minimise) first - second at the end."""
    if not row:
        return first - second
    ends = [(row[0], row[1:]), (row[-1], row[:-1])]
    if first_moves:
        return max(one_coin_by_final_totals(rest, first + v, second, False) for v, rest in ends)
    return min(one_coin_by_final_totals(rest, first, second + v, True) for v, rest in ends)


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=10))
def test_one_coin_equals_both_twins(values):
    assert one_coin_margin(values) == one_coin_margin_by_search(values) == one_coin_by_final_totals(tuple(values))


def test_one_coin_published_examples():
    # GeeksforGeeks, "Optimal Strategy for a Game" (the coins-in-a-line DP): the first
    # player collects 22 of 33 in [8, 15, 3, 7], 4 of 8 in [2, 2, 2, 2], 42 of 66 in
    # [20, 30, 2, 2, 2, 10]; the margin is twice that minus the total
    assert one_coin_margin([8, 15, 3, 7]) == 2 * 22 - 33
    assert one_coin_margin([2, 2, 2, 2]) == 0
    assert one_coin_margin([20, 30, 2, 2, 2, 10]) == 2 * 42 - 66


@given(st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=40).filter(lambda v: len(v) % 2 == 0))
def test_one_coin_even_rows_never_lose_by_parity(values):
    # Winkler's parity strategy: on an even row the first player can take every coin at
    # an odd place, or every coin at an even place, whichever sum is larger
    odd, even = sum(values[0::2]), sum(values[1::2])
    assert one_coin_margin(values) >= abs(odd - even)


def test_one_coin_exact_beyond_64_bits_and_long_rows():
    rng = random.Random(7)
    values = [rng.randint(-(10**30), 10**30) for _ in range(12)]
    assert one_coin_margin(values) == one_coin_margin_by_search(values)
    values = [rng.randint(-1000, 1000) for _ in range(2000)]
    assert one_coin_margin(values) >= abs(sum(values[0::2]) - sum(values[1::2]))
    with pytest.raises(CGTError, match="empty"):
        one_coin_margin([])


# --- cake cutting ---------------------------------------------------------------------
def number_only_value(moves, position, memo):
    """The number-only method: value = simplest number between max(L) and min(R).

    Valid here because every Maundy cake position is a number (the assert would fail
    otherwise: simplest_between raises when max(L) >= min(R))."""

    def expand(pos):
        left, right = moves(pos)
        return (left, right), [c for opt in left + right for c in opt]

    def combine(pos, sides, memo):
        left, right = sides
        lv = [sum((memo[c] for c in opt), Dyadic(0)) for opt in left]
        rv = [sum((memo[c] for c in opt), Dyadic(0)) for opt in right]
        return simplest_between(max(lv) if lv else None, min(rv) if rv else None)

    return evaluate(position, memo, expand, combine)


def test_cake_formula_equals_search_for_all_sides_up_to_60():
    memo = {}
    for w in range(1, 61):
        for h in range(1, 61):
            assert maundy_cake_formula(w, h) == number_only_value(maundy_cake_moves, (w, h), memo), (w, h)


def test_cake_by_hand():
    # 2 x 1: Left cuts into two 1 x 1 cakes (value 0 + 0), Right has no move: {0|} = 1
    assert maundy_cake_formula(2, 1) == 1
    # 4 x 1: Left's options 2 x (2x1) = 2 and 4 x (1x1) = 0: {2|} = 3
    assert maundy_cake_formula(4, 1) == 3
    assert maundy_cake_formula(3, 5) == 0 and maundy_cake_formula(1, 4) == -3
    big = 2**40 * 3**5
    assert maundy_cake_formula(big, 1) > 0 and maundy_cake_formula(1, big) == -maundy_cake_formula(big, 1)


def test_cake_range_queries_by_prefix_sums():
    rng = random.Random(7)
    cakes = [(rng.randint(1, 200), rng.randint(1, 200)) for _ in range(60)]
    values = [maundy_cake_formula(w, h) for w, h in cakes]
    queries = [(l, r) for l in range(1, 61, 3) for r in range(l, 61, 5)]
    expected = ["Yes" if sum(values[l - 1 : r]) > 0 else "No" for l, r in queries]
    assert cake_range_queries(cakes, queries) == expected
    with pytest.raises(CGTError, match="outside"):
        cake_range_queries(cakes, [(0, 2)])


def test_cake_bad_sides():
    with pytest.raises(CGTError, match="positive"):
        maundy_cake_formula(0, 3)


# --- factorisation ------------------------------------------------------------------
@given(st.integers(1, 10**6))
def test_prime_factors_multiply_back(n):
    fs = prime_factors(n)
    prod = 1
    for p in fs:
        prod *= p
        assert is_probable_prime(p)
    assert prod == n and fs == sorted(fs)


def test_prime_factors_of_large_numbers():
    assert prime_factors((2**61 - 1) * (2**31 - 1)) == [2**31 - 1, 2**61 - 1]
    assert prime_factors(2**64 + 1) == [274177, 67280421310721]
