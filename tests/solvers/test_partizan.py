"""The partizan solver: the example game (Left n -> n-2, Right n -> n-1), sums, numbers, and bad input."""

import pytest

import cgtkit as cg
from cgtkit.rulesets.cakes import maundy_cake_formula, maundy_cake_moves
from cgtkit.options import Move


def example_game(n):
    """Left moves n -> n-2, Right n -> n-1, only to positions > 0 (the docs' example game)."""
    return ([n - 2] if n - 2 > 0 else []), ([n - 1] if n - 1 > 0 else [])


def test_example_game_true_values_cold_to_100000():
    p = cg.PartizanSolver(example_game)
    switch = cg.Game.from_options([0], [-1])
    assert p.value(10**5) == cg.zero  # cold: the first query is the deepest
    expected = [cg.zero, cg.game("-1"), switch]
    assert all(p.value(n) == expected[(n - 1) % 3] for n in range(1, 10**5 + 1))
    assert str(p.value(3)) == "{0|-1}" and p.value(3).outcome == "N"


def test_number_path_raises_on_a_non_number():
    p = cg.PartizanSolver(example_game)
    assert p.number(2) == -1 and p.number(4) == 0
    with pytest.raises(cg.NotANumberError, match=r"position 3 has value \{0\|-1\}"):
        p.number(3)


def test_positions_5_and_6_are_not_one_half_and_one():
    # a plausible misreading gives 1/2 at n = 5 and 1 at n = 6; both are wrong
    p = cg.PartizanSolver(example_game)
    assert p.value(5) == -1 and p.value(6) == cg.Game.from_options([0], [-1])


def test_maundy_cake_formula_equals_the_engine_for_sides_up_to_60():
    p = cg.PartizanSolver(maundy_cake_moves)
    for w in range(1, 61):
        for h in range(1, 61):
            assert p.value((w, h)) == maundy_cake_formula(w, h), (w, h)


def test_sums_labels_and_hackenbush_stalks():
    # a Blue-Red Hackenbush stalk as a string of 'L'/'R' edges from the ground up:
    # a player cuts one of their own edges, removing it and everything above it
    def stalk(s):
        left = [s[:i] for i, c in enumerate(s) if c == "L"]
        right = [s[:i] for i, c in enumerate(s) if c == "R"]
        return left, right

    p = cg.PartizanSolver(stalk)
    assert p.value("LR") == cg.Dyadic(1, 2)
    assert p.value("LRR") == cg.Dyadic(1, 4)
    assert p.value("LLRL") == cg.Dyadic(7, 4)  # 2, then -1/2, then +1/4 (Berlekamp sign rule)
    assert p.value_of_sum(["LR", "LR", "R"]) == 0

    def with_sums(n):  # Left splits n into two smaller copies; Right moves to n-1
        left = [Move(f"split {n}", (n - 1, n - 1))] if n > 1 else []
        return left, ([n - 1] if n else [])

    q = cg.PartizanSolver(with_sums)
    assert q.value(0) == 0
    assert q.value(2) == cg.Game.from_options([q.value(1) + q.value(1)], [q.value(1)])


def test_loopy_and_bad_move_functions():
    # Left runs round 0 -> 1 -> 2 -> 3 -> 0 for ever and Right never moves: on.  The
    # solver hands over to the loopy value; a short value is refused, naming the cycle
    p = cg.PartizanSolver(lambda n: ([n + 1], []) if n < 3 else ([0], []))
    assert str(p.value(0)) == "on"
    with pytest.raises(cg.LoopyGameError) as info:
        p.short_value(0)
    assert info.value.cycle == [0, 1, 2, 3, 0]
    with pytest.raises(cg.MoveFunctionError, match="expected a pair"):
        cg.PartizanSolver(lambda n: [n]).value(1)
    with pytest.raises(cg.MoveFunctionError, match="Left options for position 1"):
        cg.PartizanSolver(lambda n: (5, [])).value(1)
    with pytest.raises(cg.UnhashablePositionError):
        cg.PartizanSolver(example_game).value([1])


# --- partizan subtraction games: bottom up with a proved period, PartizanSolver the twin ---
from hypothesis import given, settings, strategies as st  # noqa: E402

from cgtkit.cli.value_commands import example_game as subtraction_example, example_game_moves  # noqa: E402
from cgtkit.errors import PeriodNotCertifiedError, RulesError  # noqa: E402
from cgtkit.heap import PartizanSubtractionGame  # noqa: E402


def test_example_game_as_a_subtraction_game_against_the_solver():
    solver = cg.PartizanSolver(example_game_moves)
    game = PartizanSubtractionGame(left=[2], right=[1])
    assert [game.value(n - 1) for n in range(1, 400)] == [solver.value(n) for n in range(1, 400)]
    assert game.period() == (0, 3)


def test_example_game_any_position_from_the_period():
    # regression: --example-game 10**7 took 105 s and 4 GB (a search over every position)
    three = [subtraction_example().value(0), subtraction_example().value(1), subtraction_example().value(2)]
    assert [str(v) for v in three] == ["0", "-1", "{0|-1}"]
    for n in (10**7, 10**7 + 1, 10**100, 10**100 + 2):
        assert subtraction_example().value(n - 1) == three[(n - 1) % 3]
    assert len(subtraction_example().computed_values) < 1000  # read off the period, not computed to 10**7


@settings(max_examples=60)
@given(st.sets(st.integers(1, 5), max_size=3), st.sets(st.integers(1, 5), max_size=3))
def test_random_partizan_subtraction_games_against_the_solver(left, right):
    def moves(n):
        return [n - k for k in left if k <= n], [n - k for k in right if k <= n]

    solver = cg.PartizanSolver(moves)
    game = PartizanSubtractionGame(left, right)
    assert [game.value(n) for n in range(70)] == [solver.value(n) for n in range(70)]
    try:
        n0, p = game.period(limit=256)
    except PeriodNotCertifiedError:
        return  # not every such game is periodic (left 1, right 1 and 2: v, vv*, v3, ...)
    assert all(game.value(n) == solver.value(n0 + (n - n0) % p) for n in range(n0, 150))


def test_non_periodic_and_bad_partizan_subtraction_games():
    downs = PartizanSubtractionGame(left=[1], right=[1, 2])
    assert str(downs.value(10)) == "v9"  # values grow: no period, answered directly
    with pytest.raises(PeriodNotCertifiedError, match="no period proved within the first 500 heaps"):
        downs.period(limit=500)
    with pytest.raises(PeriodNotCertifiedError, match="heap 100000 lies beyond them"):
        downs.value(100_000, limit=500)
    with pytest.raises(PeriodNotCertifiedError, match="beyond reach: a proof of the period needs at least 1,000,002"):
        PartizanSubtractionGame(left=[10**6], right=[1]).value(10**7)
    with pytest.raises(RulesError, match="left takes must be ints >= 1, got 0"):
        PartizanSubtractionGame(left=[0], right=[1])
    with pytest.raises(RulesError, match="a heap size is an int >= 0"):
        downs.value(-1)


def test_partizan_subtraction_game_after_a_failure(monkeypatch):
    game = PartizanSubtractionGame(left=[1, 3], right=[2])
    good = [game.value(n) for n in range(40)]
    game.release()
    real = cg.Game.from_options
    calls = {"n": 0}

    def failing(left, right):
        calls["n"] += 1
        if calls["n"] == 20:
            raise MemoryError("simulated")
        return real(left, right)

    monkeypatch.setattr(cg.Game, "from_options", failing)
    with pytest.raises(MemoryError):
        game.value(39)
    assert game.computed_values == ()  # released
    monkeypatch.undo()
    assert [game.value(n) for n in range(40)] == good
