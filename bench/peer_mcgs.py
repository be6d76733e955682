"""MCGS v1.5 side by side with cgtkit: who wins, on the same instances (issues 27 and 28).

MCGS (Folkersen, Mueller and Du; MIT) is a C++ program, so it is run as its own
process: its binary is given with ``python bench/peers.py --mcgs PATH`` or the
environment variable ``CGTKIT_MCGS``; without one the MCGS table is skipped with a
note.  Nothing of MCGS is copied here: this module only writes MCGS's input syntax
(``[clobber] XOXO|OXOX {B, W}``, its documented ``.test`` syntax) and reads the
lines its runs print (``Player: B``, ``Got: Win``, ``Time (ms): 12.3``).

* MCGS runs with a database built once for the games of the table
  (:data:`DATABASE`, ``--db-file-create``), outside every timing, loaded by each run
  with ``--db-file-load``; everything else is as MCGS ships (its default table sizes).
  cgtkit likewise loads its own databases of the same games at the same sizes
  (:data:`CGTKIT_DATABASES`, built once by ``cgtkit.rulesets.database.build``),
  before its clock starts; ``--no-cgtkit-db`` runs it without them.
* Each instance is put to both tools the same way: the outcome class (Left first
  and Right first; for an impartial game one search, N or P).  cgtkit's time is
  :func:`cgtkit.search.outcome` (or one :func:`~cgtkit.search.who_wins`) in a fresh
  process, import and reading excluded (an impartial variant, ``[impartial clobber]``,
  is read as its position, searched like any other); MCGS's is the sum of the ``Time (ms)`` it
  prints for each search, its start-up (table allocation, database load) excluded.
  The two alternate run by run (A, B, A, B, ...), medians of the runs; peak memory
  is the child's maximum resident set size (``wait4``).
* Both answers must agree (and agree with the corpus's expected results where an
  instance comes from it): a mismatch is an error, never a number.

>>> parse_output("Test type: Solve BW\\n\\tclobber:XO\\nPlayer: B\\nGot: Win\\nTime (ms): 0.05\\nStatus: COMPLETED\\n")
[Solved(games=('clobber:XO',), player='B', got='Win', expected='', ms=0.05, status='COMPLETED')]
>>> outcome_of({"B": True, "W": False}), outcome_of({"B": False, "W": False}), outcome_of({"B": True})
('L', 'P', 'N')
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MCGS_ENV = "CGTKIT_MCGS"
DB_DIR = HERE / ".peers" / "mcgs"

#: the database MCGS builds once and every run loads: the games of the table at
#: sizes it builds in about a minute on this machine
DATABASE = (
    "[clobber] max_dims = 3,4; "
    "[impartial domineering] max_dims = 4,4; "
    "[nogo_1xn] max_dims = 12; "
    "[toppling_dominoes] max_dims = 12; "
    "[elephants] max_dims = 12; "
    "[fission] max_dims = 3,4; "
    "[sheep] max_dims = 2,3; max_sheep = 4,4;"
)

CGTKIT_DB_DIR = HERE / ".peers" / "cgtkit"

#: cgtkit's own databases (:mod:`cgtkit.rulesets.database`, ``cgtkit db build``), for
#: the games of :data:`DATABASE` that cgtkit can build one of, at MCGS's sizes: MCGS's
#: section -> (cgtkit's ruleset, size).  Each is built once, outside every timing, and
#: a cgtkit run loads those of its instance's sections before its clock starts, as
#: MCGS loads its database (``--no-cgtkit-db``: none).  cgtkit has no database of
#: Sheep or of Cram (MCGS's impartial Domineering).
CGTKIT_DATABASES: dict[str, tuple[str, object]] = {
    "clobber": ("clobber", (3, 4)),
    "nogo_1xn": ("nogo", 12),
    "toppling_dominoes": ("toppling-dominoes", 12),
    "elephants": ("elephants", 12),
    "fission": ("fission", (3, 4)),
}


class MCGSOutputError(ValueError):
    """MCGS printed something this module cannot read."""


@dataclass(frozen=True)
class Solved:
    """One search as MCGS reports it: the sum's games, the player (``B``, ``W`` or
    ``IMP``), what it got (``Win``, ``Loss`` or a nim value), the expected result if
    the input gave one, the search time in milliseconds and the status."""

    games: tuple[str, ...]
    player: str
    got: str
    expected: str
    ms: float
    status: str


_FIELD = re.compile(r"(Player|Expected|Got|Time \(ms\)|Status): (.*)$")


def parse_output(text: str) -> list[Solved]:
    """Every search reported in MCGS's output, in order.

    >>> out = "Test type: Solve BW\\n\\ta:X\\n\\tb:O\\nPlayer: W\\nExpected: Loss\\nGot: Win\\nTime (ms): 3.5\\nStatus: FAIL\\n"
    >>> parse_output(out)[0].games, parse_output(out)[0].expected
    (('a:X', 'b:O'), 'Loss')
    """
    found = []
    for block in re.split(r"^Test type: ", text, flags=re.M)[1:]:
        lines = block.splitlines()
        games = tuple(line.strip() for line in lines[1:] if line.startswith("\t"))
        fields: dict[str, str] = {}
        for line in lines[1:]:
            m = _FIELD.match(line)
            if m:
                fields[m.group(1)] = m.group(2).strip()
        missing = [k for k in ("Player", "Got", "Time (ms)", "Status") if k not in fields]
        if missing:
            raise MCGSOutputError(f"a search of MCGS's output has no {missing[0]!r} line: {lines[0]!r}")
        try:
            ms = float(fields["Time (ms)"])
        except ValueError:
            raise MCGSOutputError(f"MCGS's time is not a number: {fields['Time (ms)']!r}") from None
        found.append(Solved(games, fields["Player"], fields["Got"], fields.get("Expected", ""), ms, fields["Status"]))
    return found


def outcome_of(wins: dict[str, bool]) -> str:
    """The outcome class from who wins moving first (``B`` Left, ``W`` Right); with
    ``B`` alone (an impartial game) N or P."""
    if "W" not in wins:
        return "N" if wins["B"] else "P"
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(wins["B"], wins["W"])]


def answer_of(solved: list[Solved], impartial: bool) -> str:
    """The outcome class that MCGS's searches of one instance give.

    >>> answer_of([Solved((), "B", "Loss", "", 1.0, "COMPLETED"), Solved((), "W", "Win", "", 2.0, "COMPLETED")], False)
    'R'
    """
    wanted = ["B"] if impartial else ["B", "W"]
    if [s.player for s in solved] != wanted:
        raise MCGSOutputError(f"expected searches for {wanted}, MCGS reported {[s.player for s in solved]}")
    wins = {}
    for s in solved:
        if s.got not in ("Win", "Loss"):
            raise MCGSOutputError(f"MCGS got {s.got!r} for {s.player}, not Win or Loss")
        wins[s.player] = s.got == "Win"
    return outcome_of(wins)


# --- the instances ------------------------------------------------------------------


@dataclass(frozen=True)
class Instance:
    """One row: the sum in MCGS's syntax (sections and games, no command block),
    whether it is impartial (one search), the outcome the corpus records (if any),
    and where the instance comes from.  cgtkit's time never includes reading the sum
    (start-up: no value is found while reading, an impartial variant's included)."""

    name: str
    mcgs: str
    impartial: bool = False
    expected: str = ""
    source: str = ""
    tags: tuple[str, ...] = field(default=())

    def mcgs_input(self) -> str:
        return f"{self.mcgs} {{B}}" if self.impartial else f"{self.mcgs} {{B, W}}"


def _checkerboard(rows: int, cols: int) -> str:
    return "|".join("".join("XO"[(r + c) % 2] for c in range(cols)) for r in range(rows))


def _empty(rows: int, cols: int) -> str:
    return "|".join(["." * cols] * rows)


CORPUS = ROOT / "tests" / "data" / "mcgs" / "autotests"


def corpus(name: str, path: str, line: int) -> Instance:
    """The sum of the case at ``line`` of MCGS's corpus file ``path`` (under
    tests/data/mcgs/autotests), with the outcome the file records for it."""
    from cgtkit.mcgs.testfile import Solve, read

    test_file = read((CORPUS / path).read_text(), path)
    case = next((c for c in test_file.cases if c.line == line), None)
    if case is None:
        raise ValueError(f"{path} has no case at line {line}")
    wins = {c.player: c.expected for c in case.commands if isinstance(c, Solve) and c.expected is not None}
    impartial = all(g.impartial for g in case.games)
    expected = outcome_of(wins) if set(wins) == ({"B"} if impartial else {"B", "W"}) else ""
    text = " ".join(str(g) for g in case.games)
    return Instance(name, text, impartial, expected, f"{path}:{line}")


def instances() -> list[Instance]:
    """The rows: the boards the issues name, then cases of MCGS's corpus
    (tests/data/mcgs, "file:line") that take MCGS 0.1 s or more."""
    return [
        *(
            Instance(f"Clobber {r}x{c}", f"[clobber] {_checkerboard(r, c)}")
            for r, c in ((2, 12), (2, 14), (2, 16), (3, 8), (4, 5), (5, 5))
        ),
        *(
            Instance(f"Cram {r}x{c}", f"[impartial domineering] {_empty(r, c)}", impartial=True)
            for r, c in ((3, 13), (4, 9), (5, 7), (6, 6))
        ),
        Instance("impartial Clobber 4x4", f"[impartial clobber] {_checkerboard(4, 4)}", impartial=True),
        *(Instance(f"NoGo 1x{n}", f"[nogo_1xn] {'.' * n}") for n in (10, 13, 20)),
        *[corpus(*c) for c in CORPUS_CASES],
    ]


#: (row name, corpus file, line of the case)
CORPUS_CASES: list[tuple[str, str, int]] = [
    ("Toppling Dominoes, 40 dominoes", "toppling_dominoes_autotests/td_40.test", 21),
    ("Toppling Dominoes, 3 rows of 10", "toppling_dominoes_autotests/td_3x10.test", 47),
    ("Toppling Dominoes, 3 rows of 20", "toppling_dominoes_autotests/td_3x20.test", 11),
    ("Elephants and Rhinos, 40 squares", "elephants_autotests/elephants.test", 23),
    ("generalized Toads (1,2,1,1), 20 squares", "gen_toads_autotests/gen_toads_1211.test", 37),
    ("Fission 6x6", "fission_autotests/fission_6x6.test", 17),
    ("Sheep 7x7", "sheep_autotests/sheep2.test", 38),
    # the cases of sheep3.test (two herds of one size, randomly placed) that take
    # MCGS 1 to 30 s: the file's heavy half
    *(
        (f"Sheep {dims}, two herds of {n} (sheep3.test:{line})", "sheep_autotests/sheep3.test", line)
        for line, dims, n in (
            (11, "7x6", 8),
            (13, "5x8", 7),
            (16, "5x6", 7),
            (20, "7x6", 8),
            (21, "7x5", 8),
            (23, "8x7", 7),
            (24, "5x6", 8),
            (25, "6x5", 8),
        )
    ),
    ("sum of 20 basic games", "basic_cgt_autotests/random_cgt_games1.test", 28),
    ("sum of 10 games of 8 kinds", "misc_autotests/all_game_types.test", 17),
    ("sum of 5 games of 5 kinds", "misc_autotests/misc.test", 39),
]


# --- running ------------------------------------------------------------------------


@dataclass
class Run:
    """One child process: its wall time, peak resident memory (KB), exit status and
    output; ``timed_out`` when it was stopped at the cap."""

    wall: float
    peak_kb: int
    returncode: int
    stdout: str
    stderr: str
    timed_out: bool


def run_child(cmd: list[str], timeout: float, cwd: Optional[Path] = None) -> Run:
    """Run ``cmd``, stopping it after ``timeout`` seconds; its own peak memory comes
    from ``wait4`` (``getrusage(RUSAGE_CHILDREN)`` would mix every child's)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, cwd=cwd, start_new_session=True)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                timed_out = True
                os.killpg(proc.pid, 9)  # the child's own process group (start_new_session)
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.005)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        out.seek(0)
        err.seek(0)
        return Run(
            wall,
            usage.ru_maxrss,
            proc.returncode,
            out.read().decode(errors="replace"),
            err.read().decode(errors="replace"),
            timed_out,
        )


def database_path(binary: str) -> Path:
    """Where the database for :data:`DATABASE` and this binary lives."""
    import hashlib

    key = hashlib.sha256(f"{Path(binary).resolve()}\n{DATABASE}".encode()).hexdigest()[:12]
    return DB_DIR / f"database-{key}.bin"


def ensure_database(binary: str, log: Callable[[str], None]) -> tuple[Path, Optional[Run]]:
    """Build MCGS's database once (not timed with the instances); the build's run,
    or None when the file was already there."""
    path = database_path(binary)
    if path.exists():
        return path, None
    path.parent.mkdir(parents=True, exist_ok=True)
    log(f"building MCGS's database {path} ({DATABASE}) ...")
    partial = path.with_suffix(".partial")
    run = run_child([binary, "--db-file-create", str(partial), DATABASE], timeout=3600)
    if run.returncode != 0 or not partial.exists():
        raise RuntimeError(f"MCGS could not build its database: {(run.stderr or run.stdout).strip()[-300:]}")
    partial.rename(path)
    return path, run


def cgtkit_databases(instance: Instance) -> list[tuple[str, object]]:
    """The databases of :data:`CGTKIT_DATABASES` that ``instance`` has a game of
    (sections read as MCGS's; an impartial variant's section has none)."""
    from cgtkit.mcgs.testfile import read

    (case,) = read(instance.mcgs + " {B}").cases
    found = {CGTKIT_DATABASES[g.section] for g in case.games if not g.impartial and g.section in CGTKIT_DATABASES}
    return sorted(found, key=str)


def size_text(size: object) -> str:
    """A database's size as written: ``3x4`` for a board's dimensions, ``12`` for a strip."""
    return "x".join(map(str, size)) if isinstance(size, tuple) else str(size)


def cgtkit_database_path(ruleset: str, size: object) -> Path:
    """Where cgtkit's database of ``ruleset`` up to ``size`` lives."""
    return CGTKIT_DB_DIR / f"{ruleset}-{size_text(size)}.cgtdb"


def ensure_cgtkit_database(ruleset: str, size: object, log: Callable[[str], None]) -> Path:
    """Build cgtkit's database of ``ruleset`` up to ``size`` once, in a child process
    (not timed with the instances); its path."""
    path = cgtkit_database_path(ruleset, size)
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    log(f"building cgtkit's database {path} ({ruleset}, size {size}) ...")
    partial = path.with_suffix(".partial")
    code = "import ast, sys; from cgtkit.rulesets.database import build; build(sys.argv[1], ast.literal_eval(sys.argv[2]), sys.argv[3])"
    run = run_child([sys.executable, "-c", code, ruleset, repr(size), str(partial)], timeout=3600, cwd=ROOT)
    if run.returncode != 0 or not partial.exists():
        raise RuntimeError(f"cgtkit could not build its database: {(run.stderr or run.stdout).strip()[-300:]}")
    partial.rename(path)
    log(f"  built in {run.wall:.0f} s wall, {run.peak_kb / 1024:.0f} MB peak")
    return path


CGTKIT_DRIVER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from peer_mcgs import cgtkit_terms
from cgtkit.search import outcome, who_wins
from cgtkit.rulesets.database import load
import cgtkit.mcgs.games, cgtkit.rulesets
impartial = sys.argv[3] == "1"
for path in sys.argv[4:]:  # cgtkit's databases: start-up, as MCGS's --db-file-load
    load(path)
if sys.argv[4:]:  # the load's own collection, not the search's (it made many objects)
    import gc
    gc.collect()
terms = cgtkit_terms(sys.argv[2])
read = time.perf_counter()
answer = ("N" if who_wins(terms, "L") else "P") if impartial else str(outcome(terms))
seconds = time.perf_counter() - read
# reading is start-up (the first use of the readers and the native searches): no
# value is found while reading, an impartial variant's position included
print(json.dumps({"seconds": seconds, "answer": answer}))
"""


def cgtkit_terms(mcgs: str) -> list:
    """The sum that MCGS's text ``mcgs`` writes, as terms for :mod:`cgtkit.search`:
    positions of cgtkit's rulesets where it has them (Cram for MCGS's impartial
    Domineering, Toppling Dominoes), else the values cgtkit's MCGS reader gives."""
    from cgtkit.mcgs.games import component
    from cgtkit.mcgs.testfile import read
    from cgtkit.rulesets import Cram, TopplingDominoes

    (case,) = read(mcgs + " {B}").cases
    terms = []
    for term in case.games:
        if term.section == "domineering" and term.impartial:
            terms.append(Cram(term.text))
        elif term.section == "toppling_dominoes" and not term.impartial:
            terms.append(TopplingDominoes(term.text))
        else:
            terms.append(component(term).term_of_sum)
    return terms


def cgtkit_once(instance: Instance, timeout: float, databases: tuple[Path, ...] = ()) -> dict:
    """One fresh cgtkit process, ``databases`` loaded before its clock starts:
    {'seconds', 'answer', 'peak_kb'} or {'error', 'peak_kb'}."""
    run = run_child(
        [
            sys.executable,
            "-c",
            CGTKIT_DRIVER,
            str(HERE),
            instance.mcgs,
            "1" if instance.impartial else "0",
            *map(str, databases),
        ],
        timeout,
        cwd=ROOT,
    )
    if run.timed_out:
        return {"error": "timeout", "peak_kb": run.peak_kb}
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["failed"])[-1]
        return {"error": last[:160], "peak_kb": run.peak_kb}
    got = json.loads(run.stdout.strip().splitlines()[-1])
    return {**got, "peak_kb": run.peak_kb, "wall": run.wall}


def mcgs_once(binary: str, database: Path, instance: Instance, timeout: float) -> dict:
    """One MCGS process: {'seconds', 'answer', 'peak_kb', 'wall'} or {'error', 'peak_kb'}."""
    run = run_child([binary, "--db-file-load", str(database), instance.mcgs_input()], timeout, cwd=DB_DIR)
    if run.timed_out:
        return {"error": "timeout", "peak_kb": run.peak_kb}
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["failed"])[-1]
        return {"error": last[:160], "peak_kb": run.peak_kb}
    solved = parse_output(run.stdout)
    return {
        "seconds": sum(s.ms for s in solved) / 1000,
        "answer": answer_of(solved, instance.impartial),
        "peak_kb": run.peak_kb,
        "wall": run.wall,
    }


# --- the comparison -----------------------------------------------------------------

CGTKIT, MCGS = "cgtkit", "MCGS"


@dataclass
class Row:
    instance: Instance
    runs: dict[str, list[dict]]
    load: tuple[float, float]  # 1-minute load average before and after

    def median(self, tool: str) -> Optional[float]:
        ok = [r["seconds"] for r in self.runs[tool] if "seconds" in r]
        return statistics.median(ok) if ok and len(ok) == len(self.runs[tool]) else None

    def error(self, tool: str) -> str:
        return next((r["error"] for r in self.runs[tool] if "error" in r), "")

    def answer(self, tool: str) -> str:
        return next((r["answer"] for r in self.runs[tool] if "answer" in r), "")

    def peak_mb(self, tool: str) -> float:
        return max((r["peak_kb"] for r in self.runs[tool]), default=0) / 1024

    def mismatch(self) -> str:
        """Why the answers disagree (with each other, across runs, or with the
        corpus), or ''."""
        answers = {t: {r["answer"] for r in rs if "answer" in r} for t, rs in self.runs.items()}
        for tool, got in answers.items():
            if len(got) > 1:
                return f"{tool} answered {sorted(got)} in different runs"
        seen = {t: next(iter(a)) for t, a in answers.items() if a}
        if len(set(seen.values())) > 1:
            return "cgtkit " + seen.get(CGTKIT, "?") + ", MCGS " + seen.get(MCGS, "?")
        expected = self.instance.expected
        if expected and any(a != expected for a in seen.values()):
            return f"the corpus says {expected}, the tools {seen}"
        return ""


def compare(
    instance: Instance,
    binary: str,
    database: Path,
    repeats: int,
    timeout: float,
    budget: float,
    log: Callable[[str], None] = lambda s: None,
    databases: tuple[Path, ...] = (),
) -> Row:
    """Run the two tools on ``instance`` in turns (cgtkit, MCGS, cgtkit, MCGS, ...),
    cgtkit's runs loading ``databases``; a tool stops repeating once it has timed
    out or its runs took ``budget`` seconds."""
    runs: dict[str, list[dict]] = {CGTKIT: [], MCGS: []}
    before = os.getloadavg()[0]
    for _ in range(repeats):
        for tool in (CGTKIT, MCGS):
            done = runs[tool]
            if done and ("error" in done[-1] or sum(r["seconds"] for r in done) > budget):
                continue
            r = (
                cgtkit_once(instance, timeout, databases)
                if tool == CGTKIT
                else mcgs_once(binary, database, instance, timeout)
            )
            done.append(r)
            log(f"  {tool}: {r.get('seconds', r.get('error'))}")
    return Row(instance, runs, (before, os.getloadavg()[0]))


def _time(row: Row, tool: str, timeout: float) -> str:
    m = row.median(tool)
    if m is None:
        err = row.error(tool)
        return f"> {timeout:g} s" if err == "timeout" else f"error: {err}"
    n = len(row.runs[tool])
    shown = f"{m:.2f} s" if m >= 1 else f"{m:.3f} s" if m >= 0.01 else f"{m * 1000:.2g} ms"
    return shown + ("" if n >= 3 else f" ({n} run{'s' if n > 1 else ''})")


def speedup(row: Row, timeout: float) -> tuple[str, str]:
    """(MCGS / cgtkit as text, whether cgtkit is at least 3x faster)."""
    mine, theirs = row.median(CGTKIT), row.median(MCGS)
    if mine is not None and theirs is not None:
        ratio = theirs / max(mine, 1e-6)
        verdict = "yes" if ratio >= 3 else "**no: cgtkit slower**" if ratio < 1 else "no"
        return f"{ratio:.3g}", verdict
    if mine is not None and row.error(MCGS) == "timeout":
        bound = timeout / max(mine, 1e-6)
        return f"> {bound:.3g}", "yes" if bound >= 3 else "unknown"
    if theirs is not None and row.error(CGTKIT) == "timeout":
        return f"< {theirs / timeout:.3g}", "**no: cgtkit slower**"
    return "-", "unknown"


def table(rows: list[Row], timeout: float) -> list[str]:
    lines = [
        "| instance | outcome | cgtkit | MCGS | MCGS / cgtkit | cgtkit >= 3x faster | peak cgtkit | peak MCGS | load |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        ratio, verdict = speedup(row, timeout)
        bad = row.mismatch()
        answer = f"**MISMATCH: {bad}**" if bad else (row.answer(CGTKIT) or row.answer(MCGS) or "-")
        lines.append(
            f"| {row.instance.name} | {answer} | {_time(row, CGTKIT, timeout)} | {_time(row, MCGS, timeout)} | "
            f"{ratio} | {verdict} | {row.peak_mb(CGTKIT):.0f} MB | {row.peak_mb(MCGS):.0f} MB | "
            f"{row.load[0]:.1f}-{row.load[1]:.1f} |"
        )
    return lines


def instances_table(rows: list[Row]) -> list[str]:
    """The instances in MCGS's words, for the report."""
    lines = ["| instance | MCGS input | from |", "|---|---|---|"]
    for i in (row.instance for row in rows):
        text = i.mcgs_input().replace("|", "\\|")
        lines.append(f"| {i.name} | `{text}` | {i.source or 'the issues'} |")
    return lines


# --- the report ---------------------------------------------------------------------

START, END = "<!-- the MCGS table: written by bench/peers.py --mcgs -->", "<!-- end of the MCGS table -->"
HEADING = "## Who wins: cgtkit against MCGS v1.5"


def _commit() -> str:
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT)
    dirty = subprocess.run(["git", "status", "--porcelain", "src", "native"], capture_output=True, text=True, cwd=ROOT)
    return (rev.stdout.strip() or "?") + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


def report(rows: list[Row], args, build: str, started: str, loads: tuple[float, float]) -> str:
    """The generated section: how it was run, the table, the instances."""
    timeout = args.mcgs_timeout
    lines = [
        START,
        "",
        f"Run {started} UTC on cgtkit commit {_commit()}, {os.cpu_count()} cores shared with other "
        f"sessions (1-minute load average {loads[0]:.1f} at the start, {loads[1]:.1f} at the end; "
        "each row gives it before and after its runs). Command: "
        f"`python bench/peers.py --mcgs-only --mcgs {args.mcgs}` (MCGS v1.5 built from its source with "
        "`make -j1 DEBUG=0 MCGS`).",
        "",
        f"Each cell is the median of up to {args.repeats} runs (fewer where marked: a tool stops "
        f"repeating once its runs took {args.budget:g} s), the two tools alternating run by run, each "
        f"run a fresh process stopped after {timeout:g} s (shown as > {timeout:g} s). The question is the "
        "outcome class: two searches, Left (MCGS's B) first and Right (W) first; for an impartial game "
        "one (N or P). cgtkit's time is `cgtkit.search.outcome(terms)` (one `who_wins` when impartial), "
        "import and reading excluded (an impartial variant is read as its position, no value found); MCGS's is the sum of the `Time (ms)` it prints per search, its start-up excluded "
        "(allocating its default transposition tables, 2^28 and 2^26 entries, and loading the database: "
        "several seconds and most of its peak memory). Peak = the process's maximum resident set. "
        "MCGS / cgtkit above 1 means cgtkit is faster; the issues' goal is 3x. Both answers agreed on "
        "every row unless a row says MISMATCH.",
        "",
        f"MCGS's database, built once before the timings and loaded by every MCGS run "
        f"(`--db-file-load`): `{DATABASE}` {build}",
        "",
        cgtkit_database_note(args.cgtkit_db),
        "",
        *table(rows, timeout),
        "",
        "The instances, in MCGS's input syntax (cgtkit reads the same text: "
        "`bench/peer_mcgs.py`, `cgtkit_terms`; MCGS's impartial Domineering is cgtkit's `Cram`):",
        "",
        *instances_table(rows),
        "",
        END,
    ]
    return "\n".join(lines) + "\n"


def cgtkit_database_note(used: bool) -> str:
    """What the report says of cgtkit's databases."""
    if not used:
        return "cgtkit ran without a database (`--no-cgtkit-db`)."
    built = ", ".join(f"{r} up to {size_text(z)}" for r, z in CGTKIT_DATABASES.values())
    return (
        f"cgtkit's own databases of the same games at the same sizes (`cgtkit db build`: {built}; "
        "it has none of Sheep or Cram), each built once before the timings; a cgtkit run loads those "
        "of its instance's games before its clock starts (`bench/.peers/cgtkit/`)."
    )


def write_section(path: Path, block: str) -> None:
    """Put ``block`` into the report at ``path``: in place of the previous MCGS table,
    or as a new section before the hand-written ones."""
    text = path.read_text() if path.exists() else ""
    if START in text and END in text:
        text = text[: text.index(START)] + block.rstrip("\n") + text[text.index(END) + len(END) :]
    else:
        section = f"{HEADING}\n\n{block}\n"
        at = text.find("\n## ")
        text = text + "\n" + section if at < 0 else text[: at + 1] + section + text[at:]
    path.write_text(text)


def main(args) -> int:
    """``peers.py --mcgs PATH``: the table against MCGS."""
    binary = str(Path(args.mcgs).resolve())
    if not os.access(binary, os.X_OK):
        print(f"MCGS table: {args.mcgs} is not an executable", file=sys.stderr)
        return 1

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    started = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    first_load = os.getloadavg()[0]
    database, built = ensure_database(binary, log)
    if built is not None:
        build = f"(built in {built.wall:.0f} s wall, {built.peak_kb / 1024:.0f} MB peak, in this run)."
    else:
        build = f"(built by an earlier run: `{database.relative_to(ROOT)}`)."
    chosen = [i for i in instances() if args.only.lower() in i.name.lower()]
    rows = []
    for k, instance in enumerate(chosen, 1):
        mine = tuple(ensure_cgtkit_database(*d, log) for d in cgtkit_databases(instance)) if args.cgtkit_db else ()
        log(f"[{k}/{len(chosen)}] {instance.name} (load {os.getloadavg()[0]:.1f})")
        rows.append(compare(instance, binary, database, args.repeats, args.mcgs_timeout, args.budget, log, mine))
    block = report(rows, args, build, started, (first_load, os.getloadavg()[0]))
    if args.out is None and args.only:
        print(block)
    else:
        out = Path(args.out or ROOT / "docs" / "benchmarks.md")
        write_section(out, block)
        log(f"wrote the MCGS table into {out}")
    bad = [(r.instance.name, r.mismatch()) for r in rows if r.mismatch()]
    for name, why in bad:
        log(f"MISMATCH in {name}: {why}")
    errors = [(r.instance.name, r.error(t)) for r in rows for t in (CGTKIT, MCGS) if r.error(t) not in ("", "timeout")]
    for name, why in errors:
        log(f"ERROR in {name}: {why}")
    return 1 if bad or errors else 0
