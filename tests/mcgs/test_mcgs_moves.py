"""MCGS's move notation: the corpus's winning-move sets (MCGS's own answers in
``winning_moves/winning_moves_all.test``), every option of every ruleset named and
named apart, and the winning moves in MCGS's notation against cgtkit's own
``search.winning_moves`` (the twin: options, not names)."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings, strategies as st

from cgtkit.errors import CGTError
from cgtkit.mcgs.games import component, position_of
from cgtkit.mcgs.moves import options, winning_moves
from cgtkit.mcgs.runner import FAIL, OK, run_file
from cgtkit.mcgs.testfile import GameTerm, WinningMoves, read
from cgtkit.search import winning_moves as search_winning_moves

CORPUS = pathlib.Path(__file__).parent.parent / "data" / "mcgs" / "autotests"
WINNING = CORPUS / "winning_moves" / "winning_moves_all.test"


def test_the_corpus_winning_moves():
    results = [r for r in run_file(read(WINNING.read_text(), str(WINNING))) if r.command.startswith("winning moves")]
    assert len(results) == 194
    assert [r for r in results if r.status != OK] == []


def names(section, text, player, impartial=False):
    return sorted(name for name, _ in options(component(GameTerm(section, text, impartial)), player))


def test_each_game_names_its_moves():
    assert names("clobber_1xn", "XOX", "W") == ["2-1", "2-3"]
    assert names("clobber", "XO|.X", "B") == ["a1-b1", "b2-b1"]
    assert names("cannibal_clobber", "XX", "B") == ["a1-b1", "b1-a1"]  # an own stone eaten
    assert names("domineering", "...", "W") == ["a1-b1", "b1-c1"]
    assert names("domineering", "..|..", "B") == ["a1-a2", "b1-b2"]
    assert names("amazons", "X.", "B") == ["a1-b1-a1"]
    assert names("fission", ".|X|.", "B") == ["a2_V"]
    assert names("fission", ".|X|.", "N", impartial=True) == ["a2_V"]
    assert names("nogo_1xn", "X..", "W") == ["3_O"]
    assert names("nogo", "..|#.", "B") == ["a1_X", "b1_X", "b2_X"]
    assert names("elephants", "X.O", "B") == ["1-2"]
    assert names("gen_toads", "1,2,1,0:X..O", "B") == ["1-2", "1-3"]
    assert names("sheep", "3 0", "B") == ["a1-b1-1", "a1-b1-2"]
    assert names("toppling_dominoes", "XO", "B") == ["1L", "1R"]  # 1R topples both
    assert names("toppling_dominoes", "#", "W") == ["1L", "1R"]
    assert names("gen_king_dirt", "1,0,0:X.", "B") == ["a1-b1", "b1_X"]
    assert names("gen_king_dirt", "1,0,1:X.", "B") == ["b1_X"]  # must place
    assert names("kayles", "4", "N") == ["1-0-3", "1-1-2", "2-0-2", "2-1-1"]
    assert names("nimber", "3", "W") == ["*0", "*1", "*2"]
    assert names("integer_game", "2", "B") == ["INT"] and names("integer_game", "2", "W") == []
    assert names("integer_game", "2", "N", impartial=True) == ["INT"]
    assert names("dyadic_rational", "3/4", "N", impartial=True) == ["DEC", "INC"]
    assert names("switch_game", "1, -1", "W") == ["SWITCH_R"]
    assert names("up_star", "1 *", "B") == ["0", "0*"] and names("up_star", "1 *", "W") == ["0"]
    assert names("up_star", "-3", "B") == ["-2*"] and names("up_star", "-3", "W") == ["0"]


def test_winning_moves_n_needs_an_impartial_sum():
    with pytest.raises(CGTError, match="impartial"):
        winning_moves([component(GameTerm("clobber_1xn", "XO"))], "N")


# --- every option named, and named apart; the names against cgtkit's own search ----

BOARDS = {
    "clobber": st.text("XO.", min_size=1, max_size=6).map(lambda r: r + "|" + r[::-1]),
    "clobber_1xn": st.text("XO.", min_size=1, max_size=8),
    "cannibal_clobber": st.text("XO.", min_size=1, max_size=4).map(lambda r: r + "|" + r.swapcase()),
    "domineering": st.text(".#", min_size=1, max_size=4).map(lambda r: r + "|" + r[::-1]),
    "amazons": st.sampled_from(["X..|..O", "X.#|.O.", "XO|..", "X..O"]),
    "fission": st.text(".X#", min_size=3, max_size=3).map(lambda r: f"...|{r}|..."),
    "nogo": st.text("..XO#", min_size=3, max_size=3).map(lambda r: f"{r}|..."),
    "elephants": st.text("XO..", min_size=1, max_size=8),
    "gen_toads": st.text("XO..", min_size=1, max_size=7).map(lambda s: "1,2,1,1:" + s),
    "sheep": st.sampled_from(["3 0 0|0 0 -2", "2 0|0 -3", "0 4 0|0 0 0|-2 0 0"]),
    "toppling_dominoes": st.text("XO#", min_size=1, max_size=7),
    "gen_king_dirt": st.sampled_from(["1,1,0:.X.|...|.O.", "0,0,0:X..|.#O", "1,0,1:X.|..", "2,1,0:..|.#"]),
}


def _terms(section, text):
    try:
        return component(GameTerm(section, text))
    except CGTError:
        return None  # not a position (a NoGo group without a liberty)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(BOARDS)).flatmap(lambda s: st.tuples(st.just(s), BOARDS[s])), st.sampled_from("BW"))
def test_every_option_has_names_and_no_two_share_one(board, player):
    section, text = board
    c = _terms(section, text)
    if c is None:
        return
    position = position_of(c.term)
    named = {}
    for name, after in options(c, player):
        assert named.setdefault(name, after.position) == after.position, name
    found = position.left_moves() if player == "B" else position.right_moves()
    assert set(named.values()) == set(found)


@settings(max_examples=25, deadline=None)
@given(st.lists(BOARDS["clobber_1xn"], min_size=1, max_size=3), st.sampled_from("BW"))
def test_winning_moves_by_name_are_the_searched_winning_options(strips, player):
    parts = [component(GameTerm("clobber_1xn", s)) for s in strips]
    positions = [c.position for c in parts]
    winning = {
        (i, (positions[i].left_moves() if player == "B" else positions[i].right_moves())[j])
        for i, j in search_winning_moves(positions, "L" if player == "B" else "R")
    }
    by_name = set()
    for i, c in enumerate(parts):
        for name, after in options(c, player):
            if (f"{i}:{name}" if len(parts) > 1 else name) in winning_moves(parts, player):
                by_name.add((i, after.position))
    assert by_name == winning


def test_the_runner_checks_winning_move_sets():
    f = read("[clobber_1xn] XOX {winning moves W 2-1 2-3, winning moves B None, winning moves B}")
    assert f.cases[0].commands[1] == WinningMoves("B", frozenset())
    results = run_file(f)
    assert [r.status for r in results] == [OK, FAIL, "DONE"]  # XOX = *: every move wins
    assert results[1].got == results[2].got == "1-2 3-2"
