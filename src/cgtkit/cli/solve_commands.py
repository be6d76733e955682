"""``cgtkit solve``: who wins a sum of positions of any rulesets and values, without its
value (:mod:`cgtkit.search`).

A term is ``ruleset:position`` (``clobber:xo.ox``, ``domineering:..|..``) or a value
in CGSuite notation (``{1|-1}``, ``^*``).  It prints the outcome class (or, with
``--first L|R``, whether that player wins moving first) and the winning moves of each
player who wins moving first (or of ``--first``): the term and the option moved to.
``--certificate FILE`` writes a certificate of the answers (:mod:`cgtkit.replay`), and
``cgtkit check-certificate FILE`` replays one.
``--db FILE`` first loads a database of a ruleset's values (``cgtkit db build``), so
the search starts knowing every part the file holds.  ``--tt-load FILE`` first loads
a saved outcome table (:mod:`cgtkit.search.outcome_table`) and ``--tt-save FILE``
saves the table when the search ends, or when Ctrl-C stops it (one line on standard
error, exit status 130; SIGTERM too, 143): run again with ``--tt-load FILE`` to resume.
``--table-size SIZE`` bounds the outcome table (default 1G): a search that outgrows
it evicts and finds positions again, and says so.
``--results FILE`` runs the search across Dask workers (:mod:`cgtkit.sweep.split_search`):
split at ``--split-depth`` into subtrees, each answer and its certificate committed to
the results database FILE, so a rerun resumes; ``--check`` then replays the proof kept
there.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Optional

from ._args import UsageError, count, output_file
from ._output import Report, add_json_option
from ._progress import Progress, add_progress_options, mode
from ._stop import exit_status, stopped
from ._tables import Evictions, add_table_size_option


def _solve(args: argparse.Namespace) -> Optional[int]:
    from .. import search
    from ..replay import read_term

    if not args.terms:
        raise UsageError("give at least one term: ruleset:position or a value, e.g. cgtkit solve clobber:xo.ox '^*'")
    terms = [read_term(t) for t in args.terms]
    if args.results is not None:
        _distributed(args)
        return None
    if args.check or args.split_depth is not None or args.scheduler is not None:
        raise UsageError("--check, --split-depth and --scheduler go with --results FILE (a search across workers)")
    if args.table_size is not None:
        search.set_table_bound(terms, args.table_size)
    loaded = 0
    for path in args.db or []:
        from ..rulesets import database

        loaded += database.load(path)
    if args.tt_load:
        args.tt_loaded = search.load_table(args.tt_load, terms)
    elif args.tt_save:
        search.check_table(terms)  # before a long search, not after it
    try:
        if args.nim:
            _nim(args, terms)
        else:
            _search(args, terms, loaded)
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM
        if not args.tt_save:
            raise
        n = search.save_table(terms, args.tt_save)
        print(
            f"cgtkit solve: {stopped(exc)}; the outcome table so far ({n} entries) saved to {args.tt_save}",
            file=sys.stderr,
        )
        return exit_status(exc)
    return None


def _report_table(args: argparse.Namespace, terms: list[Any], out: Report) -> None:
    """The outcome table loaded (``--tt-load``), and saved now (``--tt-save``)."""
    from .. import search

    if args.tt_load:
        out.data("tt_loaded", args.tt_loaded)
    if args.tt_save:
        n = search.save_table(terms, args.tt_save)
        out.data("tt_saved", n)
        out.say(f"outcome table ({n} entries) saved to {args.tt_save}")


def _search(args: argparse.Namespace, terms: list[Any], loaded: int) -> None:
    from .. import search

    firsts = [args.first] if args.first else ["L", "R"]
    evicted = Evictions("outcome table", lambda: search.table_stats(terms))
    start = time.perf_counter()
    wins = {}
    nodes = 0
    with _watched(args, "who wins"):
        for f in firsts:
            wins[f] = search.who_wins(terms, f, jobs=args.jobs)
            nodes += search.last_nodes()
    elapsed = time.perf_counter() - start
    with Report(args) as out:
        out.fact("sum", " + ".join(str(t) for t in terms))
        if args.first:
            who = "Left" if args.first == "L" else "Right"
            out.fact("wins", wins[args.first], f"{who} moving first {'wins' if wins[args.first] else 'loses'}")
        else:
            o = _outcome(wins["L"], wins["R"])
            out.fact("outcome", o, o.described)
        moves: dict[str, list[Any]] = {}
        for f in firsts:
            if not wins[f] or not args.moves:
                continue
            with _watched(args, "winning moves"):  # a search for each move of the winner
                found = search.moves_of(terms, f, search.winning_moves(terms, f, jobs=args.jobs))
            moves[f] = [{"term": i + 1, "to": str(o)} for i, o in found]
            shown = ", ".join(f"term {i + 1} to {o}" for i, o in found)
            out.say(f"winning moves for {'Left' if f == 'L' else 'Right'}: {shown}")
        if args.moves:
            out.data("winning_moves", moves)
        out.data("nodes", nodes)
        if args.db:
            out.data("loaded", loaded)
        if nodes:
            out.say(f"searched {nodes} positions in {elapsed:.2f} s ({nodes / max(elapsed, 1e-9):.0f}/s)")
        evicted.report(out)
        if args.certificate and str(args.certificate).endswith(".gz"):
            bound = args.max_nodes if args.max_nodes is not None else search.strategy.COMPACT_MAX_NODES
            leaves = args.leaf_moves if args.leaf_moves is not None else search.strategy.LEAF_MOVES
            compact = search.compact_certificate(
                terms, "".join(firsts), args.certificate, max_nodes=bound, leaf_moves=leaves
            )
            out.fact("certificate", args.certificate, f"{args.certificate} ({compact.nodes} nodes, compact)")
            out.data("certificate_nodes", compact.nodes)
            out.fact("certificate_sha256", compact.sha256)
        elif args.certificate:
            bound = args.max_nodes if args.max_nodes is not None else search.strategy.MAX_NODES
            cert = search.certificate(terms, "".join(firsts), max_nodes=bound)
            cert.save(args.certificate)
            out.fact("certificate", args.certificate, f"{args.certificate} ({len(cert.nodes)} nodes)")
            out.data("certificate_nodes", len(cert.nodes))
        _report_table(args, terms, out)


def _distributed(args: argparse.Namespace) -> None:
    """``--results FILE``: the search split into subtrees on Dask workers, or ``--check``."""
    from ..sweep import split_search as distributed
    from ..sweep.runner import run

    if args.db or args.nim or args.certificate or args.jobs != 1 or args.tt_load or args.tt_save or args.table_size:
        raise UsageError(
            "--results runs its own search: --db, --nim, --certificate, --jobs, --tt-load, --tt-save and --table-size "
            "do not go with it"
        )
    depth = 1 if args.split_depth is None else args.split_depth
    firsts = [args.first] if args.first else ["L", "R"]
    reports = []
    if args.check:
        checked = sum(distributed.check(args.results, args.terms, f, depth) for f in firsts)
    else:
        for f in firsts:
            sweep = distributed.solve_sweep(args.terms, f, depth)
            progress = args.progress if args.progress is not None else sys.stderr.isatty()
            reports.append(
                (f, run(sweep, args.results, workers=args.workers, scheduler=args.scheduler, progress=progress))
            )
    results = {f: distributed.result(args.results, args.terms, f, depth) for f in firsts}
    wins = {f: w for f, (w, _) in results.items()}
    with Report(args) as out:
        out.fact("sum", " + ".join(args.terms))
        if None in wins.values():
            out.fact("outcome", None, "undecided: some subtrees failed (see the results database); run again")
        elif args.first:
            who = "Left" if args.first == "L" else "Right"
            out.fact("wins", wins[args.first], f"{who} moving first {'wins' if wins[args.first] else 'loses'}")
        else:
            o = _outcome(bool(wins["L"]), bool(wins["R"]))
            out.fact("outcome", o, o.described)
        moves = {}
        for f in firsts:
            found = results[f][1]
            moves[f] = [{"term": t, "to": to} for t, to in found]
            if found and args.moves:
                shown = ", ".join(f"term {t} to {to.partition(':')[2] or to}" for t, to in found)
                out.say(f"winning moves for {'Left' if f == 'L' else 'Right'}: {shown}")
        if args.moves:
            out.data("winning_moves", moves)
        if args.check:
            out.fact("certificates", checked, f"{checked} subtree certificates replayed: OK")
        for f, report in reports:
            for line in report.lines():
                out.say(f"{'Left' if f == 'L' else 'Right'} first: {line}")


def _check(args: argparse.Namespace) -> None:
    from ..replay import check_certificate
    from ..replay.compact import check_compact, is_compact

    if is_compact(args.file):
        compact = check_compact(args.file)
        _checked(args, compact.sum, compact.claims, compact.nodes, compact.sha256)
    else:
        cert = check_certificate(args.file)
        _checked(args, cert.sum, cert.claims, len(cert.nodes), None)


def _checked(args: argparse.Namespace, terms: list[str], claims: list[Any], nodes: int, sha: Optional[str]) -> None:
    """What ``check-certificate`` prints of a certificate that replays."""
    with Report(args) as out:
        out.fact("sum", terms, " + ".join(terms))
        said = [f"{'Left' if f == 'L' else 'Right'} moving first {'wins' if w else 'loses'}" for f, w in claims]
        out.fact("claims", [{"first": f, "wins": w} for f, w in claims], "; ".join(said))
        out.fact("nodes", nodes)
        if sha is not None:
            out.fact("sha256", sha)
        out.fact("certificate", "OK", "OK (every claim replays)")


def _nim(args: argparse.Namespace, terms: list[Any]) -> None:
    from ..search.nim import nim_value

    start = time.perf_counter()
    with _watched(args, "nim value"):
        n = nim_value(terms)
    elapsed = time.perf_counter() - start
    with Report(args) as out:
        out.fact("sum", " + ".join(str(t) for t in terms))
        out.fact("nim_value", n, f"nim value {n} (the sum + *{n} is a loss for the player to move)")
        out.say(f"{n + 1} searches in {elapsed:.2f} s")
        _report_table(args, terms, out)


def _watched(args: argparse.Namespace, what: str) -> Progress:
    """The progress of a search (``--progress``): the positions the native tables hold,
    read every half second while the search runs."""
    from ..backend.rulesets import positions_known

    return Progress(mode(args.progress), f"solve: {what}", unit="positions", poll=positions_known)


def _outcome(left: bool, right: bool) -> Any:
    from ..outcome import Outcome

    return Outcome.N if left and right else Outcome.L if left else Outcome.R if right else Outcome.P


def _first(text: str) -> str:
    if text.upper() not in ("L", "R"):
        raise argparse.ArgumentTypeError(f"L or R, not {text!r}")
    return text.upper()


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``solve`` to the cgtkit parser."""
    p = sub.add_parser(
        "solve",
        help="who wins a sum of positions and values, without its value",
        description="Who wins a sum of terms, each ruleset:position (clobber:xo.ox) or a value "
        "in CGSuite notation ('{1|-1}', '^*'), by the outcome search (cgtkit.search); "
        "prints the outcome and the winning moves.",
    )
    p.add_argument("terms", nargs="*", metavar="TERM", help="ruleset:position or a value")
    p.add_argument(
        "--db",
        action="append",
        metavar="FILE",
        help="load a database of a ruleset's values (cgtkit db build) before searching; may be repeated",
    )
    p.add_argument(
        "--tt-load",
        metavar="FILE",
        help="load a saved outcome table (--tt-save) before searching: resume a search stopped by Ctrl-C",
    )
    p.add_argument(
        "--tt-save",
        type=output_file("--tt-save"),
        metavar="FILE",
        help="save the outcome search's table to FILE when the search ends or Ctrl-C stops it",
    )
    add_table_size_option(p, "the outcome table (default 1G)")
    p.add_argument("--first", type=_first, metavar="L|R", help="only whether this player wins moving first")
    p.add_argument(
        "--no-moves",
        dest="moves",
        action="store_false",
        help="only who wins: do not list every winning move (a search for each move of the winner, "
        "which on a big board can take longer than the answer)",
    )
    p.add_argument(
        "--jobs",
        type=count(1, "--jobs"),
        default=1,
        metavar="N",
        help="search the first player's moves on N threads (the native searches share their table)",
    )
    p.add_argument(
        "--nim",
        action="store_true",
        help="the nim value of an impartial sum, by searches alone (the least n: sum + *n loses)",
    )
    p.add_argument(
        "--certificate",
        type=output_file("--certificate"),
        metavar="FILE",
        help="write a certificate of each answer (the winner's strategy) to FILE (FILE.gz: the compact form, "
        "for big searches); cgtkit check-certificate replays it",
    )
    p.add_argument(
        "--max-nodes",
        type=count(1, "--max-nodes"),
        metavar="N",
        help="refuse a certificate of more than N nodes (default 100000; 20000000 for a compact one)",
    )
    p.add_argument(
        "--leaf-moves",
        type=count(0, "--leaf-moves"),
        metavar="N",
        help="end a compact certificate's branch at the terms' values when the sum has at most N moves, "
        "both players' (default 20)",
    )
    p.add_argument(
        "--results",
        metavar="FILE",
        help="search across Dask workers: subtrees as tasks, each answer and certificate kept in the results "
        "database FILE (a rerun resumes)",
    )
    p.add_argument(
        "--split-depth",
        type=count(0, "--split-depth"),
        metavar="D",
        help="with --results: the subtrees are the positions D moves from the root (default 1)",
    )
    p.add_argument(
        "--workers", type=count(1, "--workers"), default=2, metavar="N", help="with --results: local worker processes"
    )
    p.add_argument("--scheduler", metavar="URL", help="with --results: a Dask scheduler (tcp://host:8786)")
    p.add_argument("--check", action="store_true", help="with --results: replay the proof the database holds")
    add_progress_options(p)
    add_json_option(p)
    p.set_defaults(run=_solve)
    c = sub.add_parser(
        "check-certificate",
        help="replay a certificate of cgtkit solve --certificate, with no search",
        description="Check a certificate written by cgtkit solve --certificate (or cgtkit.search.certificate): "
        "every node replayed with the rulesets' moves alone, no search; a bad certificate is an error "
        "naming the first node that fails (exit status 2).",
    )
    c.add_argument("file", metavar="FILE", help="the certificate (JSON, or the compact form: gzip)")
    add_json_option(c)
    c.set_defaults(run=_check)
