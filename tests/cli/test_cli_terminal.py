"""The command line as a terminal program (issue 17): --json on every command that
prints a result, one-line usage errors with exit status 2, progress only where someone
can see it, Ctrl-C (exit status 130, one line, no traceback), and `cgtkit play` driven
through a pseudo-terminal to the end of a game.

Published values the JSON is checked against: Kayles' period 12 after a preperiod of
71 (Guy and Smith 1956; Winning Ways ch. 4), the subtraction game {1,3,4}'s period 7
(Winning Ways ch. 4), Domineering's 2x2 board +-1 and Maundy Cake 12x1 = 10 (Winning
Ways ch. 2 and 1); the others repeat what the text output of the same command says.
"""

from __future__ import annotations

import io
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from cgtkit.cli import _progress
from cgtkit.cli.main import build_parser
from support.cli_run import lines, run

ROOT = pathlib.Path(__file__).parent.parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
CLI = [sys.executable, "-m", "cgtkit.cli"]


def as_json(capsys, *argv) -> dict:
    status, out, err = run(capsys, argv[0], "--json", *argv[1:])  # before any "--"
    assert status == 0 and err == "", err
    assert out.count("\n") == 1  # one object on one line
    return json.loads(out)


# --- --json ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv, expected",
    [
        (["value", "{1|*}"], {"value": "{1|*}", "outcome": "L", "number": None, "birthday": 2}),
        (["value", "--example-game", "3"], {"position": 3, "value": "{0|-1}", "outcome": "N"}),
        (["value", "on"], {"value": "on", "kind": "stopper", "stops": ["on", "on"], "outcome": "L"}),
        (["analyse", "{2|-1}"], {"mean": "1/2", "temperature": "3/2", "left_stop": "2", "atomic": False}),
        (["thermograph", "{2|-1}"], {"mast": "1/2", "temperature": "3/2"}),
        (["nim", "3", "4", "5"], {"nim_sum": 2, "outcome": "N", "winning_moves": [{"heap": 1, "from": 3, "to": 1}]}),
        (["coins", "10", "--take", "1,3,4"], {"first_player_wins": True, "preperiod": 0, "period": 7}),
        (["heaps", "5", "6", "7", "--take", "1,3,4"], {"grundy_values": [3, 2, 0], "nim_sum": 1}),
        (["two-ends", "--", "1", "-100", "1"], {"margin": -98}),
        (["cake", "12", "1"], {"value": "10", "searched_value": "10", "outcome": "L"}),
        (
            ["cake-queries", "12x1", "1x2", "2x12", "--query", "1:2", "--query", "2:3"],
            {"answers": [{"from": 1, "to": 2, "positive": True}, {"from": 2, "to": 3, "positive": False}]},
        ),
        (["octal", "0.77", "--n", "12", "--period", "--no-progress"], {"preperiod": 71, "period": 12, "saltus": 0}),
        (["subtraction", "1,3,4", "--n", "8", "--period"], {"values": [0, 1, 0, 1, 2, 3, 2, 0], "period": 7}),
        (["nimprod", "123456789", "987654321"], {"product": 2797059340}),
        (["nimprod", "2", "--inverse"], {"inverse": 3}),
        (["misere-value", "*[2#0] + *[2]"], {"value": "*[(2#0)[2]]", "outcome": "P"}),
        (["domineering", "..|.."], {"ruleset": "Domineering", "value": "+-1", "outcome": "N", "number": None}),
        (["maundy-cake", "12x1"], {"value": "10", "number": "10"}),
        (["kayles", "xxxx"], {"value": "*", "nim_value": 1, "outcome": "N"}),
        (
            ["fox-and-geese", "--geese", "3,1", "3,3", "3,5", "3,7", "--fox", "2,2"],
            {"value": "2over", "fox": [2, 2]},
        ),
    ],
)
def test_json_values(capsys, argv, expected):
    data = as_json(capsys, *argv)
    assert {k: data.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    "argv",
    [["value", "{3||2*|1*}", "--all"], ["analyse", "^*"], ["misere-value", "*[2]"], ["kayles", "xx.x"]],
)
def test_json_says_what_the_text_says(capsys, argv):
    """Every ``key: value`` line of the text has its key in the JSON, with the same
    value (or, for words like 'N (the first player wins)', the value they start with)."""
    data = as_json(capsys, *argv)
    status, out, _ = run(capsys, *argv)
    assert status == 0
    for key, text in lines("\n".join(x for x in out.splitlines() if ": " in x)).items():
        k = key.lower().replace(" ", "_").replace("-", "_").replace("è", "e")
        got = data[k]
        shown = {True: ("true", "yes"), False: ("false", "no"), None: ("no", "none", "neither")}
        if isinstance(got, bool) or got is None:
            assert text.split(" ")[0] in shown[got], (key, text, got)
        elif isinstance(got, list):
            assert all(str(x) in text for x in got), (key, text, got)
        else:
            assert text == str(got) or text.startswith(f"{got} ("), (key, text, got)


def test_json_of_moves_and_lists(capsys):
    data = as_json(capsys, "domineering", "...|...", "--moves")
    assert [m["move"] for m in data["left_moves"]] == ["a1 a2", "b1 b2", "c1 c2"]
    assert [m["value"] for m in data["left_moves"]] == ["+-1", "2", "+-1"]
    assert [m["move"] for m in data["right_moves"]] == ["a1 b1", "b1 c1", "a2 b2", "b2 c2"]
    names = [r["name"] for r in as_json(capsys, "rulesets")["rulesets"]]
    assert "domineering" in names and "kayles" in names


def test_json_of_a_loopy_impartial_game(capsys, tmp_path):
    f = tmp_path / "swing.py"
    f.write_text("def moves(n):\n    return {0: [], 1: [0], 2: [1, 3], 3: [2], 4: [3, 0]}[n]\n")
    data = as_json(capsys, "loopy-impartial", f"{f}:moves", "0", "2")
    assert data["positions"] == [
        {"position": "0", "value": 0, "outcome": "P"},
        {"position": "2", "value": "∞{1}", "outcome": "D", "drawing_move": "3"},
    ]


def test_every_command_that_prints_a_result_has_json():
    def leaves(name, parser):
        # a command with subcommands (cgtkit sweep octal ...) is checked in its subcommands
        sub = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
        if not sub:
            yield name, parser
        for action in sub:
            for child, p in action.choices.items():
                yield from leaves(f"{name} {child}".strip(), p)

    missing = [
        name
        for name, p in leaves("", build_parser())
        if name not in ("demo", "play") and not any("--json" in a.option_strings for a in p._actions)
    ]
    assert missing == []


def test_a_failing_command_prints_no_json(capsys):
    status, out, err = run(capsys, "value", "{1|", "--json")
    assert status == 2 and out == "" and "error" in err


# --- usage errors --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv, says",
    [
        ([], "no command given"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["domneering", "..|.."], "did you mean domineering?"),
        (["octal"], "the following arguments are required: code"),
        (["octal", "0.77", "--n", "lots"], "argument --n: 'lots' is not an integer"),
        (["octal", "0.77", "--progress", "--no-progress"], "not allowed with argument"),
        (["subtraction", "1,x"], "the set: '1,x' is not a comma-separated list of integers"),
        (["subtraction"], "give exactly one of"),
        (["coins", "10", "--take", "a,b"], "the take-set: 'a,b' is not"),
        (["cake-queries", "12by1", "--query", "1:1"], "'12by1' is not a size WxH"),
        (["cake-queries", "12x1", "--query", "1-1"], "'1-1' is not two integers A:B"),
        (["nimprod", "2", "x"], "'x' is not an integer"),
        (["nimprod", "2"], "give two or more numbers"),
        (["value"], "no game given"),
        (["analyse"], "no game given"),
        (["misere-value"], "no game given"),
        (["misere"], "give exactly one of"),
        (["domineering", "..", "--jobs", "0"], "--jobs must be at least 1"),
        (["play", "kayles"], "required: POSITION"),
        (["fox-and-geese", "--geese", "3", "--fox", "2,2"], "is not two integers"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(capsys, argv, says):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cgtkit") and says in err, err
    assert "usage:" not in err and "--help" in err


def test_help_is_not_an_error(capsys):
    status, out, err = run(capsys, "octal", "--help")
    assert status == 0 and "--json" in out and "--progress" in out and err == ""


# --- progress ------------------------------------------------------------------------------------
def test_no_progress_when_stderr_is_not_a_terminal():
    # a period search of several rounds, stderr a pipe: nothing but the result
    result = subprocess.run(
        CLI + ["octal", "0.137", "--n", "5", "--period"], capture_output=True, text=True, env=ENV, timeout=120
    )
    assert result.returncode == 0 and "period: 34" in result.stdout
    assert result.stderr == ""


def test_progress_modes():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    assert _progress.mode(None, Terminal()) == "bar" and _progress.mode(None, io.StringIO()) == "off"
    assert _progress.mode(True, Terminal()) == "plain" and _progress.mode(False, Terminal()) == "off"


def test_plain_progress_lines(capsys):
    with _progress.without_delays():
        status, out, err = run(capsys, "octal", "0.137", "--n", "5", "--period", "--progress")
    assert status == 0 and "period: 34" in out
    shown = [x for x in err.splitlines() if x.startswith("cgtkit: 0.137: period search: ")]
    assert shown and "\r" not in err
    assert "heaps/s" in shown[-1] and "/2,000,000 heaps (" in shown[-1]


def test_solve_shows_its_progress(capsys):
    """cgtkit solve --progress: lines of the positions its native tables hold, while the
    search runs (polled; within without_delays every few ms, so that a short search
    shows them)."""
    from cgtkit.backend import rulesets as native

    if not native.active():
        pytest.skip("the progress of solve counts the native tables' positions")
    from cgtkit.rulesets import ToadsAndFrogs

    native.clear(ToadsAndFrogs)  # as a new process: the search runs whole
    with _progress.without_delays():
        status, out, err = run(capsys, "solve", "toads:TT.T..FF.F..T.F", "{1|-1}", "--first", "L", "--progress")
    assert status == 0 and "Left moving first loses" in out
    shown = [x for x in err.splitlines() if x.startswith("cgtkit: solve: who wins: ")]
    assert shown and "positions/s" in shown[-1] and "\r" not in err
    with _progress.without_delays():
        status, out, err = run(capsys, "solve", "toads:TT.T..FF.F..T.F", "{1|-1}", "--no-progress")
    assert status == 0 and err == ""


def test_bar_counts_and_goes_away():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    with _progress.without_delays(), _progress.Progress("bar", "work", total=10, unit="heaps", stream=screen) as p:
        p.update(3)
        p.callback(7, "halfway")
    drawn = screen.getvalue()
    assert "work:" in drawn and "3/10" in drawn and "7/10" in drawn and "halfway" in drawn
    assert drawn.endswith("\r")  # wiped: the result that follows stands alone


# --- Ctrl-C ------------------------------------------------------------------------------------
def _ctrl_c_like_a_terminal() -> None:
    # a child of a shell's background job starts with SIGINT ignored, and Python then
    # installs no KeyboardInterrupt handler: give the child Ctrl-C as a terminal would
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_a_period_search():
    proc = subprocess.Popen(
        CLI + ["octal", "0.6", "--n", "3", "--period", "--limit", "10**7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(ENV, PYTHONUNBUFFERED="1"),
        preexec_fn=_ctrl_c_like_a_terminal,
    )
    try:
        assert proc.stdout.readline() == "game: 0.6\n"
        assert proc.stdout.readline().startswith("values")
        time.sleep(1.0)  # inside the period search, which runs for tens of seconds
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert err == "cgtkit octal: interrupted\n"


def test_ctrl_c_while_parsing(capsys, monkeypatch):
    import importlib

    main_module = importlib.import_module("cgtkit.cli.main")

    def interrupted():
        raise KeyboardInterrupt

    monkeypatch.setattr(main_module, "build_parser", interrupted)
    status, out, err = run(capsys, "nim", "3")
    assert status == 130 and out == "" and err == "cgtkit: interrupted\n"


# --- play through a pseudo-terminal ---------------------------------------------------------------
def terminal(*argv, script):
    """Run ``cgtkit *argv`` in a pseudo-terminal through ``script``: strings the
    screen must show (in order; a compiled pattern for a choice), ``(">", line)`` to
    type a line, ``"^C"`` and ``"^D"`` to press Ctrl-C and Ctrl-D; returns the exit
    status and everything the screen showed."""
    import re

    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(CLI[0], CLI[1:] + list(argv), env=ENV, encoding="utf-8", timeout=60)
    child.logfile_read = screen = io.StringIO()
    try:
        for step in script:
            if isinstance(step, tuple):
                child.sendline(step[1])
            elif step == "^C":
                child.sendintr()
            elif step == "^D":
                child.sendeof()
            elif isinstance(step, re.Pattern):
                child.expect(step)
            else:
                child.expect_exact(step)
        child.expect(pexpect.EOF)
        return child.wait(), screen.getvalue()
    finally:
        child.close(force=True)


PROMPT = "? lists them): "


def test_play_a_game_to_the_end_in_a_terminal():
    # Kayles xxx = *3: the person takes the middle pin (b1), the computer one end, the
    # person the other: the person wins
    import re

    status, _ = terminal(
        "play",
        "kayles",
        "xxx",
        script=[
            "a b c",
            "1  x x x",
            "Left to move: the first player wins (value *3), so Left is winning.",
            PROMPT,
            (">", "?"),
            "b1  -> x.x    value 0, then Left wins",
            PROMPT,
            (">", "z7"),
            "z7 is not a legal move here: type ? for the legal moves",
            (">", "b1"),
            "You (Left) play b1, leaving x.x",
            "Right to move: the second player wins (value 0), so Left is winning.",
            re.compile(r"The computer \(Right\) plays (a1|c1), leaving"),
            PROMPT,
            (">", "1"),
            "Right has no move, so Left wins. You win!",
        ],
    )
    assert status == 0


def test_play_grid_moves_by_squares_and_quit():
    status, _ = terminal(
        "play",
        "domineering",
        "...|...",
        "--as",
        "right",
        "--first",
        "right",
        script=[
            "Right to move: the first player wins (value {2|-1/2}",
            (">", "a1 b1"),  # Right's horizontal domino on the top-left corner
            "You (Right) play a1 b1, leaving ##.|...",
            "The computer (Left) plays",
            (">", "q"),
            "You quit.",
        ],
    )
    assert status == 0


def test_play_ctrl_c_and_end_of_input():
    status, shown = terminal("play", "toads", "TT..FF", script=[PROMPT, "^C", "cgtkit play: interrupted"])
    assert status == 130 and "Traceback" not in shown and shown.rstrip().endswith("cgtkit play: interrupted")
    status, _ = terminal("play", "toads", "TT..FF", script=[PROMPT, "^D", "End of input: the game is abandoned."])
    assert status == 0


@pytest.mark.parametrize(
    "ruleset, start, typed, said",
    [
        ("amazons", "x...|...o", "a1 c1 b1", "a1 c1 b1, leaving .#x.|...o"),  # from a1 to c1, shooting b1
        ("amazons", "x...|...o", "a1 b1 c1", "a1 b1 c1, leaving .x#.|...o"),  # the same squares, the other move
        ("clobber", "ox", "b1 a1", "b1 a1, leaving x."),  # x on b1 takes o on a1
        ("toads", ".TF", "a1 c1", "c1 a1, leaving FT."),  # one move changes these squares: any order
        ("domineering", "..|..|..", "A2-A3", "a2 a3, leaving ..|#.|#."),
    ],
)
def test_play_reads_moves_as_squares(ruleset, start, typed, said):
    from cgtkit.cli.ruleset_commands import play
    from cgtkit.rulesets.registry import lookup

    side = "right" if ruleset == "toads" else "left"
    out = io.StringIO()
    feed = iter([typed, "q"])
    play(lookup(ruleset)(start), human=side, first=side, read=lambda: next(feed, ""), out=out)
    assert f"You ({side.capitalize()}) play {said}" in out.getvalue()


def test_play_shows_the_progress_of_the_value_commands(monkeypatch):
    """While `play` computes values (silent for minutes on a big board), the value
    commands' progress shows: same label, unit and count of the native search."""
    from cgtkit.cli import ruleset_commands
    from cgtkit.rulesets import Domineering

    shown = []

    class Watching:
        def __init__(self, how, label, total=None, unit="", poll=None, stream=None):
            shown.append((how, label, unit, poll))

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return None

    monkeypatch.setattr(ruleset_commands, "Progress", Watching)
    typed = iter(["?\n", "1\n", "1\n", ""])
    out = io.StringIO()
    ruleset_commands.play(Domineering("...|...|..."), read=lambda: next(typed), out=out, progress="plain")
    assert len(shown) >= 3 and "Your move" in out.getvalue()
    assert {s[:3] for s in shown} == {("plain", "Domineering: value", "positions")}
    assert all(s[3] is ruleset_commands.native.positions_known for s in shown)
    assert build_parser().parse_args(["play", "kayles", "xxx", "--progress"]).progress is True
    assert build_parser().parse_args(["play", "kayles", "xxx"]).progress is None
