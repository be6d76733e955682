"""The ruleset interface: every ruleset's positions offer it, and the one generic
solver, reading nothing but the moves, gets the same value as the ruleset's own
search (which works on normalised component keys, mirrors and shortcuts): a twin
built from the rules alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.rulesets import (
    Amazons,
    ArcKayles,
    Clobber,
    Col,
    ColGrid,
    Cram,
    Cutcake,
    DawsonsKayles,
    Domineering,
    Eatcake,
    HackenbushGraph,
    HackenbushStalks,
    HackenbushTree,
    Kayles,
    Konane,
    MaundyCake,
    Snort,
    SnortGrid,
    ToadsAndFrogs,
)
from cgtkit.rulesets.interface import ImpartialRuleset, PartizanRuleset, PositionSolver
from cgtkit.rulesets.native import python_search
from cgtkit.short.notation import game

POSITIONS = [
    Domineering("...|..#|..."),
    Cram("...|...|.#."),
    Clobber("xox|o.x|xo."),
    Konane("xo.x|ox..|.xo."),
    Amazons("x..|.#.|..o"),
    ToadsAndFrogs("TT.F.TF"),
    HackenbushStalks("LRL,GGR"),
    HackenbushTree("L(R,G(L,R))"),
    HackenbushGraph("0-1:L 1-2:R 2-0:G"),
    Cutcake("3x2,2x4"),
    MaundyCake("5x3"),
    Eatcake("3x4"),
    Col("a[L]-b-c d"),
    Snort("a-b-c-a d"),
    ColGrid("o...|.#.."),
    SnortGrid("x...|..#."),
    ArcKayles("a-b b-c c-d d-a"),
    Kayles("xx.xxx"),
    DawsonsKayles("xxxxxx"),
]


@pytest.mark.parametrize("position", POSITIONS, ids=[type(p).__name__ for p in POSITIONS])
def test_every_ruleset_offers_the_interface_and_the_generic_solver_agrees(position):
    impartial = getattr(position, "IMPARTIAL", False)
    assert isinstance(position, ImpartialRuleset if impartial else PartizanRuleset)
    want = position.value
    with python_search():
        assert position.value == want
    assert PositionSolver().value(position) == want


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(".#", min_size=3, max_size=3), min_size=1, max_size=3).map("|".join))
def test_random_domineering_boards_agree(board):
    p = Domineering(board)
    assert PositionSolver().value(p) == p.value


def test_a_users_own_game_with_parts_is_solved_part_by_part():
    class Heaps:
        """Nim on several heaps (impartial); parts() are the single heaps."""

        IMPARTIAL = True

        def __init__(self, *heaps):
            self.heaps = tuple(sorted(h for h in heaps if h))

        def __eq__(self, other):
            return self.heaps == other.heaps

        def __hash__(self):
            return hash(self.heaps)

        def moves(self):
            out = []
            for i, h in enumerate(self.heaps):
                rest = self.heaps[:i] + self.heaps[i + 1 :]
                out += [Heaps(*rest, k) for k in range(h)]
            return out

        def parts(self):
            return [Heaps(h) for h in self.heaps]

    s = PositionSolver()
    assert s.value(Heaps(3, 5, 6)) == game("0") and s.value(Heaps(3, 5)) == game("*6")
    # only single heaps were solved (the parts), never a sum of heaps
    assert set(s.tables[1].data) == {Heaps(k) for k in range(1, 7)}


def test_a_partizan_users_game_and_bad_input():
    class Sub:
        """Left takes 2, Right takes 1 (the docs' example game): values 0, -1, {0|-1}, ..."""

        def __init__(self, n):
            self.n = n

        def __eq__(self, other):
            return self.n == other.n

        def __hash__(self):
            return self.n

        def left_moves(self):
            return [Sub(self.n - 2)] if self.n - 2 > 0 else []

        def right_moves(self):
            return [Sub(self.n - 1)] if self.n - 1 > 0 else []

    s = PositionSolver()
    assert [str(s.value(Sub(n))) for n in range(1, 7)] == ["0", "-1", "{0|-1}", "0", "-1", "{0|-1}"]
    with pytest.raises(RulesError, match="left_moves"):
        s.value(42)
    with pytest.raises(RulesError, match="no moves"):
        s.value(type("Odd", (), {"IMPARTIAL": True})())


def test_the_guide_section_on_the_interface_runs():
    """docs/rulesets.md, section "The ruleset interface": its example runs as a doctest."""
    import doctest
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent.parent / "docs" / "rulesets.md").read_text()
    start = text.index("## The ruleset interface")
    section = text[start : text.index("\n## ", start + 1)]
    test = doctest.DocTestParser().get_doctest(section, {}, "rulesets.md", None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.tries >= 5 and runner.failures == 0
