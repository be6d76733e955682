"""One search across many workers (cgtkit.sweep.split_search): the answer rebuilt from
the subtrees equals the one-process search and the canonical value's outcome; its
winning moves are the search's; the proof in the database replays and a tampered row
is caught; on a real Dask cluster a worker killed by pid, or the driver killed and run
again, gives the same result and the same rows as an undisturbed run."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys

import pytest

from support.cli_run import run as cli
from support.sweep_faults import busiest_worker, kill_worker, paused, wait_for_pause

from cgtkit import search
from cgtkit.errors import CertificateError
from cgtkit.replay import read_term, term_text
from cgtkit.sweep.database import ResultsDB, SUBTREE_COLUMNS
from cgtkit.sweep.split_search import answer, check, winning_moves
from cgtkit.sweep.subtrees import problem_id, run_subtree, top_levels

CGTKIT = [sys.executable, "-m", "cgtkit.cli"]


def _local(db: str, terms: list[str], first: str, depth: int) -> None:
    """Every subtree run here, as a worker would, into ``db``."""
    with ResultsDB.create(db) as r:
        for path, who in top_levels(terms, first, depth):
            r.record_subtree(run_subtree(problem_id(terms, first), terms, first, path, who, True, 10_000))


def _random_sum(rng: random.Random) -> list[str]:
    kinds = [
        lambda: "clobber:" + "|".join("".join(rng.choice("xo.") for _ in range(3)) for _ in range(rng.randint(1, 2))),
        lambda: "domineering:" + "|".join("".join(rng.choice("..#") for _ in range(3)) for _ in range(2)),
        lambda: rng.choice(["*", "^", "1/2", "-1", "{1|-1}", "^*", "*2"]),
    ]
    return [term_text(read_term(rng.choice(kinds)())) for _ in range(rng.randint(1, 3))]


@pytest.mark.parametrize("seed", range(12))
def test_the_split_search_answers_as_the_search_and_the_value(tmp_path, seed):
    rng = random.Random(seed)
    terms = _random_sum(rng)
    depth = rng.choice([0, 1, 2])
    for first in ("L", "R"):
        db = str(tmp_path / f"{first}.db")
        _local(db, terms, first, depth)
        got = answer(db, terms, first, depth)
        assert (
            got
            == search.who_wins([read_term(t) for t in terms], first)
            == search.who_wins_by_value([read_term(t) for t in terms], first)
        ), (terms, first, depth)
        assert check(db, terms, first, depth) == len(top_levels(terms, first, depth))
        if depth >= 1:
            want = search.moves_of(
                [read_term(t) for t in terms], first, search.winning_moves([read_term(t) for t in terms], first)
            )
            assert winning_moves(db, terms, first, depth) == sorted({(i + 1, term_text(o)) for i, o in want})


def test_a_missing_subtree_leaves_the_answer_open_unless_a_sibling_decides(tmp_path):
    terms = ["clobber:xxo", "clobber:ox"]  # ^ + *: Left wins moving first, by one move only
    db = str(tmp_path / "r.db")
    _local(db, terms, "L", 1)
    con = sqlite3.connect(db)
    winning = json.dumps([[2, "clobber:x."]])
    con.execute("DELETE FROM subtrees WHERE path != ?", (winning,))
    con.commit()
    assert answer(db, terms, "L") is True  # the winning move's subtree decides it
    con.execute("DELETE FROM subtrees")
    con.commit()
    con.close()
    assert answer(db, terms, "L") is None
    with pytest.raises(CertificateError, match="do not decide"):
        check(db, terms, "L")


def test_a_tampered_row_is_caught(tmp_path):
    terms = ["clobber:xoxo|ox..", "clobber:xxo"]
    db = str(tmp_path / "r.db")
    _local(db, terms, "L", 1)
    con = sqlite3.connect(db)
    (path, wins) = con.execute("SELECT path, wins FROM subtrees ORDER BY path LIMIT 1").fetchone()
    con.execute("UPDATE subtrees SET wins = ? WHERE path = ?", (1 - wins, path))
    con.commit()
    with pytest.raises(CertificateError, match="not about that subtree"):
        check(db, terms, "L")
    (other,) = con.execute("SELECT certificate FROM subtrees WHERE path != ? LIMIT 1", (path,)).fetchone()
    con.execute("UPDATE subtrees SET wins = ?, certificate = ? WHERE path = ?", (wins, other, path))
    con.commit()
    with pytest.raises(CertificateError):  # another subtree's certificate (its SHA-256 not this row's)
        check(db, terms, "L")
    con.execute("UPDATE subtrees SET certificate = ? WHERE path = ?", (other[:-9] + bytes(9), path))
    con.commit()
    con.close()
    with pytest.raises(CertificateError):  # a damaged file
        check(db, terms, "L")


def test_a_subtree_s_certificate_is_compact_and_its_sha_names_it(tmp_path):
    import hashlib

    from cgtkit.replay.compact import check_compact

    terms = ["clobber:xoxo|ox..", "clobber:xxo"]
    db = str(tmp_path / "r.db")
    _local(db, terms, "L", 1)
    with ResultsDB.open(db, readonly=True) as r:
        rows = r.subtree_rows(problem_id(terms, "L"))
    for row in rows:
        assert row["certificate"][:2] == b"\x1f\x8b"
        assert row["certificate_sha"] == hashlib.sha256(row["certificate"]).hexdigest()
        assert check_compact(row["certificate"]).claims == [(row["to_move"], bool(row["wins"]))]


def test_a_version_1_database_gains_the_subtrees_table(tmp_path):
    from cgtkit.sweep.database import _SCHEMA

    db = str(tmp_path / "old.db")
    con = sqlite3.connect(db)
    for statement in _SCHEMA[: _SCHEMA.index("CREATE TABLE IF NOT EXISTS subtrees")].split(";"):
        if statement.strip():
            con.execute(statement)
    con.executemany(
        "INSERT INTO cgtkit_meta VALUES (?, ?)",
        [("format", "cgtkit-sweep"), ("schema_version", "1"), ("created_by", "x")],
    )
    con.commit()
    con.close()
    with ResultsDB.open(db, readonly=True) as r:
        assert r.subtree_rows("nothing") == []
    _local(db, ["clobber:xo"], "L", 1)
    with ResultsDB.open(db, readonly=True) as r:
        assert len(r.subtree_rows(problem_id(["clobber:xo"], "L"))) == 1
        assert r.conn.execute("SELECT value FROM cgtkit_meta WHERE key = 'schema_version'").fetchone() == ("2",)


# --- on a Dask cluster -----------------------------------------------------------------

distributed = pytest.importorskip("distributed")

# about a second of work on two workers: Clobber 2 x 5, split two moves deep (112
# subtrees); the driver stops (the runner's test hook, CGTKIT_SWEEP_PAUSE) once PAUSE_AT
# subtrees are committed, and the fault comes then, whatever the machine's speed and load
FAULT_TERMS = ["clobber:xoxox|oxoxo"]
PAUSE_AT = 5
FAULT_ARGS = ["solve", *FAULT_TERMS, "--first", "L", "--split-depth", "2", "--no-progress"]
# the time and the nodes searched depend on the worker (its table is warm from earlier tasks)
TIMELESS = [c for c in SUBTREE_COLUMNS if c not in ("seconds", "cpu_seconds", "nodes")]


def _rows(db) -> list[tuple]:
    if not os.path.exists(db):
        return []
    con = sqlite3.connect(db)
    try:
        return sorted(con.execute(f"SELECT {', '.join(TIMELESS)} FROM subtrees").fetchall())
    except sqlite3.OperationalError:
        return []
    finally:
        con.close()


@pytest.fixture(scope="module")
def undisturbed(cluster, tmp_path_factory):
    address, _ = cluster
    db = str(tmp_path_factory.mktemp("undisturbed") / "r.db")
    done = subprocess.run(
        CGTKIT + FAULT_ARGS + ["--results", db, "--scheduler", address], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return db, _rows(db), done.stdout


def test_the_cluster_run_answers_as_the_search(undisturbed, capsys):
    db, rows, out = undisturbed
    want = search.who_wins([read_term(t) for t in FAULT_TERMS], "L")
    assert f"Left moving first {'wins' if want else 'loses'}" in out
    assert len(rows) == len(top_levels(FAULT_TERMS, "L", 2)) > 20
    assert all(r[TIMELESS.index("status")] == "done" for r in rows)
    status, out, err = cli(
        capsys, "solve", *FAULT_TERMS, "--first", "L", "--split-depth", "2", "--results", db, "--check"
    )
    assert status == 0 and "subtree certificates replayed: OK" in out, err


def test_worker_killed_mid_search(cluster, undisturbed, tmp_path):
    address, client = cluster
    db, gate = str(tmp_path / "r.db"), tmp_path / "go"
    proc = paused(CGTKIT + FAULT_ARGS + ["--results", db, "--scheduler", address], gate, PAUSE_AT)
    try:
        wait_for_pause(lambda: len(_rows(db)), proc, PAUSE_AT)  # exactly PAUSE_AT rows committed
        worker, pid, held = busiest_worker(client)
        kill_worker(client, worker, pid)  # its answers not yet committed, and its running subtree, are lost
        gate.touch()
        assert proc.wait(timeout=300) == 0
    finally:
        proc.kill()
        proc.wait()
    assert held and 0 < PAUSE_AT < len(undisturbed[1])
    client.wait_for_workers(2, timeout=60)
    assert _rows(db) == undisturbed[1]


def test_driver_killed_mid_search_resumes(cluster, undisturbed, tmp_path):
    address, _ = cluster
    db, gate = str(tmp_path / "r.db"), tmp_path / "go"
    argv = CGTKIT + FAULT_ARGS + ["--results", db, "--scheduler", address]
    proc = paused(argv, gate, PAUSE_AT)
    try:
        wait_for_pause(lambda: len(_rows(db)), proc, PAUSE_AT)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        proc.kill()
    assert len(_rows(db)) == PAUSE_AT < len(undisturbed[1])  # killed mid-search: some rows, not all
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"({PAUSE_AT} already in the database" in done.stdout
    assert _rows(db) == undisturbed[1]
    assert done.stdout.splitlines()[:2] == undisturbed[2].splitlines()[:2]


def test_options_that_do_not_go_together(capsys, tmp_path):
    status, out, err = cli(capsys, "solve", "clobber:xo", "--split-depth", "2")
    assert status == 2 and "--results" in err
    status, out, err = cli(capsys, "solve", "clobber:xo", "--results", str(tmp_path / "r.db"), "--jobs", "2")
    assert status == 2 and "do not go with it" in err
