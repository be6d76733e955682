"""Messages never repeat a huge number or a long input whole (issue 19): a huge int is
shown by its first and last digits and its digit count, a long text by a window around
the column at fault; and a fraction whose reduced denominator is a power of 2 (``3/6``)
is read as that dyadic by every reader."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgtkit.errors import CGTError, NotationError, NotDyadicError, RulesError, excerpt, quoted, shown_number
from cgtkit.nimbers import nim_product
from cgtkit.numbers import Dyadic
from cgtkit.rulesets import ArcKayles, Domineering, HackenbushGraph, HackenbushTree, ToadsAndFrogs
from cgtkit.short.constants import nimber
from cgtkit.short.notation import game
from cgtkit.short.thermography import cool

# --- 3/6 ---------------------------------------------------------------------------------


def test_fractions_are_read_in_lowest_terms():
    half = game("1/2")
    for text in ("3/6", "2/4", "3 / 6", "{3/6|1} - 1/4", "-3/6 + 1"):
        assert game(text) == half, text
    assert game("3/6*") == game("1/2*") and game("9/12^") == game("3/4^") and game("6/3") == game("2")
    assert Dyadic("3/6") == Dyadic(3, 6) == Dyadic(1, 2)
    for text, col in (("1/3", 1), ("{0|5/6}", 4), ("  2 + 10/12", 7)):
        with pytest.raises(NotationError, match=f"at column {col} is not a dyadic") as err:
            game(text)
        assert err.value.column == col


@given(st.integers(0, 10**6), st.integers(1, 200))
def test_both_notation_readers_and_dyadic_agree(whole, den):
    def read(text):
        try:
            return game(text)
        except CGTError:
            return None

    fast = read(f"{whole}/{den}")  # the tokenizer's fast path
    slow = read(f"{whole} / {den}")  # spaces: read by _read_atom
    slow_star = read(f"{whole}/{den}*")  # a star after it: _read_atom too
    try:
        expected = game(Dyadic(whole, den))
    except NotDyadicError:
        expected = None
    assert fast == slow == expected
    assert slow_star == (None if expected is None else expected + nimber(1))


# --- huge numbers ------------------------------------------------------------------------


def test_a_huge_number_in_a_message_is_cut():
    with pytest.raises(NotDyadicError) as err:
        Dyadic(2**100000, 3)
    message = str(err.value)
    assert len(message) < 200 and "(30103 digits)/3 is not a dyadic rational" in message
    assert message.startswith(str(2**100000 // 10**30093)) and "...9883109376 " in message
    for call in (
        lambda: nimber(-(2**100000)),
        lambda: nim_product(-(2**100000), 3),
        lambda: cool(game("*"), -(3**9000)),
    ):
        with pytest.raises((CGTError, ValueError)) as err:  # each the error it always was
            call()
        assert "digits)" in str(err.value) and len(str(err.value)) < 200
    with pytest.raises(NotDyadicError, match="more digits than Python reads"):
        Dyadic("1/" + "3" * 5000)


@pytest.mark.parametrize("k", [59, 60, 61, 100, 4299, 4300, 4301, 30000])
def test_shown_number_counts_digits_exactly(k):
    for n in (10**k - 1, 10**k, 10**k + 7):
        text = str(n) if n.bit_length() <= 12000 else None
        shown = shown_number(n)
        if len(str(k)) and n.bit_length() > 200:
            digits = k if n == 10**k - 1 else k + 1
            assert shown.endswith(f"({digits} digits)")
            head, tail = shown.split(" ")[0].split("...")
            if text is not None:
                assert text.startswith(head) and text.endswith(tail) and len(head) == len(tail) == 10
        else:
            assert shown == str(n)
    assert shown_number(Dyadic(-(10**70) - 1, 8)).endswith("(71 digits)/8")


# --- long inputs ---------------------------------------------------------------------------


def _caret_points_at(message: str, char: str) -> None:
    shown, pointer = message.split("\n")[1:3]
    assert len(shown) < 140 and shown[pointer.index("^")] == char


def test_notation_error_shows_a_window_around_the_column():
    text = "{" + "0," * 50000 + "q|0}"
    with pytest.raises(NotationError) as err:
        game(text)
    assert err.value.column == 100002 and err.value.text == text
    assert len(str(err.value)) < 400 and "..." in str(err.value)
    _caret_points_at(str(err.value), "q")
    with pytest.raises(NotationError) as err:  # near the start: no '...' in front
        game("{0|?" + "0" * 100000 + "}")
    _caret_points_at(str(err.value), "?")
    assert str(err.value).split("\n")[1].startswith("  {0|?") and str(err.value).endswith("^")


@pytest.mark.parametrize(
    "make, text, bad",
    [
        (Domineering, ".." * 30000 + "|" + "." * 29999 + "q" + "." * 30000, "q"),
        (ToadsAndFrogs, "T." * 50000 + "x" + "F." * 50000, "x"),
        (ArcKayles, "-".join(map(str, range(20000))) + " 7%", "%"),
        (HackenbushTree, "L" * 60000 + "X" + "R" * 60000, "X"),
        (HackenbushGraph, "g-a:L " * 20000 + "a-b:Q " + "b-g:R " * 20000, "Q"),
    ],
)
def test_ruleset_errors_show_a_window_around_the_column(make, text, bad):
    with pytest.raises(RulesError) as err:
        make(text)
    message = str(err.value)
    assert len(message) < 400 and f"({len(text)} characters)" in message
    assert bad in message.split(" of ", 1)[1], message


def test_excerpt_and_quoted_helpers():
    text = "".join(chr(ord("a") + i % 26) for i in range(1000))
    for col in (1, 2, 61, 62, 500, 939, 1000):
        shown, at = excerpt(text, col)
        assert shown[at - 1] == text[col - 1] and len(shown) <= 121 + 6
    assert excerpt("short", 3) == ("short", 3) and quoted("short") == "'short'"
    assert quoted(text, 500).startswith("...'") and quoted(text, 1).startswith("'abc")
