"""Random short games for the analysis tests: sums and ``{A|B}`` of day-2 games."""

import itertools

from hypothesis import strategies as st

from cgtkit.short.game import Game

_DAY1 = [Game.of(0), Game.from_options([0], [0]), Game.of(1), Game.of(-1)]


def _day2() -> list[Game]:
    subsets = [list(c) for r in range(len(_DAY1) + 1) for c in itertools.combinations(_DAY1, r)]
    return sorted({Game.from_options(a, b) for a in subsets for b in subsets}, key=str)


DAY2 = _day2()  # the 22 games born by day 2


def _sum(games) -> Game:
    total = Game.of(0)
    for g in games:
        total = total + g
    return total


day2 = st.sampled_from(DAY2)
small_sums = st.lists(day2, min_size=1, max_size=3).map(_sum)


@st.composite
def games(draw, depth: int = 2):
    """A day-2 game, a sum of up to three of them, or ``{A, ... | B, ...}`` of such."""
    kind = draw(st.integers(0, 2)) if depth > 0 else draw(st.integers(0, 1))
    if kind == 0:
        return draw(day2)
    if kind == 1:
        return draw(small_sums)
    left = draw(st.lists(games(depth - 1), min_size=0, max_size=2))
    right = draw(st.lists(games(depth - 1), min_size=0, max_size=2))
    return Game.from_options(left, right)


def all_small_games():
    """All-small games: sums and ``{A|B}`` of day-2 all-small ones (both sides non-empty)."""
    from cgtkit.short.atomic_weight import is_all_small

    base = [g for g in DAY2 if is_all_small(g)]
    leaf = st.lists(st.sampled_from(base), min_size=1, max_size=3).map(_sum)
    node = st.builds(
        lambda a, b: Game.from_options(a, b),
        st.lists(leaf, min_size=1, max_size=2),
        st.lists(leaf, min_size=1, max_size=2),
    )
    return st.one_of(leaf, node, st.lists(node, min_size=1, max_size=2).map(_sum))
