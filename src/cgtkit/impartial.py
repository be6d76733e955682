"""Impartial games: Sprague-Grundy values, outcomes and winning moves.

In an impartial game both players have the same moves.  Every position equals a
nim-heap ``*g`` where ``g``, its *Grundy value*, is the mex of its options' values;
a sum of games has the nim-sum of the values; a position is a P-position (the
previous player wins) exactly when its value is 0.

:class:`ImpartialSolver` takes a move function and memoises values for every
position it meets.  The search loop is native (``native/src/impartial``): the
explicit stack and the mex run in Rust, which calls the move function once per new
position and keeps the values in the solver's own dict.  Its twin, the iterative
search of :mod:`cgtkit.backend.python.impartial` in plain Python, runs within
``cgtkit.backend.use("python")`` and computes the same values.  Both report what goes
wrong as a :class:`~cgtkit.traverse.SearchFailure`, and
:func:`~cgtkit.traverse.search_error` makes the one error a user sees of it.

>>> def subtraction_134(n):                    # take 1, 3 or 4 coins
...     return [n - k for k in (1, 3, 4) if k <= n]
>>> s = ImpartialSolver(subtraction_134)
>>> [s.grundy(n) for n in range(8)]
[0, 1, 0, 1, 2, 3, 2, 0]
>>> s.outcome(7), s.outcome([2, 4])
('P', 'N')
>>> s.winning_move([2, 4])
WinningMove(component=1, label=0, option=0, result=[2, 0])
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

from . import backend
from .errors import LoopyGameError, NoWinningMoveError
from .options import WinningMove, check_hashable, listed_options, normalize_option
from .outcome import Outcome
from .traverse import DEFAULT_MAX_DEPTH, SearchFailure, search_error

__all__ = ["ImpartialSolver", "WinningMove"]

MoveFunction = Callable[[Any], Iterable[Any]]


class ImpartialSolver:
    """Grundy values of the positions of one impartial game.

    ``moves(position)`` returns the options of a position: positions, tuples of
    positions (sums), ``Sum(...)`` or ``Move(label, option)`` (see :mod:`cgtkit.options`).
    Pass ``tuple_is_sum=False`` when positions are themselves tuples.  The search loop
    is the one of the side active when the solver is made (:func:`cgtkit.backend.use`).

    When a line of play repeats, the game is loopy: the solver hands over to
    :class:`cgtkit.loopy.grundy.LoopyImpartialSolver` (Smith's generalised values) and
    :meth:`grundy` gives an ``int`` or an ``∞{K}``, :meth:`outcome` may give ``"D"``
    (a draw), and :meth:`drawing_move` keeps a drawn position drawn.  At most
    ``max_positions`` positions are explored then (see :mod:`cgtkit.loopy`), and a line
    of play longer than that (default :data:`cgtkit.traverse.DEFAULT_MAX_DEPTH`) stops
    with a :class:`~cgtkit.errors.ResourceLimitError`: a move function that never repeats
    a position but never ends.

    >>> s = ImpartialSolver(lambda n: [n - 1, n + 1] if 0 < n < 3 else ([2] if n == 3 else []))
    >>> s.grundy(1), s.grundy(2), s.outcome(2)
    (∞{0}, ∞{}, 'D')
    """

    def __init__(
        self,
        moves: MoveFunction,
        *,
        tuple_is_sum: bool = True,
        max_positions: int | None = None,
    ) -> None:
        if not callable(moves):
            raise TypeError("ImpartialSolver(moves) needs a function: moves(position) -> options")
        self._moves = moves
        self._tuple_is_sum = tuple_is_sum
        self._memo: dict[Hashable, int] = {}
        # no reference back to the solver (the native object is not traversed by the
        # garbage collector, so a cycle through it would never be freed)
        depth = DEFAULT_MAX_DEPTH if max_positions is None else max_positions
        self._search = backend.impartial_search()(moves, self._memo, tuple_is_sum, depth)
        self._max_positions = max_positions
        self._loopy: Any = None  # the LoopyImpartialSolver, once a line of play repeated

    # --- the search -----------------------------------------------------------------
    def _raw_options(self, position: Hashable) -> list:
        return listed_options(self._moves(position), position)

    def options(self, position: Hashable, items: list | None = None) -> list[tuple[Any, tuple]]:
        """Every option of ``position`` as ``(label, components)``: the move's label
        (the ``Move``'s label, else the option as the move function gave it) and the
        tuple of positions it leaves (one, or the parts of a sum); ``items``, when given,
        are the move function's answer for ``position``, already listed.

        >>> ImpartialSolver(lambda n: [(1, 2), 0] if n == 3 else []).options(3)
        [((1, 2), (1, 2)), (0, (0,))]
        """
        if items is None:
            items = self._raw_options(position)
        return [normalize_option(o, position, self._tuple_is_sum) for o in items]

    # --- public queries ----------------------------------------------------------
    def grundy(self, position: Hashable) -> Any:
        """The Grundy value (nim value) of one position: an ``int``, or for a loopy game
        Smith's ``∞{K}`` (an :class:`~cgtkit.loopy.grundy.InfiniteNimber`)."""
        if self._loopy is not None:
            known = self._loopy.known(position)
            if known is not None:
                return known
        try:
            check_hashable(position)
            return self._search.grundy(position)
        except LoopyGameError:
            return self._loopy_solver().grundy(position)
        except SearchFailure as stop:  # the native search's: the twin raises the error itself
            failure = stop
        error = search_error(failure, self._tuple_is_sum)
        if isinstance(error, LoopyGameError):
            return self._loopy_solver().grundy(position)
        raise error

    def _loopy_solver(self) -> Any:
        """The generalised-value solver this hands over to (made on first use)."""
        if self._loopy is None:
            from .loopy.grundy import LoopyImpartialSolver  # a lazy import: loopy sits above

            self._loopy = LoopyImpartialSolver(options=self.options, max_positions=self._max_positions)
        return self._loopy

    def _is_loopy(self, position_or_list: Any) -> bool:
        """Whether the value (or a part's value) is not a plain int: a loopy answer."""
        parts = position_or_list if isinstance(position_or_list, list) else [position_or_list]
        return any(not isinstance(self.grundy(p), int) for p in parts) or (
            self._loopy is not None and any(self._loopy.known(p) is not None for p in parts)
        )

    def grundy_sum(self, positions: Iterable[Hashable]) -> int:
        """The Grundy value of a sum of positions: the nim-sum of their values."""
        total = 0
        for p in positions:
            total = total ^ self.grundy(p)  # InfiniteNimber.__rxor__ for loopy values
        return total

    def _value(self, position_or_list: Any) -> int:
        if isinstance(position_or_list, list):
            return self.grundy_sum(position_or_list)
        return self.grundy(position_or_list)

    def outcome(self, position_or_list: Any) -> Outcome:
        """``P`` if the player to move loses, ``N`` if they win, ``D`` if neither can
        force a win (loopy games only); an :class:`~cgtkit.outcome.Outcome`, equal to
        the letter.  A list is a sum."""
        v = self._value(position_or_list)
        if not isinstance(v, int):
            return Outcome(v.outcome)
        return Outcome.N if v else Outcome.P

    def _option_value(self, components: tuple) -> int:
        v = 0
        for c in components:
            v ^= self.grundy(c)
        return v

    def winning_moves(self, position_or_list: Any) -> list[WinningMove]:
        """Every move to a P-position (empty for a P-position); a list is a sum."""
        if self._is_loopy(position_or_list):
            return self._loopy_solver().winning_moves(position_or_list)
        if isinstance(position_or_list, list):
            parts = list(position_or_list)
            total = self.grundy_sum(parts)
            found = []
            for i, part in enumerate(parts):
                target = total ^ self.grundy(part)
                for label, comps in self.options(part):
                    if self._option_value(comps) == target:
                        result = parts[:i] + list(comps) + parts[i + 1 :]
                        option = comps[0] if len(comps) == 1 else comps
                        found.append(WinningMove(i, label, option, result))
            return found
        self.grundy(position_or_list)
        found = []
        for label, comps in self.options(position_or_list):
            if self._option_value(comps) == 0:
                option = comps[0] if len(comps) == 1 else comps
                found.append(WinningMove(None, label, option, option))
        return found

    def winning_move(self, position_or_list: Any) -> WinningMove:
        """One move to a P-position; :class:`NoWinningMoveError` in a P-position (or a draw)."""
        if self._is_loopy(position_or_list):
            return self._loopy_solver().winning_move(position_or_list)
        if self._value(position_or_list) == 0:
            raise NoWinningMoveError(
                f"{position_or_list!r} is a P-position (Grundy value 0): "
                "every move loses against perfect play, so there is no winning move"
            )
        return self.winning_moves(position_or_list)[0]

    def drawing_move(self, position_or_list: Any) -> Any:
        """From a drawn position of a loopy game, a move that keeps it drawn; see
        :meth:`cgtkit.loopy.grundy.LoopyImpartialSolver.drawing_move`."""
        self._value(position_or_list)
        return self._loopy_solver().drawing_move(position_or_list)

    def cache_size(self) -> int:
        """How many positions have a memoised value."""
        return len(self._memo) + self._search.stored() + (0 if self._loopy is None else self._loopy.cache_size())
