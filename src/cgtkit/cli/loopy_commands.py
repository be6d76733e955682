"""Subcommands for loopy games: ``cgtkit fox-and-geese``, ``cgtkit backsliding-toads``
and ``cgtkit loopy-impartial``; ``cgtkit value`` hands loopy notation (``on + {0|pass}``) to :func:`loopy_value_lines`.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
from pathlib import Path
from typing import Any

from ..errors import RulesError

_OUTCOMES = {
    "L": "L (Left wins, whoever moves first)",
    "R": "R (Right wins, whoever moves first)",
    "P": "P (the second player wins)",
    "N": "N (the first player wins)",
    "D": "D (a draw, whoever moves first)",
}


def loopy_value_lines(text: str) -> list[str]:
    """The ``key: value`` lines ``cgtkit value`` prints for a loopy game.

    >>> loopy_value_lines("on + {0|pass}")[:2]
    ['value: on', 'kind: stopper']
    """
    from ..loopy import loopy

    return value_lines(loopy(text))


def value_lines(g: Any) -> list[str]:
    """The ``key: value`` lines of a loopy value (kind, sides or stops, outcome)."""
    from ..loopy import LoopyValue, SidedValue

    lines = [f"value: {g}"]
    if isinstance(g, LoopyValue):
        return lines + ["kind: loopy value whose sides are not stoppers (no canonical form claimed)"]
    outcome = g.outcome()
    shown = _OUTCOMES.get(outcome, f"{outcome} (result when Left starts / when Right starts; D a draw)")
    if isinstance(g, SidedValue):
        lines += ["kind: stopper-sided value (onside & offside)", f"onside: {g.onside}", f"offside: {g.offside}"]
    else:
        left, right = g.stops
        lines += ["kind: stopper", f"stops: {left}, {right}"]
    return lines + [f"outcome: {shown}"]


def _square(text: str) -> tuple[int, int]:
    try:
        r, c = (int(x) for x in text.replace("(", "").replace(")", "").split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a square ROW,COL (e.g. 3,1)") from None
    return r, c


def _fox_and_geese(args: argparse.Namespace) -> None:
    from ..rulesets.foxandgeese import FoxAndGeese

    g = FoxAndGeese(geese=args.geese, fox=args.fox, width=args.width)
    print(f"position: geese {sorted(g.geese)}, fox {g.fox}, width {g.width}")
    print(f"value: {g.value}")


def _backsliding_toads(args: argparse.Namespace) -> None:
    from ..rulesets.backsliding_toads import BackslidingToadsAndFrogs

    for i, strip in enumerate(args.strips):
        if i:
            print()
        g = BackslidingToadsAndFrogs(strip)
        print(f"position: {g}")
        for line in value_lines(g.value):
            print(line)


def _load_moves(spec: str):
    """``path/to/file.py:function`` or ``package.module:function``."""
    if ":" not in spec:
        raise RulesError(f"{spec!r}: write MODULE:FUNCTION (a file games.py:moves or a module mygames:moves)")
    where, name = spec.rsplit(":", 1)
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise RulesError(f"{where}: no such file")
            spec_ = importlib.util.spec_from_file_location(path.stem, path)
            module = importlib.util.module_from_spec(spec_)  # type: ignore[arg-type]
            spec_.loader.exec_module(module)  # type: ignore[union-attr]
        else:
            module = importlib.import_module(where)
    except RulesError:
        raise
    except Exception as exc:
        raise RulesError(f"could not load {where}: {type(exc).__name__}: {exc}") from exc
    fn = getattr(module, name, None)
    if not callable(fn):
        raise RulesError(f"{where} has no function {name!r}")
    return fn


def _loopy_impartial(args: argparse.Namespace) -> None:
    from ..impartial import ImpartialSolver

    moves = _load_moves(args.moves)
    s = ImpartialSolver(moves, max_positions=args.max_positions)
    for text in args.positions:
        try:
            p = int(text)
        except ValueError:
            p = text
        v = s.grundy(p)
        shown = v.ascii if args.ascii and not isinstance(v, int) else str(v)
        outcome = s.outcome(p)
        line = f"{text}: value {shown}, outcome {outcome}"
        if outcome == "N":
            line += f", winning move to {s.winning_move(p).option!r}"
        elif outcome == "D":
            line += f", drawing move to {s.drawing_move(p).option!r}"
        print(line)


def register(sub: "argparse._SubParsersAction") -> None:
    """Add this group's subcommands to the cgtkit parser."""
    p = sub.add_parser(
        "fox-and-geese",
        help="the loopy value of a Fox and Geese position (CGSuite's coordinates)",
        description="Squares are ROW,COL with row >= 1, 1 <= col <= width and row + col even.",
    )
    p.add_argument("--geese", type=_square, nargs="+", required=True, metavar="ROW,COL", help="the geese's squares")
    p.add_argument("--fox", type=_square, required=True, metavar="ROW,COL", help="the fox's square")
    p.add_argument("--width", type=int, default=8, help="the board's width (default 8)")
    p.set_defaults(run=_fox_and_geese)

    b = sub.add_parser(
        "backsliding-toads",
        help="the loopy value of Backsliding Toads and Frogs strips (e.g. ttt..fff)",
        description="A strip is a string of t (Left's toads), f (Right's frogs) and . (empty cells).",
    )
    b.add_argument("strips", nargs="+", metavar="STRIP", help="strips such as ttt..fff")
    b.set_defaults(run=_backsliding_toads)

    q = sub.add_parser(
        "loopy-impartial",
        help="generalised Sprague-Grundy values of a user's impartial game (loops allowed)",
        description=(
            "MOVES is FILE.py:FUNCTION or MODULE:FUNCTION, a function position -> options; "
            "each POSITION is read as an int when it is one, else as a string."
        ),
    )
    q.add_argument("moves", metavar="MOVES", help="FILE.py:FUNCTION or MODULE:FUNCTION, position -> options")
    q.add_argument("positions", nargs="+", metavar="POSITION", help="positions to solve (ints where possible)")
    q.add_argument("--max-positions", type=int, default=None, help="stop past this many reachable positions")
    q.add_argument("--ascii", action="store_true", help="write inf{K} instead of ∞{K}")
    q.set_defaults(run=_loopy_impartial)


__all__ = ["register", "loopy_value_lines", "value_lines"]
