"""The partizan solver: seed 000's game, sums, numbers, and bad input."""

import pytest

import cgtkit as cg
from cgtkit.classic import maundy_cake_formula, maundy_cake_moves
from cgtkit.options import Move


def seed_game(n):
    """Seed 000: Left moves n -> n-2, Right n -> n-1, only to positions > 0."""
    return ([n - 2] if n - 2 > 0 else []), ([n - 1] if n - 1 > 0 else [])


def test_seed_game_true_values_cold_to_100000():
    p = cg.PartizanSolver(seed_game)
    switch = cg.Game.from_options([0], [-1])
    assert p.value(10**5) == cg.zero  # cold: the first query is the deepest
    expected = [cg.zero, cg.game("-1"), switch]
    assert all(p.value(n) == expected[(n - 1) % 3] for n in range(1, 10**5 + 1))
    assert str(p.value(3)) == "{0|-1}" and p.value(3).outcome == "N"


def test_number_path_raises_on_a_non_number():
    p = cg.PartizanSolver(seed_game)
    assert p.number(2) == -1 and p.number(4) == 0
    with pytest.raises(cg.NotANumberError, match=r"position 3 has value \{0\|-1\}"):
        p.number(3)


def test_the_seeds_expected_half_is_not_what_we_answer():
    # The seed's comments claim 1/2 at n = 5 and 1 at n = 6; both are wrong.
    p = cg.PartizanSolver(seed_game)
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
    p = cg.PartizanSolver(lambda n: ([n + 1], []) if n < 3 else ([0], []))
    with pytest.raises(cg.LoopyGameError) as info:
        p.value(0)
    assert info.value.cycle == [0, 1, 2, 3, 0]
    with pytest.raises(cg.MoveFunctionError, match="expected a pair"):
        cg.PartizanSolver(lambda n: [n]).value(1)
    with pytest.raises(cg.MoveFunctionError, match="Left options for position 1"):
        cg.PartizanSolver(lambda n: (5, [])).value(1)
    with pytest.raises(cg.UnhashablePositionError):
        cg.PartizanSolver(seed_game).value([1])
