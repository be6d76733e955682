"""CGSuite notation: the printer matches CGSuite's output, the parser reads it back.

The published pairs in tests/data/notation_cgsuite.json come from CGSuite's own test
suite (each entry names its file); the round trip ``game(str(g)) == g`` is checked on
random games born by day 4, and every malformed string must raise NotationError with
the right column, never another exception and never a hang.
"""

from __future__ import annotations

import itertools
import json
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgtkit.short.notation as notation_module
from cgtkit.errors import CGTError, NotationError
from cgtkit.numbers import Dyadic
from cgtkit.short.constants import down, miny, nimber, star, switch, tiny, up
from cgtkit.short.game import Game
from cgtkit.short.notation import MAX_SLASHES, format_game, game

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "notation_cgsuite.json").read_text("utf-8"))
CASES = DATA["cases"]


# --- published CGSuite output -----------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[c["input"][:40] for c in CASES])
def test_cgsuite_printed_forms(case):
    g = game(case["input"])
    assert g == game(case["cgsuite"]), "CGSuite's output must denote the same game"
    text = str(g)
    if case.get("same_order", True):
        assert text == case["cgsuite"]
    else:  # only the order of two general options differs: same characters, same game
        assert sorted(text) == sorted(case["cgsuite"])
    assert game(text) == g


def test_every_case_names_its_source():
    assert len(CASES) >= 40
    for case in CASES:
        assert case["source"] and case["input"] and case["cgsuite"]


@pytest.mark.parametrize(
    "value, text",
    [
        (Game.of(0), "0"),
        (Game.of(Dyadic(-1, 2)), "-1/2"),
        (Game.of(Dyadic(7, 16)), "7/16"),
        (star, "*"),
        (nimber(3), "*3"),
        (up, "^"),
        (down, "v"),
        (up(2), "^^"),
        (up(3), "^3"),
        (down(3), "v3"),
        (up(2) + star, "^^*"),
        (down + star, "v*"),
        (up + nimber(3), "^*3"),
        (Game.of(Dyadic(1, 2)) + up + star, "1/2^*"),
        (Game.of(Dyadic(3, 4)) + down(3) + nimber(2), "3/4v3*2"),
        (Game.of(-2) + up, "-2^"),
        (switch(1), "+-1"),
        (switch(Dyadic(1, 2)), "+-1/2"),
        (switch(Game.from_options([2], [1])), "+-{2|1}"),
        (switch(Game.of(1) + star), "+-(1*)"),
        (switch(Game.of(1) + up), "+-(1^)"),
        (switch(Game.of(2) + up + star), "+-(2^*)"),
        (switch(up), "*"),
        (tiny(2), "Tiny(2)"),
        (miny(Dyadic(1, 2)), "Miny(1/2)"),
        (Game.of(3) + tiny(1), "3Tiny(1)"),
        (Game.of(-1) + miny(2), "-1Miny(2)"),
        (Game.from_options([2], [Game.from_options([1], [0])]), "{2||1|0}"),
        (Game.from_options([2, Game.from_options([4], [0])], [-2]), "{2,{4|0}|-2}"),
    ],
)
def test_printed_forms(value, text):
    assert format_game(value) == text == str(value)
    assert game(text) == value


def test_slash_cap_brings_braces_back():
    g = Game.of(0)
    for k in range(1, 7):
        g = Game.from_options([k + 10], [g]) if k % 2 else Game.from_options([g], [-k - 10])
    text = str(g)
    assert "|" * (MAX_SLASHES + 1) not in text
    assert game(text) == g


# --- round trip ----------------------------------------------------------------------------


def _born_by(day: int) -> list[Game]:
    games = [Game.of(0)]
    for _ in range(day):
        subsets = [list(c) for r in range(len(games) + 1) for c in itertools.combinations(games, r)]
        games = list({Game.from_options(a, b) for a in subsets for b in subsets})
    return games


DAY2 = sorted(_born_by(2), key=lambda g: g.id)
assert len(DAY2) == 22


def _games():
    day2 = st.sampled_from(DAY2)
    day3 = st.builds(Game.from_options, st.lists(day2, max_size=4), st.lists(day2, max_size=4))
    day4 = st.builds(Game.from_options, st.lists(day3 | day2, max_size=3), st.lists(day3 | day2, max_size=3))
    return day2 | day3 | day4


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(_games(), _games(), st.sampled_from([0, 1, -2, Dyadic(3, 4), Dyadic(-5, 8)]))
def test_round_trip(g, h, x):
    for value in (g, g + h, g - h + x, switch(g), tiny(g), miny(h) + x):
        text = format_game(value)
        assert game(text) == value, text


def test_round_trip_every_day2_sum():
    for g, h in itertools.product(DAY2, repeat=2):
        assert game(str(g + h)) == g + h


# --- reading -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("{ | }", "0"),
        ("{ | 1}", "0"),
        ("{|}", "0"),
        ("{1|}", "2"),
        ("  {2 , {4|0} | -2 }  ", "{2,{4|0}|-2}"),
        ("{1|*} + ^", None),
        ("^ - *", "^*"),
        ("-1/2", "-1/2"),
        ("-3/8", "-3/8"),
        ("-1/2v", None),  # (-1/2) + v: the sign belongs to the number
        ("- (1/2v)", "-1/2^"),
        ("2*", "2*"),
        ("2 *", "2*"),
        ("1/2v3*2", "1/2v3*2"),
        ("3/4^^*2", "3/4^^*2"),
        ("^*", "^*"),
        ("v*3", "v*3"),
        ("vvv", "v3"),
        ("^3", "^3"),
        ("^^", "^^"),
        ("*0", "0"),
        ("*1", "*"),
        ("+-{2|1}", "+-{2|1}"),
        ("+-(1*)", "+-(1*)"),
        ("+-{1,2}", "+-2"),
        ("1+-1", "{2|0}"),
        ("{a||b|c}".replace("a", "2").replace("b", "1").replace("c", "0"), "{2||1|0}"),
        ("{3|||2||1|0}", "{3|||2||1|0}"),
        ("{1|0||-1}", None),
        ("Tiny(2)", "Tiny(2)"),
        ("tiny(2)", "Tiny(2)"),
        ("Miny(1/2)", "Miny(1/2)"),
        ("Tiny({3|1})", "Tiny({3|1})"),
        ("Tiny(1+1)", "Tiny(2)"),
        ("2Tiny(1)", "2Tiny(1)"),
        ("2 - 1Tiny(1)", None),
        ("(((^)))", "^"),
        ("--1", "1"),
        ("+1", "1"),
        ("0 + 0", "0"),
    ],
)
def test_reading(text, expected):
    g = game(text)
    assert isinstance(g, Game)
    if expected is not None:
        assert str(g) == expected
    assert game(str(g)) == g


def test_reading_meanings():
    assert game("{1|*} + ^") == Game.from_options([1], [star]) + up
    assert game("-1/2v") == Game.of(Dyadic(-1, 2)) + down
    assert game("{1|0||-1}") == Game.from_options([Game.from_options([1], [0])], [-1])
    assert game("{2||1|0}") == Game.from_options([2], [Game.from_options([1], [0])])
    assert game("{a|||b||c|d}".replace("a", "4").replace("b", "3").replace("c", "2").replace("d", "1")) == (
        Game.from_options([4], [Game.from_options([3], [Game.from_options([2], [1])])])
    )
    assert game("2 - 1Tiny(1)") == Game.of(2) - (Game.of(1) + tiny(1))
    assert game("+-{1,1*}") == Game.from_options([1, Game.of(1) + star], [-1, Game.of(-1) + star])
    assert game("3+-1") == Game.of(3) + switch(1)
    assert game("Miny({5||3|1})") == miny(game("{5||3|1}"))


@pytest.mark.parametrize(
    "unicode, ascii",
    [
        ("↑", "^"),
        ("↓", "v"),
        ("∗", "*"),
        ("∗3", "*3"),
        ("↑∗", "^*"),
        ("⇑", "^^"),
        ("⇓∗", "vv*"),
        ("↑3", "^3"),
        ("±1", "+-1"),
        ("±{1,1∗}", "+-{1,1*}"),
        ("½", "1/2"),
        ("¼↑", "1/4^"),
        ("−¾", "-3/4"),
        ("1½", "3/2"),
        ("{½ | ↓}", "{1/2|v}"),
        ("3±1", "3+-1"),
        # cgt-tools (cgt/short/partizan/canonical_form/nus.rs) writes counts from two on
        # and braces every nested game
        ("^2", "^^"),
        ("v2*", "vv*"),
        ("{1|{0|-1}}", "{1||0|-1}"),
        ("{1, * | 0}", "{1,*|0}"),
    ],
)
def test_unicode_variants(unicode, ascii):
    assert game(unicode) == game(ascii)


def test_accepts_games_ints_and_dyadics():
    assert game(star) is star
    assert game(3) == Game.of(3)
    assert game(Dyadic(1, 2)) == game("1/2")
    with pytest.raises(TypeError):
        game(1.5)
    with pytest.raises(TypeError):
        game(True)


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, column, fragment",
    [
        ("", 1, "empty"),
        ("   ", 1, "empty"),
        ("{1|-}", 5, "unexpected '}' at column 5"),
        ("{1|0", 1, "'{' at column 1 is never closed"),
        ("{1|0}}", 6, "unexpected '}' at column 6"),
        ("1 2", 3, "unexpected '2' at column 3"),
        ("{1|0} x", 7, "unknown name 'x' at column 7"),
        ("{1|2|}", 5, "ambiguous slashes"),
        ("{3|2|1}", 5, "{3||2|1} or {3|2||1}"),
        ("{1||2||3}", 6, "ambiguous slashes: '||' at column 6"),
        ("1/3", 1, "1/3"),
        ("-5/12", 2, "5/12"),
        ("1/0", 1, "1/0"),
        ("1/", 3, "denominator"),
        ("{1,|0}", 4, "expected an option before '|' at column 4"),
        ("{,1|0}", 2, "expected an option before ',' at column 2"),
        ("{1,}", 4, "expected an option before '}' at column 4"),
        ("{1,2}", 5, "need a '|'"),
        ("{}", 2, "need a '|'"),
        ("1|0", 2, "unexpected '|' at column 2"),
        ("1,2", 2, "unexpected ',' at column 2"),
        ("(1", 1, "'(' at column 1 is never closed"),
        ("()", 2, "unexpected ')' at column 2"),
        ("1)", 2, "unexpected ')' at column 2"),
        ("Tiny 2", 6, "expected '(' after Tiny"),
        ("Tiny(2", 1, "'Tiny(' at column 1 is never closed"),
        ("foo", 1, "unknown name 'foo'"),
        ("^^3", 3, "unexpected '3' at column 3"),
        ("^v", 2, "unexpected 'v' at column 2"),
        ("**", 2, "unexpected '*' at column 2"),
        ("1+", 3, "unexpected end of input at column 3"),
        ("{1|0} +", 8, "end of input"),
        ("#", 1, "unexpected '#' at column 1"),
        ("{1|0}{1|0}", 6, "unexpected '{' at column 6"),
        ("-{1,2}", 6, "need a '|'"),
        ("0.5", 2, "unexpected '.' at column 2"),
        ("{1|{2|3}", 1, "'{' at column 1 is never closed"),
        ("{{1|2}|", 1, "never closed"),
    ],
)
def test_errors(text, column, fragment):
    with pytest.raises(NotationError) as info:
        game(text)
    err = info.value
    assert err.column == column
    assert err.text == text
    assert fragment in str(err)
    assert isinstance(err, CGTError) and isinstance(err, ValueError)


_ALPHABET = list("{}|,()+-*^v0123/ ") + ["Tiny(", "Miny(", "±", "↑", "∗", "½", "|", "{", "}"]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_ALPHABET), max_size=18).map("".join))
def test_fuzz_only_notation_errors(text):
    if any(a.isdigit() and b.isdigit() for a, b in zip(text, text[1:])):
        return  # keep nimbers and ups small so that every example is quick
    try:
        g = game(text)
    except NotationError as err:
        assert 1 <= err.column <= len(text) + 1
        return
    assert isinstance(g, Game)
    assert game(str(g)) == g


# --- depth -------------------------------------------------------------------------------------


def test_deep_braces_parse():
    n = 2500
    assert game("{" * n + "|}" * n) == Game.of(n - 1)
    assert game("{0|" * n + "0" + "}" * n) == game(str(game("{0|" * n + "0" + "}" * n)))


def test_deep_parentheses_signs_and_tiny():
    n = 3000
    assert game("(" * n + "^" + ")" * n) == up
    assert game("-" * n + "1") == Game.of(1 if n % 2 == 0 else -1)
    nested = "Tiny(" * 300 + "1" + ")" * 300
    g = game(nested)
    assert game(str(g)) == g


def test_deep_chain_prints_and_reads_back():
    g = Game.of(0)
    for i in range(2000):
        g = Game.from_options([i + 2], [g]) if i % 2 == 0 else Game.from_options([g], [-i - 2])
    text = str(g)
    assert text.startswith("{") and text.endswith("}")
    assert game(text) == g


def test_unclosed_deep_braces_is_a_notation_error():
    with pytest.raises(NotationError) as info:
        game("{" * 3000)
    assert info.value.column == 3000


def test_overlong_numbers_are_notation_errors():
    for text in ("1" * 5000, "*" + "9" * 5000, "1/" + "2" * 5000, "^" + "3" * 5000):
        with pytest.raises(NotationError, match="too many digits"):
            game(text)


# CGSuite prints {0|*||*|||*||||*} as ^[4] and {0|v*} as ^<2> (CGSuite's
# CanonicalShortGameTestCase table; see tests/data/cgsuite_properties.json)
@pytest.mark.parametrize(
    "text, expanded",
    [
        ("^[1]", "^"),
        ("^[2]", "{^|*}"),
        ("^[4]", "{0|*||*|||*||||*}"),
        ("^<2>", "{0|v*}"),
        ("v<2>", "{^*|0}"),
        ("v[3]*", "-{0|*||*|||*} + *"),
        ("3/4^<3>*2", "3/4 + ({0|*||*|||*} - {0|*||*}) + *2"),
    ],
)
def test_uptimal_atoms(text, expanded):
    assert game(text) == game(expanded)


@pytest.mark.parametrize(
    "text, column",
    [("^[0]", 3), ("^[2", 4), ("^<x>", 3), ("^<2]", 4), ("^^[2]", 3)],
)
def test_malformed_uptimal_atoms_name_their_column(text, column):
    with pytest.raises(NotationError) as info:
        game(text)
    assert info.value.column == column


@pytest.mark.parametrize(
    "text",
    [
        "3",
        "5/8",
        "*",
        "*4",
        "{1,*|-1/2}",
        "2 *",
        "2*3",
        "1/2 v",
        "{3 | 2 , 1/4}",
        "3 - 1",
        "3+-1",
        "{1/2^|*}",
        "7/6",
        "1/0",
        "0*0",
        "12345678901234567890/1024",
        "{*|*2}",
        "{-1|-*}",
        "{-1/2v|}",
        "-^",
        "{1,|0}",
        "{1||0}",
        "{1|0|-1}",
        "{,1|0}",
        "{1|0}}",
        "{{1|0}",
        "-{1|0}",
        "{1 2|0}",
        "{-|0}",
        "{|}",
        "{1|}",
        "{1}",
        "{--1|0}",
        "{1|0},",
        "{1|0} {1|0}",
        "",
    ],
)
def test_fast_paths_agree_with_the_general_reader(text):
    from cgtkit import backend
    from cgtkit.short import notation

    def read(t):
        try:
            return ("ok", notation.parse_python(t))
        except NotationError as exc:
            return ("error", exc.column, str(exc))

    fast = read(text)
    with backend.use("python", shortcuts=False):
        assert read(text) == fast


def test_a_character_that_does_not_print_is_named_by_its_code():
    # each reader words it its own way (the native one by code point, the Python one as
    # Python writes the character); both give the column
    for read in (game, notation_module.parse_python):
        with pytest.raises(NotationError) as e:
            read("{1|\x07}")
        assert e.value.column == 4
        assert "U+0007" in str(e.value) or "'\\x07'" in str(e.value)
