"""Subcommands of the heap group: ``octal``, ``subtraction`` and ``nimprod``.

``cgtkit octal 0.77 --n 200 --period`` prints Kayles' first 200 Grundy values and its
certified (preperiod, period); ``cgtkit subtraction 1,3,4 --n 50`` a subtraction game
(``--all-but 1,2`` for "every k except", ``--squares`` for subtract-a-square);
``cgtkit nimprod 123456789 987654321`` a nim product.  ``--plot FILE`` draws the
values with matplotlib (``pip install 'cgtkit[plot]'``).
"""

from __future__ import annotations

from typing import Any

import argparse

from ..errors import CGTError
from ._args import UsageError, count, int_list, output_file, writing
from ._output import Report, add_json_option
from ._progress import Progress, add_progress_options, mode


def _print_values(values: Any) -> None:
    print(f"values (heaps 0..{len(values) - 1}):")
    row = []
    for i, v in enumerate(values.tolist()):
        row.append(str(v))
        if len(row) == 20 or i == len(values) - 1:
            print(f"  {i - len(row) + 1:>6}: " + " ".join(row))
            row = []


def _report_period(game: Any, args: argparse.Namespace, out: Report) -> None:
    with Progress(mode(args.progress), f"{game.name}: period search", total=args.limit, unit="heaps") as bar:
        found = game.periodicity(limit=args.limit, progress=bar.callback)
    if found is None:
        least = game.least_values_for_period()
        out.data("period", None)
        if least is not None and least > args.limit:
            note = f"not searched: a proof needs at least {least:,} values, more than --limit {args.limit:,}"
        else:
            note = f"none found within {args.limit:,} heaps (raise --limit)"
        out.say(f"period: {note}")
        out.data("period note", note)
        return
    out.fact("preperiod", found.preperiod)
    out.fact("period", found.period)
    if found.saltus:
        out.fact("saltus", found.saltus)
    else:
        out.data("saltus", 0)
    out.data("certified", bool(found.certified))
    out.data("checked", found.checked)
    if found.certified:
        out.data("needed", found.needed)
        relation = f"G(n+{found.period}) = G(n)" + (f" + {found.saltus}" if found.saltus else "")
        out.say(
            f"certified: yes ({relation} checked up to the theorem's bound: "
            f"{found.needed} values of {found.checked} computed)"
        )
    else:
        out.say(f"certified: no (observed over {found.checked} values; no periodicity theorem applies)")


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CGTError("--plot needs matplotlib, which is not installed: pip install 'cgtkit[plot]'") from None
    return plt


def _plot_formats() -> list[str]:
    """The extensions matplotlib can write (checked when ``--plot`` is parsed, before any work)."""
    try:
        _pyplot()
    except CGTError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    return list(FigureCanvasAgg.get_supported_filetypes())


def _plot(game: Any, values: Any, path: str, out: Report) -> None:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 4))
    ax.plot(range(len(values)), values, ".", markersize=2 if len(values) > 500 else 4)
    ax.set_xlabel("heap size n")
    ax.set_ylabel("Grundy value G(n)")
    ax.set_title(f"{game.name}: Grundy values of heaps 0..{len(values) - 1}")
    fig.tight_layout()
    with writing(path):
        fig.savefig(path)
    plt.close(fig)
    out.fact("plot", path)


def _show_game(game: Any, args: argparse.Namespace) -> None:
    with Report(args) as out:
        out.fact("game", game.name)
        with Progress(mode(args.progress), f"{game.name}: Grundy values", total=args.n, unit="heaps") as bar:
            values = game.grundy_values(args.n, progress=bar.callback)
        out.data("values", values)
        if not out.json:
            _print_values(values)
        if args.misere:
            m = args.misere
            misere = game.misere_grundy_values(m).tolist()
            genus = [str(game.genus(h)) for h in range(m)]
            out.data("misere values", misere)
            out.data("genus", genus)
            out.say(f"misere values (heaps 0..{m - 1}): " + " ".join(map(str, misere)))
            out.say(f"genus (heaps 0..{m - 1}): " + " ".join(genus))
        if args.period:
            _report_period(game, args, out)
        if args.plot:
            _plot(game, values, args.plot, out)


def _octal(args: argparse.Namespace) -> None:
    from ..heap import OctalGame

    _show_game(OctalGame(args.code), args)


def _subtraction(args: argparse.Namespace) -> None:
    from ..heap import SubtractionGame, is_square

    chosen = [args.set is not None, args.all_but is not None, args.squares]
    if sum(chosen) != 1:
        raise UsageError("give exactly one of: a set (1,3,4), --all-but 1,2 or --squares")
    if args.set is not None:
        game = SubtractionGame(args.set)
    elif args.all_but is not None:
        game = SubtractionGame(all_but=args.all_but)
    else:
        game = SubtractionGame(rule=is_square)
    _show_game(game, args)


def _nimber(text: str) -> int:
    """An argparse ``type``: a non-negative integer, decimal or ``0x`` hexadecimal."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer (decimal, or 0x... hexadecimal)") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"nimbers are non-negative; got {value}")
    return value


def _nimprod(args: argparse.Namespace) -> None:
    from ..nimbers import nim_inverse, nim_product

    numbers = args.numbers
    if args.inverse:
        if len(numbers) != 1 or numbers[0] == 0:
            raise UsageError("--inverse takes one positive number")
        answer, key = nim_inverse(numbers[0]), "inverse"
    else:
        if len(numbers) < 2:
            raise UsageError("give two or more numbers to multiply, e.g. cgtkit nimprod 2 2")
        answer, key = 1, "product"
        for x in numbers:
            answer = nim_product(answer, x)
    if args.json:
        with Report(args) as out:
            out.data("numbers", numbers)
            out.data(key, answer)
    else:
        print(answer)


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
        "--plot",
        metavar="FILE",
        type=output_file("--plot", _plot_formats),
        help="save a plot of the values (PNG/SVG/PDF by extension; needs matplotlib)",
    )
    add_progress_options(p)
    add_json_option(p)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add this group's subcommands to the cgtkit parser."""
    p = sub.add_parser(
        "octal",
        help="Grundy values and period of a take-and-break game (octal, hexadecimal, CGSuite's codes)",
        description="Grundy values of a take-and-break game given by its code in CGSuite's syntax "
        "(0.77 Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's chess, 4.7, 0.8F, 4!.0 Grundy's game, "
        "0.[3] Nim, 4.[3] Lasker's Nim, {2+}=.0 Maundy cake, ...; see docs/heap.md).",
        epilog="example: cgtkit octal 0.77 --n 200 --period; cgtkit octal '4!.0' --n 50",
    )
    p.add_argument(
        "code",
        help="the code d0.d1d2...: digit dk says how taking k tokens may leave 0, 1, 2, ... heaps; "
        "! ? = after a digit: unequal, not all equal, all equal heaps; [..]: repeating digits",
    )
    _add_common(p)
    p.set_defaults(run=_octal)

    p = sub.add_parser(
        "subtraction",
        help="Grundy values and period of a subtraction game",
        description="Grundy values of a subtraction game: remove k tokens for k in a set "
        "(1,3,4), for every k except a set (--all-but 1,2), or k a square (--squares).",
        epilog="examples: cgtkit subtraction 1,3,4 --n 50 --period;  cgtkit subtraction --all-but 1,2 --period",
    )
    p.add_argument("set", nargs="?", type=int_list("the set"), help="the subtraction set, comma-separated, e.g. 1,3,4")
    p.add_argument(
        "--all-but",
        metavar="SET",
        type=int_list("--all-but"),
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
    p.add_argument("numbers", nargs="+", type=_nimber, help="the numbers to multiply")
    p.add_argument("--inverse", action="store_true", help="print the nim reciprocal of the one number given")
    add_json_option(p)
    p.set_defaults(run=_nimprod)
