"""Subcommands for the classic problems: demo, nim, coins, heaps, two-ends, cake, cake-queries."""

from __future__ import annotations

from typing import Iterable

import argparse

from ..errors import CGTError
from ..outcome import Outcome
from ._args import count, int_list, pair, size
from ._output import Report, add_json_option
from .describe import outcome_text

# (each command imports what it computes with when it runs: `cgtkit --help` and the
# other commands do not pay for the heap games, the cakes or the scoring games)

_int_list = int_list("the take-set")


def _nim(args: argparse.Namespace) -> None:
    from ..heap.nim import nim_outcome, nim_winning_moves

    heaps = args.heaps
    outcome = nim_outcome(heaps)  # checks the heaps before anything is printed
    s = 0
    for h in heaps:
        s ^= h
    with Report(args) as out:
        out.fact("heaps", heaps, " ".join(map(str, heaps)))
        out.fact("nim-sum", s)
        out.fact("outcome", outcome, outcome_text(outcome))
        moves = [] if outcome is Outcome.P else list(nim_winning_moves(heaps))
        out.data("winning moves", [{"heap": i + 1, "from": heaps[i], "to": new} for i, new in moves])
        for i, new in moves:
            out.say(f"winning move: heap {i + 1}: {heaps[i]} -> {new} (take {heaps[i] - new})")


def _take_set(take: Iterable[int]) -> str:
    return "{" + ", ".join(map(str, take)) + "}"


def _coins(args: argparse.Namespace) -> None:
    from ..heap.subtraction import check_take_set, coin_game_first_player_wins, subtraction_sequence

    take = check_take_set(args.take)
    x = args.coins
    limit = _limit(args)
    wins = coin_game_first_player_wins(x, take, limit)  # refuses, before printing, what is beyond reach
    with Report(args) as out:
        out.data("coins", x)
        out.data("take set", take)
        out.say(f"coins: {x}, take-set: {_take_set(take)}")
        if x < take[0]:
            out.say(f"no move: every amount in the take-set is more than {x}, so A cannot move.")
        out.data("first player wins", bool(wins))
        out.say("A (moving first) wins." if wins else "B (moving second) wins.")
        try:
            seq = subtraction_sequence(take, limit)
        except CGTError as exc:
            out.data("preperiod", None)
            out.data("period", None)
            out.say(f"Grundy values' period: not computed ({exc})")
            return
        out.data("preperiod", seq.preperiod)
        out.data("period", seq.period)
        out.say(f"Grundy values: period {seq.period} after a preperiod of {seq.preperiod} (proven)")


def _heaps(args: argparse.Namespace) -> None:
    from ..heap.subtraction import check_take_set, subtraction_heaps

    take = check_take_set(args.take)
    values, total = subtraction_heaps(args.heaps, take, _limit(args))
    with Report(args) as out:
        out.data("take set", take)
        out.say(f"take-set: {_take_set(take)}")
        out.data("heaps", list(args.heaps))
        out.data("grundy values", list(values))
        for h, g in zip(args.heaps, values):
            out.say(f"heap {h}: Grundy value {g}")
        out.fact("nim-sum", total)
        out.data("first player wins", bool(total))
        out.say("A (moving first) wins." if total else "B (moving second) wins.")


def _two_ends(args: argparse.Namespace) -> None:
    from ..scoring.two_ends import one_coin_margin, two_ends_margin

    with Report(args) as out:
        out.data("values", list(args.values))
        game = "one coin" if args.one else "take any number"
        out.fact("game", game, f"{game} from either end" + (" (--one)" if args.one else " (--one: one coin)"))
        margin = (one_coin_margin if args.one else two_ends_margin)(args.values)
        out.data("margin", margin)
        out.say(f"first player's margin with best play: {margin}")


def _cake(args: argparse.Namespace) -> None:
    from ..rulesets.cakes import maundy_cake_formula, maundy_cake_value

    w, h = args.width, args.height
    value = maundy_cake_formula(w, h)
    with Report(args) as out:
        out.data("width", w)
        out.data("height", h)
        out.say(f"{w} x {h} cake (Left cuts the width {w}, Right the height {h})")
        out.data("value", str(value))
        out.say(f"value by the prime-factor formula: {value}")
        if args.search or (w <= 2000 and h <= 2000):
            searched = maundy_cake_value(w, h)
            out.data("searched value", str(searched))
            out.say(f"value by searching the game:      {searched}")
        outcome = Outcome.L if value > 0 else Outcome.R if value < 0 else Outcome.P
        out.fact("outcome", outcome, outcome_text(outcome))


def _cake_queries(args: argparse.Namespace) -> None:
    from ..rulesets.cakes import cake_range_queries

    cakes, queries = args.cakes, args.query
    with Report(args) as out:
        answers = cake_range_queries(cakes, queries)
        out.data("answers", [{"from": l, "to": r, "positive": a == "Yes"} for (l, r), a in zip(queries, answers)])
        for (l, r), answer in zip(queries, answers):
            out.say(f"[{l}, {r}]: {answer}")


def _add_limit(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--limit",
        type=count(1, "--limit"),
        default=None,
        metavar="L",
        help="compute at most L heap values (8 bytes each; default the library's, 20,000,000: "
        "cgtkit.heap.games.DEFAULT_VALUE_LIMIT); a question that needs more is refused before starting",
    )


def _limit(args: argparse.Namespace) -> int:
    """``--limit``, or the library's default when it is not given."""
    from ..heap.games import DEFAULT_VALUE_LIMIT

    return int(args.limit) if args.limit is not None else DEFAULT_VALUE_LIMIT


def _demo(args: argparse.Namespace) -> None:
    from .demo import run_demo

    run_demo()


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add these subcommands to the ``cgtkit`` parser."""
    p = sub.add_parser(
        "demo",
        help="a short tour: the classic problems, each solved on its own example",
        description="A short tour of cgtkit: each classic problem solved on its own example.",
    )
    p.set_defaults(run=_demo)

    p = sub.add_parser(
        "nim",
        help="Nim: who wins, and the winning moves",
        description="Nim: take any number of tokens from one heap; the last to move wins. "
        "Prints the nim-sum, the outcome and every winning move.",
    )
    p.add_argument("heaps", nargs="+", type=count(0, "a Nim heap"), help="heap sizes, e.g. 3 4 5")
    add_json_option(p)
    p.set_defaults(run=_nim)

    p = sub.add_parser(
        "coins",
        help="the coin game: does the first player win with X coins?",
        description="The coin game (a subtraction game): players alternately take a number of "
        "coins from the take-set; whoever takes the last coin wins. Works for any X "
        "(the Grundy values are periodic, and the period is proven, not guessed).",
    )
    p.add_argument("coins", type=count(0, "the number of coins"), help="number of coins X (any size; 10**100 is fine)")
    p.add_argument("--take", type=_int_list, required=True, help="take-set, e.g. 1,3,4")
    _add_limit(p)
    add_json_option(p)
    p.set_defaults(run=_coins)

    p = sub.add_parser(
        "heaps",
        help="Grundy values of several heaps under a subtraction set, and the winner",
        description="Several heaps; a move takes an amount in the take-set from one heap. "
        "Prints each heap's Grundy value, their nim-sum and the winner.",
    )
    p.add_argument("heaps", nargs="+", type=count(0, "a heap size"), help="heap sizes, e.g. 5 6 7 (any size)")
    p.add_argument("--take", type=_int_list, required=True, help="take-set, e.g. 1,3,4")
    _add_limit(p)
    add_json_option(p)
    p.set_defaults(run=_heaps)

    p = sub.add_parser(
        "two-ends",
        help="two-ends take: the first player's optimal margin",
        description="A row of integers; players alternately take any positive number of "
        "items from either end (with --one: one item, from either end, the classic coins-in-a-line "
        "game). Prints the first player's total minus the second's "
        "under best play (O(n^2)). Put negative numbers after --, e.g. "
        "`cgtkit two-ends -- 3 -1 4`.",
    )
    p.add_argument("values", nargs="+", type=count(None, "a value"), help="the row, e.g. 3 -1 4 1 5")
    p.add_argument(
        "--one", action="store_true", help="a move takes one item from either end (default: any number of items)"
    )
    add_json_option(p)
    p.set_defaults(run=_two_ends)

    p = sub.add_parser(
        "cake",
        help="cake cutting (Maundy Cake): the value of a W x H cake",
        description="Left cuts a W x H cake into k >= 2 equal pieces along the width, "
        "Right along the height; pieces are played as a sum. Prints the value by the "
        "O(log) prime-factor formula and, for sides up to 2000, by searching the game.",
    )
    p.add_argument("width", type=count(1, "the width"), help="the width W, which Left divides")
    p.add_argument("height", type=count(1, "the height"), help="the height H, which Right divides")
    p.add_argument("--search", action="store_true", help="also search cakes with a side above 2000 (slow)")
    add_json_option(p)
    p.set_defaults(run=_cake)

    p = sub.add_parser(
        "cake-queries",
        help="Maundy Cake range queries: is the sum of cakes l..r positive?",
        description="Given cakes WxH and ranges L:R (1-based, inclusive), answers Yes when "
        "the sum of the cakes' values is > 0 (Left wins), else No.",
    )
    p.add_argument("cakes", nargs="+", type=size("a cake"), help="cakes WxH, e.g. 6x4 12x1 1x2")
    p.add_argument("--query", action="append", type=pair("a query"), required=True, help="a range L:R; repeatable")
    add_json_option(p)
    p.set_defaults(run=_cake_queries)
