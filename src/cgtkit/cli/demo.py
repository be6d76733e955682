"""``cgtkit demo``: a tour of the classic problems, each solved on its own example."""

from __future__ import annotations

from ..heap.nim import nim_winning_move
from ..heap.subtraction import coin_game_first_player_wins, subtraction_heaps
from ..impartial import ImpartialSolver
from ..rulesets.cakes import cake_range_queries, maundy_cake_formula, maundy_cake_value
from ..scoring.two_ends import two_ends_margin
from ._args import a_or_an
from ..nimbers import nim_sum
from ..numbers import Dyadic, simplest_between
from ..outcome import Outcome


def _heading(text: str) -> None:
    print()
    print(text)
    print("-" * len(text))


def _partizan() -> None:
    from .value_commands import example_game

    _heading("A partizan game: Left n -> n-2, Right n -> n-1, only to n > 0")
    for n in range(1, 7):
        print(f"  n = {n}: value {example_game().value(n - 1)}")
    print("  n = 3 is {0|-1}, a hot switch, not a number: a number-only")
    print("  solver cannot value it. The values repeat 0, -1, {0|-1} with period 3 (proved);")
    print(f"  n = 10**100: {example_game().value(10**100 - 1)}")
    print(
        f"  exact numbers: 3/4 + 5/8 = {Dyadic('3/4') + Dyadic('5/8')}; "
        f"simplest number between 1/4 and 1: {simplest_between('1/4', 1)}; "
        f"above 10^12: {simplest_between(10**12, None)}"
    )


def run_demo() -> None:
    """Print the tour."""
    print("cgtkit demo: the classic problems, solved exactly")
    _partizan()

    _heading("The impartial solver on Nim heaps 3, 4, 5")
    solver = ImpartialSolver(lambda n: range(n))  # a Nim heap n moves to any smaller heap
    heaps = [3, 4, 5]
    print(f"  Grundy value of the sum: {solver.grundy_sum(heaps)}")
    move = solver.winning_move(heaps)
    assert move.component is not None  # a move in a sum names its component
    print(f"  winning move: heap {move.component + 1} -> {move.option} (leaves {move.result})")

    _heading("The coin game, Nim, Grundy values, two-ends take")
    for x in (7, 10):
        who = "A" if coin_game_first_player_wins(x, [1, 3, 4]) else "B"
        print(f"  {x} coins, take 1, 3 or 4: {who} wins")
    print(
        f"  10**100 coins, take 1, 3 or 4: "
        f"{'A' if coin_game_first_player_wins(10**100, [1, 3, 4]) else 'B'} wins (proven period)"
    )
    i, new = nim_winning_move([3, 4, 5])
    print(f"  Nim 3 4 5: nim-sum {nim_sum([3, 4, 5])}, A wins by heap {i + 1} -> {new}")
    values, total = subtraction_heaps([5, 6, 7], [1, 3, 4])
    print(f"  heaps 5 6 7, take 1, 3 or 4: Grundy values {values}, nim-sum {total}: {'A' if total else 'B'} wins")
    row = [3, -1, 4, 1, -5, 9, -2, 6]
    print(f"  two-ends take on {row}: the first player wins by {two_ends_margin(row)}")

    _heading("Cake cutting (Maundy Cake)")
    for w, h in ((6, 4), (12, 1), (8, 3), (2, 12)):
        print(f"  {w} x {h}: formula {maundy_cake_formula(w, h)}, search {maundy_cake_value(w, h)}")
    cakes = [(12, 1), (1, 2), (2, 12)]
    print(
        f"  cakes {cakes}, is the sum of ranges [1,2], [2,3], [1,3] positive? "
        f"{cake_range_queries(cakes, [(1, 2), (2, 3), (1, 3)])}"
    )

    _heading("P and N positions, Nim, sums of games")
    sub = ImpartialSolver(lambda n: [n - k for k in (1, 2) if k <= n])
    print(f"  take 1 or 2 from a heap: P-positions below 12: {[n for n in range(12) if sub.outcome(n) is Outcome.P]}")
    outcome = sub.outcome([4, 7])
    print(
        f"  the sum of heaps 4 and 7 is {a_or_an(outcome)} {outcome}-position "
        f"(Grundy {sub.grundy(4)} xor {sub.grundy(7)})"
    )
