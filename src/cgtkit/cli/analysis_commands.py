"""Subcommands of the analysis group: ``cgtkit analyse EXPR`` and ``cgtkit thermograph EXPR``.

``analyse`` prints every property cgtkit computes for a short game, one ``key: value``
line each (:func:`analysis_facts`, also used by ``cgtkit value --all``);
``thermograph`` prints the thermograph in CGSuite's form, its walls at the breakpoints,
and with ``--svg FILE`` writes a drawing.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Iterable

from ..errors import NotAtomicError
from ._args import game_text, output_file, writing
from ._output import Report, add_json_option
from .describe import game_facts

if TYPE_CHECKING:
    from ..short.game import Game


def _read(expr: list[str]) -> "Game":
    text = game_text(expr, "cgtkit analyse '{3||2*|1*}'")
    from ..short.notation import game

    return game(text)


def _set(games: Iterable[Any]) -> str:
    return "{" + ",".join(str(g) for g in games) + "}"


def analysis_facts(g: "Game", basics: bool = True) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts of ``cgtkit analyse`` for the game ``g``.

    ``basics=False`` leaves out the facts of :func:`~cgtkit.cli.describe.game_facts`
    (value, outcome, number, birthday: ``cgtkit value --all`` prints those first).

    >>> from cgtkit import game
    >>> facts = {k: d for k, d, _ in analysis_facts(game("{2|-1}"))}
    >>> str(facts["mean"]), str(facts["temperature"]), facts["atomic"]
    ('1/2', '3/2', False)
    """
    from ..short import atomic_weight as aw
    from ..short import properties as pr
    from ..short import thermography as th
    from ..short.misere import misere_outcome
    from ..short.reduced import reduced_canonical_form

    try:
        weight, atomic = aw.atomic_weight(g), True
    except NotAtomicError:
        weight, atomic = None, False
    expansion = pr.uptimal_expansion(g)
    left, right = th.stops(g)
    temper = pr.temper(g)

    def shown(key: str, data: Any, text: Any = None) -> tuple[str, Any, str]:
        if isinstance(data, bool):
            return key, data, _yes(data)
        shown = str(data if text is None else text)
        return key, data if data is None or isinstance(data, list) else str(data), shown

    def games(items: Any) -> list[str]:
        return [str(x) for x in items]

    facts = game_facts(g) if basics else []
    facts += [
        shown("misere outcome", str(misere_outcome(g))),
        shown("left stop", left),
        shown("right stop", right),
        shown("mean", th.mean(g)),
        shown("temperature", th.temperature(g)),
        shown("confusion interval", th.confusion_interval(g)),
        shown("thermograph", th.thermograph(g)),
        shown("freeze", th.freeze(g)),
        shown("reduced canonical form", reduced_canonical_form(g)),
        shown("infinitesimal", bool(g.is_infinitesimal)),
        shown("numberish", bool(pr.is_numberish(g))),
        shown("all-small", bool(aw.is_all_small(g))),
        shown("atomic", atomic),
        shown("atomic weight", weight, weight if atomic else "none (not atomic)"),
        shown("companion", aw.companion(g)),
        shown("uptimal expansion", expansion, expansion if expansion is not None else "none (not uptimal)"),
        shown("temper", temper or None, temper or "neither"),
        shown("even", bool(pr.is_even(g))),
        shown("odd", bool(pr.is_odd(g))),
        shown("incentives", games(pr.incentives(g)), _set(pr.incentives(g))),
        shown("left incentives", games(pr.left_incentives(g)), _set(pr.left_incentives(g))),
        shown("right incentives", games(pr.right_incentives(g)), _set(pr.right_incentives(g))),
    ]
    return facts


def _yes(flag: bool) -> str:
    return str(bool(flag)).lower()


def _analyse(args: argparse.Namespace) -> None:
    g = _read(args.expr)
    with Report(args) as out:
        out.facts(analysis_facts(g))


def _thermograph(args: argparse.Namespace) -> None:
    from ..numbers import Dyadic
    from ..short.thermography import thermograph

    g = _read(args.expr)
    t = thermograph(g)
    with Report(args) as out:
        out.fact("value", g)
        out.fact("thermograph", t)
        out.data("mast", t.mast)
        out.data("temperature", t.temperature)
        out.say(f"mast: {t.mast} from temperature {t.temperature}")
        marks = sorted({Dyadic(-1), Dyadic(0), *t.left.points, *t.right.points, t.temperature}, reverse=True)
        walls = []
        for m in marks:
            walls.append({"t": m, "left_wall": t.left_wall(m), "right_wall": t.right_wall(m)})
            out.say(f"t = {m}: left wall {t.left_wall(m)}, right wall {t.right_wall(m)}")
        out.data("walls", walls)
        if args.svg:
            with writing(args.svg), open(args.svg, "w", encoding="utf-8") as fh:
                fh.write(t.to_svg(title=f"Thermograph of {g}"))
            out.fact("svg", args.svg)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add ``analyse`` and ``thermograph`` to the cgtkit parser."""
    p = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="every property of a short game (CGSuite notation)",
        description="Print every property cgtkit computes for a short game, one 'key: value' line "
        "each: outcome, stops, mean, temperature, thermograph, atomic weight, reduced form, ...",
    )
    p.add_argument("expr", nargs="*", metavar="EXPR", help="a game, e.g. '{3||2*|1*}' or '^ + Tiny(2)'")
    add_json_option(p)
    p.set_defaults(run=_analyse)
    p = sub.add_parser(
        "thermograph",
        help="the exact thermograph of a short game",
        description="Print a short game's thermograph (CGSuite's form), its mast, and its walls at "
        "each breakpoint; --svg also draws it.",
    )
    p.add_argument("expr", nargs="*", metavar="EXPR", help="a game, e.g. '{3||2*|1*}'")
    p.add_argument("--svg", metavar="FILE", type=output_file("--svg"), help="also write an SVG drawing to FILE")
    add_json_option(p)
    p.set_defaults(run=_thermograph)
