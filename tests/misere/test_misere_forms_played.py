"""misere_outcome plays the form it is given, never the normal-play canonical form: the
cases below are ones where the two disagree, each checked by a plain search over the
position's own moves."""

from functools import lru_cache

import pytest

from cgtkit.misere import form, game as misere_game
from cgtkit.rulesets import Domineering, Kayles
from cgtkit.short.misere import misere_first_player_wins, misere_outcome
from cgtkit.short.notation import game


def searched(position) -> str:
    """Misère outcome by plain search: a player with no move wins."""

    @lru_cache(maxsize=None)
    def wins(p, left: bool) -> bool:
        if hasattr(p, "left_options"):  # a Form
            moves = list(p.left_options if left else p.right_options)
        else:
            moves = list(p.left_moves() if left else p.right_moves())
        return not moves or any(not wins(q, not left) for q in moves)

    left, right = wins(position, True), wins(position, False)
    return {(True, True): "N", (False, False): "P", (True, False): "L", (False, True): "R"}[(left, right)]


def test_a_form_against_its_value():
    # {0, -1 |}: Left moves to -1, Right must move to 0 and Left (unable to move) wins;
    # its value 1 = {0 |} leaves Left only the move to 0, where Right wins
    assert misere_outcome("{0, -1 |}") == "N"
    assert misere_outcome(game("{0, -1 |}")) == misere_outcome(game("1")) == "R"
    # {*2 | *2} plays like the impartial {*2}, a misère P-position; its value is 0
    assert misere_outcome("{*2 | *2}") == "P" and misere_outcome(form("{*2 | *2}")) == "P"
    assert misere_outcome(game("{*2 | *2}")) == "N"


def test_forms_are_played_as_written():
    f = form("{0, -1 |}")
    assert searched(f) == misere_outcome(f) == "N"
    g = form("{{*2|*2}, 1 | -1}")
    assert misere_outcome(g) == searched(g)


@pytest.mark.parametrize(
    "position, value_outcome",
    [(Kayles("xx.xx"), "N"), (Domineering("...|..."), "P"), (Kayles("xx.xx.x"), "P")],
    ids=["Kayles xx.xx", "Domineering 2x3", "Kayles xx.xx.x"],
)
def test_ruleset_positions_are_played_by_their_moves(position, value_outcome):
    assert misere_outcome(position) == searched(position)
    assert misere_outcome(position.value) == value_outcome
    assert misere_outcome(position) != value_outcome


def test_impartial_misere_forms():
    assert misere_outcome(misere_game("*[2[2]]")) == "P"  # *2 + *2
    assert misere_outcome(misere_game("*[2]")) == "N"
    assert misere_first_player_wins(misere_game("*[1]")) == (False, False)
