"""The MCGS table of bench/peers.py: reading MCGS's output, the outcome it implies, the
checks that turn a disagreement into an error, and where the table goes in the report.
No timing and no MCGS binary: the outputs below are written by hand in the shape that
MCGS v1.5 prints (one block per search: ``Test type``, the games, ``Player``, an
optional ``Expected``, ``Got``, ``Time (ms)``, ``Status``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent.parent / "bench"


def _load():
    spec = importlib.util.spec_from_file_location("peer_mcgs", BENCH / "peer_mcgs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["peer_mcgs"] = module
    spec.loader.exec_module(module)
    return module


pm = _load()

TWO_SEARCHES = """Failed to autodetect database file: "database.bin". Disabling database...
Test type: Solve BW
\tclobber:XOXO|OXOX
\tup_star:2
Player: B
Got: Loss
Time (ms): 1520.25
Status: COMPLETED

Test type: Solve BW
\tclobber:XOXO|OXOX
\tup_star:2
Player: W
Expected: Loss
Got: Win
Time (ms): 0.75
Status: FAIL
"a comment of the case"
"""


def test_parse_reads_each_search_with_its_games_and_time() -> None:
    got = pm.parse_output(TWO_SEARCHES)
    assert [s.player for s in got] == ["B", "W"]
    assert got[0].games == ("clobber:XOXO|OXOX", "up_star:2")
    assert (got[0].got, got[0].expected, got[0].ms, got[0].status) == ("Loss", "", 1520.25, "COMPLETED")
    assert (got[1].got, got[1].expected, got[1].ms, got[1].status) == ("Win", "Loss", 0.75, "FAIL")


def test_parse_reads_a_nim_value_search() -> None:
    text = "Test type: Solve N\n\t[impartial_game_wrapper of domineering:...|...]\nPlayer: IMP\nGot: 1\nTime (ms): 0.04\nStatus: COMPLETED\n"
    (s,) = pm.parse_output(text)
    assert (s.player, s.got, s.ms) == ("IMP", "1", 0.04)
    assert s.games == ("[impartial_game_wrapper of domineering:...|...]",)


def test_parse_of_output_without_searches_is_empty() -> None:
    assert pm.parse_output("Failed to autodetect database file\n") == []


@pytest.mark.parametrize(
    "broken",
    [
        "Test type: Solve BW\n\tclobber:XO\nPlayer: B\nGot: Win\nStatus: COMPLETED\n",  # no time
        "Test type: Solve BW\n\tclobber:XO\nPlayer: B\nGot: Win\nTime (ms): fast\nStatus: COMPLETED\n",
        "Test type: Solve BW\n\tclobber:XO\nGot: Win\nTime (ms): 1\nStatus: COMPLETED\n",  # no player
    ],
)
def test_unreadable_output_is_an_error_not_a_number(broken: str) -> None:
    with pytest.raises(pm.MCGSOutputError):
        pm.parse_output(broken)


def test_the_outcome_of_two_searches() -> None:
    searches = pm.parse_output(TWO_SEARCHES)
    assert pm.answer_of(searches, impartial=False) == "R"  # Left loses, Right wins moving first
    assert pm.outcome_of({"B": True, "W": True}) == "N"
    assert pm.outcome_of({"B": False, "W": False}) == "P"
    assert pm.outcome_of({"B": True, "W": False}) == "L"
    assert pm.outcome_of({"B": False}) == "P"


def test_answer_needs_exactly_the_searches_asked_for() -> None:
    searches = pm.parse_output(TWO_SEARCHES)
    with pytest.raises(pm.MCGSOutputError):
        pm.answer_of(searches, impartial=True)  # one search wanted, two reported
    with pytest.raises(pm.MCGSOutputError):
        pm.answer_of(searches[:1], impartial=False)
    nim = pm.Solved((), "B", "3", "", 1.0, "COMPLETED")
    with pytest.raises(pm.MCGSOutputError):
        pm.answer_of([nim], impartial=True)


def test_mcgs_input_asks_for_both_players_or_one() -> None:
    assert pm.Instance("a", "[clobber] XO").mcgs_input() == "[clobber] XO {B, W}"
    assert (
        pm.Instance("b", "[impartial domineering] ..", impartial=True).mcgs_input() == "[impartial domineering] .. {B}"
    )


def _row(cgtkit: list[dict], mcgs: list[dict], expected: str = "") -> object:
    return pm.Row(pm.Instance("x", "[clobber] XO", expected=expected), {pm.CGTKIT: cgtkit, pm.MCGS: mcgs}, (1.0, 1.0))


def test_a_disagreement_is_a_mismatch() -> None:
    agree = _row([{"seconds": 1.0, "answer": "N", "peak_kb": 1}], [{"seconds": 4.0, "answer": "N", "peak_kb": 1}])
    assert agree.mismatch() == ""
    differ = _row([{"seconds": 1.0, "answer": "N", "peak_kb": 1}], [{"seconds": 4.0, "answer": "P", "peak_kb": 1}])
    assert "cgtkit N, MCGS P" in differ.mismatch()
    unstable = _row([{"seconds": 1, "answer": "N", "peak_kb": 1}, {"seconds": 1, "answer": "L", "peak_kb": 1}], [])
    assert "different runs" in unstable.mismatch()
    corpus = _row([{"seconds": 1, "answer": "L", "peak_kb": 1}], [{"seconds": 1, "answer": "L", "peak_kb": 1}], "R")
    assert "the corpus says R" in corpus.mismatch()
    line = "\n".join(pm.table([differ], 120.0))
    assert "MISMATCH" in line


def test_speedup_and_the_3x_verdict() -> None:
    def row(mine: list[dict], theirs: list[dict]) -> object:
        return _row(mine, theirs)

    fast = row([{"seconds": 1.0, "answer": "N", "peak_kb": 1}] * 3, [{"seconds": 4.0, "answer": "N", "peak_kb": 1}] * 3)
    assert pm.speedup(fast, 120.0) == ("4", "yes")
    slower = row([{"seconds": 2.0, "answer": "N", "peak_kb": 1}], [{"seconds": 1.0, "answer": "N", "peak_kb": 1}])
    assert pm.speedup(slower, 120.0)[1].startswith("**no")
    capped = row([{"seconds": 10.0, "answer": "N", "peak_kb": 1}], [{"error": "timeout", "peak_kb": 1}])
    assert pm.speedup(capped, 120.0) == ("> 12", "yes")
    assert pm._time(capped, pm.MCGS, 120.0) == "> 120 s"
    mine_capped = row([{"error": "timeout", "peak_kb": 1}], [{"seconds": 30.0, "answer": "N", "peak_kb": 1}])
    assert pm.speedup(mine_capped, 120.0) == ("< 0.25", "**no: cgtkit slower**")


def test_the_table_replaces_only_its_own_section(tmp_path: Path) -> None:
    report = tmp_path / "benchmarks.md"
    report.write_text("# peers\n\n| table |\n\n## Run-to-run variation\n\nkept\n")
    pm.write_section(report, f"{pm.START}\nfirst\n{pm.END}\n")
    text = report.read_text()
    assert text.index("| table |") < text.index(pm.HEADING) < text.index("first") < text.index("## Run-to-run")
    pm.write_section(report, f"{pm.START}\nsecond\n{pm.END}\n")
    text = report.read_text()
    assert "first" not in text and "second" in text and text.count(pm.HEADING) == 1 and "kept" in text


def test_cgtkit_reads_the_same_instances() -> None:
    from cgtkit.rulesets import Clobber, Cram, TopplingDominoes

    (cram,) = pm.cgtkit_terms("[impartial domineering] ...|...")
    assert isinstance(cram, Cram) and cram == Cram("...|...")
    clobber, dominoes = pm.cgtkit_terms("[clobber] XO|OX [toppling_dominoes] XO#")
    assert clobber == Clobber("xo|ox") and dominoes == TopplingDominoes("XO#")
    for instance in pm.instances():  # every instance of the table reads in cgtkit
        assert pm.cgtkit_terms(instance.mcgs)


def test_cgtkit_loads_a_database_of_each_game_mcgs_has_one_of() -> None:
    """cgtkit's runs load its own databases of the games of the instance that MCGS's
    database covers (MCGS's sizes), and none for a game outside it or played impartially."""
    by_name = {i.name: i for i in pm.instances()}
    assert pm.cgtkit_databases(by_name["NoGo 1x13"]) == [("nogo", 12)]
    assert pm.cgtkit_databases(by_name["sum of 10 games of 8 kinds"]) == [("elephants", 12), ("nogo", 12)]
    assert pm.cgtkit_databases(by_name["Clobber 4x5"]) == [("clobber", (3, 4))]
    for name in ("impartial Clobber 4x4", "Sheep 7x7", "Cram 5x7", "sum of 20 basic games"):
        assert pm.cgtkit_databases(by_name[name]) == []
    assert pm.cgtkit_database_path("clobber", (3, 4)).name == "clobber-3x4.cgtdb"
    assert pm.cgtkit_database_path("nogo", 12).name == "nogo-12.cgtdb"
