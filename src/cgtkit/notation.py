"""One entry point for values written in CGSuite notation: :func:`game`.

A short game comes back as a :class:`~cgtkit.short.game.Game` (read by the engine's
reader, as fast as :func:`cgtkit.short.notation.game`); text that only a loopy game
can have (``on``, ``off``, ``over``, ``under``, ``upon``, ``dud``, ``pass``, a named
node ``a{...}``, ``S & T``) goes to the loopy reader :func:`cgtkit.loopy.loopy`, and
comes back as a :class:`~cgtkit.loopy.Stopper`, a :class:`~cgtkit.loopy.SidedValue`
or, when a side is not a stopper, a :class:`~cgtkit.loopy.LoopyValue`.  The type of
the result says which kind of value it is: a loopy text whose value is short (``a{0|1}``)
is a ``Game`` too.

>>> game("{1|*}"), game("on"), game("over + ^"), game("a{0|a}")
(game('{1|*}'), on, over, over)
>>> game("{2&-2|1&-2}"), type(game("on + off")).__name__
({2|1} & -2*, 'SidedValue')
>>> game("{1|*} & on")
Traceback (most recent call last):
...
cgtkit.errors.NotationError: the onside {1|*} must be >= the offside on ('&' at column 7)
  {1|*} & on
        ^
"""

from __future__ import annotations

import functools
from typing import Any

from .errors import NotationError
from .memo import register_cache
from .short.notation import game as short_game, parse_text

__all__ = ["game"]


def game(text: Any) -> Any:
    """The value ``text`` denotes in CGSuite notation: a short :class:`Game`, or a loopy
    value (``Stopper``, ``SidedValue``, ``LoopyValue``) when the text is loopy.  A Game,
    an int or a Dyadic is returned as a Game, a loopy value unchanged.  Malformed text
    raises :class:`~cgtkit.errors.NotationError` naming the character and its column.

    >>> game("^ + ^ + *") == game("{0|^}"), game(3), game("{pass|3/2}")
    (True, game('3'), 3/2under)
    """
    if type(text) is str:
        try:
            return parse_text(text)  # the engine's reader, cached: short games cost what they cost there
        except NotationError:
            if not _is_loopy(text):
                raise
        return _loopy(text)
    return _value(text)  # (apart: each local name of this function costs every call)


def _value(text: Any) -> Any:
    """:func:`game` of anything but a plain ``str``."""
    if isinstance(text, str):
        return game(str(text))
    try:
        return short_game(text)  # a Game, an int, a Dyadic
    except TypeError:
        from .loopy.values import LoopyValue, SidedValue, Stopper

        if isinstance(text, (Stopper, SidedValue, LoopyValue)):
            return text
        if isinstance(text, bool):
            raise
    raise TypeError(f"game() takes a string, an int, a Dyadic, a Game or a loopy value, not {type(text).__name__}")


def _is_loopy(text: str) -> bool:
    """Whether ``text`` has what only loopy games have (the loopy package is imported
    when a text first fails the short reader, not with cgtkit)."""
    from .loopy.notation import has_loopy_syntax

    return has_loopy_syntax(text)


@functools.lru_cache(maxsize=4096)
def _loopy(text: str) -> Any:
    """The loopy reader's value of ``text``, a short one as a Game.  Values are
    immutable, so one is shared by every caller that reads the same text."""
    from .loopy.notation import loopy
    from .loopy.values import Stopper

    value = loopy(text)
    if isinstance(value, Stopper) and value.is_short:
        return value.short
    return value


register_cache("notation.loopy", _loopy.cache_clear, lambda: _loopy.cache_info().currsize)
