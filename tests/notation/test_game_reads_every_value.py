"""``cgtkit.game`` reads every value CGSuite's notation writes (issue 26).

Short text goes to the engine's reader and comes back a ``Game``; loopy text (``on``,
``over``, a named node, ``&``, ...) to the loopy reader, and comes back a ``Stopper``,
a ``SidedValue`` or a ``LoopyValue``.  ``S & T`` may stand among options, as CGSuite
reads it (the onside of ``{A & B | C & D}`` is that of ``{A | C}``, its offside that of
``{B | D}``); sides that are not stoppers are given simplified, as CGSuite gives Bach's
Carousel.  Values: tests/data/loopy_cgsuite.json (CGSuite's regression tables).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgtkit as cg
from cgtkit import Game, NotationError
from cgtkit.loopy import LoopyValue, SidedValue, Stopper, loopy
from cgtkit.short.census import born_by

DATA = json.loads((Path(__file__).parent.parent / "data" / "loopy_cgsuite.json").read_text())

#: stoppers from which sided values are made (each is read by the loopy reader alone).
#: Not upon and its relatives (here and in the round trips below): the printer orders
#: two loopy options by when their vertices were made, and test_loopy_partizan's printed
#: forms assume an order of ^[on]* and ^<on> that a test here must not make first
STOPPERS = ["on", "off", "over", "under", "0", "1", "-2", "*", "^", "1/2", "{1|0}", "3/2under", "2over"]


# --- the issue's examples ----------------------------------------------------------------
def test_the_issues_examples():
    on = cg.game("on")
    assert isinstance(on, Stopper) and on == loopy("{pass|}")
    g = cg.game("over + ^")
    assert isinstance(g, Stopper) and g == loopy("over") + loopy("^") and g > loopy("^")
    assert isinstance(cg.game("a{0|a}"), Stopper) and cg.game("a{0|a}") == loopy("over")
    v = cg.game("{2&-2|1&-2}")
    assert isinstance(v, SidedValue)
    assert v.onside == cg.game("{2|1}") and v.offside == cg.game("{-2|-2}") == cg.game("-2*")


def test_short_text_stays_a_short_game():
    for text in ("{1|*}", "^^*", "+-1", "Tiny(2)", "{3||2|1} + ^", "1/2v"):
        g = cg.game(text)
        assert type(g) is Game and g == cg.short.notation.game(text)
    # loopy text whose value is short is a Game too: the type says the kind of value
    assert type(cg.game("a{0|1}")) is Game and cg.game("a{0|1}") == cg.game("1/2")
    assert type(cg.game("over - over + on & on")) is Stopper
    assert type(cg.game("0 & 0")) is Game
    assert type(cg.game("on + off")) is SidedValue and str(cg.game("on + off")) == "dud"


def test_values_pass_through():
    on = cg.game("on")
    assert cg.game(on) is on and cg.game(cg.game("dud")) == cg.game("dud")
    assert cg.game(3) == cg.game("3") and type(cg.game(cg.Dyadic("1/2"))) is Game
    with pytest.raises(TypeError):
        cg.game(True)
    with pytest.raises(TypeError):
        cg.game(1.5)


# --- sided values among options and in sums ------------------------------------------------
def sided_pairs():
    """(S, T) with S >= T, both from STOPPERS."""
    return [(s, t) for s in STOPPERS for t in STOPPERS if loopy(s) >= loopy(t)]


PAIRS = sided_pairs()


@given(st.lists(st.sampled_from(PAIRS), min_size=0, max_size=2), st.lists(st.sampled_from(PAIRS), max_size=2))
def test_sided_options_read_as_the_game_of_each_side(left, right):
    """The reader of ``{S & T, ... | ...}`` against the two games of one side each."""
    text = "{" + ",".join(f"{s}&{t}" for s, t in left) + "|" + ",".join(f"{s} & {t}" for s, t in right) + "}"
    onside = loopy("{" + ",".join(s for s, _ in left) + "|" + ",".join(s for s, _ in right) + "}")
    offside = loopy("{" + ",".join(t for _, t in left) + "|" + ",".join(t for _, t in right) + "}")
    v = cg.game(text)
    assert cg.game(v.onside if isinstance(v, SidedValue) else v) == onside.onside
    assert cg.game(v.offside if isinstance(v, SidedValue) else v) == offside.offside


@given(st.sampled_from(PAIRS), st.sampled_from(STOPPERS))
def test_sided_values_in_sums_negatives_and_switches(pair, x):
    s, t = pair
    sided = loopy(f"{s} & {t}")
    assert cg.game(f"({s} & {t}) + {x}") == sided + loopy(x)
    assert cg.game(f"-({s} & {t})") == -sided
    assert cg.game(f"{x} - ({s} & {t})") == loopy(x) - sided
    # +-G = {G | -G}: the Left option takes G's own side, the right one the other's
    pm = cg.game(f"+-({s} & {t})")
    assert loopy(pm.onside if isinstance(pm, SidedValue) else pm) == loopy(f"{{{s}|-({t})}}").onside
    assert loopy(pm.offside if isinstance(pm, SidedValue) else pm) == loopy(f"{{{t}|-({s})}}").offside


def test_sides_stand_negated_inside_tiny():
    # Tiny(G) = {0||0|-G}: its onside is Tiny of G's offside
    v = cg.game("Tiny(on & 0)")
    assert v == cg.game("Tiny(0) & Tiny(on)") and v.onside == cg.game("^")
    assert cg.game("Miny(on & 0)") == cg.game("Miny(on) & Miny(0)")


def test_general_sided_values_keep_simplified_sides():
    # Bach's Carousel (Winning Ways ch. 11): CGSuite prints its simplified sides
    bach = cg.game(DATA["bach"])
    assert isinstance(bach, LoopyValue)
    # & with a side that is not a stopper: the sides as they are, not an error
    g = cg.game(f"{DATA['bach']} & off")
    assert isinstance(g, LoopyValue) and g.offside == cg.game("off")
    assert str(g.onside) == str(bach.onside) and str(g).endswith(" & off")
    # CGSuite's printed form of Bach's Carousel, its two simplified sides, reads back
    cgsuite = "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}"
    assert isinstance(cg.game(cgsuite), LoopyValue) and str(cg.game(cgsuite)) == cgsuite
    h = cg.game(f"on & {DATA['bach']}")
    assert h.onside == cg.game("on") and str(h.offside) == str(bach.offside)


# --- round trips ------------------------------------------------------------------------------
def _no_upon(row: dict) -> bool:
    return not any(w in row["input"] + row["form"] for w in ("upon", "[on]", "<on>", "0,pass}"))


@pytest.mark.parametrize(
    "row", [r for r in DATA["stoppers"] + DATA["sided"] if _no_upon(r)], ids=lambda r: r["input"][:40]
)
def test_round_trip_of_cgsuites_values(row):
    g = cg.game(row["input"])
    assert str(g) == row["form"]
    assert cg.game(str(g)) == g


@given(st.lists(st.sampled_from(PAIRS + [(s, s) for s in STOPPERS]), min_size=1, max_size=3))
def test_round_trip_of_sums_of_sided_values(pairs):
    g = cg.game(" + ".join(f"({s} & {t})" for s, t in pairs))
    assert cg.game(str(g)) == g


@given(st.sampled_from(born_by(2)), st.sampled_from(STOPPERS))
def test_short_games_read_the_same_by_both_readers(g, x):
    """The fast path (the engine's reader) against the loopy reader, on short games."""
    assert type(cg.game(str(g))) is Game and loopy(str(g)) == g == cg.game(str(g))
    assert cg.game(f"{g} + {x}") == loopy(f"{g} + {x}")


# --- errors keep the character and its column -------------------------------------------------
@pytest.mark.parametrize(
    "text, col",
    [
        ("{1|*", 1),  # short: the reader of short games answers
        ("{1|*} + onn", 9),
        ("on + {0|", 6),  # loopy: the loopy reader answers
        ("a{0|b}", 5),
        ("0 & on", 3),  # the onside must be >= the offside
        ("{0 & 1|}", 4),
        ("{on & 0 & off|}", 9),
        ("over & [", 8),
    ],
)
def test_errors_name_the_column(text, col):
    with pytest.raises(NotationError) as info:
        cg.game(text)
    assert f"column {col}" in str(info.value).splitlines()[0]
    assert info.value.text == text and info.value.column >= col  # the pointer: there or where the text ends
