"""How the command line words a game's facts: the one place, so that every command
says the same thing the same way.

:func:`game_facts` gives a short game's ``(key, data, text)`` facts (value, outcome,
number, nim value, birthday) as :class:`~cgtkit.cli._output.Report` prints them;
:func:`outcome_text` words an outcome class; :func:`verdict` says who wins and by how
much (``cgtkit play`` prints it after each move); :func:`winner` names the side that
wins with a given side to move.

>>> from cgtkit import game
>>> verdict(game("3/2")), verdict(game("-2")), verdict(game("0"))
('Left wins by 3/2 playing first or second', 'Right wins by 2 playing first or second', 'the second player wins (value 0)')
>>> verdict(game("*2")), verdict(game("^")), verdict(game("+-1"))
('the first player wins (value *2)', 'Left wins playing first or second (value ^)', 'the first player wins (value +-1, mean 0, temperature 1)')
>>> winner(game("*2"), "right"), winner(game("0"), "right"), winner(game("^"), "right")
('right', 'left', 'left')
>>> [(k, d) for k, d, _ in game_facts(game("*3"))]
[('value', '*3'), ('outcome', 'N'), ('number', None), ('nim value', 3), ('birthday', 3)]
"""

from __future__ import annotations

from typing import Any, Optional

from ..numbers import decimal
from ..outcome import Outcome

__all__ = ["game_facts", "outcome_text", "verdict", "winner", "OTHER"]

OTHER = {"left": "right", "right": "left"}


def outcome_text(outcome: Any, play: str = "") -> str:
    """``'N (the first player wins)'``; ``play`` adds e.g. ``', misère play'``."""
    o = Outcome(str(outcome))
    return f"{o.value} ({o.description}{play})"


def game_facts(g: Any, nim_value: Optional[int] = None) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts of a short game: value, outcome, number (None
    when it is not one), nim value (nimbers only) and birthday.  ``nim_value`` is the
    nim value already known (an impartial ruleset's), skipping the game's."""
    facts: list[tuple[str, Any, str]] = [
        ("value", str(g), str(g)),
        ("outcome", str(g.outcome), outcome_text(g.outcome)),
        ("number", str(g.number) if g.is_number else None, str(g.number) if g.is_number else "no (not a number)"),
    ]
    if nim_value is None and g.is_nimber and not g.is_number:
        nim_value = g.nim_value
    if nim_value is not None:
        facts.append(("nim value", nim_value, str(nim_value)))
    facts.append(("birthday", g.birthday, decimal(g.birthday)))
    return facts


def winner(g: Any, to_move: str) -> str:
    """The side (``"left"``/``"right"``) that wins ``g`` with ``to_move`` to move."""
    o = g.outcome
    if o == Outcome.L or o == Outcome.R:
        return "left" if o == Outcome.L else "right"
    return OTHER[to_move] if o == Outcome.P else to_move


def verdict(g: Any) -> str:
    """Who wins ``g`` and by how much, in words (numbers: by that many free moves)."""
    if g.is_number:
        x = g.number
        if x == 0:
            return "the second player wins (value 0)"
        side, margin = ("Left", x) if x > 0 else ("Right", -x)
        return f"{side} wins by {margin} playing first or second"
    o = g.outcome
    if o == Outcome.L or o == Outcome.R:
        side = "Left" if o == Outcome.L else "Right"
        return f"{side} wins playing first or second (value {g})"
    who = "the first player wins" if o == Outcome.N else "the second player wins"
    if g.is_nimber or g.is_infinitesimal:
        return f"{who} (value {g})"
    from ..short import thermography as th

    t = th.temperature(g)
    if t > 0:
        return f"{who} (value {g}, mean {th.mean(g)}, temperature {t})"
    return f"{who} (value {g})"
