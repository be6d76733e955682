"""The seed documents' stand-alone problems, solved exactly and at any size.

* :mod:`.subtraction`: the coin game (win/lose with a take-set), Grundy values of
  heaps under a subtraction set, for heaps of any size by proven periodicity;
* :mod:`.nim`: Nim's winner and a winning move;
* :mod:`.two_ends`: the two-ends take game's optimal margin in O(n^2);
* :mod:`.cake`: the cake-cutting game (Maundy Cake) by its O(log) formula and
  range queries over sums of cakes.
"""

from .cake import cake_range_queries, maundy_cake_formula, maundy_cake_moves, maundy_cake_value
from .nim import nim_outcome, nim_winning_move, nim_winning_moves
from .subtraction import coin_game_first_player_wins, subtraction_grundy, subtraction_heaps
from .two_ends import two_ends_margin, two_ends_margin_brute_force

__all__ = [
    "cake_range_queries",
    "coin_game_first_player_wins",
    "maundy_cake_formula",
    "maundy_cake_moves",
    "maundy_cake_value",
    "nim_outcome",
    "nim_winning_move",
    "nim_winning_moves",
    "subtraction_grundy",
    "subtraction_heaps",
    "two_ends_margin",
    "two_ends_margin_brute_force",
]
