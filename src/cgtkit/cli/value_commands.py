"""Subcommands of the value group: ``cgtkit value EXPR`` and ``cgtkit value --example-game N``.

``EXPR`` is a game in CGSuite notation (``{1|*}``, ``^^*``, ``+-1``, ``Tiny(2)``,
``{3||2|1} + ^``); the command prints its canonical form and a few facts, one
``key: value`` line each.  ``--example-game N`` does the same for position N of the
partizan subtraction game of the docs' examples (Left moves n -> n-2, Right n -> n-1,
a move only to a positive n), for any N (``10**100`` too): its values have a proved
period.
"""

from __future__ import annotations

import argparse
import functools
from typing import TYPE_CHECKING

from ._args import UsageError, count, game_text
from ._output import Report, add_json_option
from .describe import game_facts

if TYPE_CHECKING:
    from ..heap.partizan_subtraction import PartizanSubtractionGame


def example_game_moves(n: int) -> tuple[list[int], list[int]]:
    """The examples' game: Left moves n -> n-2, Right n -> n-1, only to a positive n."""
    return ([n - 2] if n - 2 > 0 else []), ([n - 1] if n - 1 > 0 else [])


@functools.cache
def example_game() -> "PartizanSubtractionGame":
    """The same game as a partizan subtraction game: position n is a heap of n - 1 from
    which Left takes 2 and Right 1 (so moves stay on positive positions); values bottom
    up with a proved period, so any n is quick (the tests compare it with
    PartizanSolver).  Made on first use (the command line starts without the heap games)."""
    from ..heap.partizan_subtraction import PartizanSubtractionGame

    return PartizanSubtractionGame(left=[2], right=[1])


def _value(args: argparse.Namespace) -> None:
    flag, n = "--example-game", args.example_game
    if n is not None:
        if args.expr:
            raise UsageError(f"give either a game EXPR or {flag} N, not both")
        if n < 1:
            raise UsageError(f"{flag} {n}: positions of the example game are integers n >= 1")
    else:
        text = game_text(args.expr, "cgtkit value '{1|*}' or cgtkit value --example-game 5")
    with Report(args) as out:
        if n is not None:
            g = example_game().value(n - 1)
            out.fact("position", n, f"{n} (the example game: Left n -> n-2, Right n -> n-1, only to n > 0)")
        else:
            from ..loopy.notation import has_loopy_syntax
            from ..short.notation import game

            if has_loopy_syntax(text):  # on, pass, a{...}, &: a loopy game (issue 14)
                from .loopy_commands import loopy_value_facts

                out.facts(loopy_value_facts(text, details=args.all))
                return
            g = game(text)
        out.facts(game_facts(g))
        if args.all:
            from .analysis_commands import analysis_facts

            out.facts(analysis_facts(g, basics=False))


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add this group's subcommands to the cgtkit parser."""
    p = sub.add_parser(
        "value",
        help="canonical form and basic facts of a game in CGSuite notation",
        description=(
            "Print the canonical form (CGSuite notation), outcome, number and birthday of a "
            "short game.  Quote the game for the shell; put -- before a game that starts "
            "with '-' (cgtkit value -- -1/2)."
        ),
    )
    p.add_argument("expr", nargs="*", metavar="EXPR", help="a game, e.g. '{1|*}', '^^*', '+-1', 'Tiny(2)'")
    p.add_argument(
        "--example-game",
        type=count(None, "--example-game"),
        metavar="N",
        help="the value of position N of the partizan subtraction game Left n -> n-2, Right n -> n-1 "
        "(moves only to n > 0)",
    )
    p.add_argument(
        "--all",
        action="store_true",
        help=(
            "also print every analysis property (stops, mean, temperature, thermograph, atomic weight, ...; "
            "for a loopy stopper its degree, idempotence and variety)"
        ),
    )
    add_json_option(p)
    p.set_defaults(run=_value)
