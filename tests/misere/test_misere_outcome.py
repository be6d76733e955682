"""Misère outcomes of short games (the player who cannot move wins).

Sources: misère Nim on one heap (Winning Ways ch. 13; Siegel, CGT (2013) ch. V): *1 is
a P-position, every other single heap (including the empty one, where the player to
move cannot move and wins) is N.  The rest is checked against a plain recursive twin
over the forms.
"""

import functools

import pytest
from hypothesis import given, settings

from support.analysis_games import games
from cgtkit.short.constants import nimber
from cgtkit.short.game import Game
from cgtkit.short.misere import misere_first_player_wins, misere_outcome
from cgtkit.short.notation import game


@pytest.mark.parametrize("n, outcome", [(0, "N"), (1, "P"), (2, "N"), (3, "N"), (8, "N")])
def test_misere_nim_heap(n, outcome):
    assert misere_outcome(nimber(n)) == outcome


@pytest.mark.parametrize(
    "expr, outcome",
    [
        ("1", "R"),
        ("-1", "L"),
        ("5", "R"),
        ("1/2", "R"),
        ("-3/4", "L"),
        ("^", "R"),
        ("v", "L"),
        ("+-1", "P"),
        ("{1|*}", "R"),
    ],
)
def test_misere_by_hand(expr, outcome):
    # 1 = {0|}: Right cannot move and wins; Left must move to 0, where Right cannot move.
    # +-1: either player's move leaves the other a move to 0 and then no move: P.
    assert misere_outcome(game(expr)) == outcome


@functools.lru_cache(maxsize=None)
def _twin(g: Game) -> tuple[bool, bool]:
    left = not g.left_options or any(not _twin(o)[1] for o in g.left_options)
    right = not g.right_options or any(not _twin(o)[0] for o in g.right_options)
    return left, right


@settings(max_examples=60)
@given(games())
def test_against_a_recursive_twin(g):
    assert misere_first_player_wins(g) == _twin(g)
    outcome = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[_twin(g)]
    assert misere_outcome(g) == outcome
    assert misere_outcome(-g) == {"L": "R", "R": "L"}.get(outcome, outcome)
