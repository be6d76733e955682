"""`cgtkit value`: canonical form and facts of a game, and the example game by position."""

import pytest

from support.cli_run import run, lines
from cgtkit.cli.value_commands import example_game_moves


@pytest.mark.parametrize(
    "expr, value, outcome, number, birthday",
    [
        ("{0|^}", "^^*", "L", "no (not a number)", "3"),
        ("{0|*}", "^", "L", "no (not a number)", "2"),
        ("{1|-1}", "+-1", "N", "no (not a number)", "2"),
        ("{0||0|-2}", "Tiny(2)", "L", "no (not a number)", "4"),
        ("{1|2}", "3/2", "L", "3/2", "3"),
        ("{3||2+*|1+*}", "{3||2*|1*}", "L", "no (not a number)", "5"),
        ("^ - ^", "0", "P", "0", "0"),
        ("*3 + *5", "*6", "N", "no (not a number)", "6"),
        ("{ | 1}", "0", "P", "0", "0"),
        ("↑∗", "^*", "N", "no (not a number)", "2"),
    ],
)
def test_value_of_an_expression(capsys, expr, value, outcome, number, birthday):
    status, out, err = run(capsys, "value", expr)
    assert status == 0 and err == ""
    facts = lines(out)
    assert facts["value"] == value
    assert facts["outcome"].startswith(outcome + " (")
    assert facts["number"] == number
    assert facts["birthday"] == birthday


def test_negative_number_after_double_dash_and_words_joined(capsys):
    _, out, _ = run(capsys, "value", "--", "-1/2")
    assert lines(out)["value"] == "-1/2" and lines(out)["number"] == "-1/2"
    _, out, _ = run(capsys, "value", "{1|*}", "+", "^")
    assert lines(out)["value"] == "{1^|^*}"


def test_example_game_positions(capsys):
    # Left n -> n-2, Right n -> n-1, moves only to positive n: 0, -1, {0|-1}, then period 3
    expected = {1: "0", 2: "-1", 3: "{0|-1}", 4: "0", 5: "-1", 6: "{0|-1}", 3001: "0"}
    for n, value in expected.items():
        status, out, _ = run(capsys, "value", "--example-game", str(n))
        assert status == 0
        facts = lines(out)
        assert facts["value"] == value
        assert facts["position"].startswith(str(n))
    _, out, _ = run(capsys, "value", "--example-game", "3")
    assert lines(out)["outcome"].startswith("N")


def test_example_game_moves():
    assert example_game_moves(1) == ([], [])
    assert example_game_moves(2) == ([], [1])
    assert example_game_moves(5) == ([3], [4])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["value", "{3|2|1}"], "ambiguous slashes"),
        (["value", "{1|-}"], "unexpected '}' at column 5"),
        (["value", "1/3"], "1/3"),
        (["value"], "no game given"),
        (["value", "--example-game", "0"], "n >= 1"),
        (["value", "^", "--example-game", "3"], "not both"),
    ],
)
def test_errors_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("cgtkit value: error: ") and message in err


def test_example_game_far_out(capsys):
    # position 10**100 is 1 mod 3: the proved period gives 0 at once
    status, out, _ = run(capsys, "value", "--example-game", "10**100")
    assert status == 0 and lines(out)["value"] == "0"
    status, out, _ = run(capsys, "value", "--example-game", "10000002")
    assert status == 0 and lines(out)["value"] == "{0|-1}"


def test_the_example_games_errors_name_the_flag(capsys):
    status, _, err = run(capsys, "value", "--example-game", "0")
    assert status == 2 and "--example-game 0" in err
