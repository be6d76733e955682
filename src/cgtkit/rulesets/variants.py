"""Variants of any ruleset: the impartial variant, in which each player may make
either player's moves (CGSuite's ImpartialVariant, MCGS's ``[impartial X]``), and
CGSuite's dicotic and twisted variants.

* The **dicotic variant** D(G): when either player has no move in G, neither has one
  in D(G) (it is 0); otherwise each player's moves are their moves of G, to D of the
  option.  Every position of D(G) is dicotic (both or neither may move), so D(G) is
  all-small: infinitesimal.
* The **twisted variant** T(G): each player's moves are their moves of G, and after
  each move the players swap roles: T(G)'s options are -T(G') for G's options G'
  (``-`` swaps Left and Right).  T(T(G)) = G, T(-G) = -T(G), and T(G) = G for an
  impartial G.

Both are defined on the game tree, not on values (equal games may have different
variants), and neither splits over a sum of parts: the value of a variant is searched
on whole positions.  Any position with ``left_moves()`` and ``right_moves()`` (or an
impartial one's ``moves()``), native or Python-written, or a :class:`Game` form, has
them.

When the position has a native search (``native_parts()``, as
:func:`cgtkit.search.who_wins` takes it) and the native engine runs, each variant is
searched natively (``native/src/rulesets/variants.rs``, the native search named
``impartial:NAME``, ``dicotic:NAME`` or ``twisted:NAME``); the wrappers here are its
twin, and run for every other position (and inside ``python_search()``).

The variant wraps a position of any partizan ruleset (anything with ``left_moves()``
and ``right_moves()``); its moves are the union of both sides' moves, wrapped again,
and its parts are the wrapped parts, so the generic solver splits it as it splits the
original.  An impartial ruleset is its own impartial variant.

>>> from cgtkit.rulesets import Clobber, Domineering
>>> impartial_variant(Clobber("xo")).nim_value           # either player clobbers: *1
1
>>> impartial_variant(Domineering("..|..")).nim_value == 0  # 2x2 Cram
True
>>> dicotic_variant(Domineering(".|.")).value, dicotic_variant(Domineering("..|..")).value  # {0|0}: one move ends it
(game('0'), game('*'))
>>> twisted_variant(Domineering(".|.|.|.")).value, Domineering(".|.|.|.").value   # {-1, 0|} and {0, 1|}
(game('1'), game('2'))
"""

from __future__ import annotations

import weakref
from typing import Any, Hashable, Optional

from ..backend import rulesets as backend
from ..short.constants import nimber
from ..errors import RulesError
from ..short.game import Game, wrap_handle
from .interface import PositionSolver

__all__ = [
    "ImpartialVariant",
    "impartial_variant",
    "DicoticVariant",
    "dicotic_variant",
    "TwistedVariant",
    "twisted_variant",
    "Negative",
    "negative",
    "NativeVariant",
    "native_owner",
    "native_variant",
]

_SOLVER = PositionSolver(max_entries=1_000_000)  # bounded between questions


class NativeVariant:
    """The owner of the native search of one variant of a ruleset (see
    :mod:`cgtkit.backend.rulesets`): ``native`` is ``KIND:NAME`` and its parameters
    are the ruleset's; one per ruleset and variant (:func:`native_owner`), so its
    table lasts."""

    __slots__ = ("native", "ruleset", "__weakref__")

    def __init__(self, kind: str, ruleset: Any) -> None:
        self.native = f"{kind}:{ruleset.native}"
        self.ruleset = ruleset

    def native_params(self) -> Any:
        """The ruleset's parameters (None if it takes none)."""
        params = getattr(self.ruleset, "native_params", None)
        return None if params is None else params()

    def __repr__(self) -> str:
        return f"NativeVariant({self.native!r})"


_OWNERS: "weakref.WeakKeyDictionary[Any, dict[str, NativeVariant]]" = weakref.WeakKeyDictionary()


def native_owner(kind: str, ruleset: Any) -> NativeVariant:
    """The owner of the native search of variant ``kind`` (``impartial``, ``dicotic``
    or ``twisted``) of ``ruleset`` (the owner of a native search, as
    ``native_parts()`` names it).

    >>> from cgtkit.rulesets import Clobber
    >>> native_owner("impartial", Clobber("xo").native_parts()[0]).native
    'impartial:clobber'
    """
    mine = _OWNERS.setdefault(ruleset, {})
    if kind not in mine:
        mine[kind] = NativeVariant(kind, ruleset)
    return mine[kind]


def native_variant(kind: str, position: Any) -> Optional[int]:
    """The raw answer of the native search of variant ``kind`` of ``position`` (a
    nim value for the impartial variant, else an engine id), or None when it has no
    native search running (the wrappers here then search it)."""
    found = _native_search(kind, position)
    if found is None:
        return None
    owner, keys, mismatch = found
    if mismatch is not None:  # the keys would be read at the wrong stride
        raise RuntimeError(mismatch)
    return backend.value(owner, keys)


def _native_search(kind: str, position: Any) -> Optional[tuple[NativeVariant, list[Any], Optional[str]]]:
    """The owner of the native search of variant ``kind`` of ``position``, the keys of
    its parts, and what is wrong if the native search reads keys at another stride
    than the ruleset writes them (else None); None when there is no native search (a value, a variant of a
    variant: the wrappers here search those)."""
    split = None if isinstance(position, (Game, ImpartialVariant)) else getattr(position, "native_parts", None)
    got = None if split is None else split()
    if got is None or isinstance(got[0], NativeVariant) or not isinstance(getattr(got[0], "native", None), str):
        return None
    ruleset, keys = got
    owner = native_owner(kind, ruleset)
    s = backend.solver_of(owner)
    if s is None:
        return None
    guard = getattr(ruleset, "guard", None)
    wrong = f"{owner.native}: native guard {s.guard} != {guard}" if guard is not None and s.guard != guard else None
    return owner, keys, wrong


class ImpartialVariant:
    """The impartial variant of ``position``: one set of moves, the union of Left's
    and Right's moves; hashable and equal exactly when the wrapped positions are."""

    __slots__ = ("position",)
    IMPARTIAL = True

    def __init__(self, position: Any) -> None:
        if not isinstance(position, Hashable):
            raise TypeError(f"{position!r} is not hashable: positions must be values")
        self.position: Any = position

    def moves(self) -> list["ImpartialVariant"]:
        """Every move of either player, each as a position of the variant."""
        p = self.position
        if getattr(p, "IMPARTIAL", False):
            return [ImpartialVariant(o) for o in p.moves()]
        seen = dict.fromkeys([*p.left_moves(), *p.right_moves()])
        return [ImpartialVariant(o) for o in seen]

    def parts(self) -> list["ImpartialVariant"]:
        """The variants of the position's independent parts."""
        split = getattr(self.position, "parts", None)
        return [ImpartialVariant(q) for q in split()] if split is not None else [self]

    def native_parts(self) -> Optional[tuple[NativeVariant, list[Any]]]:
        """The owner of the native search of the variant and the keys of its parts
        (the wrapped position's), or None when the position has no native search:
        :func:`cgtkit.search.who_wins` then answers N or P by the native outcome
        search, which stops at the first winning move, instead of the nim value,
        which needs every option of every position.

        >>> from cgtkit.rulesets import Clobber
        >>> from cgtkit.search import who_wins
        >>> v = impartial_variant(Clobber("xoxo|oxox"))
        >>> who_wins(v) == (v.nim_value != 0)
        True
        """
        found = _native_search("impartial", self.position)
        if found is None or found[2] is not None:
            return None
        return found[0], found[1]

    @property
    def nim_value(self) -> int:
        """The nim value of the variant (natively when the position has a native
        search)."""
        got = native_variant("impartial", self.position)
        return _SOLVER.nim_value(self) if got is None else got

    @property
    def value(self) -> Game:
        """The nimber ``*nim_value``."""
        return nimber(self.nim_value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ImpartialVariant) and self.position == other.position

    def __hash__(self) -> int:
        return hash(("impartial", self.position))

    def __repr__(self) -> str:
        return f"impartial_variant({self.position!r})"

    def __str__(self) -> str:
        """The wrapped position's text (a certificate's term ``impartial clobber:xo|ox``
        writes its positions so)."""
        return str(self.position)


def impartial_variant(position: Any) -> ImpartialVariant:
    """The impartial variant of any position (see :class:`ImpartialVariant`)."""
    return position if isinstance(position, ImpartialVariant) else ImpartialVariant(position)


# --- the dicotic and twisted variants ---------------------------------------------------


def _moves(position: Any, left: bool) -> list[Any]:
    """One side's options of a position (either side's moves of an impartial one, a
    Game's options)."""
    if isinstance(position, Game):
        return list(position.left_options if left else position.right_options)
    if getattr(position, "IMPARTIAL", False) and not hasattr(position, "left_moves"):
        return list(position.moves())
    side = getattr(position, "left_moves" if left else "right_moves", None)
    if side is None:
        raise RulesError(f"{position!r} has no left_moves() and right_moves(): it has no variants")
    return list(side())


class _Wrapper:
    """A position wrapped by a variant: hashable, equal when the wrapped ones are."""

    __slots__ = ("position",)
    KIND = ""
    VARIANT: Optional[str] = None  # the name of its native search's variant, if any

    def __init__(self, position: Any) -> None:
        if not isinstance(position, Hashable):
            raise RulesError(f"{position!r} is not hashable: positions must be values")
        _moves(position, True)  # the interface, checked now: one clear error
        self.position: Any = position

    @property
    def value(self) -> Game:
        """The canonical value (natively when the position has a native search, else
        the generic search on whole positions)."""
        got = None if self.VARIANT is None else native_variant(self.VARIANT, self.position)
        return _SOLVER.value(self) if got is None else wrap_handle(got)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.position == other.position

    def __hash__(self) -> int:
        return hash((self.KIND, self.position))

    def __repr__(self) -> str:
        return f"{self.KIND}({self.position!r})"


class Negative(_Wrapper):
    """-G: the position with the players' roles swapped (Left makes Right's moves)."""

    __slots__ = ()
    KIND = "negative"

    def left_moves(self) -> list[Any]:
        """Right's moves of the position, each negated."""
        return [negative(o) for o in _moves(self.position, False)]

    def right_moves(self) -> list[Any]:
        """Left's moves of the position, each negated."""
        return [negative(o) for o in _moves(self.position, True)]


def negative(position: Any) -> Any:
    """-G (a Game negated; a Negative unwrapped; any other position wrapped)."""
    if isinstance(position, Game):
        return -position
    return position.position if isinstance(position, Negative) else Negative(position)


class DicoticVariant(_Wrapper):
    """The dicotic variant of ``position`` (see the module docstring)."""

    __slots__ = ()
    KIND = "dicotic_variant"
    VARIANT = "dicotic"

    def _side(self, left: bool) -> list["DicoticVariant"]:
        mine, theirs = _moves(self.position, left), _moves(self.position, not left)
        return [DicoticVariant(o) for o in dict.fromkeys(mine)] if mine and theirs else []

    def left_moves(self) -> list["DicoticVariant"]:
        """Left's moves, when Right has a move too."""
        return self._side(True)

    def right_moves(self) -> list["DicoticVariant"]:
        """Right's moves, when Left has a move too."""
        return self._side(False)


def dicotic_variant(position: Any) -> DicoticVariant:
    """The dicotic variant of any position or Game (see :class:`DicoticVariant`)."""
    return position if isinstance(position, DicoticVariant) else DicoticVariant(position)


class TwistedVariant(_Wrapper):
    """The twisted variant of ``position`` (see the module docstring)."""

    __slots__ = ()
    KIND = "twisted_variant"
    VARIANT = "twisted"

    def left_moves(self) -> list[Any]:
        """Left's moves, each to the negative of the option's twisted variant."""
        return [negative(TwistedVariant(o)) for o in dict.fromkeys(_moves(self.position, True))]

    def right_moves(self) -> list[Any]:
        """Right's moves, each to the negative of the option's twisted variant."""
        return [negative(TwistedVariant(o)) for o in dict.fromkeys(_moves(self.position, False))]


def twisted_variant(position: Any) -> TwistedVariant:
    """The twisted variant of any position or Game (see :class:`TwistedVariant`)."""
    return TwistedVariant(position)
