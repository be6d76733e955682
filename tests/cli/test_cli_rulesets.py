"""`cgtkit NAME POSITION`, `cgtkit ruleset`, `cgtkit rulesets` and `cgtkit play`:
values printed, errors, and scripted games against the perfect player."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from support.cli_run import run
from cgtkit.cli.ruleset_commands import best_move, play
from cgtkit.rulesets.hackenbush import HackenbushStalks
from cgtkit.rulesets.kayles import Kayles
from cgtkit.rulesets.registry import declarations, lookup
from cgtkit.short.notation import game


def facts(out: str) -> dict:
    return dict(line.split(": ", 1) for line in out.strip().splitlines() if ": " in line and not line.startswith(" "))


@pytest.mark.parametrize(
    "argv, value, outcome, extra",
    [
        (["hackenbush", "LRR"], "1/4", "L", ("number", "1/4")),
        (["hackenbush", "G(G,GG)"], "*4", "N", ("nim value", "4")),
        (["ruleset", "hackenbush-stalks", "LR,R"], "-1/2", "R", ("number", "-1/2")),
        (["kayles", "xxxx"], "*", "N", ("nim value", "1")),
        (["dawsons-kayles", "xxxxx"], "0", "P", ("nim value", "0")),
        (["col", "a[L]-b"], "1/2", "L", ("number", "1/2")),
        (["snort", "a-b"], "+-1", "N", ("number", "no (not a number)")),
        (["arc-kayles", "1-2-3-4"], "*2", "N", ("nim value", "2")),
        (["cutcake", "4x1"], "3", "L", ("number", "3")),
        (["maundy-cake", "12x1"], "10", "L", ("number", "10")),
        (["eatcake", "2x1"], "v", "R", ("birthday", "2")),
        (["domineering", "..|.."], "+-1", "N", ("number", "no (not a number)")),
        (["ruleset", "Toads and Frogs", "TT..FF"], "*", "N", ("nim value", "1")),
    ],
)
def test_value_commands(capsys, argv, value, outcome, extra):
    status, out, err = run(capsys, *argv)
    assert status == 0 and err == ""
    f = facts(out)
    assert f["value"] == value and f["outcome"].startswith(outcome + " (")
    assert f[extra[0]] == extra[1]


def test_domineering_4x4_from_the_issue(capsys):
    status, out, _ = run(capsys, "domineering", "....|....|....|....")
    assert status == 0
    assert game(facts(out)["value"]) == game("+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}")


def test_moves_listing(capsys):
    status, out, _ = run(capsys, "cutcake", "3x2", "--moves")
    assert status == 0
    assert "left moves: 1\n  1. 1x2,2x2    value -1\n" in out
    assert "right moves: 1\n  1. 3x1,3x1    value 4\n" in out


def test_errors_exit_2(capsys):
    status, _, err = run(capsys, "col", "a-b+c")
    assert status == 2 and "'+' at column 4" in err
    status, _, err = run(capsys, "ruleset", "chess", "x")
    assert status == 2 and "unknown ruleset 'chess'" in err


def test_list(capsys):
    status, out, _ = run(capsys, "rulesets")
    assert status == 0 and all(name in out for name in declarations())


PART_B = ["hackenbush", "hackenbush-stalks", "hackenbush-graph", "col", "snort", "arc-kayles"]
PART_B += ["cutcake", "maundy-cake", "eatcake", "kayles", "dawsons-kayles"]


def test_every_ruleset_parses_its_example():
    for name in PART_B:
        cls = lookup(name)
        p = cls(declarations()[name].example)
        assert cls(str(p)) == p


# --- play -----------------------------------------------------------------------------------
def scripted(position, lines, **kw):
    feed = iter(lines)
    out = io.StringIO()
    winner = play(position, read=lambda: next(feed, ""), out=out, **kw)
    return winner, out.getvalue()


def test_computer_wins_a_p_position_when_the_human_starts():
    # Kayles x.x is 0: whatever the human does, the computer answers and wins
    for first_move in ("1", "2"):
        winner, text = scripted(Kayles("x.x"), [first_move, "1"])
        assert winner == "right" and "The computer wins." in text


def test_human_can_win_a_first_player_win():
    # Kayles xxx is *3: the human (moving first) takes the middle pin, leaving x.x;
    # the computer must move to one pin, and the human takes it
    winner, text = scripted(Kayles("xxx"), ["3", "1"])
    assert winner == "left" and "You win!" in text
    assert "You (Left) play b1, leaving x.x" in text and "The computer (Right) plays a1, leaving ..x" in text


def test_computer_picks_the_winning_option_not_the_first():
    # R,LR with the computer as Right moving first: it must chop the red edge of LR
    # (to R,L = 0), not the lone red edge (to LR = 1/2, a win for Left)
    p = HackenbushStalks("R,LR")
    assert best_move(p, "right") == 1
    winner, text = scripted(p, ["1"], human="left", first="right")
    # the computer moved to R,L; the human chops L; the computer chops R; human loses
    assert "The computer (Right) moves to R,L" in text
    assert winner == "right"


def test_quit_and_bad_input_and_end_of_input():
    winner, text = scripted(Kayles("xxxx"), ["hello", "99", "z9", "q"])
    assert winner is None and "You quit." in text
    assert "'hello' is not a move: type a move's number or its squares" in text
    assert "there is no move 99: type a number from 1 to 7" in text
    assert "z9 is not a legal move here" in text
    winner, text = scripted(Kayles("xxxx"), [])
    assert winner is None and "End of input" in text


def test_perfect_player_never_loses_a_won_position():
    """From a P-position with the human to move, every line of human moves loses."""
    import itertools

    for choices in itertools.product("123", repeat=4):
        winner, _ = scripted(Kayles("xx.xx"), list(choices) + ["1"] * 4)
        assert winner == "right", choices


def test_play_subprocess_reads_stdin():
    result = subprocess.run(
        [sys.executable, "-m", "cgtkit.cli.main", "play", "kayles", "x.x", "--as", "right", "--first", "left"],
        input="1\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "You win!" in result.stdout and "Your move (Right, 1 legal; ? lists them): 1" in result.stdout
