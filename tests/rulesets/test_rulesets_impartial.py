"""Impartial rulesets (Kayles, Dawson's Kayles, Cram, Arc Kayles): ``value`` is the
nimber ``*n`` (a Game), ``nim_value`` the int n, so values add correctly with any
other game; before, ``value`` was the int n and game arithmetic read it as the
number n (``Kayles('xxx').value + star`` was ``3*``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit import PartizanSolver
from cgtkit.errors import NotANimberError, RulesError
from cgtkit.rulesets import ArcKayles, Cram, DawsonsKayles, Domineering, Kayles
from cgtkit.rulesets.registry import declarations, is_impartial, lookup
from cgtkit.short.constants import nimber, star
from cgtkit.short.game import Game
from cgtkit.short.notation import game

IMPARTIAL = (Kayles, DawsonsKayles, Cram, ArcKayles)

rows = st.text(alphabet="x.", max_size=10)
kayles = rows.map(Kayles)
dawsons = rows.map(DawsonsKayles)
cram = st.tuples(st.integers(1, 3), st.integers(1, 4)).flatmap(
    lambda hw: st.lists(st.sampled_from(".#."), min_size=hw[0] * hw[1], max_size=hw[0] * hw[1]).map(
        lambda cells: Cram("|".join("".join(cells[i * hw[1] : (i + 1) * hw[1]]) for i in range(hw[0])))
    )
)
_PAIRS = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
arc_kayles = st.lists(st.sampled_from(_PAIRS), min_size=1, max_size=7, unique=True).map(
    lambda edges: ArcKayles(" ".join(f"{a}-{b}" for a, b in edges))
)
impartial_positions = st.one_of(kayles, dawsons, cram, arc_kayles)
domineering = st.sampled_from(["..|..", "...|...", ".|.", "..", "...", ".#|..", "..|.#|.."]).map(Domineering)


def test_the_issue_examples():
    assert Domineering("..|..").value + Kayles("xxx").value == game("+-1") + game("*3")
    assert Domineering("..|..").value + Kayles("xxx").value != game("{4|2}")
    assert Kayles("xxx").value + star == nimber(2) == game("*2")
    assert Kayles("xxx").value == nimber(3) and Kayles("xxx").nim_value == Kayles("xxx").grundy == 3


def test_no_impartial_value_is_an_int():
    for cls, text in ((Kayles, "xxx.xx"), (DawsonsKayles, "xxxxx"), (Cram, "...|..."), (ArcKayles, "1-2-3-4-1")):
        p = cls(text)
        assert type(p.value) is Game and p.value == nimber(p.nim_value), cls
        assert type(p.nim_value) is int
        assert p.left_moves() == p.right_moves() == p.moves()
    for name, entry in declarations().items():  # every short ruleset's example: a Game, never an int
        if entry.loopy:
            continue
        p = lookup(name)(entry.example)
        assert type(p.value) is Game, name


def test_is_impartial_reads_the_class_and_solves_nothing(monkeypatch):
    def boom(self, keys):
        raise AssertionError("is_impartial solved the position")

    monkeypatch.setattr(type(Cram.ruleset), "nim_value_of", boom)
    monkeypatch.setattr(type(Domineering.ruleset), "value_of", boom)
    assert is_impartial(Cram("....|....|....")) and is_impartial(Cram)
    assert not is_impartial(Domineering("....|....|...."))
    impartial = [
        "arc-kayles",
        "cram",
        "dawsons-kayles",
        "fair-shares",
        "fibonacci-nim",
        "generalized-wythoff",
        "kayles",
    ]
    impartial += ["mem", "mock-turtles", "moebius", "rugs", "ruler", "take-away", "tartan", "turning"]
    impartial += ["turning-corners", "turning-turtles", "twins", "wythoff"]
    assert [n for n in declarations() if is_impartial(lookup(n))] == impartial


@settings(max_examples=60)
@given(impartial_positions, impartial_positions)
def test_impartial_values_add_as_nimbers(p, q):
    assert p.value == nimber(p.nim_value)
    assert p.value + q.value == nimber(p.nim_value ^ q.nim_value)


def _sum_moves(pair):
    """Moves of the disjunctive sum (p, d), solved as one position (not split)."""
    p, d = pair
    return (
        [(o, d) for o in p.left_moves()] + [(p, o) for o in d.left_moves()],
        [(o, d) for o in p.right_moves()] + [(p, o) for o in d.right_moves()],
    )


@settings(max_examples=25)
@given(
    st.one_of(kayles.filter(lambda p: len(str(p)) <= 6), cram.filter(lambda p: p.height * p.width <= 6)), domineering
)
def test_impartial_plus_partizan_is_the_sum_game(p, d):
    # the sum's value from its own moves, with no value of either part read as a number
    whole = PartizanSolver(_sum_moves, tuple_is_sum=False).value((p, d))
    assert p.value + d.value == whole == nimber(p.nim_value) + d.value


def test_partizan_nim_value_and_placement_rules():
    assert Domineering(".").nim_value == 0
    with pytest.raises(NotANimberError):
        Domineering("..|..").nim_value
    with pytest.raises(RulesError, match="not impartial"):
        Domineering.ruleset.nim_value_of(Domineering("..").components())
