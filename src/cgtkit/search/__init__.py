"""Who wins a sum, without its value: one outcome search for every ruleset.

A *sum* is one position, one :class:`~cgtkit.short.game.Game`, or a list of them
(positions of any rulesets and explicit values).  Computing the canonical value of a
large sum is exponential; the outcome needs only "does the first player win?".

* The components of the ruleset with a native search that has the most of them go to
  that search (``native/src/rulesets/sums.rs``): boolean negamax over the sum of its
  parts plus an accumulated canonical value, cheap parts replaced by their values,
  numbers never moved in while other parts remain, a bounded transposition table;
* every other term (positions of other rulesets, explicit values) is summed by its
  canonical value into the accumulated value.

The twin (the python engine, ``backend.use("python")``, or no native search) is the
outcome of the summed canonical value: Left moving first wins iff not ``G <= 0``,
Right iff not ``G >= 0``.

>>> from cgtkit.rulesets import Clobber
>>> from cgtkit import game as parse
>>> who_wins(Clobber("xo"), "L"), outcome([Clobber("xxo"), parse("v")])
(True, 'P')
>>> winning_moves([Clobber("xo.ox"), parse("*")], "L")  # xo.ox = 0: each move to a * wins
[(0, 0), (0, 1), (1, 0)]
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence, Union

from ..backend import rulesets as native
from ..errors import CGTError
from ..outcome import Outcome
from ..replay import Certificate, check_certificate
from ..short.game import Game
from .strategy import MAX_NODES, write

__all__ = [
    "who_wins",
    "outcome",
    "winning_moves",
    "who_wins_by_value",
    "certificate",
    "check_certificate",
    "Certificate",
    "Sum",
    "SMALL",
    "last_nodes",
]

#: a sum: one term or a list of terms (positions of rulesets and Game values)
Sum = Union[Any, Sequence[Any]]

#: parts of at most this size (stones or cells) are replaced by their values
SMALL = 8

_nodes = 0


class SearchError(CGTError):
    """A term of a sum is neither a position of a ruleset nor a Game."""


def last_nodes() -> int:
    """How many positions the native search looked at in the last :func:`who_wins`."""
    return _nodes


def _terms(position_or_sum: Sum) -> list[Any]:
    terms = list(position_or_sum) if isinstance(position_or_sum, (list, tuple)) else [position_or_sum]
    for t in terms:
        if not isinstance(t, Game) and not hasattr(t, "left_moves"):
            raise SearchError(f"a term of a sum is a position or a Game, not {t!r}")
    return terms


def _left(first: str) -> bool:
    if first not in ("L", "R"):
        raise SearchError(f"first is 'L' or 'R', not {first!r}")
    return first == "L"


def _value(t: Any) -> Game:
    return t if isinstance(t, Game) else t.value


def _wins_value(g: Game, left: bool) -> bool:
    zero = Game.of(0)
    return not (g <= zero) if left else not (g >= zero)


def who_wins_by_value(position_or_sum: Sum, first: str = "L") -> bool:
    """The twin: whether ``first`` wins moving first, from the summed canonical value.

    >>> from cgtkit import game as parse
    >>> who_wins_by_value([parse("{1|-1}"), parse("1/2")], "R"), who_wins_by_value([parse("{1|-1}"), parse("2")], "R")
    (True, False)
    """
    left = _left(first)
    terms = _terms(position_or_sum)
    total = sum((_value(t) for t in terms[1:]), _value(terms[0])) if terms else None
    if total is None:
        return False
    return _wins_value(total, left)


def _native_split(terms: list[Any]) -> Optional[tuple[Any, list[Any], list[Any]]]:
    """The owner of the native search with the most parts, its keys, and the other
    terms; None when no term has a native search running."""
    groups: dict[int, tuple[Any, list[Any], list[int]]] = {}
    for i, t in enumerate(terms):
        parts = None if isinstance(t, Game) else t.native_parts()
        if parts is None or native.solver_of(parts[0]) is None:
            continue
        owner, keys = parts
        g = groups.setdefault(id(owner), (owner, [], []))
        g[1].extend(keys)
        g[2].append(i)
    if not groups:
        return None
    owner, keys, used = max(groups.values(), key=lambda g: len(g[1]))
    rest = [t for i, t in enumerate(terms) if i not in set(used)]
    return owner, keys, rest


def who_wins(position_or_sum: Sum, first: str = "L", small: int = SMALL) -> bool:
    """Whether ``first`` (``"L"`` or ``"R"``) wins the sum moving first.

    >>> from cgtkit.rulesets import Clobber
    >>> who_wins([Clobber("xo"), Clobber("ox")], "L")
    False
    """
    global _nodes
    left = _left(first)
    terms = _terms(position_or_sum)
    if not terms:
        return False
    split = _native_split(terms)
    if split is not None:
        owner, keys, rest = split
        acc = sum((_value(t) for t in rest[1:]), _value(rest[0])) if rest else None
        handle = acc._h if acc is not None else _zero_handle()
        got = native.wins(owner, keys, handle, left, small)
        if got is not None:
            _nodes = got[1]
            return got[0]
    _nodes = 0
    return who_wins_by_value(terms, first)


def _zero_handle() -> Any:
    return Game.of(0)._h


def outcome(position_or_sum: Sum) -> Outcome:
    """The outcome class of the sum, by two searches (Left first, Right first).

    >>> from cgtkit.rulesets import Clobber
    >>> outcome(Clobber("xoxoxo")), outcome([Clobber("xo"), Clobber("x.o")])
    ('P', 'N')
    """
    lw, rw = who_wins(position_or_sum, "L"), who_wins(position_or_sum, "R")
    return Outcome.N if lw and rw else Outcome.L if lw else Outcome.R if rw else Outcome.P


def _options(t: Any, left: bool) -> list[Any]:
    if isinstance(t, Game):
        return list(t.left_options if left else t.right_options)
    return list(t.left_moves() if left else t.right_moves())


def winning_moves(position_or_sum: Sum, first: str = "L") -> list[tuple[int, int]]:
    """Every winning move of ``first`` moving first: ``(term index, option index)``,
    the option index into the term's ``left_moves()``/``right_moves()`` (a Game's
    ``left_options``/``right_options``); a move wins iff the opponent, moving first
    in the sum after it, loses.

    >>> from cgtkit.rulesets import Clobber
    >>> winning_moves(Clobber("xo.x"), "R"), winning_moves([Clobber("xo"), Clobber("ox")], "R")
    ([(0, 0)], [])
    """
    left = _left(first)
    terms = _terms(position_or_sum)
    other = "R" if left else "L"
    found = []
    for i, t in enumerate(terms):
        for j, o in enumerate(_options(t, left)):
            after = terms[:i] + [o] + terms[i + 1 :]
            if not who_wins(after, other):
                found.append((i, j))
    return found


def moves_of(position_or_sum: Sum, first: str, moves: Iterable[tuple[int, int]]) -> list[tuple[int, Any]]:
    """The moves ``(term index, option index)`` with each option itself (a position or a Game)."""
    terms = _terms(position_or_sum)
    left = _left(first)
    return [(i, _options(terms[i], left)[j]) for i, j in moves]


def certificate(position_or_sum: Sum, first: str = "L", max_nodes: int = MAX_NODES) -> Certificate:
    """A certificate of who wins the sum moving first: ``first`` is ``"L"``, ``"R"``,
    or ``"LR"`` for both claims in one certificate.  A
    :class:`~cgtkit.errors.ResourceLimitError` when it needs more than ``max_nodes``
    nodes; :func:`cgtkit.replay.check_certificate` checks it.

    >>> from cgtkit.rulesets import Clobber
    >>> c = certificate([Clobber("xo"), Clobber("ox")], "L")
    >>> c.claims, len(c.nodes)
    ([('L', False)], 5)
    >>> c.nodes[0]["replies"]                       # each move of Left, answered
    [{'term': 1, 'to': '.x', 'node': 1}, {'term': 2, 'to': 'x.', 'node': 2}]
    >>> c.nodes[1]["move"], c.nodes[3]["replies"]  # Right's answer, then Left has no move
    ({'term': 2, 'to': '.o', 'node': 3}, [])
    >>> certificate([Clobber("xo"), Clobber("ox")], "LR").claims
    [('L', False), ('R', False)]
    """
    return write(_terms(position_or_sum), first, who_wins, max_nodes)
