"""Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe, "Toppling Dominoes",
Games of No Chance 4, 2015): a row of standing dominoes, each Left's (``X``), Right's
(``O``) or green (``#``, either player's).  A player topples one of his own dominoes
or a green one, to the left or to the right, and it knocks down every domino on that
side: what stands afterwards is the row beyond it on the other side.

A position is one or more rows (``|`` between rows, all of one length), ``.`` a place
where a domino has fallen; the runs of standing dominoes between fallen ones are
independent rows, so a position is the sum of its runs.  A run read backwards is the
same game, and a run with the colours swapped is its negative.

>>> TopplingDominoes("X").value, TopplingDominoes("XX").value, TopplingDominoes("XO").value
(game('1'), game('2'), game('*'))
>>> TopplingDominoes("###").value, TopplingDominoes("X.O").value
(game('*3'), game('0'))
>>> TopplingDominoes("XO#").left_moves()
[TopplingDominoes('.O#'), TopplingDominoes('...'), TopplingDominoes('XO.')]
"""

from __future__ import annotations

from html import escape
from typing import Optional

from .base import StringPosition, native_value
from .bitboard import parse_grid
from .solver import ComponentSolver

__all__ = ["TopplingDominoes", "runs"]


def _run_key(run: str) -> str:
    """A run's key: the lesser of it and it read backwards (the same game)."""
    back = run[::-1]
    return run if run <= back else back


def runs(rows: list[str]) -> tuple[str, ...]:
    """The keys of the runs of standing dominoes of ``rows``, sorted.

    >>> runs(["XO.#X", "..O.."])
    ('#X', 'O', 'OX')
    """
    return tuple(sorted(_run_key(r) for row in rows for r in row.split(".") if r))


def _topples(run: str, mine: str) -> list[str]:
    """What stands after each topple by the owner of ``mine``: for each of his (or a
    green) domino, toppled left (the dominoes right of it stand) or right."""
    out = []
    for i, ch in enumerate(run):
        if ch == mine or ch == "#":
            out += [run[i + 1 :], run[:i]]
    return out


def _expand(run: str) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    return (
        {(_run_key(r),) if r else () for r in _topples(run, "X")},
        {(_run_key(r),) if r else () for r in _topples(run, "O")},
    )


_SWAP = str.maketrans("XO", "OX")


def _mirror(run: str) -> str:
    return _run_key(run.translate(_SWAP))


def _one_colour(run: str) -> Optional[object]:
    """A run of one player's dominoes is that many moves for him."""
    from ..short.game import Game

    if run.count("X") == len(run):
        return Game.of(len(run))
    if run.count("O") == len(run):
        return Game.of(-len(run))
    return None


_INK = {"X": "#1f4fd1", "O": "#d12f1f", "#": "#1f9d3a"}  # Left blue, Right red, green

SOLVER = ComponentSolver(_expand, mirror=_mirror, quick=_one_colour)


class TopplingDominoes(
    StringPosition,
    name="toppling-dominoes",
    summary="topple your own (X Left, O Right) or a green # domino left or right; it knocks down the rest that way",
    example="XO#X",
    cells="XO#",
    board=True,
    native="toppling-dominoes",
    aliases=("toppling",),
):
    """A Toppling Dominoes position (immutable): rows of ``X``, ``O``, ``#`` and ``.``."""

    __slots__ = ("_rows",)

    def __init__(self, text: str) -> None:
        upper = text.upper() if isinstance(text, str) else text
        self._rows = tuple(parse_grid(upper, "XO#.", "TopplingDominoes"))

    def __str__(self) -> str:
        return "|".join(self._rows)

    def _state(self) -> tuple[str, ...]:
        return self._rows

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the rows of standing dominoes, Left's blue, Right's red,
        green ones green (fallen ones not drawn)."""
        if len(self._rows) * len(self._rows[0]) > 4096:
            return None
        w, h, cell = len(self._rows[0]), len(self._rows), 36
        body = [f'<rect x="0" y="0" width="{w * cell + 8}" height="{h * cell * 3 // 2 + 8}" fill="white"/>']
        for i, row in enumerate(self._rows):
            for j, ch in enumerate(row):
                if ch in _INK:
                    body.append(
                        f'<rect class="domino" x="{4 + j * cell + cell // 4}" y="{4 + i * cell * 3 // 2}" '
                        f'width="{cell // 2}" height="{cell * 5 // 4}" fill="{_INK[ch]}" stroke="black"/>'
                    )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 8}" height="{h * cell * 3 // 2 + 8}">'
            f"<title>{escape(repr(self))}</title>{''.join(body)}</svg>"
        )

    def _moves(self, mine: str) -> list["TopplingDominoes"]:
        out = []
        for r, row in enumerate(self._rows):
            for i, ch in enumerate(row):
                if ch != mine and ch != "#":
                    continue
                a, b = i, i  # the run around i, [a, b]
                while a > 0 and row[a - 1] != ".":
                    a -= 1
                while b + 1 < len(row) and row[b + 1] != ".":
                    b += 1
                for fallen in (range(a, i + 1), range(i, b + 1)):  # toppled left, toppled right
                    new = "".join("." if j in fallen else c for j, c in enumerate(row))
                    out.append(TopplingDominoes("|".join(self._rows[:r] + (new,) + self._rows[r + 1 :])))
        return list(dict.fromkeys(out))  # each position once, in the order first met

    def left_moves(self) -> list["TopplingDominoes"]:
        """Left topples an ``X`` or a ``#``, to the left then to the right, in row order."""
        return self._moves("X")

    def right_moves(self) -> list["TopplingDominoes"]:
        """Right topples an ``O`` or a ``#``."""
        return self._moves("O")

    def components(self) -> tuple[str, ...]:
        """The keys of the runs of standing dominoes (each the lesser of the run and
        the run reversed)."""
        return runs(list(self._rows))

    def native_parts(self) -> tuple:
        """The owner of the native search and the runs' keys."""
        return (TopplingDominoes, self.components())

    @property
    def value(self):  # type: ignore[no-untyped-def]
        """The canonical value: the sum of the runs' values."""
        got = native_value(TopplingDominoes, self.components())
        if got is not None:
            return got
        return SOLVER.value_of(self.components())
