"""Deprecated: the stand-alone games now live under the concepts they belong to.

==========================================  ========================================
was                                         now
==========================================  ========================================
``cgtkit.classic.nim``                      :mod:`cgtkit.heap.nim` (also ``cgtkit.heap``)
``cgtkit.classic.subtraction``              :mod:`cgtkit.heap.subtraction` (also ``cgtkit.heap``)
``cgtkit.classic.cake``                     :mod:`cgtkit.rulesets.cakes`
``cgtkit.classic.two_ends``                 :mod:`cgtkit.scoring.two_ends` (also ``cgtkit.scoring``)
``cgtkit.classic.factorize``                :mod:`cgtkit.primes`
==========================================  ========================================

Importing this package, or a module in it, warns with a :class:`DeprecationWarning`;
every name still works (for one release).
"""

import warnings

warnings.warn(
    "cgtkit.classic is deprecated: Nim and subtraction games are in cgtkit.heap, Maundy Cake "
    "in cgtkit.rulesets.cakes, two-ends in cgtkit.scoring, prime factors in cgtkit.primes",
    DeprecationWarning,
    stacklevel=2,
)

from ..heap.nim import nim_outcome, nim_winning_move, nim_winning_moves  # noqa: E402
from ..heap.subtraction import (  # noqa: E402
    coin_game_first_player_wins,
    subtraction_grundy,
    subtraction_heaps,
)
from ..rulesets.cakes import (  # noqa: E402
    cake_range_queries,
    maundy_cake_formula,
    maundy_cake_moves,
    maundy_cake_value,
)
from ..scoring.two_ends import two_ends_margin, two_ends_margin_brute_force  # noqa: E402

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
