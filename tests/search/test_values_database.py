"""The database of a ruleset's values (cgtkit.rulesets.database, RulesetSolver.export /
preload): a table saved then loaded gives the values and outcomes of a fresh search;
a fresh process answers from it; a file of another ruleset, of other parameters, or
truncated or corrupt, is refused with a CGTError; the python engine refuses."""

from __future__ import annotations

import json
import os
import pathlib
import random
import subprocess
import sys

import pytest
from support.cli_run import interrupted, run
from support.table_files import header_of, resealed, sealed

from cgtkit import search
from cgtkit.backend import rulesets as native
from cgtkit.errors import CGTError, RulesError
from cgtkit.rulesets import Clobber, NoGo, database
from cgtkit.rulesets.database import DatabaseError

needs_native = pytest.mark.skipif(not native.active(), reason="the native ruleset search is not running")
SRC = str(pathlib.Path(__file__).parent.parent.parent / "src")


def _python(code: str, **env: str) -> str:
    """Run ``code`` in a fresh interpreter; its standard output."""
    got = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=SRC, **env),
        timeout=300,
    )
    assert got.returncode == 0, got.stderr
    return got.stdout


def _nogo(rng: random.Random, n: int) -> NoGo:
    while True:  # a board with a group without liberties is no NoGo position
        try:
            return NoGo("".join(rng.choice("XO....") for _ in range(n)))
        except RulesError:
            pass


@pytest.fixture(scope="module")
def nogo_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    if not native.active():
        pytest.skip("the native ruleset search is not running")
    path = str(tmp_path_factory.mktemp("db") / "nogo.cgtdb")
    native.clear(NoGo)
    database.build(NoGo, 7, path)
    return path


@needs_native
def test_saved_then_loaded_gives_the_values_of_a_fresh_search(nogo_db: str) -> None:
    native.clear(NoGo)
    solver = native.solver_of(NoGo)
    assert solver is not None and solver.stats()["entries"] == 0
    n = database.load(nogo_db)
    assert n == database.header(nogo_db)["entries"] == solver.stats()["entries"] > 100
    rng = random.Random(28)
    for _ in range(60):
        p = _nogo(rng, rng.randint(1, 9))
        with native.python_search():
            fresh = p.value
        assert p.value == fresh, p
        for first in "LR":
            assert search.who_wins(p, first) == search.who_wins_by_value(p, first), (p, first)


@needs_native
def test_export_preload_round_trip_in_process() -> None:
    native.clear(NoGo)
    NoGo("X......O").value
    solver = native.solver_of(NoGo)
    got = solver.export()
    assert len(got) == solver.stats()["entries"] and all(isinstance(k, bytes) for k, _ in got)
    native.clear(NoGo)
    solver.preload(got)
    assert sorted(solver.export()) == sorted(got)
    with pytest.raises(RulesError, match="not a key"):
        solver.preload([(got[0][0][:-1], got[0][1])])
    with pytest.raises(RulesError, match="no game"):
        solver.preload([(got[0][0], 2**32 - 1)])


@needs_native
def test_clobber_strips_round_trip(tmp_path: pathlib.Path) -> None:
    path = str(tmp_path / "clobber.cgtdb")
    native.clear(Clobber.ruleset)
    n = database.build("clobber", 5, path)
    native.clear(Clobber.ruleset)
    assert database.load(path, Clobber) == n > 10
    rng = random.Random(7)
    for _ in range(30):
        p = Clobber("".join(rng.choice("xo.") for _ in range(rng.randint(1, 7))))
        with native.python_search():
            fresh = p.value
        assert p.value == fresh, p


@needs_native
def test_a_fresh_process_answers_from_the_table(nogo_db: str) -> None:
    code = (
        "import json, sys\n"
        "from cgtkit import search\nfrom cgtkit.rulesets import NoGo, database\n"
        "from cgtkit.backend import rulesets as native\n"
        "n = database.load(%r) if sys.argv[-1] == 'db' else 0\n"
        "w = search.who_wins(NoGo('.' * 9), 'L', small=2)\n"
        "st = native.solver_of(NoGo).stats()\n"
        "print(json.dumps([w, search.last_nodes(), st['hits'], st['entries'] - n]))\n" % nogo_db
    )
    # parts of at most 2 stones or cells valued, the others searched: the parts of
    # up to 7 cells the file holds are valued at once instead
    without = json.loads(_python(code.replace("sys.argv[-1]", "'no'")))
    loaded = json.loads(_python(code.replace("sys.argv[-1]", "'db'")))
    assert loaded[0] == without[0]
    assert loaded[1] < without[1], (loaded, without)
    assert loaded[2] > 0 and loaded[3] < without[3], (loaded, without)


@needs_native
def test_cli_build_then_solve_with_db(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "n.cgtdb")
    status, out, err = run(capsys, "db", "build", "nogo", "--size", "5", "-o", path, "--json")
    assert status == 0, err
    assert json.loads(out)["entries"] == database.header(path)["entries"]
    status, out, err = run(capsys, "solve", "nogo:........", "--db", path, "--json")
    assert status == 0, err
    got = json.loads(out)
    assert got["loaded"] == database.header(path)["entries"]
    assert got["outcome"] == str(search.outcome(NoGo("........")))
    status, out, err = run(capsys, "db", "build", "nogo", "--size", "5")
    assert status == 2 and "-o FILE" in err
    status, out, err = run(capsys, "solve", "nogo:..", "--db", str(tmp_path / "missing"))
    assert status == 2 and "cannot read" in err


@needs_native
@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
def test_ctrl_c_during_build_leaves_a_whole_checkpoint(tmp_path: pathlib.Path, how: str) -> None:
    """Ctrl-C (or SIGTERM, as a batch system stops a job) saves what was built (a
    whole file, its checksum good, the boards done in its header) and nothing
    half-written beside it."""
    import signal

    path = tmp_path / "big.cgtdb"
    status, err = interrupted("db", "build", "nogo", "--size", "15", "-o", str(path), sig=getattr(signal, how))
    said = "interrupted" if how == "SIGINT" else "terminated"
    assert status == (130 if how == "SIGINT" else 143) and said in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) in ([], [path])  # (stopped before the first board: nothing)
    if path.exists():
        head = database.header(str(path))
        assert head["build"]["plan"] == {"rows": 1, "cols": 15, "cells": ".XO"}
        assert 0 <= head["build"]["done"] < sum(3**k for k in range(1, 16))


@needs_native
def test_another_ruleset_or_other_params_refused(nogo_db: str, tmp_path: pathlib.Path) -> None:
    with pytest.raises(DatabaseError, match="not of 'clobber'"):
        database.load(nogo_db, Clobber)
    # the same file, its header naming other parameters (and its checksum made to match)
    good = pathlib.Path(nogo_db).read_bytes()
    start, header = _header(good)
    header["params"] = {"size": 3}
    path = tmp_path / "p.cgtdb"
    path.write_bytes(_with_header(header, good[start:-32]))
    with pytest.raises(DatabaseError, match="params"):
        database.load(str(path))


def _header(data: bytes) -> tuple[int, dict]:
    """Where a database's body starts, and its header."""
    return header_of(data, database.MAGIC)


def _with_header(header: dict, body: bytes) -> bytes:
    return sealed(database.MAGIC, header, body)


@needs_native
def test_truncated_or_corrupt_refused(nogo_db: str, tmp_path: pathlib.Path) -> None:
    good = pathlib.Path(nogo_db).read_bytes()
    bad = tmp_path / "bad.cgtdb"
    cases = {
        "truncated": good[: len(good) // 2],
        "one byte": good[:-1],
        "a byte flipped": good[:100] + bytes([good[100] ^ 1]) + good[101:],
        "not ours": b"hello world\n",
        "empty": b"",
    }
    for what, data in cases.items():
        bad.write_bytes(data)
        with pytest.raises(CGTError):
            database.load(str(bad))
        assert what
    # a checksum that matches, content that does not: the body's keys one byte short
    import zlib

    start, header = _header(good)
    body = zlib.decompress(good[start:-32])
    bad.write_bytes(resealed(good[:start] + zlib.compress(body[: len(body) // 2])))
    with pytest.raises(DatabaseError):
        database.load(str(bad))
    header["format"] = 99
    bad.write_bytes(_with_header(header, good[start:-32]))
    with pytest.raises(DatabaseError, match="format 99"):
        database.load(str(bad))


def test_python_engine_refuses(tmp_path: pathlib.Path) -> None:
    """The python engine's ruleset searches keep their own tables: save and load refuse."""
    with native.python_search():
        with pytest.raises(DatabaseError, match="python"):
            database.save(NoGo, str(tmp_path / "x.cgtdb"))
    if native.active():
        path = str(tmp_path / "n.cgtdb")
        database.build(NoGo, 3, path)
        with native.python_search():
            with pytest.raises(DatabaseError, match="python"):
                database.load(path)
        code = f"from cgtkit.rulesets import database\ntry: database.load({path!r})\nexcept database.DatabaseError as e: print(e)\n"
        assert "python" in _python(code, CGTKIT_ENGINE="python")


# --- building any ruleset's boards ---------------------------------------------------------


def test_boards_are_every_board_smaller_first() -> None:
    got = list(database.boards(".x", 2, 2))
    assert len(got) == len(set(got)) == 2 + 4 + 4 + 16
    assert got[:2] == [".", "x"] and got[-1] == "xx|xx"
    assert all(len(b.split("|")) <= 2 and all(len(r) <= 2 for r in b.split("|")) for b in got)


def test_families_are_the_native_rulesets_that_name_their_cells() -> None:
    from cgtkit.rulesets.registry import lookup

    names = database.families()
    assert {"clobber", "nogo", "toppling-dominoes", "fission", "elephants"} <= set(names)
    for name in names:
        d = lookup(name).declaration
        assert d.cells and d.native


@needs_native
@pytest.mark.parametrize(
    "name, size", [("clobber", (2, 3)), ("fission", (2, 3)), ("toppling-dominoes", 6), ("elephants", 7)]
)
def test_built_boards_round_trip(tmp_path: pathlib.Path, name: str, size) -> None:
    """Every board up to the size is in the file; loaded in a fresh table, each board's
    value equals the Python search's."""
    from cgtkit.rulesets.registry import lookup

    cls = lookup(name)
    owner = database.owner_of(cls)
    path = str(tmp_path / "b.cgtdb")
    native.clear(owner)
    n = database.build(name, size, path)
    native.clear(owner)
    assert database.load(path, cls) == n > 5
    rows, cols = (1, size) if isinstance(size, int) else size
    before = native.solver_of(owner).stats()["entries"]
    rng = random.Random(3)
    boards = list(database.boards(cls.declaration.cells, rows, cols))
    for text in rng.sample(boards, 25):
        try:
            p = cls(text)
        except RulesError:
            continue
        with native.python_search():
            fresh = p.value
        assert p.value == fresh, text
    assert native.solver_of(owner).stats()["entries"] == before  # nothing new: all in the file


@needs_native
def test_an_interrupted_build_resumes(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = str(tmp_path / "whole.cgtdb")
    native.clear(NoGo)
    n = database.build(NoGo, 9, whole)
    path = str(tmp_path / "part.cgtdb")
    native.clear(NoGo)
    calls = []

    def stop(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        database.build(NoGo, 9, path, progress=stop)
    made = database.header(path)["build"]
    assert made["done"] == calls[-1] < sum(3**k for k in range(1, 10))
    native.clear(NoGo)
    seen = []
    assert database.build(NoGo, 9, path, progress=lambda d, t: seen.append(d)) == n
    assert seen[0] > made["done"]  # it went on from where it stopped
    assert database.header(path)["entries"] == database.header(whole)["entries"] == n
    native.clear(NoGo)
    database.load(path)
    for k in range(1, 10):
        assert NoGo("." * k).value == NoGo("." * k).value


@needs_native
def test_build_checkpoints_as_it_goes(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database, "CHECKPOINT_SECONDS", -1.0)  # save at every progress step
    path = str(tmp_path / "c.cgtdb")
    native.clear(NoGo)
    seen = []

    def look(done: int, total: int) -> None:
        if done < total and os.path.exists(path):
            seen.append(database.header(path)["build"]["done"])

    database.build(NoGo, 9, path, progress=look)
    assert seen and seen == sorted(seen) and database.header(path)["build"]["done"] == sum(3**k for k in range(1, 10))


def test_build_refuses_bad_rulesets_and_sizes() -> None:
    with pytest.raises(DatabaseError, match="boards of"):
        database.build("kayles", 4)
    with pytest.raises(DatabaseError, match="1 to 16 squares"):
        database.build("clobber", (5, 5))
    with pytest.raises(DatabaseError, match="rows, cols"):
        database.build("clobber", (0, 2))


# --- the table's bound ------------------------------------------------------------------------


@needs_native
def test_a_tight_bound_evicts_and_gives_the_same_values() -> None:
    """A table of values too small for a search evicts (counted) and finds the same
    values and nim values as a roomy one; a variant's position bounds the variant's
    own table, not its ruleset's."""
    from cgtkit.rulesets.variants import impartial_variant

    rng = random.Random(39)
    # some 600 values a table: with 64 shards of one entry each (the bound below),
    # eviction is certain whatever the hasher's random seed puts in which shard (12
    # boards of 2x5, some 80 values, left it to the seed: the test once failed)
    boards = ["|".join("".join(rng.choice("xo.") for _ in range(6)) for _ in range(2)) for _ in range(24)]
    variant = impartial_variant(Clobber("xo"))
    before = {r: database.stats(r)["bound"] for r in (Clobber, variant)}
    try:
        roomy = [(Clobber(b).value, impartial_variant(Clobber(b)).nim_value) for b in boards]
        database.set_bound(variant, 1 << 14)
        assert (
            database.stats(variant)["bound"] < before[variant] and database.stats(Clobber)["bound"] == before[Clobber]
        )
        database.set_bound(Clobber, 1 << 14)
        evicted = {r: database.stats(r)["evicted"] for r in (Clobber, variant)}
        native.clear(Clobber)
        native.clear(database.owner_of(variant))
        tight = [(Clobber(b).value, impartial_variant(Clobber(b)).nim_value) for b in boards]
        assert tight == roomy
        assert all(database.stats(r)["evicted"] > evicted[r] for r in (Clobber, variant))
    finally:
        for r, bound in before.items():
            native.solver_of(database.owner_of(r)).set_bound(entries=bound)


@needs_native
def test_owner_of_a_variant_is_the_variant_search() -> None:
    from cgtkit.rulesets.variants import impartial_variant, native_owner

    owner = native_owner("impartial", Clobber("xo").native_parts()[0])
    assert database.owner_of(impartial_variant(Clobber("xo|ox"))) is owner
    assert database.owner_of(owner) is owner and database.owner_of(Clobber) is Clobber.ruleset


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "1G"])
def test_a_bound_is_a_positive_number_of_bytes(bad: object) -> None:
    with pytest.raises(DatabaseError, match="positive number of bytes"):
        database.set_bound(Clobber, bad)  # type: ignore[arg-type]


def test_python_engine_has_no_bound_to_set() -> None:
    with native.python_search():
        with pytest.raises(DatabaseError, match="python engine"):
            database.set_bound(Clobber, 1 << 20)
        with pytest.raises(DatabaseError, match="python engine"):
            database.stats(Clobber)


@needs_native
def test_cli_table_size(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--table-size of a value command and of db build: a tight table evicts, says
    so, and answers as a roomy one; a bad size or the python engine is one line,
    exit status 2."""
    from cgtkit.rulesets.variants import impartial_variant

    board = "xoxoxo|oxoxox"
    variant = database.owner_of(impartial_variant(Clobber("xo")))
    before = {o: native.solver_of(o).stats()["bound"] for o in (variant, Clobber.ruleset)}
    try:
        native.clear(variant)
        status, out, err = run(capsys, "clobber", board, "--variant", "impartial", "--json")
        assert status == 0, err
        roomy = json.loads(out)
        assert roomy["evicted"] == 0
        native.clear(variant)
        status, out, err = run(capsys, "clobber", board, "--variant", "impartial", "--table-size", "16K", "--json")
        assert status == 0, err
        tight = json.loads(out)
        assert tight["evicted"] > 0 and tight["nim_value"] == roomy["nim_value"]
        assert native.solver_of(variant).stats()["bound"] < before[variant]
        native.clear(variant)
        status, out, err = run(capsys, "clobber", board, "--variant", "impartial", "--table-size", "16K")
        assert status == 0 and "the table of values was full" in out and "--table-size" in out
        native.clear(Clobber)
        path = str(tmp_path / "c.cgtdb")
        status, out, err = run(capsys, "db", "build", "clobber", "--size", "2x3", "-o", path, "--table-size", "16K")
        assert status == 0, err
        assert "the database holds the values used last" in out
        assert database.header(path)["entries"] < sum(1 for _ in database.boards(".xo", 2, 3))
    finally:
        for o, bound in before.items():
            native.solver_of(o).set_bound(entries=bound)
            native.clear(o)
    status, out, err = run(capsys, "clobber", board, "--table-size", "0")
    assert status == 2 and "--table-size must be positive" in err and err.count("\n") == 1
    with native.python_search():
        status, out, err = run(capsys, "clobber", "xo", "--table-size", "1G")
    assert status == 2 and "python engine" in err and err.count("\n") == 1
