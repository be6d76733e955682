"""Short partizan games *as written*: :class:`Form` keeps every option it is given.

Normal play only sees values, so :func:`cgtkit.game` returns canonical forms, with
dominated and reversible options removed.  Misère play sees the form: ``{0, -1 | }``
and its canonical form ``1`` have different misère outcomes (Left, moving first,
wins the first by moving to ``-1``).  A Form is a game tree as written:

* :func:`form` reads CGSuite's notation (the same reader and errors as
  :func:`cgtkit.game`), keeping braces, sums and negations as written; an atom
  (``3/4``, ``^*``, ``*5``) stands for its canonical form;
* ``Form.of(game)`` is the form of a canonical :class:`~cgtkit.Game`,
  ``Form.from_options(left, right)`` builds one, and ``+`` and ``-`` are the sums and
  negatives of forms (the options of ``A + B`` are ``A' + B`` and ``A + B'``).

Forms are interned: the same construction gives the same object, which is what the
misère search memoises on.

>>> f = form("{0, -1 |}")
>>> f, f.canonical
(form('{0, -1 | }'), game('1'))
>>> f.left_options
(form('0'), form('-1'))
>>> form("{1|1} + *").canonical == form("{1|1}").canonical + form("*").canonical
True
"""

from __future__ import annotations

from typing import Any, Iterable, Union

from ..hooks import provides
from ..numbers import Dyadic
from ..short.game import Game
from ._stack import Call, run

__all__ = ["Form", "form", "FormLike"]

_NODES: dict[Any, "Form"] = {}


class Form:
    """A short partizan game tree, its options kept as written (immutable, interned)."""

    __slots__ = ("_kind", "_a", "_b", "_left", "_right", "_canon", "__weakref__")

    def __init__(self) -> None:  # pragma: no cover - guarded
        raise TypeError("use cgtkit.misere.form('...'), Form.of(game) or Form.from_options(left, right)")

    @staticmethod
    def _make(kind: str, a: Any, b: Any) -> "Form":
        key = (kind, a, b)
        f = _NODES.get(key)
        if f is None:
            f = object.__new__(Form)
            f._kind, f._a, f._b = kind, a, b
            f._left = f._right = f._canon = None
            f = _NODES.setdefault(key, f)
        return f

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def of(cls, x: "FormLike") -> "Form":
        """A Form unchanged; a canonical Game (or an int, a Dyadic) as the form of its
        canonical game tree."""
        if isinstance(x, Form):
            return x
        if not isinstance(x, Game):
            x = Game.of(x)
        return cls._make("game", x, None)

    @classmethod
    def from_options(cls, left: Iterable["FormLike"], right: Iterable["FormLike"]) -> "Form":
        """The form ``{left | right}``, options kept as given (repeats dropped)."""
        lo = tuple(dict.fromkeys(cls.of(x) for x in left))
        ro = tuple(dict.fromkeys(cls.of(x) for x in right))
        return cls._make("node", lo, ro)

    # --- options ----------------------------------------------------------------------------
    def _expand(self) -> None:
        k = self._kind
        if k == "node":
            self._left, self._right = self._a, self._b
        elif k == "game":
            g = self._a
            self._left = tuple(Form.of(o) for o in g.left_options)
            self._right = tuple(Form.of(o) for o in g.right_options)
        elif k == "sum":
            a, b = self._a, self._b
            self._left = tuple(dict.fromkeys([x + b for x in a.left_options] + [a + x for x in b.left_options]))
            self._right = tuple(dict.fromkeys([x + b for x in a.right_options] + [a + x for x in b.right_options]))
        else:  # "neg"
            a = self._a
            self._left = tuple(-x for x in a.right_options)
            self._right = tuple(-x for x in a.left_options)

    @property
    def left_options(self) -> tuple["Form", ...]:
        """Left's options, as written."""
        if self._left is None:
            self._expand()
        return self._left  # type: ignore[return-value]

    @property
    def right_options(self) -> tuple["Form", ...]:
        """Right's options, as written."""
        if self._right is None:
            self._expand()
        return self._right  # type: ignore[return-value]

    @property
    def game(self) -> Game | None:
        """The canonical game this form is an atom of (None for a built form)."""
        return self._a if self._kind == "game" else None

    @property
    def canonical(self) -> Game:
        """The canonical (normal-play) value of the form."""
        if self._canon is None:
            run(_canonical(self))
        return self._canon  # type: ignore[return-value]

    @property
    def is_number(self) -> bool:
        """Is the form's value a number (how the reader treats ``2Tiny(1)``)?"""
        return self._kind == "game" and self._a.is_number

    # --- arithmetic -----------------------------------------------------------------------------
    def __add__(self, other: "FormLike") -> "Form":
        try:
            o = Form.of(other)
        except TypeError:
            return NotImplemented
        return Form._make("sum", self, o)

    def __radd__(self, other: "FormLike") -> "Form":
        try:
            return Form.of(other) + self
        except TypeError:
            return NotImplemented

    def __neg__(self) -> "Form":
        if self._kind == "neg":
            return self._a
        if self._kind == "game":
            return Form.of(-self._a)
        return Form._make("neg", self, None)

    def __sub__(self, other: "FormLike") -> "Form":
        return self + (-Form.of(other))

    def __rsub__(self, other: "FormLike") -> "Form":
        return Form.of(other) + (-self)

    def __pos__(self) -> "Form":
        return self

    def __str__(self) -> str:
        return run(_text(self))

    def __repr__(self) -> str:
        return f"form('{self}')"


FormLike = Union[Form, Game, int, Dyadic]


def _canonical(f: Form) -> Call:
    if f._canon is not None:
        return f._canon
    if f._kind == "game":
        f._canon = f._a
        return f._a
    left, right = [], []
    for side, out in ((f.left_options, left), (f.right_options, right)):
        for o in side:
            c = o._canon
            if c is None:
                c = yield _canonical(o)
            out.append(c)
    f._canon = Game.from_options(left, right)
    return f._canon


def _text(f: Form) -> Call:
    if f._kind == "game":
        return str(f._a)
    if f._kind == "sum":
        a = yield _text(f._a)
        b = yield _text(f._b)
        return f"{a} + {b}"
    if f._kind == "neg":
        a = yield _text(f._a)
        return f"-({a})"
    sides = []
    for side in (f._a, f._b):
        items = []
        for o in side:
            t = yield _text(o)
            items.append(t)
        sides.append(", ".join(items))
    return "{" + sides[0] + " | " + sides[1] + "}"


@provides("misere.form")
def form(text: Union[str, FormLike]) -> Form:
    """The form written in CGSuite notation, braces kept as written (see the module
    docstring); a Form is returned as is, a Game as its canonical form tree.

    >>> form("{3||2|1}").left_options, form("^").right_options
    ((form('3'),), (form('*'),))
    """
    if not isinstance(text, str):
        return Form.of(text)
    from ..short.notation import parse_as  # the CGSuite reader, building Forms

    return parse_as(text, Form)
