"""The outcome search's table in a file (cgtkit.search.outcome_table, save_table /
load_table, RulesetSolver.export_sums / preload_sums, native/src/rulesets/persist.rs):
a table saved then loaded answers at once; a search interrupted (Ctrl-C, here the
cancel flag, which a search on a fresh thread first checks after exactly 2^15 ticks,
so the interruption falls at the same place every run) and resumed from its saved
table gives the answer of an undisturbed one; a file of another ruleset or other
parameters, a newer, truncated or altered one is refused and the table left as it
was; the table's bound holds while loading; the python engine refuses; and the same
through ``cgtkit solve --tt-save/--tt-load``, Ctrl-C included."""

from __future__ import annotations

import json
import pathlib
import random
import threading
import zlib
from typing import Any, Callable

import pytest
from support.cli_run import interrupted, run
from support.table_files import header_of, sealed

from cgtkit import game as parse
from cgtkit import search
from cgtkit.backend import rulesets as native
from cgtkit.errors import CGTError
from cgtkit.rulesets import Clobber, NoGo, ToadsAndFrogs, TopplingDominoes
from cgtkit.search import outcome_table
from cgtkit.search.outcome_table import OutcomeTableError

needs_native = pytest.mark.skipif(not native.active(), reason="the native ruleset search is not running")


def _fresh(terms: list) -> Any:
    """The native search answering ``terms``, its tables emptied (as a new process)."""
    owner = search.native_owner(terms)
    native.clear(owner)
    return native.solver_of(owner)


def _interrupted(job: Callable[[], Any]) -> Any:
    """``job()`` on a fresh thread with the cancel flag set: the native search stops
    at the thread's first check (its 2^15th tick).  What ``job`` returned, or the
    exception it raised."""
    got: list = []

    def run_job() -> None:
        try:
            got.append(job())
        except BaseException as e:  # noqa: BLE001 (KeyboardInterrupt is the point)
            got.append(e)

    def wait() -> None:
        t = threading.Thread(target=run_job)
        t.start()
        t.join()

    native.stop_threads(wait)
    return got[0]


# sums (and the parts' size below which a part is replaced by its value) whose
# search is always interrupted by the cancel flag (it needs over 2^15 ticks) and is
# then part done; small enough to finish in a second or two
LONG: dict[str, tuple[Callable[[], list], int]] = {
    "clobber": (lambda: [Clobber("xoxoxox|oxoxoxo|xoxoxox")], 4),
    "nogo": (lambda: [NoGo("....|....|...."), parse("{1|-1}")], 0),
    # (no part valued: parts this small are valued at once by the search's first tries)
    "toppling": (
        lambda: [TopplingDominoes("XOXOOXXOXOXOXOOXOXXOXO"), TopplingDominoes("OXXOXOOXOXOXXOXO"), parse("{1|-1}")],
        0,
    ),
    # one strip and a switch: a sum of two or more strips has its strips valued
    # first (sums.rs, ROOT_FACTOR), which would answer it before any search, or
    # spend the first 2^15 ticks trying before the search starts
    "toads": (lambda: [ToadsAndFrogs("TT.T..FF.F..T.F"), parse("{1|-1}")], 8),
}


@needs_native
@pytest.mark.parametrize("kind", sorted(LONG))
def test_saved_then_loaded_answers_from_the_table(kind: str, tmp_path: pathlib.Path) -> None:
    make, small = LONG[kind]
    terms = make()
    solver = _fresh(terms)
    answers = []
    for f in "LR":
        answers.append(search.who_wins(terms, f, small))
        assert search.last_nodes() > 0  # a search ran (its answer is not a value's)
    path = str(tmp_path / "t.cgttt")
    n = search.save_table(terms, path)
    assert n == solver.sum_stats()["entries"] > 0
    head = outcome_table.header(path)
    assert head["entries"] == n and head["format"] == outcome_table.FORMAT and head["values"] >= 1
    _fresh(terms)
    assert search.load_table(path, terms) == n == solver.sum_stats()["entries"]
    for f, expected in zip("LR", answers):
        assert search.who_wins(terms, f, small) == expected
        assert search.last_nodes() == 0  # the root's answer is in the table


@needs_native
@pytest.mark.parametrize("kind", sorted(LONG))
@pytest.mark.parametrize("first", "LR")
def test_interrupted_then_resumed_gives_the_undisturbed_answer(kind: str, first: str, tmp_path: pathlib.Path) -> None:
    make, small = LONG[kind]
    terms = make()
    solver = _fresh(terms)
    undisturbed = search.who_wins(terms, first, small)
    full = search.last_nodes()
    assert full > 0  # a search ran (below, the cancel flag interrupts it)
    _fresh(terms)
    got = _interrupted(lambda: search.who_wins(terms, first, small))
    assert isinstance(got, KeyboardInterrupt)
    partial = solver.sum_stats()["entries"]
    assert 0 < partial < full
    path = str(tmp_path / "partial.cgttt")
    assert search.save_table(terms, path) == partial
    _fresh(terms)
    search.load_table(path)
    assert search.who_wins(terms, first, small) == undisturbed
    assert 0 < search.last_nodes() < full  # the rest of the work, not all of it again


@needs_native
def test_an_impartial_ruleset_resumes_too(tmp_path: pathlib.Path) -> None:
    """Cram (impartial: its values are nimbers, V too): the native outcome search
    asked through the backend (Cram hands its parts to no sum search of its own)."""
    from cgtkit.rulesets import Cram

    g = Cram("......|......|......|......|......")
    owner, keys, star = g.ruleset, g.components(), parse("*")._h
    native.clear(owner)
    undisturbed, full = native.wins(owner, keys, star, True, 2)
    assert (not undisturbed) == (g.nim_value == 1)  # G + * is lost iff G = *
    native.clear(owner)
    got = _interrupted(lambda: native.wins(owner, keys, star, True, 2))
    assert isinstance(got, KeyboardInterrupt)
    path = str(tmp_path / "cram.cgttt")
    partial = search.save_table(g, path)
    assert 0 < partial < full and outcome_table.header(path)["impartial"] is True
    native.clear(owner)
    search.load_table(path, Cram)
    won, nodes = native.wins(owner, keys, star, True, 2)
    assert won == undisturbed and 0 < nodes < full


@needs_native
def test_random_sums_saved_and_loaded_answer_as_their_values(tmp_path: pathlib.Path) -> None:
    rng = random.Random(35)
    path = str(tmp_path / "r.cgttt")
    for _ in range(30):
        kind = rng.choice([Clobber, ToadsAndFrogs, TopplingDominoes])
        cells = {Clobber: "xo.", ToadsAndFrogs: "TF..", TopplingDominoes: "XO#"}[kind]
        terms: list = [kind("".join(rng.choice(cells) for _ in range(rng.randint(2, 8)))) for _ in range(2)]
        terms.append(parse(rng.choice(["0", "*", "^", "{1|-1}", "-1/2", "v*2"])))
        if search.native_owner(terms) is None:
            continue
        _fresh(terms)
        first = [search.who_wins(terms, f, small=2) for f in "LR"]
        search.save_table(terms, path)
        _fresh(terms)
        search.load_table(path, terms)
        assert [search.who_wins(terms, f, small=2) for f in "LR"] == first
        assert first == [search.who_wins_by_value(terms, f) for f in "LR"], terms


def _saved(tmp_path: pathlib.Path) -> tuple[str, list]:
    terms = [Clobber("xoxo|oxox"), Clobber("xxo|o.o")]
    _fresh(terms)
    search.who_wins(terms, "L", small=0)
    path = str(tmp_path / "good.cgttt")
    assert search.save_table(terms, path) > 10
    return path, terms


def _sealed(header: dict, body: bytes) -> bytes:
    """A file with this header and (uncompressed) body, its checksum made to match."""
    return sealed(outcome_table.MAGIC, header, zlib.compress(body))


@needs_native
def test_bad_files_are_refused_and_change_nothing(tmp_path: pathlib.Path) -> None:
    path, terms = _saved(tmp_path)
    good = pathlib.Path(path).read_bytes()
    start, header = header_of(good, outcome_table.MAGIC)
    body = zlib.decompress(good[start:-32])
    solver = _fresh(terms)
    search.who_wins([Clobber("xoxo|ox.x")], "R", small=0)  # a table with something in it
    before = solver.sum_stats()["entries"]
    assert before > 0
    bad = tmp_path / "bad.cgttt"
    newer = dict(header, format=outcome_table.FORMAT + 1, cgtkit="99.0")
    cases = {
        "truncated": (good[: len(good) // 2], "truncated or corrupt"),
        "a byte flipped": (good[:60] + bytes([good[60] ^ 1]) + good[61:], "truncated or corrupt"),
        "not ours": (b"cgtkit ruleset values\n" + good[len(outcome_table.MAGIC) :], "not a cgtkit outcome table"),
        "empty": (b"", "not a cgtkit outcome table"),
        "newer": (_sealed(newer, body), "newer cgtkit"),
        "entries cut": (_sealed(header, body[:-3]), "does not fit"),
        "one entry more": (_sealed(dict(header, entries=header["entries"] + 1), body), "does not fit"),
        "a key cut": (_sealed(header, body[:-20] + body[-19:]), "does not fit"),
        "no such value": (_sealed(dict(header, values=header["values"] + 1), body), "outcome table"),
    }
    for what, (data, message) in cases.items():
        bad.write_bytes(data)
        with pytest.raises(OutcomeTableError, match=message):
            search.load_table(str(bad), terms)
        assert solver.sum_stats()["entries"] == before, what
    with pytest.raises(OutcomeTableError, match="not of 'nogo'"):
        search.load_table(path, NoGo)
    with pytest.raises(OutcomeTableError, match="params"):
        bad.write_bytes(_sealed(dict(header, params=[1]), body))
        search.load_table(str(bad))
    with pytest.raises(OutcomeTableError, match="cannot read"):
        search.load_table(str(tmp_path / "missing"))
    assert solver.sum_stats()["entries"] == before
    assert issubclass(OutcomeTableError, CGTError)


@needs_native
def test_loading_keeps_the_tables_bound(tmp_path: pathlib.Path) -> None:
    make, small = LONG["clobber"]
    terms = make()
    solver = _fresh(terms)
    answer = search.who_wins(terms, "L", small)
    path = str(tmp_path / "big.cgttt")
    n = search.save_table(terms, path)
    assert n > 1000
    _fresh(terms)
    before = solver.sum_stats()["bound"]
    solver.set_sum_bound(entries=500)
    try:
        assert search.load_table(path) == n
        st = solver.sum_stats()
        assert st["entries"] <= st["bound"] == 500
        assert search.who_wins(terms, "L", small) == answer  # the bound changes the time, never the answer
    finally:
        solver.set_sum_bound(entries=before)
        native.clear(search.native_owner(terms))


@needs_native
def test_a_table_too_small_evicts_and_answers_the_same() -> None:
    """set_table_bound: a search that outgrows its table evicts (table_stats says so)
    and finds the same answer as in a table that holds it."""
    make, small = LONG["clobber"]
    terms = make()
    _fresh(terms)
    before = search.table_stats(terms)["bound"]
    evicted = search.table_stats(terms)["evicted"]  # counted since the process began
    roomy = search.who_wins(terms, "L", small), search.who_wins(terms, "R", small)
    assert search.table_stats(terms)["evicted"] == evicted
    _fresh(terms)
    try:
        search.set_table_bound(terms, 64 << 10)
        assert search.table_stats(terms)["bound"] == (64 << 10) // 192
        tight = search.who_wins(terms, "L", small), search.who_wins(terms, "R", small)
        st = search.table_stats(terms)
        assert st["evicted"] > evicted and st["entries"] <= st["bound"]
        assert tight == roomy
    finally:
        native.solver_of(search.native_owner(terms)).set_sum_bound(entries=before)
        native.clear(search.native_owner(terms))
    for bad in (0, -1, 2.5, True, "1G"):
        with pytest.raises(OutcomeTableError, match="positive number of bytes"):
            search.set_table_bound(terms, bad)


def test_the_python_engine_refuses(tmp_path: pathlib.Path) -> None:
    terms = [Clobber("xo.ox")]
    path = str(tmp_path / "p.cgttt")
    with native.python_search():
        with pytest.raises(OutcomeTableError, match="python"):
            search.save_table(terms, path)
        with pytest.raises(OutcomeTableError, match="python"):
            search.save_table(Clobber, path)
    if native.active():
        search.who_wins(terms, "L")
        search.save_table(terms, path)
        with native.python_search():
            with pytest.raises(OutcomeTableError, match="python"):
                search.load_table(path, terms)
    with pytest.raises(OutcomeTableError, match="no term of the sum has a native search|python"):
        search.save_table([parse("*")], path)


# --- the command line ---------------------------------------------------------------------


@needs_native
def test_cli_saves_then_resumes(capsys: Any, tmp_path: pathlib.Path) -> None:
    path = str(tmp_path / "c.cgttt")
    term = "clobber:xoxox|oxoxo|xoxox"
    _fresh([Clobber("xo")])
    status, out, err = run(capsys, "solve", term, "--first", "L", "--tt-save", path, "--json")
    assert status == 0, err
    first = json.loads(out)
    assert first["tt_saved"] == outcome_table.header(path)["entries"] > 0 and first["nodes"] > 0
    _fresh([Clobber("xo")])
    status, out, err = run(capsys, "solve", term, "--first", "L", "--tt-load", path, "--json")
    assert status == 0, err
    again = json.loads(out)
    assert again["wins"] == first["wins"] and again["nodes"] == 0 and again["tt_loaded"] == first["tt_saved"]
    status, out, err = run(capsys, "solve", term, "--tt-load", path, "--tt-save", path)
    assert status == 0 and "outcome table (" in out and f"saved to {path}" in out


@needs_native
def test_cli_interrupted_saves_and_resumes(capsys: Any, tmp_path: pathlib.Path) -> None:
    path = str(tmp_path / "i.cgttt")
    terms = LONG["toads"][0]()  # Left moving first loses: no winning moves to look for
    argv = ["solve", "toads:TT.T..FF.F..T.F", "{1|-1}", "--first", "L", "--tt-save", path]
    _fresh(terms)
    undisturbed = search.who_wins(terms, "L")
    assert not undisturbed and search.last_nodes() > 0  # a whole search to interrupt
    _fresh(terms)
    got = _interrupted(lambda: run(capsys, *argv))
    status, out, err = got
    assert status == 130 and out == ""
    assert err.count("\n") == 1 and "interrupted; the outcome table so far" in err and path in err
    entries = outcome_table.header(path)["entries"]
    assert entries > 0
    _fresh(terms)
    status, out, err = run(capsys, *argv[:-2], "--tt-load", path, "--json")
    assert status == 0, err
    resumed = json.loads(out)
    assert resumed["wins"] == undisturbed and resumed["tt_loaded"] == entries


def test_cli_refusals(capsys: Any, tmp_path: pathlib.Path) -> None:
    status, out, err = run(capsys, "solve", "*", "--tt-save", str(tmp_path / "x.cgttt"))
    needs = "belongs to the native ruleset search, which the python engine"
    assert status == 2 and ("no term of the sum has a native search" in err or needs in err)
    status, out, err = run(capsys, "solve", "clobber:xo", "--tt-load", str(tmp_path / "missing"))
    assert status == 2 and ("cannot read the outcome table" in err if native.active() else needs in err)
    status, out, err = run(capsys, "solve", "clobber:xo", "--tt-save", str(tmp_path / "no" / "x"))
    assert status == 2 and "--tt-save" in err
    with native.python_search():
        status, out, err = run(capsys, "solve", "clobber:xo", "--tt-save", str(tmp_path / "y.cgttt"))
    assert status == 2 and "python" in err and not (tmp_path / "y.cgttt").exists()


@needs_native
def test_cli_table_size(capsys: Any) -> None:
    """--table-size bounds the table; a search that outgrew it says so, and answers
    as one that did not."""
    term = "clobber:xoxoxo|oxoxox|xoxoxo"
    owner = search.native_owner([Clobber("xo")])
    before = search.table_stats(Clobber)["bound"]
    try:
        native.clear(owner)
        status, out, err = run(capsys, "solve", term, "--first", "L", "--json")
        assert status == 0, err
        roomy = json.loads(out)
        assert roomy["evicted"] == 0
        native.clear(owner)
        status, out, err = run(capsys, "solve", term, "--first", "L", "--table-size", "64K", "--json")
        assert status == 0, err
        tight = json.loads(out)
        assert tight["evicted"] > 0 and tight["wins"] == roomy["wins"]
        assert search.table_stats(Clobber)["bound"] == (64 << 10) // 192
        native.clear(owner)
        status, out, err = run(capsys, "solve", term, "--first", "L", "--table-size", "64KiB")
        assert status == 0 and "the outcome table was full" in out and "--table-size" in out
    finally:
        native.solver_of(owner).set_sum_bound(entries=before)
        native.clear(owner)
    for bad, says in (("0", "must be positive"), ("2X", "is not a size such as 512M"), ("1e999G", "is not a size")):
        status, out, err = run(capsys, "solve", term, "--table-size", bad)
        assert status == 2 and "--table-size" in err and says in err and err.count("\n") == 1


@needs_native
def test_ctrl_c_saves_the_table(tmp_path: pathlib.Path) -> None:
    """A real Ctrl-C (SIGINT) to a real process: the one line, exit status 130, a
    table that loads."""
    path = tmp_path / "s.cgttt"
    status, err = interrupted("solve", "clobber:xoxox|oxoxo|xoxox|oxoxo|xoxox", "--first", "L", "--tt-save", str(path))
    assert status == 130 and "saved to" in err and len(err.strip().splitlines()) == 1
    assert outcome_table.header(str(path))["entries"] > 0
    search.load_table(str(path))


@needs_native
def test_sigterm_saves_the_table_as_ctrl_c_does(tmp_path: pathlib.Path) -> None:
    """SIGTERM (kill's default; a background job ignores SIGINT) to a real process:
    "terminated", exit status 143, a table that loads."""
    import signal

    path = tmp_path / "t.cgttt"
    board = "clobber:xoxox|oxoxo|xoxox|oxoxo|xoxox"
    status, err = interrupted("solve", board, "--first", "L", "--tt-save", str(path), sig=signal.SIGTERM)
    assert status == 143 and "terminated; the outcome table so far" in err and len(err.strip().splitlines()) == 1
    assert outcome_table.header(str(path))["entries"] > 0
    status, err = interrupted("solve", board, "--first", "L", sig=signal.SIGTERM)
    assert status == 143 and err.strip() == "cgtkit solve: terminated"


@needs_native
@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_of_stones_outcome_is_saved_and_resumed(workers: int, tmp_path: pathlib.Path) -> None:
    # Clobber(...).outcome's search (RulesetSolver.outcome: both questions, on two
    # threads with workers=2) is the search of who_wins: its answers go in the table
    # save_table saves, and an interrupted one resumes from that table
    make, small = LONG["clobber"]
    terms = make()
    (p,) = terms
    solver = _fresh(terms)
    undisturbed = p.ruleset.outcome_of(p.components(), workers, small)
    assert undisturbed == search.outcome(terms)
    full = solver.sum_stats()["entries"]
    path = str(tmp_path / "t.cgttt")
    assert search.save_table(terms, path) == full > 0
    _fresh(terms)
    search.load_table(path, terms)
    before = solver.sum_stats()
    assert p.ruleset.outcome_of(p.components(), workers, small) == undisturbed
    after = solver.sum_stats()
    assert (after["entries"], after["misses"]) == (full, before["misses"])  # both roots answered by the table
    _fresh(terms)
    got = _interrupted(lambda: p.ruleset.outcome_of(p.components(), workers, small))
    assert isinstance(got, KeyboardInterrupt)
    partial = solver.sum_stats()["entries"]
    assert 0 < partial < full
    assert search.save_table(terms, path) == partial
    _fresh(terms)
    search.load_table(path)
    assert p.ruleset.outcome_of(p.components(), workers, small) == undisturbed
