"""``cgtkit mcgs FILE...``: run MCGS's ``.test`` files with cgtkit, as MCGS's own test
runner does: a line for each command (OK, FAIL, or SKIP with its reason), then the
counts.  The exit status is 1 when any command failed, 0 otherwise; ``--json`` gives
every result as data.
"""

from __future__ import annotations

import argparse
import dataclasses
import pathlib
import sys

from ._args import UsageError
from ._output import Report, add_json_option


def _mcgs(args: argparse.Namespace) -> int:
    from ..mcgs.runner import FAIL, OK, SKIP, run_file, summary
    from ..mcgs.testfile import read

    results = []
    with Report(args) as out:
        for name in args.files:
            path = pathlib.Path(name)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as e:
                raise UsageError(f"cannot read {name}: {e.strerror or e}") from None
            except UnicodeDecodeError:
                raise UsageError(f"{name} is not UTF-8 text") from None
            for r in run_file(read(text, name)):
                results.append(r)
                if r.status == OK and not args.verbose:
                    continue
                shown = {FAIL: f"got {r.got}, expected {r.expected}", SKIP: r.reason}.get(r.status, r.got)
                about = f"  /* {r.description} */" if r.description else ""
                out.say(f"{r.status:<4} {r.file}:{r.line} {{{r.command}}} {shown}{about}")
        counts = summary(results)
        out.data("results", [dataclasses.asdict(r) for r in results])
        out.fact("counts", counts, ", ".join(f"{n} {k}" for k, n in counts.items()))
    sys.stdout.flush()
    return 1 if counts[FAIL] else 0


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add this group's subcommands to the cgtkit parser."""
    p = sub.add_parser(
        "mcgs",
        help="run MCGS's .test files (who wins, nim values, winning moves, thermographs) and check the expected results",
        description="Read test files in MCGS's format (version 1.5 to 1.7: sections such as [clobber_1xn] "
        "or [impartial domineering], positions, and command blocks {B win, W loss}, {N 3}, "
        "{winning moves B 0:a1-b1 ...} in MCGS's move notation, {thermograph ...}), answer every command with cgtkit, and print each FAIL and SKIP (every "
        "result with --verbose) and the counts. Exit status 1 when a command failed.",
        epilog="example: cgtkit mcgs tests/data/mcgs/autotests/kayles_autotests/kayles_bw_easy.test",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="MCGS .test files")
    p.add_argument("--verbose", "-v", action="store_true", help="print the OK results too")
    add_json_option(p)
    p.set_defaults(run=_mcgs)
