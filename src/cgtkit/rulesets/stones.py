"""Boards of black and white stones: Clobber, Konane, Amazons, Col and Snort on grids.

A position is three bitboards (:mod:`cgtkit.rulesets.bitboard`): the cells on the
board, Left's stones (``x``) and Right's (``o``).  A part is keyed by
:func:`cgtkit.rulesets.symmetry.stone_key`; a part whose colour-swapped twin is already
solved takes the negative of its value.  ``Game.from_options`` remembers canonical
forms by their option sets, so components with the same options are reduced once.
"""

from __future__ import annotations

from typing import Iterable, Optional

from ..outcome import Outcome
from ..short.game import Game
from ..backend import rulesets as backend
from .base import StringPosition, native_value
from .bitboard import parse_grid, to_corner
from .solver import ComponentSolver
from .symmetry import coded_key

__all__ = ["StoneRuleset", "StonePosition"]


class StoneRuleset:
    """A ruleset on boards of Left's stones (``x``), Right's stones (``o``), empty
    cells (``.``) and, where the game has them, removed cells (``#``).

    A component key is ``(width, height, cells, black, white)``: bitboards packed at
    stride ``width + 1`` (see :func:`stone_key`); swapping the colours swaps the
    players, so the part with the colours swapped has the negative value (used as
    ``evaluate``'s mirror).  Subclasses give :meth:`moves` (the
    positions a side can move to) and :meth:`components` (the keys of the independent
    parts of a position, dead parts dropped); they may give :meth:`quick`.
    ``native`` names the game's native search (None: Python only).
    """

    native: Optional[str] = None
    #: the native search reads :meth:`StonePosition.board` as this game's board (Col's
    #: does not: its coloured cells are tints of their neighbours there), and the native
    #: writer of certificates lists this game's moves in :meth:`moves`'s order and writes
    #: its boards as :class:`StonePosition` does (a test compares the bytes of the two
    #: writers for each game that says so)
    native_boards = False

    def __init__(self, max_entries: int = 2_000_000) -> None:
        self.solver = ComponentSolver(self._expand, mirror=self.mirror, quick=self.quick, max_entries=max_entries)
        self.table = self.solver.table
        self._key_cache: dict = {}

    def key(self, cells: int, black: int, white: int, stride: int) -> tuple:
        """:func:`stone_key`, cached by the part translated to the corner (the same
        small parts turn up again and again)."""
        ck = to_corner((cells, (cells & ~black), black | white), stride) + (stride,)
        k = self._key_cache.get(ck)
        if k is None:
            k = self._key_cache[ck] = coded_key(ck[1], ck[2], stride)
        return k

    # to be given by each game ----------------------------------------------------
    def moves(self, cells: int, mine: int, theirs: int, stride: int, h: int, w: int) -> list:
        """``(cells, mine, theirs)`` after each move of the side owning ``mine``."""
        raise NotImplementedError

    def components(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple:
        raise NotImplementedError

    def quick(self, key: tuple):
        return None

    # shared ----------------------------------------------------------------------------
    def parts(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple:
        """:meth:`components` (not cached: a whole position seldom recurs in the same
        frame; the parts' keys are cached by the games that need it)."""
        return self.components(cells, black, white, stride, h, w)

    def _expand(self, key: tuple):
        w, h, cells, black, white = key
        s = w + 1
        parts = self.parts
        return (
            {parts(c, b, t, s, h, w) for c, b, t in self.moves(cells, black, white, s, h, w)},
            {parts(c, b, t, s, h, w) for c, t, b in self.moves(cells, white, black, s, h, w)},
        )

    def mirror(self, key: tuple) -> tuple:
        """The normalised key of the part with the colours swapped (the negative)."""
        return self.key(key[2], key[4], key[3], key[0] + 1)

    def value_of(self, keys: Iterable[tuple], workers: Optional[int] = None) -> Game:
        """The value of a sum of components: by the native search when it runs
        (``workers`` threads), else in Python."""
        keys = tuple(keys)
        got = native_value(self, keys, workers)
        if got is not None:
            return got
        if len(self._key_cache) > self.table.max_entries:
            self._key_cache.clear()
        return self.solver.value_of(keys)

    def outcome_of(self, keys: Iterable[tuple], workers: Optional[int] = None, small: int = 8) -> Outcome:
        """Who wins a sum of components: by the native outcome search when it runs
        (no full value; parts of at most ``small`` stones are replaced by their
        values), else the outcome of :meth:`value_of`, its twin."""
        keys = tuple(keys)
        got = backend.outcome(self, keys, workers, small)
        if got is None:
            return self.value_of(keys, workers).outcome
        left_first, right_first = got
        if left_first:
            return Outcome.N if right_first else Outcome.L
        return Outcome.R if right_first else Outcome.P

    def clear(self) -> None:
        """Forget every solved component (and the native table)."""
        backend.clear(self)
        self.table.clear()
        self._key_cache.clear()


class StonePosition(StringPosition, board=True):
    """A position on a board of stones (immutable); subclasses set ``ruleset`` and
    ``ALPHABET``.  ``str(p)`` is the CGSuite string and ``type(p)(str(p)) == p``."""

    __slots__ = ("height", "width", "_cells", "_black", "_white")
    ruleset: StoneRuleset
    ALPHABET = ".xo"
    AMAZONS = False  # drawn as amazons (queens) rather than stones

    height: int
    width: int
    _cells: int
    _black: int
    _white: int

    def __init__(self, text: str) -> None:
        name = type(self).__name__
        rows = parse_grid(text, self.ALPHABET, name)
        s = len(rows[0]) + 1
        cells = black = white = 0
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                bit = 1 << (i * s + j)
                if ch != "#":
                    cells |= bit
                if ch == "x":
                    black |= bit
                elif ch == "o":
                    white |= bit
        self.height, self.width = len(rows), len(rows[0])
        self._cells, self._black, self._white = cells, black, white

    @classmethod
    def _make(cls, h: int, w: int, cells: int, black: int, white: int):
        p = object.__new__(cls)
        p.height, p.width, p._cells, p._black, p._white = h, w, cells, black, white
        return p

    def __str__(self) -> str:
        s = self.width + 1
        out = []
        for i in range(self.height):
            row = []
            for j in range(self.width):
                bit = 1 << (i * s + j)
                if self._black & bit:
                    row.append("x")
                elif self._white & bit:
                    row.append("o")
                else:
                    row.append("." if self._cells & bit else "#")
            out.append("".join(row))
        return "|".join(out)

    def _state(self) -> tuple:
        return (self.height, self.width, self._cells, self._black, self._white)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the board, drawn by :func:`cgtkit.rulesets.board_svg.grid_svg`."""
        from .board_svg import grid_svg  # (imported when first drawn)

        return grid_svg(str(self).split("|"), repr(self), amazons=self.AMAZONS)

    def left_moves(self) -> list:
        """The positions Left (``x``) can move to."""
        h, w = self.height, self.width
        return [
            self._make(h, w, c, b, t)
            for c, b, t in self.ruleset.moves(self._cells, self._black, self._white, w + 1, h, w)
        ]

    def right_moves(self) -> list:
        """The positions Right (``o``) can move to."""
        h, w = self.height, self.width
        return [
            self._make(h, w, c, b, t)
            for c, t, b in self.ruleset.moves(self._cells, self._white, self._black, w + 1, h, w)
        ]

    def board(self) -> tuple[int, int, int, int, int]:
        """The whole board as the native search reads one: ``(width, height, cells,
        black, white)``, bitboards at stride ``width + 1``.

        >>> from cgtkit.rulesets import Clobber
        >>> Clobber("xo|.x").board()
        (2, 2, 27, 17, 2)
        """
        return (self.width, self.height, self._cells, self._black, self._white)

    def components(self) -> tuple:
        """The normalised keys of the independent parts (dead parts dropped)."""
        return self.ruleset.parts(self._cells, self._black, self._white, self.width + 1, self.height, self.width)

    def native_parts(self) -> Optional[tuple]:
        """The ruleset (the owner of the native search) and the keys the native search
        reads: the whole :meth:`board` when the native search reads it
        (``native_boards``) and it fits a native key (the native search splits and keys
        it, as :meth:`components` does in Python, which a first call spent most of its
        time on), else :meth:`components`.

        >>> from cgtkit.rulesets import Clobber
        >>> p = Clobber("xo.ox")
        >>> p.native_parts()[1] in [(p.board(),), p.components()]
        True
        """
        if not self.ruleset.native:
            return None
        if self.ruleset.native_boards and backend.whole_board_fits(self.height, self.width + 1):
            return (self.ruleset, (self.board(),))
        return (self.ruleset, tuple(self.components()))

    @property
    def value(self) -> Game:
        """The canonical value: the sum of the values of the independent parts."""
        return self.ruleset.value_of(self.components())

    @property
    def outcome(self) -> Outcome:
        """Who wins (``L``, ``R``, ``P`` or ``N``), found by the outcome search
        (:meth:`StoneRuleset.outcome_of`): the same as ``self.value.outcome``, but
        without the full value, which large boards put beyond reach.

        >>> from cgtkit.rulesets import Clobber
        >>> Clobber("xo").outcome, Clobber("xxo").outcome, Clobber("xoxoxo").outcome
        ('N', 'L', 'P')
        """
        return self.ruleset.outcome_of(self.components())
