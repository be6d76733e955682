"""Subcommands of the analysis group: ``cgtkit analyse EXPR`` and ``cgtkit thermograph EXPR``.

``analyse`` prints every property cgtkit computes for a short game, one ``key: value``
line each (:func:`analysis_lines`, also meant for ``cgtkit value --all``);
``thermograph`` prints the thermograph in CGSuite's form, its walls at the breakpoints,
and with ``--svg FILE`` writes a drawing.
"""

from __future__ import annotations

import argparse

from ..errors import CGTError, NotAtomicError, RulesError
from ..numbers import decimal


def _read(expr: list[str]):
    if not expr:
        raise RulesError("no game given: write e.g. cgtkit analyse '{3||2*|1*}'")
    from ..short.notation import game

    return game(" ".join(expr))


def _set(games) -> str:
    return "{" + ",".join(str(g) for g in games) + "}"


def analysis_lines(g, basics: bool = True) -> list[str]:
    """The ``key: value`` lines of ``cgtkit analyse`` for the game ``g``.

    ``basics=False`` leaves out value, outcome, number and birthday (``cgtkit value
    --all`` prints those itself, then these lines).
    """
    from ..short import atomic_weight as aw
    from ..short import properties as pr
    from ..short import thermography as th
    from ..short.misere import misere_outcome
    from ..short.reduced import reduced_canonical_form

    try:
        weight, atomic = str(aw.atomic_weight(g)), True
    except NotAtomicError:
        weight, atomic = "none (not atomic)", False
    expansion = pr.uptimal_expansion(g)
    left, right = th.stops(g)
    lines = (
        [
            f"value: {g}",
            f"outcome: {g.outcome}",
            f"number: {g.number if g.is_number else 'no'}",
            f"birthday: {decimal(g.birthday)}",
        ]
        if basics
        else []
    )
    lines += [
        f"misere outcome: {misere_outcome(g)}",
        f"left stop: {left}",
        f"right stop: {right}",
        f"mean: {th.mean(g)}",
        f"temperature: {th.temperature(g)}",
        f"confusion interval: {th.confusion_interval(g)}",
        f"thermograph: {th.thermograph(g)}",
        f"freeze: {th.freeze(g)}",
        f"reduced canonical form: {reduced_canonical_form(g)}",
        f"infinitesimal: {_yes(g.is_infinitesimal)}",
        f"numberish: {_yes(pr.is_numberish(g))}",
        f"all-small: {_yes(aw.is_all_small(g))}",
        f"atomic: {_yes(atomic)}",
        f"atomic weight: {weight}",
        f"companion: {aw.companion(g)}",
        f"uptimal expansion: {expansion if expansion is not None else 'none (not uptimal)'}",
        f"temper: {pr.temper(g) or 'neither'}",
        f"even: {_yes(pr.is_even(g))}",
        f"odd: {_yes(pr.is_odd(g))}",
        f"incentives: {_set(pr.incentives(g))}",
        f"left incentives: {_set(pr.left_incentives(g))}",
        f"right incentives: {_set(pr.right_incentives(g))}",
    ]
    return lines


def _yes(flag: bool) -> str:
    return str(bool(flag)).lower()


def _analyse(args: argparse.Namespace) -> None:
    for line in analysis_lines(_read(args.expr)):
        print(line)


def _thermograph(args: argparse.Namespace) -> None:
    from ..numbers import Dyadic
    from ..short.thermography import thermograph

    g = _read(args.expr)
    t = thermograph(g)
    print(f"value: {g}")
    print(f"thermograph: {t}")
    print(f"mast: {t.mast} from temperature {t.temperature}")
    marks = sorted({Dyadic(-1), Dyadic(0), *t.left.points, *t.right.points, t.temperature}, reverse=True)
    for m in marks:
        print(f"t = {m}: left wall {t.left_wall(m)}, right wall {t.right_wall(m)}")
    if args.svg:
        try:
            with open(args.svg, "w", encoding="utf-8") as fh:
                fh.write(t.to_svg(title=f"Thermograph of {g}"))
        except OSError as exc:
            raise CGTError(f"cannot write {args.svg}: {exc.strerror}") from None
        print(f"svg: {args.svg}")


def register(sub: "argparse._SubParsersAction") -> None:
    """Add ``analyse`` and ``thermograph`` to the cgtkit parser."""
    p = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="every property of a short game (CGSuite notation)",
        description="Print every property cgtkit computes for a short game, one 'key: value' line "
        "each: outcome, stops, mean, temperature, thermograph, atomic weight, reduced form, ...",
    )
    p.add_argument("expr", nargs="*", metavar="EXPR", help="a game, e.g. '{3||2*|1*}' or '^ + Tiny(2)'")
    p.set_defaults(run=_analyse)
    p = sub.add_parser(
        "thermograph",
        help="the exact thermograph of a short game",
        description="Print a short game's thermograph (CGSuite's form), its mast, and its walls at "
        "each breakpoint; --svg also draws it.",
    )
    p.add_argument("expr", nargs="*", metavar="EXPR", help="a game, e.g. '{3||2*|1*}'")
    p.add_argument("--svg", metavar="FILE", help="also write an SVG drawing to FILE")
    p.set_defaults(run=_thermograph)
