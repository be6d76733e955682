"""The nim value of an impartial sum by outcome searches alone, without any value.

An impartial sum ``S`` has nim value ``n`` exactly when ``S + *n`` is a loss for the
player to move (Sprague-Grundy: ``S + *n = *(g(S) xor n)``, which is 0 only for
``n = g(S)``).  So the nim value is the least ``n`` for which the search says the
first player loses ``S + *n``: Lemoine and Viennot's way to the nim values of
sums too large for their values (*Nimbers are inevitable*, TCS 2012), here with
one search per candidate ``n``; the searches share the native search's
transposition table, so the later ones reuse what the earlier ones learned.

>>> from cgtkit.rulesets import Cram
>>> from cgtkit import game
>>> nim_value([Cram("...|..."), game("*2")]), Cram("...|...").nim_value ^ 2
(3, 3)
"""

from __future__ import annotations

from typing import Any, Optional

from ..errors import ResourceLimitError
from ..short.constants import nimber
from ..short.game import Game
from . import SearchError, Sum, terms_of, who_wins

__all__ = ["nim_value", "is_impartial_term"]


def is_impartial_term(t: Any) -> bool:
    """Whether a term of a sum is impartial: a position of an impartial ruleset, or a
    Game whose canonical form is a nimber (the only impartial canonical forms).

    >>> from cgtkit import game
    >>> is_impartial_term(game("*3")), is_impartial_term(game("^"))
    (True, False)
    """
    if isinstance(t, Game):
        return t.is_nimber
    return bool(getattr(t, "IMPARTIAL", False))


def nim_value(position_or_sum: Sum, bound: Optional[int] = None) -> int:
    """The nim value of an impartial sum: the least ``n`` such that the first player
    loses ``S + *n``, asked of :func:`cgtkit.search.who_wins` for n = 0, 1, 2, ...

    ``bound`` (default: none) stops after that many candidates with a
    :class:`~cgtkit.errors.ResourceLimitError`; a term that is not impartial is a
    :class:`~cgtkit.search.SearchError`.

    >>> from cgtkit.rulesets import Kayles
    >>> nim_value(Kayles("xxxx")), nim_value([Kayles("xxxx"), Kayles("x")])
    (1, 0)
    """
    terms = terms_of(position_or_sum)
    for t in terms:
        if not is_impartial_term(t):
            raise SearchError(f"a nim value needs an impartial sum, and {t} is not impartial")
    n = 0
    while bound is None or n < bound:
        if not who_wins(terms + [nimber(n)], "L"):
            return n
        n += 1
    raise ResourceLimitError(f"the nim value is at least {bound} (bound={bound})")
