"""``cgtkit db build RULESET --size N|RxC -o FILE``: a database of a ruleset's values
(:mod:`cgtkit.rulesets.database`), built once and loaded by ``cgtkit solve --db FILE``.

``db build`` shares the ``db`` command with the results databases of sweeps
(``cgtkit db results.db hottest``): its first word ``build`` names this action (a
results database called ``build`` is reached as ``./build``).  The file is written
beside its name and renamed over it when complete, so Ctrl-C leaves nothing
half-written; a build in progress saves itself every minute and on Ctrl-C, and the
same command run again resumes it.
"""

from __future__ import annotations

import argparse

from ._args import UsageError, parse_count
from ._output import Report
from ._progress import Progress, mode
from ._tables import Evictions, add_table_size_option


def build(args: argparse.Namespace) -> None:
    """Run ``cgtkit db build``: value the ruleset's boards up to ``--size``, then save."""
    from ..rulesets import database

    if not args.query:
        raise UsageError(f"db build needs a ruleset: one of {', '.join(database.families())}")
    if args.output is None:
        raise UsageError("db build needs -o FILE, the database to write")
    size = _size(args.size)
    what = f"strips up to {size}" if isinstance(size, int) else f"boards up to {size[0]} x {size[1]}"
    if args.table_size is not None:
        database.set_bound(args.query, args.table_size)
    evicted = Evictions("table of values", lambda: database.stats(args.query))
    with Progress(mode(args.progress), f"{args.query}: {what}", unit="positions") as bar:
        entries = database.build(args.query, size, args.output, progress=bar.update)
    with Report(args) as out:
        out.fact("database", args.output)
        out.fact("ruleset", database.header(args.output)["ruleset"])
        out.fact("entries", entries, f"{entries:,} parts and their values")
        if evicted.report(out):
            out.say("the database holds the values used last, not every part met (a larger --table-size keeps all)")


def _size(text: str) -> "int | tuple[int, int]":
    """``N`` (the strips of 1 to N squares) or ``RxC`` (every board of at most R rows
    and C columns)."""
    rows, x, cols = text.lower().partition("x")
    try:
        if not x:
            return parse_count(text)
        return parse_count(rows), parse_count(cols)
    except ValueError as exc:
        raise UsageError(f"--size is N or RxC (e.g. 12 or 3x4): {exc}") from None


def add_build_options(p: argparse.ArgumentParser) -> None:
    """``db build``'s options, on the ``db`` parser."""
    p.add_argument(
        "--size",
        default="10",
        metavar="N|RxC",
        help="db build: strips of length 1 to N, or every board of at most R rows and C columns (default 10)",
    )
    p.add_argument("-o", "--output", metavar="FILE", help="db build: the database of values to write")
    add_table_size_option(p, "the table of values the build fills (default 512M)", prefix="db build: ")
