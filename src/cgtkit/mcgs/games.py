"""MCGS's games as cgtkit values: each section name of a ``.test`` file read into a
component that knows its canonical value and, for the impartial variant, its nim value.

MCGS writes Black for Left and White for Right, ``X`` for Left's stones and ``O`` for
Right's; its basic games (``integer_game``, ``dyadic_rational``, ``nimber``,
``switch_game``, ``up_star``) are literal game forms, which matters for their impartial
variants: ``[impartial switch_game] (0, 1)`` is played on the form ``{0|1}``, not on
its value ``1/2``.  A section that cgtkit has no ruleset for raises
:class:`Unsupported`, which the runner counts as a listed skip.

>>> component(GameTerm("up_star", "-2 *")).value
game('vv*')
>>> component(GameTerm("switch_game", "0, 1")).value, component(GameTerm("switch_game", "0, 1", True)).nim_value
(game('1/2'), 2)
>>> component(GameTerm("clobber_1xn", "XOX")).value
game('*')
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Optional

from ..errors import CGTError
from ..nimbers import mex
from ..numbers import Dyadic
from ..short.constants import nimber, up
from ..short.game import Game
from .testfile import GameTerm, MCGSFormatError

__all__ = ["Unsupported", "Component", "component", "position_of", "kayles_nim", "SECTIONS", "RULESETS"]


class Unsupported(CGTError):
    """A game or command that cgtkit cannot yet run (the runner lists it as a skip)."""


class Component:
    """One position of a sum: its canonical ``value`` (for an impartial variant, the
    nimber of its nim value), ``nim_value`` where the game is impartial, and for a
    position of a ruleset the ``position`` itself, whose value is computed only when
    asked for (who wins a sum is searched on the positions, :mod:`cgtkit.search`)."""

    __slots__ = ("term", "_value", "_nim", "position")

    def __init__(
        self, term: GameTerm, value: Optional[Game] = None, nim_value: Optional[int] = None, position: Any = None
    ) -> None:
        if value is None and position is None:
            raise ValueError("a component needs a value or a position")
        self.term, self._value, self._nim, self.position = term, value, nim_value, position

    @property
    def value(self) -> Game:
        """The canonical value (of the position, computed on first use)."""
        if self._value is None:
            self._value = self.position.value
        return self._value

    @property
    def nim_value(self) -> Optional[int]:
        """The nim value, where the value is a nimber."""
        if self._nim is None and self._value is None:
            value = self.value
            self._nim = value.nim_value if value.is_nimber else None
        return self._nim

    @property
    def term_of_sum(self) -> Any:
        """What a sum searched by :func:`cgtkit.search.who_wins` takes: the position
        if there is one, else the value."""
        return self.position if self.position is not None else self._value


# --- MCGS's basic games are literal forms; their impartial variants depend on the form --
#
# integer n: Left moves n -> n - 1 when n > 0, Right n -> n + 1 when n < 0;
# p/2^q (q > 0): {x - 2^-q | x + 2^-q}; *n: every *k, k < n, for both;
# {a|b}: a for Left, b for Right (as written, not simplified);
# ^ = {0|*}, ^* = {0,*|0}, ^n = {0|^(n-1)*}, ^n* = {0|^(n-1)}, the negatives mirrored.
# In the impartial variant each player may make either player's moves.


@functools.lru_cache(maxsize=4096)
def _dyadic_nim(x: Dyadic) -> int:
    """The nim value of the impartial variant of MCGS's form of the number x."""
    if x.denominator == 1:
        return abs(x.numerator) % 2  # a chain of |x| moves down to 0
    step = Dyadic(1, x.denominator)
    return mex((_dyadic_nim(x - step), _dyadic_nim(x + step)))


@functools.lru_cache(maxsize=4096)
def _up_star_nim(ups: int, star: bool) -> int:
    """The nim value of the impartial variant of MCGS's form of ups.^ + star."""
    ups = abs(ups)  # the negative forms mirror the positive ones: the same variant
    if ups == 0:
        return int(star)
    if ups == 1:
        return mex((0, 1))  # ^ = {0|*} and ^* = {0,*|0}: both reach 0 and *
    return mex((0, _up_star_nim(ups - 1, not star)))


# --- reading the texts ---------------------------------------------------------------

_INT = re.compile(r"-?\d+$")


def _int(text: str, term: GameTerm) -> int:
    if not _INT.match(text):
        raise MCGSFormatError(f"line {term.line}: [{term.section}] wants an integer, not {text!r}")
    return int(text)


def _fractions(text: str, term: GameTerm) -> list[Dyadic]:
    """A list of fractions separated by commas and/or spaces ('-3 / 8' allowed)."""
    joined = re.sub(r"\s*/\s*", "/", text.strip())
    items = [i for i in re.split(r"[\s,]+", joined) if i]
    try:
        return [Dyadic(i) for i in items]
    except (CGTError, ValueError, ZeroDivisionError):
        raise MCGSFormatError(f"line {term.line}: [{term.section}] wants dyadic rationals, not {text!r}") from None


def _basic(term: GameTerm) -> Component:
    """MCGS's basic games: their values, or the nim values of their impartial variants."""
    text, section = term.text.strip(), term.section
    if section in ("integer_game", "nimber"):
        n = _int(text, term)
        if section == "nimber":
            if n < 0:
                raise MCGSFormatError(f"line {term.line}: a nimber is *n for n >= 0, not {n}")
            return Component(term, nimber(n), n)
        value, nim = Game.of(n), abs(n) % 2
    elif section == "dyadic_rational":
        values = _fractions(text, term)
        if len(values) != 1:
            raise MCGSFormatError(f"line {term.line}: a dyadic_rational is one fraction, not {text!r}")
        value, nim = Game.of(values[0]), _dyadic_nim(values[0])
    elif section == "switch_game":
        values = _fractions(text, term)
        if len(values) != 2:
            raise MCGSFormatError(f"line {term.line}: a switch_game is two fractions, not {text!r}")
        value = Game.from_options([Game.of(values[0])], [Game.of(values[1])])
        nim = mex((_dyadic_nim(values[0]), _dyadic_nim(values[1])))
    else:  # up_star: at most one int (the ups) and at most one '*'
        items = [i for i in re.split(r"[\s,]+", text) if i]
        stars, ints = items.count("*"), [i for i in items if i != "*"]
        if not items or stars > 1 or len(ints) > 1:
            raise MCGSFormatError(f"line {term.line}: an up_star is at most one int and at most one '*', not {text!r}")
        ups = _int(ints[0], term) if ints else 0
        value = ups * up + nimber(stars)
        nim = _up_star_nim(ups, stars == 1)
    if term.impartial:
        return Component(term, nimber(nim), nim)
    return Component(term, value, value.nim_value if value.is_nimber else None)


def _stones(text: str) -> str:
    """MCGS's X (Left) and O (Right) as cgtkit's x and o."""
    return text.replace("X", "x").replace("O", "o")


#: each section of a ruleset: its position class's name, and how MCGS's text becomes the
#: class's notation
RULESETS: dict[str, tuple[str, Callable[[str], str]]] = {
    "clobber_1xn": ("Clobber", _stones),
    "clobber": ("Clobber", _stones),
    "domineering": ("Domineering", str),
    "amazons": ("Amazons", _stones),
    "cannibal_clobber": ("CannibalClobber", _stones),
    "fission": ("Fission", str),
    "sheep": ("Sheep", str),
    "elephants": ("Elephants", str),
    "gen_toads": ("GenToads", str),
    "nogo_1xn": ("NoGo", str),
    "nogo": ("NoGo", str),
    "toppling_dominoes": ("TopplingDominoes", str),
    "gen_king_dirt": ("KingDirt", str),
}


def position_of(term: GameTerm) -> Any:
    """The position of a ruleset that ``term`` writes (for an impartial section, the
    position whose variant is played)."""
    from .. import rulesets

    cls_name, convert = RULESETS[term.section]
    return getattr(rulesets, cls_name)(convert(term.text))


def _ruleset(term: GameTerm) -> Component:
    position = position_of(term)
    if term.impartial:
        from ..rulesets.variants import impartial_variant

        # the variant's position, its nim value found only when asked for: who wins
        # a sum of it is searched on the position (the native outcome search stops
        # at a winning move; the nim value needs every option)
        return Component(term, position=impartial_variant(position))
    return Component(term, position=position)


@functools.lru_cache(maxsize=4096)
def kayles_nim(n: int) -> int:
    """The nim value of a Kayles row of ``n`` pins (octal 0.77)."""
    from ..heap import OctalGame

    return int(OctalGame("0.77").grundy(n))


def _kayles(term: GameTerm) -> Component:
    n = _int(term.text.strip(), term)
    if n < 0:
        raise MCGSFormatError(f"line {term.line}: a kayles heap has n >= 0 pins, not {n}")
    g = kayles_nim(n)
    return Component(term, nimber(g), g)


SECTIONS: dict[str, Callable[[GameTerm], Component]] = {
    "integer_game": _basic,
    "dyadic_rational": _basic,
    "nimber": _basic,
    "switch_game": _basic,
    "up_star": _basic,
    "kayles": _kayles,
    **dict.fromkeys(RULESETS, _ruleset),
}


def component(term: GameTerm) -> Component:
    """The component that ``term`` writes; :class:`Unsupported` for a game cgtkit
    does not have."""
    make = SECTIONS.get(term.section)
    if make is None:
        raise Unsupported(f"no ruleset for MCGS's [{term.section}] yet")
    return make(term)
