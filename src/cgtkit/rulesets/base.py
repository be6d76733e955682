"""The declaration every ruleset makes, and what every position of a string-described
ruleset shares.

A position class subclasses :class:`Ruleset` and declares, in its ``class`` line,
what it is: its name, a one-line summary, an example position, whether it is
impartial, played on a board (drawn as a grid, moves named by squares), loopy, and
the name of its native search if it has one.  Defining the class registers it
(:mod:`cgtkit.rulesets.registry`): the ``cgtkit rulesets`` listing, the ``cgtkit
NAME`` command, ``from cgtkit.rulesets import Class`` and the docs' listing all come
from that one declaration.

>>> class Heap(Ruleset, name="take-one-heap", summary="take one counter", example="3", impartial=True):
...     def __init__(self, text): self.n = int(text)
...     def moves(self): return [Heap(str(self.n - 1))] if self.n else []
>>> Heap.declaration.name, Heap.IMPARTIAL, Heap.declaration.board
('take-one-heap', True, False)
>>> from cgtkit.rulesets.registry import lookup, forget
>>> lookup("take one heap") is Heap
True
>>> forget("take-one-heap")

A position of a string-described ruleset prints as its position string, ``repr`` is ``ClassName('string')``, and equality and hashing go
through one tuple, ``_state()``, so a position is an immutable value.

An impartial ruleset's position derives from :class:`ImpartialPosition`: its ``value``
is the nimber ``*n`` (a :class:`~cgtkit.short.game.Game`, so it adds to any other game
correctly) and ``nim_value`` is the int n.  A plain int would be read as the number n
by game arithmetic, which is why ``value`` is never an int.

>>> from cgtkit.rulesets.kayles import Kayles
>>> Kayles("xx.x") == Kayles("xx.x"), repr(Kayles("xx.x"))
(True, "Kayles('xx.x')")
>>> Kayles("xxx").value, Kayles("xxx").nim_value, Kayles("xxx").IMPARTIAL
(game('*3'), 3, True)
"""

from __future__ import annotations

from typing import Any, ClassVar, Hashable, NamedTuple, Optional

from ..backend import rulesets as backend
from ..short.constants import nimber
from ..short.game import Game, wrap_handle

__all__ = ["Declaration", "Ruleset", "StringPosition", "ImpartialPosition", "native_value"]


class Declaration(NamedTuple):
    """What a ruleset declares of itself (its class's ``declaration``)."""

    name: str  # the registry key and the command's name, e.g. "toads"
    cls: type  # the position class
    summary: str  # one line: the rules
    example: str  # an example position in the ruleset's notation
    impartial: bool
    board: bool  # played on a grid of squares: drawn as one, moves named by squares
    loopy: bool  # play may repeat: values are loopy values, not short games
    native: Optional[str]  # the name of its native search, if any
    aliases: tuple[str, ...]  # other names the registry accepts
    command: str  # the example as a command line
    cells: str  # the characters a square of its board may hold ("" when not a board of letters)


class Ruleset:
    """The base of every ruleset's position class: its declaration, given as keyword
    arguments of the ``class`` line (``name``, ``summary``, ``example``, ``impartial``,
    ``board``, ``loopy``, ``native``, ``aliases``, ``command``, ``cells``), registers the
    ruleset.

    A class without ``name`` declares nothing itself (a shared base); one with it is
    a ruleset.  ``impartial`` sets ``IMPARTIAL``; the other facts default to the
    nearest declared base's (``native`` to the ``native`` of the class's ``ruleset``
    object, when it has one).
    """

    __slots__ = ()
    IMPARTIAL: ClassVar[bool] = False
    declaration: ClassVar[Declaration]

    def __init_subclass__(
        cls,
        *,
        name: Optional[str] = None,
        summary: str = "",
        example: str = "",
        impartial: Optional[bool] = None,
        board: Optional[bool] = None,
        loopy: Optional[bool] = None,
        native: Optional[str] = None,
        aliases: tuple[str, ...] = (),
        command: Optional[str] = None,
        cells: Optional[str] = None,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if impartial is not None:
            cls.IMPARTIAL = impartial
        if board is not None:
            cls._BOARD = board
        if loopy is not None:
            cls._LOOPY = loopy
        if native is not None:
            cls.native = native  # the owner of its native search (cgtkit.backend.rulesets)
        if cells is not None:
            cls._CELLS = cells
        if name is None:
            return
        if native is None:
            native = getattr(getattr(cls, "ruleset", None), "native", None)
        from .registry import command_line, register  # (the registry imports the modules that declare)

        cls.declaration = Declaration(
            name=name,
            cls=cls,
            summary=summary,
            example=example,
            impartial=bool(cls.IMPARTIAL),
            board=bool(getattr(cls, "_BOARD", False)),
            loopy=bool(getattr(cls, "_LOOPY", False)),
            native=native,
            aliases=tuple(aliases),
            command=command if command is not None else command_line(name, example),
            cells=getattr(cls, "_CELLS", getattr(cls, "ALPHABET", "")),
        )
        register(cls.declaration)

    @classmethod
    def position_solver(cls) -> Any:
        """The generic search this ruleset owns, with its tables (made on first use):
        :class:`~cgtkit.rulesets.interface.PositionSolver` over the class's
        ``left_moves``/``right_moves`` (or ``moves``), each part (``parts()``, if
        given) solved once.  A ruleset with a faster search of its own overrides
        ``value``."""
        s = cls.__dict__.get("_position_solver")
        if s is None:
            from .interface import PositionSolver  # (it builds on the solvers, not on this module)

            s = PositionSolver()
            setattr(cls, "_position_solver", s)
        return s

    def native_parts(self) -> Optional[tuple[Any, tuple]]:
        """The owner of this position's native search and the keys of its parts, as
        :func:`cgtkit.search.who_wins` hands them to the native outcome search; None
        (the default) when the position has none (its value is summed instead)."""
        return None

    @property
    def value(self) -> Game:
        """The canonical value, by :meth:`position_solver` (a nimber when impartial)."""
        value: Game = type(self).position_solver().value(self)
        return value

    @property
    def nim_value(self) -> int:
        """The nim value of an impartial ruleset's position, by :meth:`position_solver`."""
        nim: int = type(self).position_solver().nim_value(self)
        return nim


def native_value(owner: Any, keys: Any, workers: Optional[int] = None) -> Any:
    """The value of the sum of the parts ``keys`` by ``owner``'s native search (a Game;
    an int nim value for an impartial ruleset), or None when the Python search is to
    run (see :mod:`cgtkit.backend.rulesets`)."""
    v = backend.value(owner, keys, workers)
    if v is None or backend.solver_of(owner).impartial:  # type: ignore[union-attr]
        return v
    return wrap_handle(v)


class StringPosition(Ruleset):
    """Mixin: ``repr``, ``==`` and ``hash`` from ``str()`` and ``_state()``.

    ``IMPARTIAL`` says, without solving anything, whether the ruleset is impartial.
    """

    __slots__ = ()
    IMPARTIAL = False

    def _state(self) -> Hashable:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}('{self}')"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._state() == other._state()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._state()))


class ImpartialPosition(StringPosition):
    """A position of an impartial ruleset: a subclass (or another base) defines
    ``moves()`` and the ``nim_value`` property (an int); ``value`` is the nimber
    ``*nim_value``, and both players' moves are ``moves()``."""

    __slots__ = ()
    IMPARTIAL = True
    nim_value: int  # a property of the subclass

    @property
    def grundy(self) -> int:
        """The Grundy value, the same int as :attr:`nim_value`."""
        return self.nim_value

    @property
    def value(self) -> Game:
        """The canonical value: the nimber ``*n`` for the nim value n."""
        return nimber(self.nim_value)

    def left_moves(self) -> list:
        """Left's moves: the same as :meth:`moves` (the ruleset is impartial)."""
        return self.moves()  # type: ignore[attr-defined]

    def right_moves(self) -> list:
        """Right's moves: the same as :meth:`moves`."""
        return self.moves()  # type: ignore[attr-defined]
