"""Subcommands of the value group: ``cgtkit value EXPR`` and ``cgtkit value --example-game N``.

``EXPR`` is a game in CGSuite notation (``{1|*}``, ``^^*``, ``+-1``, ``Tiny(2)``,
``{3||2|1} + ^``); the command prints its canonical form and a few facts, one
``key: value`` line each.  ``--example-game N`` does the same for position N of the
partizan subtraction game of the docs' examples (Left moves n -> n-2, Right n -> n-1,
a move only to a positive n), for any N (``10**100`` too): its values have a proved
period.  ``--seed-game N`` is its old spelling, still accepted (not listed in the help).
"""

from __future__ import annotations

import argparse

from ..errors import RulesError
from ..numbers import decimal
from ..heap.partizan_subtraction import PartizanSubtractionGame
from ._args import count


def seed_game_moves(n: int) -> tuple[list[int], list[int]]:
    """The examples' game: Left moves n -> n-2, Right n -> n-1, only to a positive n."""
    return ([n - 2] if n - 2 > 0 else []), ([n - 1] if n - 1 > 0 else [])


# the same game as a partizan subtraction game: position n is a heap of n - 1 from which
# Left takes 2 and Right 1 (so moves stay on positive positions); values bottom up with
# a proved period, so any n is quick (the tests compare it with PartizanSolver)
SEED_GAME = PartizanSubtractionGame(left=[2], right=[1])
EXAMPLE_GAME = SEED_GAME  # the name that says what it is; SEED_GAME stays for old callers


def describe(g) -> list[str]:
    """The ``key: value`` lines printed for a game."""
    number = str(g.number) if g.is_number else "no (not a number)"
    return [
        f"value: {g}",
        f"outcome: {g.outcome.described}",
        f"number: {number}",
        f"birthday: {decimal(g.birthday)}",
    ]


def _value(args: argparse.Namespace) -> None:
    flag, n = ("--seed-game", args.seed_game) if args.seed_game is not None else ("--example-game", args.example_game)
    if n is not None:
        if args.expr:
            raise RulesError(f"give either a game EXPR or {flag} N, not both")
        if n < 1:
            raise RulesError(f"{flag} {n}: positions of the example game are integers n >= 1")
        g = EXAMPLE_GAME.value(n - 1)
        print(f"position: {n} (the example game: Left n -> n-2, Right n -> n-1, only to n > 0)")
    else:
        if not args.expr:
            raise RulesError("no game given: write e.g. cgtkit value '{1|*}' or cgtkit value --example-game 5")
        from ..loopy.notation import has_loopy_syntax
        from ..short.notation import game

        text = " ".join(args.expr)
        if has_loopy_syntax(text):  # on, pass, a{...}, &: a loopy game (issue 14)
            from .loopy_commands import loopy_value_lines

            for line in loopy_value_lines(text):
                print(line)
            return
        g = game(text)
    lines = describe(g)
    if args.all:
        from .analysis_commands import analysis_lines

        lines += analysis_lines(g, basics=False)
    for line in lines:
        print(line)


def register(sub: "argparse._SubParsersAction") -> None:
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
    p.add_argument("--seed-game", type=count(None, "--seed-game"), help=argparse.SUPPRESS)  # the old spelling
    p.add_argument(
        "--all",
        action="store_true",
        help="also print every analysis property (stops, mean, temperature, thermograph, atomic weight, ...)",
    )
    p.set_defaults(run=_value)
