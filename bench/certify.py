"""Who wins, and its compact certificate written and checked, for the rows of
docs/results.md: each term in two fresh processes under ``/usr/bin/time -v``.

    python bench/certify.py 'clobber:xoxo|oxox' 'cram:.....|.....' --out rows.jsonl
    python bench/certify.py 'clobber:xoxoxoxoxoxoxox|oxoxoxoxoxoxoxo' --table-size 8G
    python bench/certify.py 'impartial clobber:xoxox|oxoxo|xoxox + *'

Each argument is a sum, its terms joined by `` + `` (a P certificate of ``G + *n``
proves that the impartial ``G`` has the nim value ``n``).

For each sum: ``cgtkit solve TERMS --certificate DIR/NAME.gz --json --no-moves`` (the
searches, then the certificate), then ``cgtkit check-certificate DIR/NAME.gz --json``
(the replay, no search); one JSON line a sum with the outcome, the certificate's
nodes and SHA-256 (the checker's, which must equal the writer's), and the CPU seconds
(user + system) and peak resident memory of each command; a sum that fails (the
node bound, a check that does not confirm) gets a line with its ``error`` and the others
still run (the exit status is then 1).  Certificates stay in
``--dir`` (they are not kept in the repository: the commands rebuild them byte for
byte).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from typing import Any


class Failed(Exception):
    """A command of one sum failed, or its check did not confirm the certificate."""


def timed(cmd: list[str]) -> tuple[dict[str, Any], float, int]:
    """The command's JSON output, its CPU seconds and its peak resident set (bytes)."""
    time_bin = "/usr/bin/time"  # GNU time (Debian's package "time"), not the shell's keyword
    if not os.path.exists(time_bin):
        raise SystemExit("bench/certify.py needs GNU time at /usr/bin/time (apt install time)")
    done = subprocess.run([time_bin, "-v", *cmd], capture_output=True, text=True)
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if line.startswith("cgtkit")]
        raise Failed(f"{' '.join(cmd)}: exit {done.returncode}: {said[-1] if said else done.stderr[-500:]}")

    def field(name: str) -> float:
        found = re.search(re.escape(name) + r": ([\d.]+)", done.stderr)
        if found is None:
            raise SystemExit(f"{' '.join(cmd)}: /usr/bin/time -v printed no {name!r}")
        return float(found.group(1))

    cpu = field("User time (seconds)") + field("System time (seconds)")
    return json.loads(done.stdout), cpu, int(field("Maximum resident set size (kbytes)")) * 1024


def name_of(term: str) -> str:
    """A file name for the certificate of a sum: its first term's ruleset and board size."""
    ruleset, _, board = term.split(" + ")[0].partition(":")
    rows = board.split("|")
    return f"{ruleset.replace(' ', '-')}-{len(rows)}x{max(len(r) for r in rows)}"


def certify(term: str, where: str, extra: list[str]) -> dict[str, Any]:
    cgtkit = shutil.which("cgtkit") or os.path.join(os.path.dirname(sys.executable), "cgtkit")
    path = os.path.join(where, name_of(term) + ".gz")
    solved, solve_cpu, solve_peak = timed(
        [cgtkit, "solve", *term.split(" + "), "--certificate", path, "--json", "--no-moves", *extra]
    )
    checked, check_cpu, check_peak = timed([cgtkit, "check-certificate", path, "--json"])
    if checked["sha256"] != solved["certificate_sha256"] or checked["certificate"] != "OK":
        raise Failed(f"{term}: the check does not confirm the certificate: {checked}")
    return {
        "term": term,
        "outcome": solved.get("outcome"),
        "nodes": solved["certificate_nodes"],
        "sha256": checked["sha256"],
        "bytes": os.path.getsize(path),
        "solve_cpu": round(solve_cpu, 2),
        "solve_peak": solve_peak,
        "check_cpu": round(check_cpu, 2),
        "check_peak": check_peak,
        "options": extra,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("terms", nargs="+", help="the sums, each its terms as cgtkit solve reads them joined by ' + '")
    p.add_argument("--dir", default=".", help="where the certificates go (default: here)")
    p.add_argument("--out", help="append the JSON lines to this file too")
    p.add_argument("--table-size", help="cgtkit solve --table-size (the outcome table's bound)")
    p.add_argument("--leaf-moves", help="cgtkit solve --leaf-moves")
    p.add_argument("--max-nodes", help="cgtkit solve --max-nodes")
    args = p.parse_args()
    extra = []
    for flag in ("table_size", "leaf_moves", "max_nodes"):
        if getattr(args, flag):
            extra += ["--" + flag.replace("_", "-"), getattr(args, flag)]
    failed = 0
    for term in args.terms:
        try:
            row = certify(term, args.dir, extra)
        except Failed as e:
            row, failed = {"term": term, "error": str(e), "options": extra}, failed + 1
        line = json.dumps(row)
        print(line, flush=True)
        if args.out:
            with open(args.out, "a") as f:
                f.write(line + "\n")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
