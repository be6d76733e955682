"""Reduced canonical form (Calistrate 1996; Grossman & Siegel 2009).

Expected values from CGSuite's CanonicalShortGameTestCase.scala (ReducedCanonicalForm):
{3||2*|1*} -> {3||2|1}, every infinitesimal and every x + n.^ + *m -> its number, and
{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}} -> {3/2|1/2||{0|-3},{-1/2|-1||-5/2}}.
"""

import pytest
from hypothesis import given, settings

from support.analysis_games import games
from cgtkit.short.notation import game
from cgtkit.short.reduced import infinitesimally_close, reduced_canonical_form, star_projection
from cgtkit.short.thermography import left_stop, right_stop


@pytest.mark.parametrize(
    "expr, rcf",
    [
        ("{3||2*|1*}", "{3||2|1}"),
        ("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}"),
        ("^*6", "0"),
        ("73/16v9*8", "73/16"),
        ("9/8*", "9/8"),
        ("{0||0|v3}", "0"),
        ("Tiny(3/2)", "0"),
        ("Miny({5||3|1})", "0"),
        ("{1|^^^||^}", "0"),
        ("25/16", "25/16"),
        ("+-1", "+-1"),
        ("{3|-2}", "{3|-2}"),
    ],
)
def test_reduced_canonical_form(expr, rcf):
    assert reduced_canonical_form(game(expr)) == game(rcf)


def test_star_projection():
    assert star_projection(game("{2*|1*}")) == game("{2|1}")
    assert star_projection(game("*")) == game("0")


@settings(max_examples=60)
@given(games())
def test_rcf_is_infinitesimally_close_and_idempotent(g):
    r = reduced_canonical_form(g)
    assert (g - r).is_infinitesimal and infinitesimally_close(g, r)
    assert reduced_canonical_form(r) == r
    assert (left_stop(r), right_stop(r)) == (left_stop(g), right_stop(g))
    if g.is_infinitesimal:
        assert r == 0


@settings(max_examples=40)
@given(games(), games())
def test_rcf_respects_infinitesimal_closeness(g, h):
    # g and h infinitesimally close  <=>  equal reduced forms (Grossman-Siegel)
    assert infinitesimally_close(g, h) == (reduced_canonical_form(g) == reduced_canonical_form(h))
