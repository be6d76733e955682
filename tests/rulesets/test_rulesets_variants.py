"""The variants of any ruleset (CGSuite's definitions: ImpartialVariant,
DicoticVariant, TwistedVariant): each against its definition written straight on the
move tree (the slow twin), on Python-written and native rulesets and Game forms, and
their algebraic facts: a dicotic variant is infinitesimal, D(D(G)) = D(G), D of a
dicotic game is itself; T(T(G)) = G, T(-G) = -T(G), T(G) = G for an impartial G."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.numbers import Dyadic
from cgtkit.rulesets import Clobber, Cram, Domineering, Elephants, KingDirt, ToadsAndFrogs
from cgtkit.rulesets.variants import dicotic_variant, impartial_variant, negative, twisted_variant
from cgtkit.short.game import Game
from cgtkit.short.notation import game

ZERO = Game.of(0)


def _sides(p):
    if isinstance(p, Game):
        return list(p.left_options), list(p.right_options)
    return list(p.left_moves()), list(p.right_moves())


@functools.cache
def dicotic_by_definition(p):
    """D(G) = 0 when a player has no move in G, else {D(G^L) | D(G^R)}."""
    left, right = _sides(p)
    if not left or not right:
        return ZERO
    return Game.from_options([dicotic_by_definition(o) for o in left], [dicotic_by_definition(o) for o in right])


@functools.cache
def twisted_by_definition(p):
    """T(G) = {-T(G^L) | -T(G^R)}."""
    left, right = _sides(p)
    return Game.from_options([-twisted_by_definition(o) for o in left], [-twisted_by_definition(o) for o in right])


def _grid(chars, cells):
    return st.text(chars, min_size=cells, max_size=cells).map(lambda s: s[: cells // 2] + "|" + s[cells // 2 :])


positions = st.one_of(
    _grid("..#", 6).map(Domineering),  # a native search
    _grid("xo.", 6).map(Clobber),
    st.text("TF..", min_size=1, max_size=7).map(ToadsAndFrogs),
    st.text("XO..", min_size=1, max_size=7).map(Elephants),  # Python-written
    st.sampled_from(["1,0,0:...", "1,1,0:X..", "0,1,1:X.|..", "0,0,0:X.O|..."]).map(KingDirt),
)
TINY = Game.of(Dyadic(1, 1024))


@settings(max_examples=60, deadline=None)
@given(positions)
def test_dicotic_variant_against_its_definition(p):
    d = dicotic_variant(p).value
    assert d == dicotic_by_definition(p)
    assert -TINY < d < TINY  # dicotic, so all-small, so infinitesimal
    assert dicotic_variant(dicotic_variant(p)).value == d
    assert dicotic_variant(negative(p)).value == -d


@settings(max_examples=60, deadline=None)
@given(positions)
def test_twisted_variant_against_its_definition(p):
    t = twisted_variant(p).value
    assert t == twisted_by_definition(p)
    assert twisted_variant(twisted_variant(p)).value == p.value  # T(T(G)) = G
    assert twisted_variant(negative(p)).value == -t


@settings(max_examples=30, deadline=None)
@given(st.text("xo.", min_size=1, max_size=7))
def test_clobber_is_dicotic_already(s):
    assert dicotic_variant(Clobber(s)).value == Clobber(s).value


@settings(max_examples=30, deadline=None)
@given(_grid("..#", 6))
def test_an_impartial_game_is_its_own_twisted_variant(s):
    assert twisted_variant(Cram(s)).value == Cram(s).value
    assert twisted_variant(impartial_variant(Domineering(s))).value == impartial_variant(Domineering(s)).value


def test_small_cases_by_hand():
    # 2 = {1|}, 1 = {0|}: T(1) = {-T(0)|} = 1, T(2) = {-T(1)|} = {-1|} = 0
    assert twisted_variant(game("2")).value == game("0")
    # {1|-1}: D = {D(1)|D(-1)} = {0|0} = *; T = {-T(1)|-T(-1)} = {-1|1} = 0
    assert dicotic_variant(game("{1|-1}")).value == game("*")
    assert twisted_variant(game("{1|-1}")).value == game("0")
    # a 2x2 Domineering board: each first move leaves a domino only the mover can take
    assert dicotic_variant(Domineering("..|..")).value == game("*")
    # a column of four: Left's options 1, 0, 1 (T(1) = 1 as above): T = {-1, 0|} = 1
    assert twisted_variant(Domineering(".|.|.|.")).value == game("1")


def test_variants_are_values_and_bad_input_is_one_error():
    assert dicotic_variant(Clobber("xo")) == dicotic_variant(Clobber("xo")) != twisted_variant(Clobber("xo"))
    assert len({twisted_variant(Clobber("xo")), twisted_variant(Clobber("xo"))}) == 1
    assert negative(negative(Clobber("xo"))) == Clobber("xo")
    with pytest.raises(RulesError, match="no left_moves"):
        dicotic_variant(42)
    with pytest.raises(RulesError, match="hashable"):
        twisted_variant([1])


def test_the_command_line_option(capsys):
    from support.cli_run import run

    for variant, value in (("impartial", "*2"), ("dicotic", "0"), ("twisted", "1")):
        status, out, _ = run(capsys, "domineering", "--variant", variant, ".|.|.|.")
        assert status == 0 and f"value: {value}\n" in out
    status, _, err = run(capsys, "domineering", "--variant", "twisted", "--moves", ".|.")
    assert status == 2 and len(err.strip().splitlines()) == 1
