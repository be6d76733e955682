"""Sweeps on a real Dask cluster of worker processes, into a real SQLite file.

One LocalCluster (2 worker processes, 1 thread each) serves the whole module; the
command-line runs reach it with ``--scheduler``, so a test kills a worker or the
driver without taking the cluster down.  Workloads are small (heap limits of 2**10 to
2**15) so the module stays within a few tens of seconds.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support.cli_run import run as cli
from support.sweep_faults import busiest_worker, kill_worker, paused, wait_for_pause

distributed = pytest.importorskip("distributed")

import cgtkit.sweep as sweep  # noqa: E402
from cgtkit.heap import OctalGame  # noqa: E402
from cgtkit.rulesets import Domineering  # noqa: E402
from cgtkit.short.thermography import temperature  # noqa: E402
from cgtkit.sweep.database import HEAP_COLUMNS, POSITION_COLUMNS  # noqa: E402
from cgtkit.sweep.positions import polyominoes  # noqa: E402

DATA = json.loads((Path(__file__).parent.parent / "data" / "sweep_octal_periods.json").read_text())
CGTKIT = [sys.executable, "-m", "cgtkit.cli"]
# the workload of the fault tests, a second or two on two workers: the two-digit octal
# codes to 2**12 heaps, without 0.04, 0.06, 0.74; the driver stops (the runner's test
# hook, CGTKIT_SWEEP_PAUSE) once PAUSE_AT rows are committed, and the fault comes then,
# whatever the machine's speed and load
FAULT_CODES = ["0.76"] + [
    c for c in (f"0.{a}{b}" for a in range(8) for b in range(8)) if c not in ("0.76", "0.04", "0.06", "0.74")
]
FAULT_HEAPS = 1 << 12
FAULT_ARGS = ["sweep", "octal", "--codes", " ".join(FAULT_CODES), "--heaps", str(FAULT_HEAPS), "--no-progress"]
N_FAULT = len(FAULT_CODES)
PAUSE_AT = 5
TIMELESS = [c for c in HEAP_COLUMNS if c not in ("seconds", "cpu_seconds")]


def _rows(path) -> list[tuple]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute(f"SELECT {', '.join(TIMELESS)} FROM heap_games ORDER BY family, code").fetchall()
    finally:
        conn.close()


def _count(path, table: str = "heap_games") -> int:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def _least_preperiod(entry) -> int:
    """The preperiod from heap 0 implied by the published prefix, period and nimbers."""
    nim = entry["nimbers"]
    head, period = nim.split("(")[0], nim.split("(")[1].rstrip(")")
    seq = [0] * entry["offset"] + [int(ch, 36) for ch in head] + [int(ch, 36) for ch in period] * 4
    p = entry["period"]
    n0 = len(seq) - p
    while n0 > 0 and seq[n0 - 1] == seq[n0 - 1 + p]:
        n0 -= 1
    return n0


@pytest.fixture(scope="module")
def undisturbed(cluster, tmp_path_factory):
    """The fault tests' workload run without faults: the rows to compare with."""
    path = tmp_path_factory.mktemp("sweep") / "undisturbed.db"
    sweep.heap_games("octal", FAULT_CODES, FAULT_HEAPS, str(path), scheduler=cluster[0])
    return _rows(path)


def test_two_digit_octal_codes_reproduce_the_published_periods(cluster, tmp_path):
    db = str(tmp_path / "r.db")
    table = sweep.octal(digits=2, heaps=1 << 12, db=db, workers=2, scheduler=cluster[0])
    assert len(table) == 64 and table.columns[:5] == ("code", "heaps", "status", "preperiod", "period")
    got = {row["code"]: row for row in table}
    for entry in DATA["periods"]:
        row = got.get(entry["code"]) or sweep.heap_tasks.heap_task("octal", entry["code"], 1 << 12)  # one-digit codes
        assert row["status"] == "certified", entry["code"]
        assert (row["preperiod"], row["period"]) == (_least_preperiod(entry), entry["period"]), entry["code"]
    for code in DATA["open_or_long"]["codes"]:
        if code in got:
            assert got[code]["status"] == "open" and got[code]["period"] is None, code
    # every row agrees with cgtkit's single-game computation
    for code, row in got.items():
        found = OctalGame(code).periodicity(limit=1 << 12)
        expect = (None, None) if found is None else found.as_tuple()
        assert (row["preperiod"], row["period"]) == expect, code
        assert row["heaps"] == (found.checked if found else 1 << 12)
    with sweep.open_db(db) as results:
        full = results.heap_table("octal", all_columns=True)
    kayles = next(r for r in full if r["code"] == "0.77")
    assert json.loads(kayles["first_values"])[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert kayles["rare_heaps"] == len(
        [
            v
            for v in OctalGame("0.77").grundy_values(kayles["heaps"]).tolist()
            if bin(v & kayles["rare_mask"]).count("1") % 2 == 0
        ]
    )
    assert kayles["version"] and kayles["seconds"] >= 0


def test_a_rerun_resumes_and_writes_nothing_twice(cluster, tmp_path):
    from cgtkit.sweep.runner import run

    db = str(tmp_path / "r.db")
    codes = ["0.77", "0.137", "0.07"]
    first = run(sweep.heap_sweep("octal", codes[:2], 4096), db, scheduler=cluster[0])
    assert (first.skipped, first.done, first.rows) == (0, 2, 2)
    again = run(sweep.heap_sweep("octal", codes, 4096), db, scheduler=cluster[0])
    assert (again.skipped, again.done, again.rows) == (2, 1, 1)
    # an open code is recomputed for a larger limit, and its row replaced (one row per code)
    small = sweep.heap_games("octal", ["0.16"], 1 << 10, db, scheduler=cluster[0])
    large = sweep.heap_games("octal", ["0.16"], 1 << 11, db, scheduler=cluster[0])
    assert small.column("heaps") == [1 << 10] and large.column("heaps") == [1 << 11]
    assert _count(db) == 4


def test_budgets_are_recorded_and_the_sweep_goes_on(cluster, tmp_path):
    db = str(tmp_path / "r.db")
    table = sweep.heap_games("octal", ["0.76", "0.77"], 1 << 16, db, scheduler=cluster[0], memory_budget=64 * 4096)
    status = dict(zip(table.column("code"), table.column("status")))
    assert status == {"0.76": "memory", "0.77": "certified"}
    table = sweep.heap_games("octal", ["0.76"], 1 << 16, db, scheduler=cluster[0], time_budget=1e-6, retry=True)
    assert table.column("status") == ["timeout"]
    with sweep.open_db(db) as results:
        assert "time budget" in results.sql("SELECT message FROM heap_games WHERE code = '0.76'").rows[0][0]


def test_subtraction_and_hex_sweeps(cluster, tmp_path):
    db = str(tmp_path / "r.db")
    table = sweep.subtraction(max_set=3, heaps=4096, db=db, scheduler=cluster[0])
    got = {r["code"]: (r["preperiod"], r["period"]) for r in table}
    assert len(got) == 7 and got["1,2"] == (0, 3) and got["2"] == (0, 4)  # S(1,2): 0,1,2 repeated
    table = sweep.hexadecimal(digits=1, heaps=1024, db=db, scheduler=cluster[0])
    assert len(table) == 16
    for r in table:
        found = OctalGame(r["code"]).periodicity(limit=1024)
        assert (r["preperiod"], r["period"]) == ((None, None) if found is None else found.as_tuple())


def _brute_force_positions(k: int) -> int:
    """Connected k-cell subsets of a k-by-k grid, up to the four value-preserving symmetries."""
    cells = [(r, c) for r in range(k) for c in range(k)]
    seen = set()
    for chosen in itertools.combinations(cells, k):
        s = set(chosen)
        stack, reached = [chosen[0]], {chosen[0]}
        while stack:
            r, c = stack.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in s and n not in reached:
                    reached.add(n)
                    stack.append(n)
        if len(reached) != k:
            continue
        images = []
        for fr, fc in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            pts = [(fr * r, fc * c) for r, c in s]
            r0, c0 = min(p[0] for p in pts), min(p[1] for p in pts)
            images.append(tuple(sorted((r - r0, c - c0) for r, c in pts)))
        seen.add(min(images))
    return len(seen)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_positions_are_every_polyomino_up_to_the_value_preserving_symmetries(k):
    assert len(polyominoes(k)) == _brute_force_positions(k)
    assert all(p.count(".") == k for p in polyominoes(k))


def test_domineering_positions_sweep_and_queries(cluster, tmp_path, capsys):
    db = str(tmp_path / "r.db")
    hottest = sweep.positions("domineering", cells=6, db=db, scheduler=cluster[0], chunk=40)
    with sweep.open_db(db) as results:
        rows = list(results.table("positions"))
        values = results.values()
    assert len(rows) == sum(len(polyominoes(k)) for k in range(1, 7))
    by_pos = {r["position"]: r for r in rows}
    assert by_pos[".|."]["value"] == "1" and by_pos[".."]["value"] == "-1"
    assert by_pos["..|.."]["value"] == "+-1" and by_pos["..|.."]["temperature"] == "1"
    assert by_pos["...|..."]["value"] == "{2|-1/2}"
    for r in rows[::7]:  # each row is the position's value, stops and temperature computed here
        g = Domineering(r["position"]).value
        assert (r["value"], r["left_stop"], r["right_stop"]) == (str(g), str(g.stops[0]), str(g.stops[1]))
        assert r["temperature"] == str(temperature(g)) and r["status"] == "done"
    assert [str(t) for t in sorted((temperature(Domineering(p).value) for p in by_pos), reverse=True)[:20]] == list(
        hottest.column("temperature")
    )
    assert sorted(values.column("value")) == sorted({r["value"] for r in rows})
    assert sum(values.column("positions")) == len(rows)
    status, out, err = cli(capsys, "db", db, "hottest", "--n", "3")
    assert status == 0 and len(out.strip().splitlines()) == 4, err


def test_worker_killed_mid_sweep(cluster, undisturbed, tmp_path):
    address, client = cluster
    db, gate = tmp_path / "r.db", tmp_path / "go"
    proc = paused(CGTKIT + FAULT_ARGS + ["--db", str(db), "--scheduler", address], gate, PAUSE_AT)
    try:
        wait_for_pause(lambda: _count(db), proc, PAUSE_AT)  # exactly PAUSE_AT rows committed
        worker, pid, held = busiest_worker(client)
        kill_worker(client, worker, pid)  # its finished results and its running task are lost
        gate.touch()
        assert proc.wait(timeout=120) == 0
    finally:
        proc.kill()
        proc.wait()
    assert held and 0 < PAUSE_AT < N_FAULT  # the kill lost work the driver had not committed
    client.wait_for_workers(2, timeout=60)  # the nanny restarts it for the next tests
    assert _rows(db) == undisturbed


def test_driver_killed_mid_run_resumes(cluster, undisturbed, tmp_path):
    address, _ = cluster
    db, gate = tmp_path / "r.db", tmp_path / "go"
    argv = CGTKIT + FAULT_ARGS + ["--db", str(db), "--scheduler", address]
    proc = paused(argv, gate, PAUSE_AT)
    try:
        wait_for_pause(lambda: _count(db), proc, PAUSE_AT)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        proc.kill()
    assert _count(db) == PAUSE_AT < N_FAULT  # killed mid-run: some rows, not all
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"games: {N_FAULT} ({PAUSE_AT} already in the database, {N_FAULT - PAUSE_AT} run now" in done.stdout
    assert _rows(db) == undisturbed


def _positions(path) -> list[tuple]:
    """The positions table, every column but the time, in order."""
    columns = [c for c in POSITION_COLUMNS if c != "seconds"]
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute(f"SELECT {', '.join(columns)} FROM positions ORDER BY ruleset, position").fetchall()
    finally:
        conn.close()


# the window's workload: every Domineering position of 1 to 7 cells (312) in chunks of
# 4 positions of one size, 81 tasks
WINDOW_ARGS = ["sweep", "positions", "domineering", "--cells", "7", "--chunk", "4", "--no-progress"]
N_POSITIONS = sum(len(polyominoes(k)) for k in range(1, 8))


@pytest.fixture(scope="module")
def all_at_once(cluster, tmp_path_factory):
    """The window's workload with every task submitted at once (a window larger than
    the sweep): the rows to compare with."""
    from cgtkit.sweep.runner import run

    path = str(tmp_path_factory.mktemp("whole") / "r.db")
    report = run(sweep.positions_sweep("domineering", 7, chunk=4), path, scheduler=cluster[0], window=10**6)
    assert report.peak_in_flight == 81 and report.done == N_POSITIONS
    return _positions(path)


def test_a_sweep_keeps_at_most_its_window_of_tasks_in_flight(cluster, all_at_once, tmp_path, monkeypatch):
    """The driver holds at most ``window`` futures (submitted, not yet committed and
    released), counted here by wrapping Dask's own submit and release; the rows are the
    all-at-once run's."""
    from cgtkit.sweep.runner import run

    live: set[str] = set()
    peak = [0]
    real_map, real_release = distributed.Client.map, distributed.Future.release

    def counted_map(client, *args, **kwargs):
        futures = real_map(client, *args, **kwargs)
        live.update(f.key for f in futures)
        peak[0] = max(peak[0], len(live))
        return futures

    def counted_release(future, *args, **kwargs):
        live.discard(future.key)
        return real_release(future, *args, **kwargs)

    monkeypatch.setattr(distributed.Client, "map", counted_map)
    monkeypatch.setattr(distributed.Future, "release", counted_release)
    monkeypatch.setattr(distributed.Client, "submit", None)  # every task goes through map
    db = str(tmp_path / "r.db")
    report = run(sweep.positions_sweep("domineering", 7, chunk=4), db, scheduler=cluster[0], window=3)
    assert peak[0] == report.peak_in_flight == report.window == 3  # filled, never past it
    assert not live  # every future released once committed
    assert (report.done, report.rows, report.skipped) == (N_POSITIONS, N_POSITIONS, 0)
    assert _positions(db) == all_at_once


def test_a_windowed_sweep_killed_resumes_without_redoing_finished_tasks(cluster, all_at_once, tmp_path):
    address, _ = cluster
    db, gate = tmp_path / "r.db", tmp_path / "go"
    # one position a task, so that the pause's count of results is a count of rows
    argv = CGTKIT + WINDOW_ARGS + ["--chunk", "1", "--window", "16", "--db", str(db), "--scheduler", address]
    proc = paused(argv, gate, 10)
    try:
        wait_for_pause(lambda: _count(db, "positions"), proc, 10)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        proc.kill()
    at_kill = _count(db, "positions")
    assert at_kill == 10 < N_POSITIONS
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # the rerun lists only what has no row, and runs exactly that
    summary = f"positions: {N_POSITIONS} ({at_kill} already in the database, {N_POSITIONS - at_kill} run now, "
    assert done.stdout.startswith(summary + f"{N_POSITIONS - at_kill} rows written)"), done.stdout
    assert _positions(db) == all_at_once
    again = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert again.stdout.startswith(f"positions: {N_POSITIONS} ({N_POSITIONS} already in the database, 0 run now")


def _untouched(path: Path, capsys, *argv: str) -> str:
    before = (path.read_bytes(), path.stat().st_mtime_ns) if path.exists() else None
    status, out, err = cli(capsys, *argv)
    assert status == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    after = (path.read_bytes(), path.stat().st_mtime_ns) if path.exists() else None
    assert before == after
    return err


def test_bad_input_is_one_line_exit_2_and_the_database_untouched(cluster, tmp_path, capsys):
    db = tmp_path / "r.db"
    sweep.heap_games("octal", ["0.77"], 1024, str(db), scheduler=cluster[0])
    base = ["sweep", "octal", "--db", str(db), "--scheduler", cluster[0]]
    assert "'x' at column 4" in _untouched(db, capsys, *base, "--codes", "0.77 0.9x")
    assert "not an octal code" in _untouched(db, capsys, *base, "--codes", "0.8")
    assert "--heaps must be at least 1, got -5" in _untouched(db, capsys, *base, "--heaps", "-5")
    err = _untouched(
        db, capsys, "sweep", "octal", "--db", str(db), "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "1"
    )
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    assert "not a cgtkit results database" in _untouched(text, capsys, *base[:2], "--db", str(text), "--codes", "0.77")
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    assert "not a cgtkit results database" in _untouched(other, capsys, "db", str(other))
    assert "not a cgtkit results database" in _untouched(other, capsys, *base[:2], "--db", str(other))


def test_without_dask_a_one_line_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)
    status, out, err = cli(capsys, "sweep", "octal", "--db", str(tmp_path / "r.db"), "--codes", "0.77")
    assert status == 2 and "pip install 'cgtkit[sweep]'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r.db").exists()


def test_db_command_queries_and_exports(cluster, tmp_path, capsys):
    db = str(tmp_path / "r.db")
    sweep.heap_games("octal", ["0.77", "0.16"], 1024, db, scheduler=cluster[0])
    status, out, _ = cli(capsys, "db", db)
    assert status == 0 and "certified  1" in out and "open       1" in out
    status, out, _ = cli(capsys, "db", db, "sql", "SELECT code, period FROM heap_games ORDER BY code")
    assert status == 0 and out.split() == ["code", "period", "0.16", "0.77", "12"]
    status, out, _ = cli(capsys, "db", db, "sql", "SELECT code, period FROM heap_games ORDER BY code", "--json")
    # Kayles (0.77) has period 12; 0.16 is still open at 1024 heaps
    assert status == 0 and json.loads(out) == {"columns": ["code", "period"], "rows": [["0.16", None], ["0.77", 12]]}
    csv_path = tmp_path / "out.csv"
    status, out, _ = cli(capsys, "db", db, "export", "heap_games", "--csv", str(csv_path))
    lines = csv_path.read_text().splitlines()
    assert status == 0 and lines[0].startswith("family,code,heaps_limit") and len(lines) == 3
    assert cli(capsys, "db", db, "sql", "DELETE FROM heap_games")[0] == 2  # read only
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        status, _, err = cli(capsys, "db", db, "export", "heap_games", "--parquet", str(tmp_path / "o.parquet"))
        assert status == 2 and "pip install 'cgtkit[parquet]'" in err


# --- Ctrl-C and scripts -----------------------------------------------------------------------
def _sweep_in_its_own_terminal(tmp_path):
    """``cgtkit sweep`` on a local cluster of two workers, in a session of its own, as
    a terminal runs a command: Ctrl-C there reaches every process of the group."""

    def like_a_terminal():
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # not ignored, even under a background shell
        os.setsid()

    argv = ["sweep", "octal", "--digits", "2", "--heaps", str(1 << 22), "--workers", "2", "--no-progress"]
    return subprocess.Popen(
        CGTKIT + argv + ["--db", str(tmp_path / "r.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent.parent / "src")),
        preexec_fn=like_a_terminal,
    )


def _busy_worker(process) -> bool:
    try:
        used = process.cpu_times()
        return "spawn_main" in " ".join(process.cmdline()) and used.user + used.system >= 0.3
    except Exception:  # gone, or not ours to read
        return False


def _ctrl_c(proc, when) -> tuple[int, str]:
    psutil = pytest.importorskip("psutil")
    try:
        deadline = time.monotonic() + 120
        while not when(psutil.Process(proc.pid)) and time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.01)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc.returncode, err


@pytest.mark.parametrize("moment", ["workers starting", "sweep running"])
def test_ctrl_c_stops_a_sweep_in_one_line(tmp_path, moment):
    """The terminal's Ctrl-C reaches the worker processes too, which printed their own
    tracebacks (68 lines): one line and exit status 130, whenever it comes."""
    if moment == "workers starting":  # a worker process is importing (has used some CPU time)
        when = lambda p: any(_busy_worker(c) for c in p.children(recursive=True))  # noqa: E731
    else:  # the database has its first rows
        when = lambda p: _count(tmp_path / "r.db") >= 1  # noqa: E731
    status, err = _ctrl_c(_sweep_in_its_own_terminal(tmp_path), when)
    assert (status, err) == (130, "cgtkit sweep: interrupted\n")


def test_a_sweep_at_the_top_level_of_a_script_is_refused_in_one_line(tmp_path):
    """Without ``if __name__ == "__main__":`` every worker would import the script and
    start the sweep again (dozens of tracebacks ending in "Nanny failed to start")."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent.parent / "src"))
    call = f"cgtkit.sweep.octal(1, heaps=64, db={str(tmp_path / 'r.db')!r}, workers=1)"
    script = tmp_path / "sweep_script.py"
    script.write_text(f"import cgtkit.sweep\n\n\ndef main():\n    {call}\n\n\nmain()\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 1 and "Nanny" not in done.stderr
    assert done.stderr.splitlines()[-1] == (
        "cgtkit.errors.SweepError: sweep_script.py, line 8, starts a sweep at the top level of the script: Dask's "
        'worker processes import the script again and would start it again; put it under if __name__ == "__main__":'
    )
    assert not (tmp_path / "r.db").exists()


@pytest.mark.parametrize(
    "script, refused",
    [
        ("from cgtkit.sweep.runner import refuse_unguarded_script\nrefuse_unguarded_script()\n", True),
        (
            "from cgtkit.sweep.runner import refuse_unguarded_script\n"
            "if __name__ == '__main__':\n    refuse_unguarded_script()\nelse:\n    pass\n",
            False,
        ),
        (
            "from cgtkit.sweep.runner import refuse_unguarded_script\n"
            'if "__main__" == __name__:\n    print("go")\n    refuse_unguarded_script()\n',
            False,
        ),
        (
            "from cgtkit.sweep.runner import refuse_unguarded_script\n"
            "if __name__ == '__main__':\n    pass\nelse:\n    refuse_unguarded_script()\nrefuse_unguarded_script()\n",
            True,
        ),
    ],
)
def test_which_scripts_are_guarded(tmp_path, script, refused):
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent.parent / "src"))
    path = tmp_path / "s.py"
    path.write_text(script)
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env, timeout=60)
    assert (done.returncode != 0) == refused, done.stderr
    assert ("if __name__ ==" in done.stderr) == refused


def test_local_workers_do_not_pause_for_memory_and_keep_the_nannys_restart(tmp_path):
    """A worker's tables are memory that pausing the worker never frees (a 16-cell
    Domineering sweep's workers grow by gigabytes): a local cluster's workers do not
    pause, which would stall the sweep, and keep the nanny's restart at 95%."""
    import dask

    from cgtkit.sweep.runner import Sweep, run

    got: list = []
    probe = Sweep(
        "probe",
        lambda i: {
            "status": "done",
            "pause": dask.config.get("distributed.worker.memory.pause"),
            "terminate": dask.config.get("distributed.worker.memory.terminate"),
        },
        1,
        lambda db: [(0,)],
        lambda db, result: got.append(result) or 0,
        lambda db, item, status, message: got.append(status) or 0,
    )
    run(probe, str(tmp_path / "r.db"), workers=1)
    assert got == [{"status": "done", "pause": False, "terminate": 0.95}]
