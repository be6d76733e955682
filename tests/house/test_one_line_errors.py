"""Ordinary mistakes end in one line on stderr and exit status 2, never a traceback: a
file that cannot be written (``--plot``, ``--svg``, ``--csv``), a plot format matplotlib
does not know, an argument that is not UTF-8, a table that does not exist, and a move
function that raises RecursionError (wrapped, naming the position, like any other
error a move function raises)."""

from __future__ import annotations

import json
import sys

import pytest

import cgtkit as cg
from cgtkit.errors import MoveFunctionError
from cgtkit.sweep.database import ResultsDB

from support.cli_run import run


def one_line_error(status: int, out: str, err: str, says: str) -> None:
    assert status == 2 and out == "", (status, out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert says in err, err


# --- files the command writes -----------------------------------------------------------


@pytest.mark.parametrize(
    "argv, says",
    [
        (
            ["octal", "0.77", "--plot", "/nonexistent/x.png"],
            "argument --plot: cannot write /nonexistent/x.png: no folder",
        ),
        (["octal", "0.77", "--plot", "k.xyz"], "cannot write k.xyz: the format is chosen by the extension, one of"),
        (["octal", "0.77", "--plot", "."], "cannot write .: it is a folder"),
        (["thermograph", "{1|0}", "--svg", "/nonexistent/t.svg"], "argument --svg: cannot write /nonexistent/t.svg"),
    ],
)
def test_a_file_that_cannot_be_written_is_refused_before_any_work(capsys, argv, says):
    if "--plot" in argv:
        pytest.importorskip("matplotlib")
    one_line_error(*run(capsys, *argv), says)


def test_a_plot_is_written_where_it_can_be(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "k.svg"
    status, out, _ = run(capsys, "octal", "0.77", "--n", "20", "--plot", str(path))
    assert status == 0 and f"plot: {path}" in out and path.read_text().lstrip().startswith("<?xml")


def test_an_os_error_while_running_is_one_line(capsys, monkeypatch):
    from cgtkit.heap import nim  # (the nim command imports nim_outcome from there when it runs)

    def broken(heaps):
        raise PermissionError(13, "Permission denied", "/root/x")

    monkeypatch.setattr(nim, "nim_outcome", broken)
    one_line_error(*run(capsys, "nim", "1", "2"), "cgtkit nim: error: /root/x: Permission denied")


# --- arguments ------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["value", "{1|\udcff}"], ["nim", "3", "\udcff"], ["\udcffx"]])
def test_an_argument_that_is_not_utf8_is_one_line(capsys, argv):
    """The shell hands Python the bytes of a non-UTF-8 argument as lone surrogates."""
    one_line_error(*run(capsys, *argv), "is not UTF-8 text: byte 0xff at position")


# --- the results database -----------------------------------------------------------------------


@pytest.fixture
def results(tmp_path):
    path = str(tmp_path / "r.db")
    with ResultsDB.create(path) as db:
        for code, status, period in (("0.77", "certified", 12), ("0.16", "open", None), ("0.07", "certified", 34)):
            db.record_heap(
                {
                    "family": "octal",
                    "code": code,
                    "heaps_limit": 1024,
                    "heaps": 1024,
                    "status": status,
                    "period": period,
                }
            )
    return path


def test_db_export_to_a_missing_folder_is_one_line(capsys, results):
    says = "argument --csv: cannot write /nonexistent/x.csv: no folder /nonexistent"
    one_line_error(*run(capsys, "db", results, "export", "heap_games", "--csv", "/nonexistent/x.csv"), says)


@pytest.mark.parametrize("query", ["export", "sql"])
def test_db_names_a_table_that_does_not_exist(capsys, results, tmp_path, query):
    extra = ["--csv", str(tmp_path / "x.csv")] if query == "export" else []
    says = "no such table 'nosuchtable'; the tables are: heap_games, positions"
    one_line_error(*run(capsys, "db", results, query, "nosuchtable", *extra), says)
    assert not (tmp_path / "x.csv").exists()


def test_db_json_summary_has_fields(capsys, results):
    status, out, _ = run(capsys, "db", results, "--json")
    assert status == 0
    assert json.loads(out) == {
        "summary": [
            {"table": "heap_games", "family": "octal", "status": "certified", "count": 2},
            {"table": "heap_games", "family": "octal", "status": "open", "count": 1},
        ]
    }
    status, out, _ = run(capsys, "db", results)
    assert out.splitlines() == ["heap_games  octal        certified  2", "heap_games  octal        open       1"]


# --- move functions that raise RecursionError -------------------------------------------------


def _recursing(n):
    if n == 3:
        raise RecursionError("maximum recursion depth exceeded")
    return [n - 1] if n > 0 else []


def _really_recursing(n):
    def down(k):
        return down(k + 1)

    return down(0) if n == 2 else ([n - 1] if n > 0 else [])


@pytest.mark.parametrize("native", [True, False])
@pytest.mark.parametrize("moves, says", [(_recursing, "maximum recursion depth"), (_really_recursing, "recursion")])
def test_impartial_solver_wraps_a_recursion_error(native, moves, says):
    from cgtkit import backend

    with backend.use("native" if native else "python"):
        solver = cg.ImpartialSolver(moves)
    with pytest.raises(MoveFunctionError, match="the move function failed on position") as caught:
        solver.grundy(6)
    assert caught.value.position in (2, 3) and isinstance(caught.value.__cause__, RecursionError)
    assert says in str(caught.value)


def test_partizan_solver_and_search_wrap_a_recursion_error():
    def moves(n):
        return (_recursing(n), _recursing(n))

    with pytest.raises(MoveFunctionError, match="failed on position 3: RecursionError") as caught:
        cg.PartizanSolver(moves).value(5)
    assert caught.value.position == 3
    from cgtkit.traverse import evaluate

    with pytest.raises(MoveFunctionError, match="failed on position 3: RecursionError"):
        evaluate(5, {}, lambda n: (None, _recursing(n)), lambda n, data, memo: 0)


def test_the_command_says_a_recursion_error_in_one_line(capsys, tmp_path, monkeypatch):
    (tmp_path / "recursing.py").write_text(
        "def moves(n):\n"
        "    if n == 3:\n"
        "        raise RecursionError('maximum recursion depth exceeded')\n"
        "    return [n - 1] if n > 0 else []\n"
    )
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    status, out, err = run(capsys, "loopy-impartial", f"{tmp_path / 'recursing.py'}:moves", "5")
    one_line_error(status, out, err, "the move function failed on position 3: RecursionError")
