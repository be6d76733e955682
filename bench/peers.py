"""``make bench-peers``: cgtkit side by side with pycgt and cgt-py, honestly.

Installs the peers into their own virtual environment under ``bench/.peers/``
(ignored by git, never a dependency of cgtkit), then runs every workload of
``peer_workloads.py`` on every tool that supports it, each run in a fresh process
(cgt-py caches results across calls), several times; reports the median time of
``run()`` (imports excluded) and the ratio cgtkit / peer, checks that all tools
returned the same value (as values, not strings), and writes docs/benchmarks.md.

    python bench/peers.py            # the full comparison (minutes)
    python bench/peers.py --quick    # one run each, the quick cases only

With ``--mcgs PATH`` (or ``CGTKIT_MCGS=PATH``) it also puts MCGS v1.5, a C++ solver, to
the outcome questions of ``peer_mcgs.py`` (who wins Clobber, Cram, NoGo boards and
instances of MCGS's corpus) and writes that table into its own section of the report;
``--mcgs-only`` runs just that part.  Without a binary that table is skipped with a note.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PEERS_DIR = HERE / ".peers"
PEER_PYTHON = PEERS_DIR / "venv" / "bin" / "python"
PEER_PACKAGES = ["pycgt", "cgt-py", "anywidget"]  # cgt-py imports anywidget without declaring it

sys.path.insert(0, str(HERE))
import peer_mcgs  # noqa: E402
from peer_workloads import CASES, CGT_PY, CGTKIT, PYCGT, TOOLS, Case  # noqa: E402

DRIVER = r"""
import json, sys, time
namespace = {}
exec(sys.argv[1], namespace)
start = time.perf_counter()
answer = namespace["run"]()
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "answer": answer}))
"""


def ensure_peers() -> None:
    """Create bench/.peers/venv with the peers, once."""
    if PEER_PYTHON.exists():
        return
    print(f"installing {', '.join(PEER_PACKAGES)} into {PEERS_DIR / 'venv'} ...", file=sys.stderr)
    venv.create(PEERS_DIR / "venv", with_pip=True)
    subprocess.run([str(PEER_PYTHON), "-m", "pip", "install", "--quiet", *PEER_PACKAGES], check=True)


def python_for(tool: str) -> str:
    return sys.executable if tool == CGTKIT else str(PEER_PYTHON)


def version_of(tool: str) -> str:
    dist = {CGTKIT: "cgtkit", CGT_PY: "cgt-py", PYCGT: "pycgt"}[tool]
    code = f"import importlib.metadata as m; print(m.version({dist!r}))"
    out = subprocess.run([python_for(tool), "-c", code], capture_output=True, text=True)
    version = out.stdout.strip() or "?"
    if tool == CGTKIT:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT)
        version += f" (commit {rev.stdout.strip() or '?'})"
    return version


def run_once(tool: str, snippet: str, timeout: float) -> dict:
    """One fresh process: {'seconds', 'answer'} or {'error'}."""
    try:
        proc = subprocess.run(
            [python_for(tool), "-c", DRIVER, snippet],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=str(ROOT),
        )
    except subprocess.TimeoutExpired:
        return {"error": f"timeout (> {timeout:g} s)"}
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["failed"])[-1]
        return {"error": last[:120]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def instructions_of(tool: str, snippet: str) -> int:
    """The instructions that ``run()`` executes (valgrind): the snippet with the call,
    less the same snippet without it, in fresh processes with hash seeds and address
    randomisation fixed (each made counts vary between runs)."""

    def count(code: str) -> int:
        env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
        cmd = ["setarch", "-R", "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        proc = subprocess.run(
            [*cmd, python_for(tool), "-c", code], capture_output=True, text=True, env=env, cwd=str(ROOT)
        )
        found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
        if proc.returncode != 0 or found is None:
            raise RuntimeError(f"valgrind on {tool} failed: {proc.stderr.strip()[-300:]}")
        return int(found.group(1).replace(",", ""))

    return count(snippet + "\nrun()\n") - count(snippet + "\n")


def report_instructions(cases: list) -> int:
    """``--instructions``: run() of each case counted in instructions, cgtkit against each peer."""
    print("| workload | tool | instructions of run() | cgtkit / tool |")
    print("|---|---|---|---|")
    for case in cases:
        counts = {tool: instructions_of(tool, snippet) for tool, snippet in case.snippets.items()}
        for tool, n in counts.items():
            ratio = counts[CGTKIT] / n if CGTKIT in counts else float("nan")
            print(f"| {case.name} | {tool} | {n / 1e6:.1f}M | {ratio:.2f} |", flush=True)
    return 0


def same_value(kind: str, answers: dict[str, str]) -> bool:
    """True when every tool's answer is the same value."""
    if kind == "text":
        return len(set(answers.values())) <= 1
    if kind in ("number", "numbers"):  # one number, or a comma-separated list of them
        from cgtkit.numbers import Dyadic

        return len({tuple(Dyadic(x.strip()) for x in a.split(",")) for a in answers.values()}) <= 1
    import cgtkit as cg

    return len({cg.game(a) for a in answers.values()}) <= 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one run each, quick cases only")
    parser.add_argument("--repeats", type=int, default=3, help="runs per tool and case (median)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before a run is abandoned")
    parser.add_argument(
        "--budget", type=float, default=60.0, help="stop repeating a tool's case once its runs took this many seconds"
    )
    parser.add_argument("--only", default="", help="run only cases whose name contains this text")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count run()'s instructions with valgrind instead of timing (steady on a loaded machine); prints a table",
    )
    parser.add_argument(
        "--out",
        default=None,
        help="where the report goes (default: docs/benchmarks.md; with --only the table is printed, "
        "so that a partial run never replaces the full table)",
    )
    parser.add_argument(
        "--mcgs",
        default=os.environ.get(peer_mcgs.MCGS_ENV),
        metavar="PATH",
        help=f"MCGS's binary: adds the who-wins table against MCGS (default: ${peer_mcgs.MCGS_ENV}; none: skipped)",
    )
    parser.add_argument("--mcgs-only", action="store_true", help="run only the table against MCGS")
    parser.add_argument(
        "--cgtkit-db",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="MCGS-table runs of cgtkit load cgtkit's own databases of the games MCGS has a database of, "
        "built once (bench/.peers/cgtkit/) and loaded before the clock starts, as MCGS's are (default: yes)",
    )
    parser.add_argument(
        "--mcgs-timeout", type=float, default=120.0, help="seconds before an MCGS-table run is stopped (> N s)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats, args.timeout = 1, min(args.timeout, 60.0)
    status = 0 if args.mcgs_only else peer_table(args)
    if args.instructions:
        return status
    if not args.mcgs:
        print(
            f"MCGS table skipped: no MCGS binary given (--mcgs PATH or {peer_mcgs.MCGS_ENV}=PATH)",
            file=sys.stderr,
        )
        return status
    return max(status, peer_mcgs.main(args))


def peer_table(args: argparse.Namespace) -> int:
    """The table against the Python peers."""
    ensure_peers()

    cases = [c for c in CASES if (c.quick or not args.quick) and args.only.lower() in c.name.lower()]
    if args.instructions:
        return report_instructions(cases)
    rows, failures = [], []
    total = sum(len(c.snippets) for c in cases)
    step = 0
    for case in cases:
        results: dict[str, dict] = {}
        for tool in TOOLS:
            if tool not in case.snippets:
                continue
            step += 1
            print(f"[{step}/{total}] {case.name}: {tool} ", end="", file=sys.stderr, flush=True)
            runs = []
            for _ in range(args.repeats):
                r = run_once(tool, case.snippets[tool], args.timeout)
                runs.append(r)
                print("." if "error" not in r else "x", end="", file=sys.stderr, flush=True)
                if "error" in r or sum(x["seconds"] for x in runs) > args.budget:
                    break  # a long case is not repeated past the budget: its median has fewer runs
            ok = [r for r in runs if "error" not in r]
            if ok and len(ok) == len(runs):
                results[tool] = {
                    "median": statistics.median(r["seconds"] for r in ok),
                    "runs": len(ok),
                    "answer": ok[0]["answer"],
                }
                print(f" {results[tool]['median']:.3f} s", file=sys.stderr)
            else:
                results[tool] = {"error": runs[-1]["error"]}
                print(f" {runs[-1]['error']}", file=sys.stderr)
        answers = {t: r["answer"] for t, r in results.items() if "answer" in r}
        try:
            agree = same_value(case.kind, answers)
        except Exception as exc:  # an answer that does not even parse is a disagreement
            agree = False
            answers["parse error"] = str(exc)
        if not agree:
            failures.append((case.name, answers))
        elif "error" in results.get(CGTKIT, {}):  # a peer may fail; cgtkit may not
            failures.append((case.name, {CGTKIT: results[CGTKIT]["error"]}))
        rows.append((case, results, agree))

    if args.out is None and args.only:
        print(report_table(rows, args))
    else:
        out = Path(args.out or ROOT / "docs" / "benchmarks.md")
        write_report(out, rows, args)
        print(f"wrote {out}", file=sys.stderr)
    if failures:
        for name, answers in failures:
            print(f"FAILED (value disagreement or cgtkit error) in {name}:", file=sys.stderr)
            for tool, a in answers.items():
                print(f"  {tool}: {a}", file=sys.stderr)
        return 1
    return 0


def _cell(results: dict, tool: str, case: Case, repeats: int) -> str:
    if tool not in case.snippets:
        return "cannot do"
    r = results[tool]
    if "error" in r:
        return r["error"]
    return f"{r['median']:.3f} s" + ("" if r["runs"] >= repeats else f" ({r['runs']} of {repeats} runs)")


def _agreement(results: dict, agree: bool) -> str:
    answered = sum("answer" in r for r in results.values())
    if not agree:
        return "**NO**"
    return "yes" if answered > 1 else "(only one tool)"


def _ratio(results: dict, tool: str) -> str:
    mine, theirs = results.get(CGTKIT, {}), results.get(tool, {})
    if "median" in mine and "median" in theirs and theirs["median"] > 0:
        return f"{mine['median'] / theirs['median']:.2f}"
    return "-"


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def report_table(rows: list, args: argparse.Namespace) -> str:
    """The generated part of the report: the table and the machine it ran on."""
    lines = [
        "# cgtkit side by side with its peers",
        "",
        "Each cell is the median time of the computation alone (imports excluded) over "
        f"{args.repeats} run(s) (fewer where marked: a case is not repeated once its runs "
        f"took {args.budget:g} s), each in a fresh process. Ratio = cgtkit / peer: below 1 "
        "means cgtkit is faster. 'cannot do' means the tool has no such operation or game; "
        "every answer was checked to be the same value across tools (compared as values, "
        "not strings).",
        "",
        "| workload | cgtkit | cgt-py | pycgt | cgtkit / cgt-py | cgtkit / pycgt | same value |",
        "|---|---|---|---|---|---|---|",
    ]
    for case, results, agree in rows:
        lines.append(
            f"| {case.name.replace('|', chr(92) + '|')} | {_cell(results, CGTKIT, case, args.repeats)} | {_cell(results, CGT_PY, case, args.repeats)} | "
            f"{_cell(results, PYCGT, case, args.repeats)} | {_ratio(results, CGT_PY)} | {_ratio(results, PYCGT)} | "
            f"{_agreement(results, agree)} |"
        )
    lines += [
        "",
        f"- Machine: {os.cpu_count()} cores, {_cpu()}, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}",
        "- Versions: " + ", ".join(f"{t} {version_of(t)}" for t in TOOLS),
        f"- Date: {datetime.date.today().isoformat()}",
        f"- Reproduce: `make bench-peers` (or `make bench-peers ARGS=--quick`); "
        f"this run: `python bench/peers.py{' --quick' if args.quick else ''}`",
        "",
    ]
    return "\n".join(lines) + "\n"


def write_report(path: Path, rows: list, args: argparse.Namespace) -> None:
    """Replace the table of the report at `path`, keeping its hand-written sections."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(report_table(rows, args) + _kept_sections(path))


def _kept_sections(path: Path) -> str:
    """The hand-written sections (from the first ``## `` heading on) of the report
    being replaced: only the generated table above them is rewritten."""
    if not path.exists():
        return ""
    text = path.read_text()
    at = text.find("\n## ")
    return "" if at < 0 else text[at:].lstrip("\n").join(["\n", ""])


if __name__ == "__main__":
    raise SystemExit(main())
