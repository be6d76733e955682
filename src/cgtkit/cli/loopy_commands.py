"""Subcommands for loopy games: ``cgtkit fox-and-geese``, ``cgtkit backsliding-toads``,
``cgtkit hare-and-hounds`` and ``cgtkit loopy-impartial``; ``cgtkit value`` hands loopy notation (``on + {0|pass}``) to :func:`loopy_value_facts`.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

from ..errors import RulesError
from ..outcome import Outcome
from ._args import count, pair
from ._output import Report, add_json_option, json_key, jsonable
from ._progress import Progress, add_progress_options, mode
from .describe import outcome_text


def loopy_value_facts(text: str, details: bool = False) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts ``cgtkit value`` prints for a loopy game, who
    wins first; with ``details`` (``--all``) also a stopper's degree and variety, and
    the whole graph of a value that claims no canonical form.

    >>> [f"{k}: {t}" for k, _, t in loopy_value_facts("on + {0|pass}")][:3]
    ['outcome: L (Left wins, whoever moves first)', 'value: on', 'kind: stopper']
    >>> [f"{k}: {t}" for k, _, t in loopy_value_facts("{pass|3/2}", details=True)][-3:]
    ['degree: over', 'idempotent: no', 'variety: under']
    """
    from ..loopy import Stopper, loopy

    g = loopy(text)
    facts = value_facts(g, details)
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


_RESULT = {"L": "Left wins", "R": "Right wins", "D": "a draw"}


def outcome_fact(outcome: str) -> tuple[str, Any, str]:
    """The ``outcome`` fact of a loopy game, draws included.

    >>> outcome_fact("D/L")[2]
    'D/L (a draw when Left starts, Left wins when Right starts)'
    """
    if outcome in Outcome.__members__:
        return ("outcome", outcome, outcome_text(outcome))
    first, second = outcome.split("/")
    return ("outcome", outcome, f"{outcome} ({_RESULT[first]} when Left starts, {_RESULT[second]} when Right starts)")


def value_facts(g: Any, details: bool = False, outcome: bool = True) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts of a loopy value: its outcome first (unless
    ``outcome`` is False: the caller said it already), then the value, its kind, and
    its sides or stops.  A value that claims no canonical form is summarised (how many
    positions, what was found of each side); its whole graph is the JSON data, and the
    text with ``details``."""
    from ..loopy import LoopyValue, SidedValue, Stopper

    facts: list[tuple[str, Any, str]] = [outcome_fact(str(g.outcome()))] if outcome else []
    if isinstance(g, LoopyValue):
        full = str(g)
        size = len(g.graph.reachable())
        shown = full if details else f"a game graph of {size} positions (the graph: --all or --json)"
        kind = "loopy value whose sides were not found to be stoppers (no canonical form claimed)"
        facts += [("value", full, shown), ("kind", "loopy value", kind), ("positions", size, str(size))]
        for key, side in (("onside", g.onside), ("offside", g.offside)):  # what was found of the sides
            found = str(side) if isinstance(side, Stopper) else "not settled"
            facts.append((key, found, found))
        return facts
    facts.append(("value", str(g), str(g)))
    if isinstance(g, SidedValue):
        return facts + [
            ("kind", "stopper-sided value", "stopper-sided value (onside & offside)"),
            ("onside", str(g.onside), str(g.onside)),
            ("offside", str(g.offside), str(g.offside)),
        ]
    left, right = g.stops
    return facts + [("kind", "stopper", "stopper"), ("stops", [str(left), str(right)], f"{left}, {right}")]


_square = pair("a square", ",")


def _fox_and_geese(args: argparse.Namespace) -> None:
    from ..rulesets.foxandgeese import FoxAndGeese

    g = FoxAndGeese(geese=args.geese, fox=args.fox, width=args.width)
    with Report(args) as out:
        graph = g.graph()
        out.fact(*outcome_fact(graph.outcome()))  # who wins first: retrograde analysis, no value needed
        out.data("geese", [list(s) for s in sorted(g.geese)])
        out.data("fox", list(g.fox))
        out.data("width", g.width)
        out.say(f"position: geese {sorted(g.geese)}, fox {g.fox}, width {g.width}")
        out.facts(value_facts(_value(args, graph), args.all, outcome=False))


def _value(args: argparse.Namespace, graph: Any) -> Any:
    """The value of a game graph, its sidling rounds shown as progress (``--progress``)."""
    with Progress(mode(getattr(args, "progress", None)), "loopy value", unit="rounds") as bar:
        return graph.value(progress=bar.callback)


def _report_positions(args: argparse.Namespace, positions: Any, facts_of: Any) -> None:
    """Each position's facts (``facts_of(position)`` yields ``(key, data, text)``), as
    a block of ``key: text`` lines, each printed as soon as it is known (who wins comes
    first), blocks apart; ``--json``: ``positions``, a list of dicts."""
    with Report(args) as out:
        results = []
        for i, position in enumerate(positions):
            if i:
                out.say("")
            result = {}
            for key, data, text in facts_of(position):
                out.say(f"{key}: {text}")
                sys.stdout.flush()
                result[json_key(key)] = jsonable(data)
            results.append(result)
        out.data("positions", results)


def _backsliding_toads(args: argparse.Namespace) -> None:
    from ..rulesets.backsliding_toads import BackslidingToadsAndFrogs

    def facts(strip: str) -> Iterator[tuple[str, Any, str]]:
        g = BackslidingToadsAndFrogs(strip)
        graph = g.graph()
        yield outcome_fact(graph.outcome())
        yield ("position", str(g), str(g))
        yield from value_facts(_value(args, graph), args.all, outcome=False)

    _report_positions(args, args.strips, facts)


def _hare_and_hounds(args: argparse.Namespace) -> None:
    from ..rulesets.hare_and_hounds import HareAndHounds

    def facts(text: str) -> Iterator[tuple[str, Any, str]]:
        g = HareAndHounds.start(args.length) if text == "start" else HareAndHounds(text)
        graph = g.graph(args.max_positions)
        yield outcome_fact(graph.outcome())
        yield ("position", str(g), str(g))
        yield ("hounds", g.hounds, " ".join(map(str, g.hounds)))
        yield ("hare", g.hare, str(g.hare))
        yield from value_facts(_value(args, graph), args.all, outcome=False)

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


def _value_options(p: argparse.ArgumentParser) -> None:
    """``--all`` (the whole graph of a value that claims no canonical form), ``--json``
    and the progress options of a loopy ruleset command."""
    p.add_argument("--all", action="store_true", help="print the whole graph of a value that claims no canonical form")
    add_json_option(p)
    add_progress_options(p)


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
    _value_options(p)
    p.set_defaults(run=_fox_and_geese)

    b = sub.add_parser(
        "backsliding-toads",
        help="the loopy value of Backsliding Toads and Frogs strips (e.g. ttt..fff)",
        description="A strip is a string of t (Left's toads), f (Right's frogs) and . (empty cells).",
    )
    b.add_argument("strips", nargs="+", metavar="STRIP", help="strips such as ttt..fff")
    _value_options(b)
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
    _value_options(h)
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
