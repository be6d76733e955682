"""Subcommands of the heap group: ``octal``, ``subtraction`` and ``nimprod``.

``cgtkit octal 0.77 --n 200 --period`` prints Kayles' first 200 Grundy values and its
certified (preperiod, period); ``cgtkit subtraction 1,3,4 --n 50`` a subtraction game
(``--all-but 1,2`` for "every k except", ``--squares`` for subtract-a-square);
``cgtkit nimprod 123456789 987654321`` a nim product.  ``--plot FILE`` draws the
values with matplotlib (``pip install 'cgtkit[plot]'``).
"""

from __future__ import annotations

import argparse
import sys
import time

from ..errors import CGTError, HeapCodeError
from ._args import add_progress_switch, count, parse_count


def _parse_set(text: str) -> list[int]:
    try:
        items = [parse_count(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise HeapCodeError(f"{text!r} is not a comma-separated list of ints, e.g. 1,3,4") from None
    if not items:
        raise HeapCodeError(f"{text!r} lists no numbers; write e.g. 1,3,4")
    return items


def _progress_printer(enabled: bool):
    if not enabled:
        return None
    start = time.monotonic()

    def show(heaps: int, message: str) -> None:
        elapsed = time.monotonic() - start
        print(f"\r  {heaps:>12,} heaps computed, {elapsed:7.1f} s: {message}   ", end="", file=sys.stderr, flush=True)

    show.finish = lambda: print(file=sys.stderr)  # type: ignore[attr-defined]
    return show


def _print_values(values) -> None:
    print(f"values (heaps 0..{len(values) - 1}):")
    row = []
    for i, v in enumerate(values.tolist()):
        row.append(str(v))
        if len(row) == 20 or i == len(values) - 1:
            print(f"  {i - len(row) + 1:>6}: " + " ".join(row))
            row = []


def _report_period(game, args: argparse.Namespace) -> None:
    enabled = args.progress if args.progress is not None else sys.stderr.isatty()
    show = _progress_printer(enabled)
    found = game.periodicity(limit=args.limit, progress=show)
    if show is not None:
        show.finish()
    if found is None:
        least = game.least_values_for_period()
        if least is not None and least > args.limit:
            print(f"period: not searched: a proof needs at least {least:,} values, more than --limit {args.limit:,}")
        else:
            print(f"period: none found within {args.limit:,} heaps (raise --limit)")
        return
    print(f"preperiod: {found.preperiod}")
    print(f"period: {found.period}")
    if found.saltus:
        print(f"saltus: {found.saltus}")
    if found.certified:
        relation = f"G(n+{found.period}) = G(n)" + (f" + {found.saltus}" if found.saltus else "")
        print(
            f"certified: yes ({relation} checked up to the theorem's bound: "
            f"{found.needed} values of {found.checked} computed)"
        )
    else:
        print(f"certified: no (observed over {found.checked} values; no periodicity theorem applies)")


def _plot(game, values, path: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CGTError("--plot needs matplotlib, which is not installed: pip install 'cgtkit[plot]'") from None
    fig, ax = plt.subplots(figsize=(10, 4))
    ax.plot(range(len(values)), values, ".", markersize=2 if len(values) > 500 else 4)
    ax.set_xlabel("heap size n")
    ax.set_ylabel("Grundy value G(n)")
    ax.set_title(f"{game.name}: Grundy values of heaps 0..{len(values) - 1}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    print(f"plot: {path}")


def _show_game(game, args: argparse.Namespace) -> None:
    print(f"game: {game.name}")
    values = game.grundy_values(args.n)
    _print_values(values)
    if args.misere:
        m = args.misere
        print(f"misere values (heaps 0..{m - 1}): " + " ".join(map(str, game.misere_grundy_values(m).tolist())))
        print(f"genus (heaps 0..{m - 1}): " + " ".join(str(game.genus(h)) for h in range(m)))
    if args.period:
        _report_period(game, args)
    if args.plot:
        _plot(game, values, args.plot)


def _octal(args: argparse.Namespace) -> None:
    from ..heap import OctalGame

    _show_game(OctalGame(args.code), args)


def _subtraction(args: argparse.Namespace) -> None:
    from ..heap import SubtractionGame, is_square

    chosen = [args.set is not None, args.all_but is not None, args.squares]
    if sum(chosen) != 1:
        raise HeapCodeError("give exactly one of: a set (1,3,4), --all-but 1,2 or --squares")
    if args.set is not None:
        game = SubtractionGame(_parse_set(args.set))
    elif args.all_but is not None:
        game = SubtractionGame(all_but=_parse_set(args.all_but))
    else:
        game = SubtractionGame(rule=is_square)
    _show_game(game, args)


def _int_arg(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise HeapCodeError(f"{text!r} is not an integer (decimal, or 0x... hexadecimal)") from None
    if value < 0:
        raise HeapCodeError(f"nimbers are non-negative; got {value}")
    return value


def _nimprod(args: argparse.Namespace) -> None:
    from ..nimbers import nim_inverse, nim_product

    numbers = [_int_arg(x) for x in args.numbers]
    if args.inverse:
        if len(numbers) != 1 or numbers[0] == 0:
            raise HeapCodeError("--inverse takes one positive number")
        print(nim_inverse(numbers[0]))
        return
    if len(numbers) < 2:
        raise HeapCodeError("give two or more numbers to multiply, e.g. cgtkit nimprod 2 2")
    product = 1
    for x in numbers:
        product = nim_product(product, x)
    print(product)


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--n",
        type=count(0, "--n"),
        default=100,
        metavar="N",
        help="how many Grundy values to print (heaps 0..N-1; default 100)",
    )
    p.add_argument(
        "--period",
        action="store_true",
        help="find the (preperiod, period) and prove it by a periodicity theorem, computing further as needed",
    )
    p.add_argument(
        "--limit",
        type=count(1, "--limit"),
        default=2_000_000,
        metavar="L",
        help="give up the period search past L heaps (default 2,000,000)",
    )
    p.add_argument(
        "--misere",
        type=count(0, "--misere"),
        default=0,
        metavar="M",
        help="also print misère Grundy values and genus of heaps 0..M-1 (exact search: keep M small, ~20)",
    )
    p.add_argument(
        "--plot", metavar="FILE", help="save a plot of the values (PNG/SVG/PDF by extension; needs matplotlib)"
    )
    add_progress_switch(p, "progress of the period search")


def register(sub: "argparse._SubParsersAction") -> None:
    """Add this group's subcommands to the cgtkit parser."""
    p = sub.add_parser(
        "octal",
        help="Grundy values and period of an octal/hexadecimal take-and-break game",
        description="Grundy values of a take-and-break game given by its octal or hexadecimal code "
        "(0.77 Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's chess, 4.7, 0.8F, ...).",
        epilog="example: cgtkit octal 0.77 --n 200 --period",
    )
    p.add_argument("code", help="the code d0.d1d2...: digit dk says how taking k tokens may leave 0/1/2(/3) heaps")
    _add_common(p)
    p.set_defaults(run=_octal)

    p = sub.add_parser(
        "subtraction",
        help="Grundy values and period of a subtraction game",
        description="Grundy values of a subtraction game: remove k tokens for k in a set "
        "(1,3,4), for every k except a set (--all-but 1,2), or k a square (--squares).",
        epilog="examples: cgtkit subtraction 1,3,4 --n 50 --period;  cgtkit subtraction --all-but 1,2 --period",
    )
    p.add_argument("set", nargs="?", help="the subtraction set, comma-separated, e.g. 1,3,4")
    p.add_argument(
        "--all-but",
        metavar="SET",
        help="every k >= 1 except these (arithmetic periodic: --period proves period and saltus)",
    )
    p.add_argument("--squares", action="store_true", help="subtract a square (1, 4, 9, ...)")
    _add_common(p)
    p.set_defaults(run=_subtraction)

    p = sub.add_parser(
        "nimprod",
        help="nim product of two or more numbers (or --inverse of one)",
        description="Nim multiplication (Conway's field of nimbers) of non-negative integers of any size; "
        "0x... hexadecimal accepted.",
        epilog="example: cgtkit nimprod 123456789 987654321",
    )
    p.add_argument("numbers", nargs="+", help="the numbers to multiply")
    p.add_argument("--inverse", action="store_true", help="print the nim reciprocal of the one number given")
    p.set_defaults(run=_nimprod)
