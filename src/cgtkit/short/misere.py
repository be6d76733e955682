"""Misère play of a short partizan game: the player who cannot move **wins**.

Misère outcomes depend on the game *form*, not only on its normal-play value, so
:func:`misere_outcome` plays the canonical form of its argument (the form cgtkit
stores).  Left moving first wins when Left has no move, or has a move to a position
Right (moving first there) loses; symmetrically for Right.  The result is one of
``"L"`` (Left wins whoever starts), ``"R"``, ``"P"`` (the second player wins) and
``"N"`` (the first player wins).  Bottom-up on an explicit stack, memoised per form.

>>> from cgtkit.short.notation import game
>>> misere_outcome(game("0")), misere_outcome(game("*")), misere_outcome(game("1")), misere_outcome(game("-1"))
('N', 'P', 'R', 'L')
>>> misere_outcome(game("*2")), misere_outcome(game("^"))
('N', 'R')
"""

from __future__ import annotations

from ..outcome import Outcome
from .game import Game, GameLike
from .nus import nus_misere_wins
from .thermography import bottom_up, closed_form_known

__all__ = ["misere_outcome", "misere_first_player_wins", "misere_wins_by_forms"]

_WINS: dict[Game, tuple[bool, bool]] = {}  # (Left wins moving first, Right wins moving first)


def _integer_wins(h: Game, memo: dict) -> bool:
    """An integer's answer, in closed form (n has n followers): at n > 0 Right has
    no move and so wins moving first, while Left must move to n - 1, where Right
    moving first wins again (or has no move); symmetrically for n < 0; 0 is N."""
    if h.is_integer:
        n = h.number
        memo[h] = (n <= 0, n >= 0)
        return True
    return False


_wins_known = closed_form_known(_WINS, nus_misere_wins)


def _walk(g: Game, memo: dict, known) -> tuple[bool, bool]:
    for h in bottom_up(g, known):
        lo, ro = h.left_options, h.right_options
        left_first = not lo or any(not memo[o][1] for o in lo)
        right_first = not ro or any(not memo[o][0] for o in ro)
        memo[h] = (left_first, right_first)
    return memo[g]


def misere_first_player_wins(g: GameLike) -> tuple[bool, bool]:
    """``(Left wins moving first, Right wins moving first)`` in misère play."""
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


def misere_outcome(g: GameLike) -> Outcome:
    """The misère outcome class of the canonical form of ``g``: L, R, P or N."""
    left_first, right_first = misere_first_player_wins(g)
    if left_first and right_first:
        return Outcome.N
    if left_first:
        return Outcome.L
    if right_first:
        return Outcome.R
    return Outcome.P
