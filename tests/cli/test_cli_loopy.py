"""The loopy commands: `cgtkit value` on loopy notation, `cgtkit fox-and-geese`, and
`cgtkit loopy-impartial` on a user's module (issue 14)."""

import pytest

from support.cli_run import run, lines


@pytest.mark.parametrize(
    "expr, value, kind",
    [
        ("on + {0|pass}", "on", "stopper"),
        ("on + off", "dud", "stopper-sided value (onside & offside)"),
        ("over - over", "over & under", "stopper-sided value (onside & offside)"),
        ("a{0|a}", "over", "stopper"),
        ("{pass|3/2}", "3/2under", "stopper"),
    ],
)
def test_value_reads_loopy_notation(capsys, expr, value, kind):
    status, out, _ = run(capsys, "value", expr)
    got = lines(out)
    assert status == 0 and got["value"] == value and got["kind"] == kind


def test_value_all_gives_degree_and_variety(capsys):
    # CGSuite's table (tests/data/loopy_cgsuite.json): 3/2under has degree over, variety under
    status, out, _ = run(capsys, "value", "{pass|3/2}", "--all")
    got = lines(out)
    assert status == 0 and (got["degree"], got["idempotent"], got["variety"]) == ("over", "no", "under")
    # {0|Tiny(on)}: its degree is no idempotent, so it has no variety
    status, out, _ = run(capsys, "value", "{0|||0||0|{|pass}}", "--all")
    assert status == 0 and lines(out)["variety"].startswith("none: the degree {0||||0|||Miny(on)|0||off}")


def test_value_of_bach_carousel_claims_nothing(capsys):
    status, out, _ = run(capsys, "value", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    assert status == 0 and "no canonical form claimed" in out


def test_value_loopy_notation_error(capsys):
    status, _, err = run(capsys, "value", "a{0|b}")
    assert status != 0 and "column" in err


def test_fox_and_geese(capsys):
    status, out, _ = run(capsys, "fox-and-geese", "--geese", "3,1", "3,3", "3,5", "3,7", "--fox", "2,2")
    assert status == 0 and lines(out)["value"] == "2over"
    status, _, err = run(capsys, "fox-and-geese", "--geese", "3,2", "--fox", "2,2")
    assert status != 0 and err


def test_loopy_impartial_on_a_users_module(capsys, tmp_path):
    f = tmp_path / "swing.py"
    f.write_text("def moves(n):\n    return {0: [], 1: [0], 2: [1, 3], 3: [2], 4: [3, 0]}[n]\n")
    status, out, _ = run(capsys, "loopy-impartial", f"{f}:moves", "0", "2", "4")
    assert status == 0
    assert out.splitlines() == [
        "0: value 0, outcome P",
        "2: value ∞{1}, outcome D, drawing move to 3",
        "4: value ∞{0}, outcome N, winning move to 0",
    ]
    status, out, _ = run(capsys, "loopy-impartial", f"{f}:moves", "2", "--ascii")
    assert "inf{1}" in out
    status, _, err = run(capsys, "loopy-impartial", f"{f}:nothing", "2")
    assert status != 0 and "no function 'nothing'" in err
    endless = tmp_path / "endless.py"
    endless.write_text("def moves(n):\n    return [0, n + 1]\n")
    status, _, err = run(capsys, "loopy-impartial", f"{endless}:moves", "0", "--max-positions", "100")
    assert status != 0 and "more than 100 positions" in err


def test_backsliding_toads(capsys):
    status, out, _ = run(capsys, "backsliding-toads", "t.f", "tt.f")
    assert status == 0
    blocks = out.split("\n\n")
    assert lines(blocks[0])["value"] == "0" and lines(blocks[0])["outcome"].startswith("P")
    got = lines(blocks[1])
    assert got["position"] == "tt.f" and got["kind"].startswith("stopper")
    status, _, err = run(capsys, "backsliding-toads", "t.x")
    assert status == 2 and "illegal character" in err and "Traceback" not in err
    status, out, _ = run(capsys, "backsliding-toads", "t.f", ".tf", "--json")
    import json

    data = json.loads(out)
    assert status == 0 and [p["value"] for p in data["positions"]] == ["0", "*"]


def test_hare_and_hounds(capsys):
    status, out, _ = run(capsys, "hare-and-hounds", "D|D.H|D", "D.|...H|DD")
    assert status == 0
    first, second = (lines(b) for b in out.split("\n\n"))
    assert first["value"] == "over" and first["hounds"] == "1 2 5" and first["hare"] == "4"
    assert first["outcome"].startswith("L")
    assert second["value"] == "{on|off} & {over|off}" and second["offside"] == "{over|off}"
    status, out, _ = run(capsys, "hare-and-hounds", "start", "--length", "1", "--json")
    import json

    data = json.loads(out)["positions"][0]
    assert status == 0 and data["position"] == "D|D.H|D" and data["value"] == "over" and data["hounds"] == [1, 2, 5]
    status, _, err = run(capsys, "hare-and-hounds", "D|D.x|D")
    assert status == 2 and "illegal character 'x' at column 5" in err and "Traceback" not in err
    status, _, err = run(capsys, "hare-and-hounds", "start", "--max-positions", "50")
    assert status != 0 and "more than 50 positions" in err and "Traceback" not in err


def test_who_wins_is_the_first_line(capsys):
    # issue 31: the first line of every loopy command is who wins
    for argv in (
        ["hare-and-hounds", "D|D.H|D"],
        ["backsliding-toads", "t.f"],
        ["fox-and-geese", "--geese", "3,1", "3,3", "3,5", "3,7", "--fox", "2,2"],
        ["value", "3 & 0"],
        ["value", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"],
    ):
        status, out, _ = run(capsys, *argv)
        assert status == 0 and out.splitlines()[0].startswith("outcome: "), argv
    status, out, _ = run(capsys, "value", "3 & 0")
    assert out.splitlines()[0] == "outcome: D/L (a draw when Left starts, Left wins when Right starts)"


def test_an_unclaimed_value_is_summarised(capsys):
    # issue 31: a big unsettled graph was printed whole as the value; now its size and
    # what was found of its sides, the graph itself behind --all and --json
    bach = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"
    status, out, _ = run(capsys, "value", bach)
    got = lines(out)
    assert status == 0 and got["outcome"].startswith("N") and got["value"].startswith("a game graph of")
    assert got["onside"] == got["offside"] == "not settled" and bach[:8] not in out
    status, out, _ = run(capsys, "value", bach, "--all")
    assert lines(out)["value"].startswith("a{0,{1|1,")
    import json

    status, out, _ = run(capsys, "value", bach, "--json")
    data = json.loads(out)
    assert data["value"].startswith("a{0,{1|1,") and data["outcome"] == "N" and data["positions"] > 3
