"""How a move function writes its options.

A move function returns, for a position, the options a player may move to.  Each
option is written in one of these forms:

* a position (any hashable value);
* a tuple of positions: a *sum* of independent games (a "splittable" position),
  e.g. a heap split into two heaps; ``()`` is the empty sum, the zero game;
* ``Sum(p, q, ...)``: a sum written explicitly, for games whose positions are
  themselves tuples (pass ``tuple_is_sum=False`` to the solver then);
* ``Move(label, option)``: an option with a name, so a winning move can be reported
  by that name.

:func:`normalize_option` turns any of them into ``(label, components)``.

>>> normalize_option(Move("take 2", 5), position=7)
('take 2', (5,))
>>> normalize_option((1, 2), position=4)
((1, 2), (1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

from .errors import MoveFunctionError, UnhashablePositionError

__all__ = ["Move", "Sum", "WinningMove", "normalize_option", "check_hashable", "listed_options", "result_error"]


@dataclass(frozen=True)
class Move:
    """An option with a label: ``Move("take 3", 7)`` moves to position 7."""

    label: Any
    option: Any


class Sum(tuple[Hashable, ...]):
    """An explicit sum of positions: ``Sum((1, 2), (3, 4))`` is two tuple positions."""

    def __new__(cls, *positions: Hashable) -> "Sum":
        return super().__new__(cls, positions)

    def __repr__(self) -> str:
        return f"Sum{tuple.__repr__(self)}"


def check_hashable(position: object, parent: object = None, option: object = None) -> None:
    """Raise :class:`UnhashablePositionError` if ``position`` cannot be memoised."""
    try:
        hash(position)
    except TypeError:
        where = "" if parent is None else f" (an option of position {parent!r})"
        hint = "; use a tuple for a sum of positions" if isinstance(position, list) else ""
        raise UnhashablePositionError(
            f"position {position!r}{where} is not hashable, so it cannot be memoised: "
            f"use immutable positions such as ints, strings, tuples or frozensets{hint}"
        ) from None


def listed_options(raw: Any, position: Hashable) -> list[Any]:
    """What a move function returned for ``position``, as a list of options; None or a
    non-iterable is a :class:`~cgtkit.errors.MoveFunctionError` naming the position.

    >>> listed_options(range(3), 5)
    [0, 1, 2]
    """
    if raw is not None:
        try:
            return list(raw)
        except TypeError:
            pass
    raise result_error(raw, position)


def result_error(raw: Any, position: Hashable) -> MoveFunctionError:
    """The error for a move function that returned ``raw`` (None, or not an iterable of
    options) for ``position``.

    >>> result_error(5, 1)
    MoveFunctionError('the move function returned 5 for position 1, which is not an iterable of options')
    """
    if raw is None:
        return MoveFunctionError(
            f"the move function returned None for position {position!r}; "
            "return an iterable of options (empty for a terminal position)",
            position=position,
        )
    return MoveFunctionError(
        f"the move function returned {raw!r} for position {position!r}, which is not an iterable of options",
        position=position,
    )


def normalize_option(option: object, position: object, tuple_is_sum: bool = True) -> tuple[object, tuple[object, ...]]:
    """Return ``(label, components)`` for one option of ``position``.

    ``components`` is a tuple of positions whose sum the option is.
    """
    label = option
    if isinstance(option, Move):
        label, option = option.label, option.option
        if isinstance(option, Move):
            raise MoveFunctionError(
                f"option {label!r} of position {position!r} wraps a Move in a Move",
                position=position,
                option=option,
            )
    if isinstance(option, Sum) or (tuple_is_sum and type(option) is tuple):
        components = tuple(option)
    elif isinstance(option, (list, set, dict)):
        raise MoveFunctionError(
            f"option {option!r} of position {position!r} is a {type(option).__name__}, which "
            "is not hashable: write a position, a tuple of positions (a sum) or Move(label, option)",
            position=position,
            option=option,
        )
    else:
        components = (option,)
    for component in components:
        check_hashable(component, parent=position, option=option)
    return label, components


@dataclass(frozen=True)
class WinningMove:
    """A move to a P-position (found by :class:`cgtkit.impartial.ImpartialSolver` or the
    loopy impartial solver, which both sit above this module).

    ``component`` is the index of the game moved in when the position is a list (a
    sum), else None; ``label`` names the move (the option itself unless the move
    function gave ``Move(label, option)``); ``option`` is the option moved to, and
    ``result`` the whole position after the move (a list for a sum, with a split
    component replaced by its parts).
    """

    component: int | None
    label: Any
    option: Any
    result: Any
