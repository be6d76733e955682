"""``cgtkit solve``: who wins a sum of positions of any rulesets and values, without its
value (:mod:`cgtkit.search`).

A term is ``ruleset:position`` (``clobber:xo.ox``, ``domineering:..|..``) or a value
in CGSuite notation (``{1|-1}``, ``^*``).  It prints the outcome class (or, with
``--first L|R``, whether that player wins moving first) and the winning moves of each
player who wins moving first (or of ``--first``): the term and the option moved to.
``--db FILE`` first loads a database of a ruleset's values (``cgtkit db build``), so
the search starts knowing every part the file holds.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from ._args import UsageError
from ._output import Report, add_json_option


def _term(text: str) -> Any:
    from ..rulesets.registry import entries, lookup, normalise_name
    from ..short.notation import game

    name, colon, rest = text.partition(":")
    if colon and normalise_name(name) in entries():
        cls = lookup(name)
        try:
            return cls(rest)
        except TypeError:  # a ruleset whose positions are not written as one string
            raise UsageError(f"a {cls.__name__} position is not one string") from None
    return game(text)


def _solve(args: argparse.Namespace) -> None:
    from .. import search

    if not args.terms:
        raise UsageError("give at least one term: ruleset:position or a value, e.g. cgtkit solve clobber:xo.ox '^*'")
    terms = [_term(t) for t in args.terms]
    loaded = 0
    for path in args.db or []:
        from ..rulesets import database

        loaded += database.load(path)
    firsts = [args.first] if args.first else ["L", "R"]
    start = time.perf_counter()
    wins = {}
    nodes = 0
    for f in firsts:
        wins[f] = search.who_wins(terms, f)
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
            if not wins[f]:
                continue
            found = search.moves_of(terms, f, search.winning_moves(terms, f))
            moves[f] = [{"term": i + 1, "to": str(o)} for i, o in found]
            shown = ", ".join(f"term {i + 1} to {o}" for i, o in found)
            out.say(f"winning moves for {'Left' if f == 'L' else 'Right'}: {shown}")
        out.data("winning_moves", moves)
        out.data("nodes", nodes)
        if args.db:
            out.data("loaded", loaded)
        if nodes:
            out.say(f"searched {nodes} positions in {elapsed:.2f} s ({nodes / max(elapsed, 1e-9):.0f}/s)")


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
    p.add_argument("--first", type=_first, metavar="L|R", help="only whether this player wins moving first")
    add_json_option(p)
    p.set_defaults(run=_solve)
