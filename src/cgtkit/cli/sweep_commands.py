"""Subcommands ``sweep`` and ``db``: sweeps on Dask into a results database, and its queries.

``cgtkit sweep octal --digits 3 --heaps 1048576 --db results.db`` computes every
three-digit octal code on a local cluster of worker processes (``--workers N``) or on
``--scheduler tcp://host:8786``; a rerun with the same ``--db`` resumes.
``cgtkit sweep positions domineering --cells 10 --db results.db`` values every
Domineering position of up to 10 cells.  ``cgtkit db results.db hottest`` (``values``,
``summary``, ``sql "SELECT ..."``, ``export heap_games --csv out.csv``) answers from the
file.  Dask is imported only when a sweep starts (``pip install 'cgtkit[sweep]'``).
"""

from __future__ import annotations

import argparse
import sys

from ..errors import SweepError
from ._args import UsageError, byte_size, output_file, parse_count, writing
from ._output import add_json_option
from ._progress import add_progress_options
from .values_db_commands import add_build_options


def _int(text: str, what: str, minimum: int) -> int:
    try:
        value = parse_count(text)
    except ValueError as exc:
        raise SweepError(f"{what}: {exc}") from None
    if value < minimum:
        raise SweepError(f"{what} must be at least {minimum}, got {value}")
    return value


def _seconds(text: str | None, what: str = "--time-budget") -> float | None:
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        raise SweepError(f"{what}: {text!r} is not a number of seconds") from None
    if not value > 0:
        raise SweepError(f"{what} must be positive, got {text}")
    return value


def _progress(args: argparse.Namespace) -> bool:
    return args.progress if args.progress is not None else sys.stderr.isatty()


def _run(sweep, args: argparse.Namespace) -> None:  # type: ignore[no-untyped-def]
    """Run ``sweep`` with the options every sweep shares; print the summary."""
    from ..sweep.runner import run

    progress = _progress(args)  # off a terminal: only the summary, unless --progress
    report = run(
        sweep,
        args.db,
        workers=_int(args.workers, "--workers", 1),
        scheduler=args.scheduler,
        retries=_int(args.retries, "--retries", 0),
        progress=progress,
        out=(lambda line: print(line, file=sys.stderr)) if progress else None,
        connect_timeout=_seconds(args.connect_timeout, "--connect-timeout") or 10.0,
        window=None if args.window is None else _int(args.window, "--window", 1),
    )
    if args.json:
        import dataclasses
        import json

        print(json.dumps(dict(dataclasses.asdict(report), database=str(args.db))))
        return
    for line in report.lines():
        print(line)
    print(f"database: {args.db}")


def _heap_sweep(args: argparse.Namespace) -> None:
    from ..sweep import heap_sweep, heap_tasks

    family = args.family
    heaps = _int(args.heaps, "--heaps", 1)
    if args.codes is not None:
        codes = [heap_tasks.canonical_code(c, family) for c in args.codes.split()]
    elif family == "subtraction":
        codes = heap_tasks.subtraction_sets(_int(args.max_set, "--max-set", 1))
    else:
        digits = _int(args.digits, "--digits", 1)
        if digits > (6 if family == "octal" else 4):
            raise SweepError(f"--digits {digits} lists too many codes for one sweep; use --codes for a subset")
        codes = heap_tasks.octal_codes(digits) if family == "octal" else heap_tasks.hex_codes(digits)
    _run(heap_sweep(family, codes, heaps, _seconds(args.time_budget), args.memory_budget, args.retry), args)


def _positions_sweep(args: argparse.Namespace) -> None:
    from ..sweep import positions_sweep

    cells = _int(args.cells, "--cells", 1)
    _run(
        positions_sweep(args.ruleset, cells, _int(args.chunk, "--chunk", 1), _seconds(args.time_budget), args.retry),
        args,
    )


_QUERIES = ("summary", "hottest", "values", "open", "sql", "export")


def _db(args: argparse.Namespace) -> None:
    import json

    if args.file == "build":  # cgtkit db build RULESET: a database of a ruleset's values
        from .values_db_commands import build

        return build(args)
    if args.query is None:
        args.query = "summary"
    if args.query not in _QUERIES:
        raise UsageError(f"db: the query is one of {', '.join(_QUERIES)}, not {args.query!r}")

    from ..sweep.database import ResultsDB, export_csv, export_parquet, is_table_name

    with ResultsDB.open(args.file, readonly=True) as db:
        if args.query == "summary":
            if args.json:
                print(json.dumps({"summary": db.summary_rows()}))
            else:
                lines = db.summary()
                print("\n".join(lines) if lines else "(empty)")
            return
        if args.query == "hottest":
            table = db.hottest(_int(args.n, "--n", 1))
        elif args.query == "values":
            table = db.values()
        elif args.query == "sql":
            if not args.arg:
                raise SweepError('sql needs a query, e.g. cgtkit db results.db sql "SELECT * FROM heap_games"')
            table = db.sql(args.arg)
        elif args.query == "open":
            table = db.sql(
                "SELECT family, code, heaps, status FROM heap_games WHERE status != 'certified' ORDER BY family, code"
            )
        else:  # export
            if not args.arg:
                raise SweepError("export needs a table: heap_games or positions")
            table = db.table(args.arg) if is_table_name(args.arg) else db.sql(args.arg)
            if args.csv is None and args.parquet is None:
                raise SweepError("export needs --csv FILE or --parquet FILE")
            if args.csv is not None:
                with writing(args.csv):
                    export_csv(table, args.csv)
                print(f"{len(table)} rows -> {args.csv}")
            if args.parquet is not None:
                with writing(args.parquet):
                    export_parquet(table, args.parquet)
                print(f"{len(table)} rows -> {args.parquet}")
            return
        if args.csv is not None:
            with writing(args.csv):
                export_csv(table, args.csv)
            print(f"{len(table)} rows -> {args.csv}")
        elif args.json:
            print(json.dumps({"columns": list(table.columns), "rows": [list(row) for row in table.rows]}))
        else:
            print(table)


def _add_run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default="results.db", help="the results database (SQLite; default results.db)")
    p.add_argument("--workers", default="2", metavar="N", help="local worker processes (default 2)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, e.g. tcp://host:8786")
    p.add_argument(
        "--connect-timeout", default="10", metavar="SECONDS", help="seconds to reach --scheduler (default 10)"
    )
    p.add_argument("--retries", default="2", metavar="R", help="Dask retries of a task that fails (default 2)")
    p.add_argument("--time-budget", metavar="SECONDS", help="per task; past it the row says timeout")
    p.add_argument("--retry", action="store_true", help="recompute rows that failed (timeout, memory, killed, error)")
    p.add_argument(
        "--window", metavar="N", help="tasks in flight at most, the next submitted as results arrive (default 64)"
    )
    add_progress_options(p)
    add_json_option(p)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``sweep`` and ``db`` to the cgtkit parser."""
    p = sub.add_parser(
        "sweep",
        help="compute many games on a Dask cluster into a results database (resumable)",
        description="One Dask task per game; results committed to an SQLite file as they arrive, "
        "so a rerun with the same --db resumes.  Needs pip install 'cgtkit[sweep]'.",
        epilog="examples: cgtkit sweep octal --digits 3 --heaps 2**20 --db results.db;  "
        "cgtkit sweep positions domineering --cells 10 --db results.db",
    )
    kinds = p.add_subparsers(dest="kind", metavar="KIND", help="octal, hex, subtraction or positions")
    kinds.required = True
    for family, text in (("octal", "octal code 0.d1..dk"), ("hex", "hexadecimal code 0.h1..hk")):
        q = kinds.add_parser(family, help=f"every {text}, to a certified period or --heaps values")
        q.add_argument("--digits", default="2", metavar="K", help="digits after the point (default 2)")
        q.add_argument("--codes", metavar="CODES", help="only these codes, space-separated ('0.77 0.137')")
        q.add_argument("--heaps", default=str(1 << 20), metavar="H", help="heap limit per game (default 2**20)")
        q.add_argument(
            "--memory-budget",
            type=byte_size("--memory-budget"),
            metavar="SIZE",
            help="per task, e.g. 2G; past it the row says memory",
        )
        _add_run_options(q)
        q.set_defaults(run=_heap_sweep, family=family)
    q = kinds.add_parser("subtraction", help="every subtraction set within {1..M}")
    q.add_argument("--max-set", default="4", metavar="M", help="the largest take (default 4)")
    q.add_argument("--codes", metavar="SETS", help="only these sets, space-separated ('1,3,4 2,5')")
    q.add_argument("--heaps", default=str(1 << 20), metavar="H", help="heap limit per game (default 2**20)")
    q.add_argument(
        "--memory-budget",
        type=byte_size("--memory-budget"),
        metavar="SIZE",
        help="per task, e.g. 2G; past it the row says memory",
    )
    _add_run_options(q)
    q.set_defaults(run=_heap_sweep, family="subtraction")
    q = kinds.add_parser("positions", help="every position of a placement game up to --cells cells")
    q.add_argument("ruleset", choices=["domineering"], help="the game")
    q.add_argument("--cells", default="8", metavar="K", help="up to K empty cells (default 8)")
    q.add_argument("--chunk", default="256", metavar="C", help="positions per task (default 256)")
    _add_run_options(q)
    q.set_defaults(run=_positions_sweep)

    p = sub.add_parser(
        "db",
        help="query or export a results database; build a database of a ruleset's values",
        description="Answers from a results database written by cgtkit sweep (read only, except export's files); "
        "db build RULESET --size N|RxC -o FILE values every strip of the ruleset up to length N (or every "
        "board up to R x C) and saves the native search's table, for cgtkit solve --db FILE.",
        epilog="examples: cgtkit db build nogo --size 12 -o nogo.cgtdb (a database of values for cgtkit solve --db); "
        "cgtkit db build clobber --size 3x4 -o clobber.cgtdb; "
        'cgtkit db results.db hottest --n 20;  cgtkit db results.db sql "SELECT code, period '
        'FROM heap_games WHERE period > 100";  cgtkit db results.db export heap_games --csv out.csv',
    )
    p.add_argument("file", help="the results database (or build: make a database of a ruleset's values)")
    p.add_argument(
        "query",
        nargs="?",
        help="summary (default): counts; hottest: the hottest positions; values: every value that occurs; "
        "open: heap games without a certified period; sql QUERY; export TABLE (or a query); "
        "after build: the ruleset (nogo, clobber)",
    )
    p.add_argument("arg", nargs="?", help="the SQL query (sql), or the table (export)")
    p.add_argument("--n", default="20", help="how many (hottest; default 20)")
    p.add_argument("--csv", metavar="FILE", type=output_file("--csv"), help="write the answer as CSV")
    p.add_argument(
        "--parquet", metavar="FILE", type=output_file("--parquet"), help="write the answer as Parquet (needs pyarrow)"
    )
    add_build_options(p)
    add_progress_options(p)
    add_json_option(p)
    p.set_defaults(run=_db)
