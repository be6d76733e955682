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

from .game import Game, GameLike
from .thermography import bottom_up

__all__ = ["misere_outcome", "misere_first_player_wins"]

_WINS: dict[Game, tuple[bool, bool]] = {}  # (Left wins moving first, Right wins moving first)


def _wins_known(h: Game) -> bool:
    """Cached, or an integer (closed form, since n has n followers): at n > 0 Right
    has no move and so wins moving first, while Left must move to n - 1, where Right
    moving first wins again (or has no move); symmetrically for n < 0; 0 is N."""
    if h in _WINS:
        return True
    if h.is_integer:
        n = h.number
        _WINS[h] = (n <= 0, n >= 0)
        return True
    return False


def misere_first_player_wins(g: GameLike) -> tuple[bool, bool]:
    """``(Left wins moving first, Right wins moving first)`` in misère play."""
    g = Game.of(g)
    for h in bottom_up(g, _wins_known):
        lo, ro = h.left_options, h.right_options
        left_first = not lo or any(not _WINS[o][1] for o in lo)
        right_first = not ro or any(not _WINS[o][0] for o in ro)
        _WINS[h] = (left_first, right_first)
    return _WINS[g]


def misere_outcome(g: GameLike) -> str:
    """The misère outcome class of the canonical form of ``g``: L, R, P or N."""
    left_first, right_first = misere_first_player_wins(g)
    if left_first and right_first:
        return "N"
    if left_first:
        return "L"
    if right_first:
        return "R"
    return "P"
