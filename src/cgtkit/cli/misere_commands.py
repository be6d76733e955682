"""Subcommands of the misère group: ``misere`` and ``misere-value``.

``cgtkit misere 0.07 --heaps 30 --quotient`` prints the misère quotient of Dawson's
Kayles up to heap 30 (its order as heaps are added, presentation, P-portion, pretending
function, and whether it has stabilised); without ``--quotient`` it prints the misère
canonical forms and genera of the heaps; ``--sum 5,7,12`` decides a sum of heaps from
the quotient and names a winning move.  ``--subtract 1,3,4`` takes a subtraction game
instead of a code.

``cgtkit misere-value "*[2#0] + *[2]"`` reads misère canonical forms in CGSuite's
notation and prints the canonical form of the expression and its properties.
"""

from __future__ import annotations

import argparse

from typing import TYPE_CHECKING, Any

from ._args import UsageError, count, int_list
from ._output import Report, add_json_option
from ._progress import Progress, add_progress_options, mode
from .describe import outcome_text

if TYPE_CHECKING:
    from ..heap.games import HeapGame
    from ..misere.quotient import MisereQuotient


def _game(args: argparse.Namespace) -> "HeapGame":
    from ..heap import OctalGame, SubtractionGame

    if (args.code is None) == (args.subtract is None):
        raise UsageError("give exactly one of: an octal code (cgtkit misere 0.07) or --subtract 1,3,4")
    if args.subtract is not None:
        return SubtractionGame(args.subtract)
    return OctalGame(args.code)


def _rows(out: Report, label: str, items: list[str], width: int = 10) -> None:
    out.say(f"{label}:")
    for start in range(0, len(items), width):
        out.say(f"  {start:>4}: " + " ".join(items[start : start + width]))


def _quotient_facts(q: "MisereQuotient") -> list[tuple[str, Any, str]]:
    orders = q.orders
    growth = [f"{h}:{orders[h]}" for h in range(1, len(orders)) if orders[h] != orders[h - 1]]
    p_portion = list(q.p_portion())
    facts = [
        ("order", len(q), str(len(q))),
        ("order grows at heaps", growth, " ".join(growth) if growth else "none"),
        ("presentation", str(q.presentation()), str(q.presentation())),
        ("P-portion", p_portion, "{" + ", ".join(p_portion) + "}"),
    ]
    if q.stable is not None:
        n0, p = q.stable
        text = (
            f"yes: Q = Q_{q.heaps} is the quotient of the whole game; the pretending function "
            f"has period {p} from heap {n0} (proved from heaps 0..{q.heaps})"
        )
        facts.append(("stable", {"from_heap": n0, "period": p}, text))
    else:
        text = f"not proved (the order has not grown since heap {q.stabilised_at()}); ask for more heaps"
        facts.append(("stable", None, text))
    return facts


def _misere(args: argparse.Namespace) -> None:
    from ..misere import heap_forms, misere_quotient

    game = _game(args)
    n = args.heaps
    with Report(args) as out:
        out.fact("game", game.name, f"{game.name} (misère play)")
        if args.quotient or args.sum is not None:
            with Progress(mode(args.progress), f"{game.name}: misère quotient of heaps 0..{n}"):
                q = misere_quotient(game, n)
            out.say(f"misère quotient Q_{n} (heaps 0..{n}):")
            out.facts(_quotient_facts(q))
            pretending = list(q.pretending_function())
            out.data("pretending function", pretending)
            _rows(out, "pretending function (heap: element)", pretending)
            if args.sum is not None:
                heaps = args.sum
                outcome = q.outcome(heaps)
                out.data("sum", heaps)
                out.data("outcome", outcome)
                out.say(f"sum {' + '.join(map(str, heaps))}: {outcome_text(outcome, ', misère play')}")
                if outcome == "N":
                    m = q.winning_move(heaps)
                    left = " + ".join(map(str, m.option)) if m.option else "nothing"
                    out.data(
                        "winning move", {"heap": heaps[m.component], "to": list(m.option), "leaving": list(m.result)}
                    )
                    out.say(
                        f"winning move: heap {heaps[m.component]} -> {left}, leaving {' + '.join(map(str, m.result)) or '0'}"
                    )
            return
        forms = heap_forms(game, n)
        out.data("forms", [str(g) for g in forms])
        out.data("genus", [str(g.genus) for g in forms])
        _rows(out, "misère canonical forms (heaps 0..%d)" % n, [str(g) for g in forms], width=5)
        _rows(out, "genus", [str(g.genus) for g in forms])


def _misere_value(args: argparse.Namespace) -> None:
    from ..misere import game
    from ._args import game_text

    g = game(game_text(args.expr, "cgtkit misere-value '*[2#0] + *[2]'"))
    with Report(args) as out:
        out.facts(misere_facts(g))


def misere_facts(g: Any) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts printed for a misère canonical form."""

    def yes(b: bool) -> str:
        return "yes" if b else "no"

    parts = [str(p) for p in g.parts]
    options = [str(o) for o in g.options]
    flags = ("tame", "restive", "restless", "even", "prime", "extraverted")
    values = {f: bool(getattr(g, "is_" + f)) for f in flags}
    facts: list[tuple[str, Any, str]] = [
        ("value", str(g), str(g)),
        ("outcome", str(g.outcome), outcome_text(g.outcome, ", misère play")),
        ("birthday", g.birthday, str(g.birthday)),
        ("genus", str(g.genus), str(g.genus)),
        ("misère nim value", g.misere_nim_value, str(g.misere_nim_value)),
        ("normal nim value", g.nim_value, str(g.nim_value)),
        ("phylum", str(g.phylum), str(g.phylum)),
    ]
    facts += [(f, values[f], yes(values[f])) for f in flags]
    facts += [
        ("mate", str(g.mate), str(g.mate)),
        ("parts", parts, ", ".join(parts) or "none"),
        ("options", options, ", ".join(options) or "none"),
    ]
    return facts


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add this group's subcommands to the cgtkit parser."""
    p = sub.add_parser(
        "misere",
        help="misère play of a heap game: canonical forms of heaps, or the misère quotient",
        description="Misère play (the last player to move loses) of a take-and-break game given by "
        "its octal/hexadecimal code, or of a subtraction game: the misère canonical forms and genera "
        "of heaps 0..N, or with --quotient the misère quotient of those heaps.",
        epilog="examples: cgtkit misere 0.07 --heaps 30 --quotient;  cgtkit misere 0.75 --heaps 30 --sum 10,7,7",
    )
    p.add_argument("code", nargs="?", help="the code, e.g. 0.07 (Dawson's Kayles), 0.77 (Kayles), 0.75, 4.7")
    p.add_argument(
        "--subtract", metavar="SET", type=int_list("--subtract"), help="a subtraction game instead, e.g. 1,3,4"
    )
    p.add_argument("--heaps", type=count(0, "--heaps"), default=12, metavar="N", help="heaps 0..N (default 12)")
    p.add_argument("--quotient", action="store_true", help="compute the misère quotient of heaps 0..N")
    p.add_argument(
        "--sum",
        metavar="HEAPS",
        type=int_list("--sum", 0),
        help="decide the sum of these heaps (comma-separated) from the quotient, with a winning move",
    )
    add_progress_options(p)
    add_json_option(p)
    p.set_defaults(run=_misere)

    p = sub.add_parser(
        "misere-value",
        help="misère canonical form and properties of an impartial game in CGSuite notation",
        description="Read misère canonical forms in CGSuite's notation (*[2#0], *[2[2]321], *[(2#1)2##], "
        "sums with +) and print the canonical form of the expression with its birthday, genus, "
        "tame/restive classification, mate and parts.",
        epilog="example: cgtkit misere-value '*[2#0] + *[2]'",
    )
    p.add_argument("expr", nargs="*", help="the game, e.g. '*[2#0] + *[2]' (quote it for the shell)")
    add_json_option(p)
    p.set_defaults(run=_misere_value)
