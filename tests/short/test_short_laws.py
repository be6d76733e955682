"""The group and order laws of short games, on random games born by day 3 (hypothesis).

Games are drawn two ways: uniformly from the 1474 canonical games born by day 3, and as
raw {L | R} with L, R random lists of day-2 games (so the engine's canonicalisation is
exercised on dominated and reversible options).  Every law is an identity of interned
objects (``is``), which is what "canonical means equal" promises.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cgtkit.short.census import born_by
from cgtkit.short.game import EQ, FUZZY, GT, LT, Game
from cgtkit.short.notation import game

DAY2 = born_by(2)
DAY3 = born_by(3)
NONNEGATIVE = [g for g in DAY3 if g >= 0]


def games() -> st.SearchStrategy[Game]:
    """A game born by day 3: a canonical one, or {L | R} from lists of day-2 games."""
    day2 = st.sampled_from(DAY2)
    raw = st.builds(Game.from_options, st.lists(day2, max_size=5), st.lists(day2, max_size=5))
    return st.sampled_from(DAY3) | raw


LAWS = settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])


@LAWS
@given(games())
def test_inverse_and_double_negation(g):
    assert g + (-g) is Game.of(0) and g - g is Game.of(0)
    assert -(-g) is g and g.birthday <= 3


@LAWS
@given(games(), games(), games())
def test_addition_is_commutative_and_associative(g, h, k):
    assert g + h is h + g
    assert (g + h) + k is g + (h + k)
    assert g + 0 is g


@LAWS
@given(games(), games(), games())
def test_order_is_a_partial_order(g, h, k):
    assert g <= g and g >= g  # reflexive
    if g <= h and h <= g:  # antisymmetric
        assert g is h
    if g <= h and h <= k:  # transitive
        assert g <= k


@LAWS
@given(games(), st.sampled_from(NONNEGATIVE), st.sampled_from(NONNEGATIVE))
def test_chains_are_transitive(g, p, q):
    # g <= g + p <= g + p + q for p, q >= 0 (translation invariance), so g <= g + p + q
    h, k = g + p, g + p + q
    assert g <= h <= k and g <= k
    assert (g < k) == (p + q > 0)


@LAWS
@given(games(), games())
def test_order_agrees_with_differences_and_negation(g, h):
    assert (g <= h) == (h - g >= 0) == (0 <= h - g)
    assert (g <= h) == (-h <= -g)
    assert (g < h) == (g <= h and g != h)


@LAWS
@given(games(), games())
def test_compare_agrees_with_le(g, h):
    le, ge = g <= h, h <= g
    expected = {(True, True): EQ, (True, False): LT, (False, True): GT, (False, False): FUZZY}[le, ge]
    assert g.compare(h) is expected
    assert (g - h).outcome == {EQ: "P", LT: "R", GT: "L", FUZZY: "N"}[expected]


@LAWS
@given(games())
def test_canonical_form_is_idempotent(g):
    assert Game.from_options(g.left_options, g.right_options) is g
    assert Game.from_options(list(g.left_options) * 2, list(reversed(g.right_options))) is g


@LAWS
@given(games(), st.sampled_from(DAY2), games(), st.sampled_from(NONNEGATIVE))
def test_canonical_form_is_unique(g, x, h, p):
    L, R = list(g.left_options), list(g.right_options)
    # a dominated option changes nothing: G^L - p <= G^L for Left, G^R + p >= G^R for Right
    if L:
        assert Game.from_options(L + [L[0] - p], R) is g
    if R:
        assert Game.from_options(L, [R[-1] + p] + R) is g
    # a reversible option changes nothing: {x | G} as a Left option reverses through G back to G's
    # own Left options (G <= G'), and {G | x} as a Right option likewise.
    assert Game.from_options(L + [Game.from_options([x], [g])], R) is g
    assert Game.from_options(L, R + [Game.from_options([g], [x])]) is g
    # the raw options of a sum, {G^L + H, G + H^L | G^R + H, G + H^R}, give the interned sum
    raw_left = [a + h for a in L] + [g + b for b in h.left_options]
    raw_right = [a + h for a in R] + [g + b for b in h.right_options]
    assert Game.from_options(raw_left, raw_right) is g + h


@LAWS
@given(games(), games())
def test_notation_round_trip(g, h):
    for value in (g, g + h, g - h):
        assert game(str(value)) is value
        assert eval(repr(value), {"game": game}) is value
