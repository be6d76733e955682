"""Subcommands for loopy games: ``cgtkit fox-and-geese``, ``cgtkit backsliding-toads``,
``cgtkit hare-and-hounds`` and ``cgtkit loopy-impartial``; ``cgtkit value`` hands loopy notation (``on + {0|pass}``) to :func:`loopy_value_facts`.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
from pathlib import Path

from typing import Any, Callable

from ..errors import RulesError
from ..outcome import Outcome
from ._args import count, pair
from ._output import Report, add_json_option, json_key, jsonable
from .describe import outcome_text


def loopy_value_facts(text: str, details: bool = False) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts ``cgtkit value`` prints for a loopy game; with
    ``details`` (``--all``) also a stopper's degree and variety.

    >>> [f"{k}: {t}" for k, _, t in loopy_value_facts("on + {0|pass}")][:2]
    ['value: on', 'kind: stopper']
    >>> [f"{k}: {t}" for k, _, t in loopy_value_facts("{pass|3/2}", details=True)][-3:]
    ['degree: over', 'idempotent: no', 'variety: under']
    """
    from ..loopy import Stopper, loopy

    g = loopy(text)
    facts = value_facts(g)
    if details and isinstance(g, Stopper):
        facts += stopper_details(g)
    return facts


def stopper_details(g: Any) -> list[tuple[str, Any, str]]:
    """Degree, idempotence and variety of a stopper, each as far as it is found."""
    from ..loopy import NotIdempotentError, NotStopperSidedError

    try:
        degree = g.degree
    except NotStopperSidedError:
        note = "not found: sidling G - G did not settle (see docs/loopy.md)"
        return [("degree", None, note)]
    idempotent = g.is_idempotent
    facts: list[tuple[str, Any, str]] = [
        ("degree", str(degree), str(degree)),
        ("idempotent", idempotent, "yes" if idempotent else "no"),
    ]
    try:
        variety = g.variety
    except NotIdempotentError:
        return facts + [("variety", None, f"none: the degree {degree} is not an idempotent")]
    return facts + [("variety", str(variety), str(variety))]


def value_facts(g: Any) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts of a loopy value: kind, sides or stops, outcome."""
    from ..loopy import LoopyValue, SidedValue

    facts: list[tuple[str, Any, str]] = [("value", str(g), str(g))]
    if isinstance(g, LoopyValue):
        kind = "loopy value whose sides are not stoppers (no canonical form claimed)"
        return facts + [("kind", "loopy value", kind)]
    outcome = str(g.outcome())
    if outcome in Outcome.__members__:
        shown = outcome_text(outcome)
    else:
        shown = f"{outcome} (result when Left starts / when Right starts; D a draw)"
    if isinstance(g, SidedValue):
        facts += [
            ("kind", "stopper-sided value", "stopper-sided value (onside & offside)"),
            ("onside", str(g.onside), str(g.onside)),
            ("offside", str(g.offside), str(g.offside)),
        ]
    else:
        left, right = g.stops
        facts += [("kind", "stopper", "stopper"), ("stops", [str(left), str(right)], f"{left}, {right}")]
    return facts + [("outcome", outcome, shown)]


_square = pair("a square", ",")


def _fox_and_geese(args: argparse.Namespace) -> None:
    from ..rulesets.foxandgeese import FoxAndGeese

    g = FoxAndGeese(geese=args.geese, fox=args.fox, width=args.width)
    with Report(args) as out:
        out.data("geese", [list(s) for s in sorted(g.geese)])
        out.data("fox", list(g.fox))
        out.data("width", g.width)
        out.say(f"position: geese {sorted(g.geese)}, fox {g.fox}, width {g.width}")
        out.fact("value", g.value)


def _report_positions(args: argparse.Namespace, positions: Any, facts_of: Any) -> None:
    """Each position's facts (``facts_of(text)``, a list of ``(key, data, text)``) as a
    block of ``key: text`` lines, blocks apart; ``--json``: ``positions``, a list of dicts."""
    with Report(args) as out:
        results = []
        for i, position in enumerate(positions):
            facts = facts_of(position)
            if i:
                out.say("")
            for key, _, text in facts:
                out.say(f"{key}: {text}")
            results.append({json_key(key): jsonable(data) for key, data, _ in facts})
        out.data("positions", results)


def _backsliding_toads(args: argparse.Namespace) -> None:
    from ..rulesets.backsliding_toads import BackslidingToadsAndFrogs

    def facts(strip: str) -> list[tuple[str, Any, str]]:
        g = BackslidingToadsAndFrogs(strip)
        return [("position", str(g), str(g))] + value_facts(g.value)

    _report_positions(args, args.strips, facts)


def _hare_and_hounds(args: argparse.Namespace) -> None:
    from ..loopy import LoopyValue, Stopper
    from ..rulesets.hare_and_hounds import HareAndHounds

    def facts(text: str) -> list[tuple[str, Any, str]]:
        g = HareAndHounds.start(args.length) if text == "start" else HareAndHounds(text)
        value = g.graph(args.max_positions).value()
        found = [
            ("position", str(g), str(g)),
            ("hounds", g.hounds, " ".join(map(str, g.hounds))),
            ("hare", g.hare, str(g.hare)),
        ] + value_facts(value)
        if isinstance(value, LoopyValue):  # what was found of the sides
            for key, side in (("onside", value.onside), ("offside", value.offside)):
                shown = str(side) if isinstance(side, Stopper) else "not settled"
                found.append((key, shown, shown))
        return found

    _report_positions(args, args.positions, facts)


def _load_moves(spec: str) -> Callable[[Any], Any]:
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
            if spec_ is None or spec_.loader is None:
                raise RulesError(f"{where}: not a Python file that can be imported")
            module = importlib.util.module_from_spec(spec_)
            spec_.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except RulesError:
        raise
    except Exception as exc:
        raise RulesError(f"could not load {where}: {type(exc).__name__}: {exc}") from exc
    fn = getattr(module, name, None)
    if not callable(fn):
        raise RulesError(f"{where} has no function {name!r}")
    moves: Callable[[Any], Any] = fn
    return moves


def _loopy_impartial(args: argparse.Namespace) -> None:
    from ..impartial import ImpartialSolver

    moves = _load_moves(args.moves)
    s = ImpartialSolver(moves, max_positions=args.max_positions)
    with Report(args) as out:
        results = []
        for text in args.positions:
            try:
                p: Any = int(text)
            except ValueError:
                p = text
            v = s.grundy(p)
            shown = v.ascii if args.ascii and not isinstance(v, int) else str(v)
            outcome = s.outcome(p)
            line = f"{text}: value {shown}, outcome {outcome}"
            result = {"position": text, "value": v if isinstance(v, int) else shown, "outcome": outcome}
            if outcome == "N":
                result["winning move"] = repr(s.winning_move(p).option)
                line += f", winning move to {result['winning move']}"
            elif outcome == "D":
                result["drawing move"] = repr(s.drawing_move(p).option)
                line += f", drawing move to {result['drawing move']}"
            results.append({k.replace(" ", "_"): val for k, val in result.items()})
            out.say(line)
        out.data("positions", results)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add this group's subcommands to the cgtkit parser."""
    p = sub.add_parser(
        "fox-and-geese",
        help="the loopy value of a Fox and Geese position (CGSuite's coordinates)",
        description="Squares are ROW,COL with row >= 1, 1 <= col <= width and row + col even.",
    )
    p.add_argument("--geese", type=_square, nargs="+", required=True, metavar="ROW,COL", help="the geese's squares")
    p.add_argument("--fox", type=_square, required=True, metavar="ROW,COL", help="the fox's square")
    p.add_argument("--width", type=count(1, "--width"), default=8, help="the board's width (default 8)")
    add_json_option(p)
    p.set_defaults(run=_fox_and_geese)

    b = sub.add_parser(
        "backsliding-toads",
        help="the loopy value of Backsliding Toads and Frogs strips (e.g. ttt..fff)",
        description="A strip is a string of t (Left's toads), f (Right's frogs) and . (empty cells).",
    )
    b.add_argument("strips", nargs="+", metavar="STRIP", help="strips such as ttt..fff")
    add_json_option(b)
    b.set_defaults(run=_backsliding_toads)

    h = sub.add_parser(
        "hare-and-hounds",
        help="the loopy value of Hare and Hounds positions (e.g. D..|D...H|D.., or start)",
        description=(
            "A position is three rows top|middle|bottom: D a hound (Left), H the hare (Right), "
            ". an empty point; the middle row has the two ends. 'start' is the opening."
        ),
    )
    h.add_argument("positions", nargs="+", metavar="POSITION", help="positions such as D|D.H|D, or start")
    h.add_argument("--length", type=count(1, "--length"), default=3, help="the board's length for 'start' (3)")
    h.add_argument(
        "--max-positions",
        type=count(1, "--max-positions"),
        default=None,
        help="stop past this many reachable positions",
    )
    add_json_option(h)
    h.set_defaults(run=_hare_and_hounds)

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
    q.add_argument(
        "--max-positions",
        type=count(1, "--max-positions"),
        default=None,
        help="stop past this many reachable positions",
    )
    q.add_argument("--ascii", action="store_true", help="write inf{K} instead of ∞{K}")
    add_json_option(q)
    q.set_defaults(run=_loopy_impartial)


__all__ = ["register", "loopy_value_facts", "value_facts"]
