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

from ..errors import HeapCodeError
from ._args import count


def _game(args: argparse.Namespace):
    from ..heap import OctalGame, SubtractionGame
    from .heap_commands import _parse_set

    if (args.code is None) == (args.subtract is None):
        raise HeapCodeError("give exactly one of: an octal code (cgtkit misere 0.07) or --subtract 1,3,4")
    if args.subtract is not None:
        return SubtractionGame(_parse_set(args.subtract))
    return OctalGame(args.code)


def _print_rows(label: str, items: list[str], width: int = 10) -> None:
    print(f"{label}:")
    for start in range(0, len(items), width):
        print(f"  {start:>4}: " + " ".join(items[start : start + width]))


def _quotient_lines(q) -> list[str]:
    orders = q.orders
    growth = [f"{h}:{orders[h]}" for h in range(1, len(orders)) if orders[h] != orders[h - 1]]
    lines = [
        f"order: {len(q)}",
        "order grows at heaps: " + (" ".join(growth) if growth else "none"),
        f"presentation: {q.presentation()}",
        "P-portion: {" + ", ".join(q.p_portion()) + "}",
    ]
    if q.stable is not None:
        n0, p = q.stable
        lines.append(
            f"stable: yes: Q = Q_{q.heaps} is the quotient of the whole game; the pretending function "
            f"has period {p} from heap {n0} (proved from heaps 0..{q.heaps})"
        )
    else:
        lines.append(f"stable: not proved (the order has not grown since heap {q.stabilised_at()}); ask for more heaps")
    return lines


def _misere(args: argparse.Namespace) -> None:
    from ..misere import heap_forms, misere_quotient

    game = _game(args)
    n = args.heaps
    print(f"game: {game.name} (misère play)")
    if args.quotient or args.sum is not None:
        q = misere_quotient(game, n)
        print(f"misère quotient Q_{n} (heaps 0..{n}):")
        for line in _quotient_lines(q):
            print(line)
        _print_rows("pretending function (heap: element)", q.pretending_function())
        if args.sum is not None:
            from .heap_commands import _parse_set

            heaps = _parse_set(args.sum)
            outcome = q.outcome(heaps)
            print(
                f"sum {' + '.join(map(str, heaps))}: {outcome} ({'the player to move loses' if outcome == 'P' else 'the player to move wins'})"
            )
            if outcome == "N":
                m = q.winning_move(heaps)
                left = " + ".join(map(str, m.option)) if m.option else "nothing"
                print(
                    f"winning move: heap {heaps[m.component]} -> {left}, leaving {' + '.join(map(str, m.result)) or '0'}"
                )
        return
    forms = heap_forms(game, n)
    _print_rows("misère canonical forms (heaps 0..%d)" % n, [str(g) for g in forms], width=5)
    _print_rows("genus", [str(g.genus) for g in forms])


def _misere_value(args: argparse.Namespace) -> None:
    from ..errors import NotationError
    from ..misere import game

    text = " ".join(args.expr)
    if not text.strip():
        raise NotationError("no game given: write e.g. cgtkit misere-value '*[2#0] + *[2]'")
    g = game(text)
    for line in describe_misere(g):
        print(line)


def describe_misere(g) -> list[str]:
    """The ``key: value`` lines printed for a misère canonical form."""
    yes = lambda b: "yes" if b else "no"  # noqa: E731
    parts = ", ".join(str(p) for p in g.parts) or "none"
    return [
        f"value: {g}",
        f"outcome: {g.outcome} ({'the player to move loses' if g.outcome == 'P' else 'the player to move wins'}, misère play)",
        f"birthday: {g.birthday}",
        f"genus: {g.genus}",
        f"misère nim value: {g.misere_nim_value}",
        f"normal nim value: {g.nim_value}",
        f"phylum: {g.phylum}",
        f"tame: {yes(g.is_tame)}; restive: {yes(g.is_restive)}; restless: {yes(g.is_restless)}",
        f"even: {yes(g.is_even)}; prime: {yes(g.is_prime)}; extraverted: {yes(g.is_extraverted)}",
        f"mate: {g.mate}",
        f"parts: {parts}",
        f"options: {', '.join(str(o) for o in g.options) or 'none'}",
    ]


def register(sub: "argparse._SubParsersAction") -> None:
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
    p.add_argument("--subtract", metavar="SET", help="a subtraction game instead, e.g. 1,3,4")
    p.add_argument("--heaps", type=count(0, "--heaps"), default=12, metavar="N", help="heaps 0..N (default 12)")
    p.add_argument("--quotient", action="store_true", help="compute the misère quotient of heaps 0..N")
    p.add_argument(
        "--sum",
        metavar="HEAPS",
        help="decide the sum of these heaps (comma-separated) from the quotient, with a winning move",
    )
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
    p.set_defaults(run=_misere_value)
