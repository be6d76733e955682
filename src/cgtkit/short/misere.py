"""Misère play of a short partizan game: the player who cannot move **wins**.

Misère outcomes depend on the game *form*, not only on its normal-play value, so
:func:`misere_outcome` plays the form it is given, never a normal-play canonical form
it was not given:

* a string is read as written (:func:`cgtkit.misere.form`): ``"{0, -1 |}"`` is played
  with both of Left's options, though its value is ``1``;
* a :class:`~cgtkit.misere.Form` is played as built;
* a ruleset position (anything with ``left_moves()`` and ``right_moves()``, e.g. a
  Domineering board or a Kayles row) is played by its own moves;
* a :class:`~cgtkit.misere.MisereGame` (an impartial misère canonical form) has outcome
  P or N;
* a :class:`~cgtkit.Game` *is* a canonical form (cgtkit keeps no other), and is played
  as that form; an int or a Dyadic as its number's canonical form.

Left moving first wins when Left has no move, or has a move to a position Right
(moving first there) loses; symmetrically for Right.  The result is one of ``"L"``
(Left wins whoever starts), ``"R"``, ``"P"`` (the second player wins) and ``"N"`` (the
first player wins).  Bottom-up on an explicit stack, memoised per form.

>>> from cgtkit.short.notation import game
>>> misere_outcome(game("0")), misere_outcome(game("*")), misere_outcome(game("1")), misere_outcome(game("-1"))
('N', 'P', 'R', 'L')
>>> misere_outcome(game("*2")), misere_outcome(game("^"))
('N', 'R')
>>> misere_outcome("{0, -1 |}"), misere_outcome(game("{0, -1 |}"))   # the form, then its value 1
('N', 'R')
"""

from __future__ import annotations

from typing import Any, Hashable

from ..hooks import hook
from ..outcome import Outcome
from .game import Game, GameLike, walk_bottom_up
from ..backend.protocols import NUS
from ..memo import GameCache, walking
from ..numbers import dyadic_parts
from .thermography import closed_form_known

__all__ = ["misere_outcome", "misere_first_player_wins", "misere_wins_by_forms"]

_WINS: GameCache[Game, tuple[bool, bool]] = GameCache(
    "misere.wins"
)  # (Left wins moving first, Right wins moving first)
_FORM_WINS: GameCache[Any, tuple[bool, bool]] = GameCache("misere.form_wins")  # the same for Forms (interned)


def _integer_wins(h: Game, memo: dict) -> bool:
    """An integer's answer, in closed form (n has n followers): at n > 0 Right has
    no move and so wins moving first, while Left must move to n - 1, where Right
    moving first wins again (or has no move); symmetrically for n < 0; 0 is N."""
    if h.is_integer:
        n = h.number
        memo[h] = (n <= 0, n >= 0)
        return True
    return False


def nus_misere_wins(a: NUS) -> tuple[bool, bool]:
    """``(Left wins moving first, Right wins moving first)`` in misère play of the
    canonical form of ``x + n.^ + *m``.

    x > 0: Right wins whoever starts (``R``).  By induction on the form: every option
    of ``x + e`` is again ``x`` or ``x + e'`` (number translation), or for a number a
    neighbouring number >= 0; Left moving first must move (a non-number has a Left
    option; so has an x > 0) to such a position, where Right moving first wins (at 0
    Right has no move, so wins); Right moving first has no move (an integer) or moves
    to a position > 0 where Left moving first loses.  x < 0 is the mirror image.

    x = 0, from the forms (a ``P`` option wins for whoever moves to it):
    ``0`` is N, ``* = {0|0}`` is P, ``*m`` (m >= 2, has ``*`` as an option) is N;
    ``^ = {0|*}`` is R, ``^* = {0,*|0}`` is L, ``^*m = {0|*(m^1)}`` (m >= 2) is P;
    ``^^ = {0|^*}`` is P, ``^^*m = {0|^*(m^1)}`` (m >= 1) is R (its Right option is R
    or P: Left moving first there loses); ``n.^*m`` (n >= 3) is R, its Right option
    being R or P.  Negative n by symmetry (Left and Right swap).

    >>> from cgtkit.numbers import Dyadic
    >>> [nus_misere_wins((Dyadic(0), n, m)) for n, m in ((0, 1), (1, 0), (1, 1), (2, 0))]
    [(False, False), (False, True), (True, False), (False, False)]
    """
    x, n, m = a
    p = dyadic_parts(x)[0]
    if p:
        return (False, True) if p > 0 else (True, False)
    if n < 0:
        right_first, left_first = nus_misere_wins((x, -n, m))
        return left_first, right_first
    if n == 0:
        return (False, False) if m == 1 else (True, True)
    if n == 1:
        return ((False, True), (True, False))[m] if m < 2 else (False, False)
    if n == 2 and m == 0:
        return (False, False)
    return (False, True)


_wins_known = closed_form_known(_WINS, nus_misere_wins)


def _walk(g: Game, memo: dict, known) -> tuple[bool, bool]:
    def value(h: Game) -> tuple[bool, bool]:
        lo, ro = h.left_options, h.right_options
        return (not lo or any(not memo[o][1] for o in lo), not ro or any(not memo[o][0] for o in ro))

    return walk_bottom_up(g, memo, known, value)


def _combine(left: Any, right: Any, memo: dict) -> tuple[bool, bool]:
    return (not left or any(not memo[o][1] for o in left), not right or any(not memo[o][0] for o in right))


def _play_form(f: Any) -> tuple[bool, bool]:
    """A Form played as written; an atom (a canonical Game) by the closed forms."""
    from ..traverse import evaluate

    def expand(x: Any) -> tuple[None, list]:
        if x.game is not None:
            return None, []
        return None, list(x.left_options) + list(x.right_options)

    def combine(x: Any, _: None, memo: dict) -> tuple[bool, bool]:
        if x.game is not None:
            return misere_first_player_wins(x.game)
        return _combine(x.left_options, x.right_options, memo)

    with walking(_FORM_WINS):  # combine's misere_first_player_wins walks too, inside this walk
        return evaluate(f, _FORM_WINS, expand, combine)


def _play_position(position: Hashable) -> tuple[bool, bool]:
    """A ruleset position played by its own moves (memoised for this call)."""
    from ..traverse import evaluate

    def expand(p: Any) -> tuple[tuple[list, list], list]:
        left, right = list(p.left_moves()), list(p.right_moves())
        return (left, right), left + right

    def combine(p: Any, sides: tuple[list, list], memo: dict) -> tuple[bool, bool]:
        return _combine(sides[0], sides[1], memo)

    return evaluate(position, {}, expand, combine)


def misere_first_player_wins(g: Any) -> tuple[bool, bool]:
    """``(Left wins moving first, Right wins moving first)`` in misère play, for any of
    the inputs :func:`misere_outcome` takes."""
    if isinstance(g, str):
        g = hook("misere.form")(g)
    kind = type(g).__name__
    if kind == "Form":
        return misere_first_player_wins(g.game) if g.game is not None else _play_form(g)
    if kind == "MisereGame":
        wins = g.outcome == "N"
        return wins, wins
    if (
        not isinstance(g, Game)
        and callable(getattr(g, "left_moves", None))
        and callable(getattr(g, "right_moves", None))
    ):
        return _play_position(g)
    return _walk(Game.of(g), _WINS, _wins_known)


def misere_wins_by_forms(g: GameLike) -> tuple[bool, bool]:
    """:func:`misere_first_player_wins` by playing every follower of the form (only
    integers in closed form, no cache): its slow, general twin.

    >>> from cgtkit.short.constants import star
    >>> misere_wins_by_forms(star(5)) == misere_first_player_wins(star(5)) == (True, True)
    True
    """
    memo: dict[Game, tuple[bool, bool]] = {}
    return _walk(Game.of(g), memo, lambda h: h in memo or _integer_wins(h, memo))


def misere_outcome(g: Any) -> Outcome:
    """The misère outcome class of ``g`` played as given (see the module docstring):
    L, R, P or N."""
    left_first, right_first = misere_first_player_wins(g)
    if left_first and right_first:
        return Outcome.N
    if left_first:
        return Outcome.L
    if right_first:
        return Outcome.R
    return Outcome.P
