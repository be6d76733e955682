"""Outcome classes: who wins a game, whoever starts.

Every short game falls in one of four classes: ``L`` (Left wins, whoever moves first:
G > 0), ``R`` (Right wins: G < 0), ``P`` (the previous, i.e. second, player wins:
G = 0) and ``N`` (the next, i.e. first, player wins: G is fuzzy with 0).  An
impartial game is ``P`` or ``N``; a loopy impartial game may also be ``D``, a draw
(neither player can force a win).

:class:`Outcome` is a ``str`` enum, so an outcome compares equal to its letter, hashes
like it, prints as it, and its ``repr`` is the letter's: code that compared with
``"P"`` keeps working, and so do printed tuples.

>>> Outcome.P == "P", Outcome("N") is Outcome.N, f"{Outcome.L}-position"
(True, True, 'L-position')
>>> Outcome.R, Outcome.N.description
('R', 'the first player wins')
"""

from __future__ import annotations

import enum

__all__ = ["Outcome"]


class Outcome(enum.StrEnum):
    """The outcome class of a game: ``L``, ``R``, ``P`` or ``N``."""

    L = "L"
    R = "R"
    P = "P"
    N = "N"
    D = "D"

    def __repr__(self) -> str:
        return repr(self.value)  # as the plain letter was: printed tuples stay the same

    @property
    def description(self) -> str:
        """Who wins, in words (the command line prints it after the letter)."""
        return _DESCRIPTIONS[self]

    @property
    def described(self) -> str:
        """The letter and who wins: ``'P (the second player wins)'``."""
        return f"{self.value} ({_DESCRIPTIONS[self]})"


_DESCRIPTIONS = {
    Outcome.L: "Left wins, whoever moves first",
    Outcome.R: "Right wins, whoever moves first",
    Outcome.P: "the second player wins",
    Outcome.N: "the first player wins",
    Outcome.D: "a draw: neither player can force a win",
}
