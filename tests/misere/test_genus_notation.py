"""The genus written and read as CGSuite and Winning Ways write it.

CGSuite (org/cgsuite/core/misere/Genus.java) prints a nim-heap's genus as its value
alone, a tame or restive game's as ``g^γ0``, any other as the superscript up to where
it alternates, and puts the superscript in parentheses with commas once a value has
two digits.  Winning Ways ch. 13 writes every genus in full (``0^120``).  The printed
strings below are CGSuite's own (tests/data/misere_published.json) and Winning Ways'
Kayles table (tests/data/heap_published.json).
"""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import NotationError
from cgtkit.heap import Genus, OctalGame, genus_of, parse_genus
from cgtkit.impartial import ImpartialSolver
from cgtkit.misere import game, heap_forms

DATA = Path(__file__).parent.parent / "data"
CGSUITE = json.loads((DATA / "misere_published.json").read_text(encoding="utf-8"))["cgsuite_forms"]["cases"]
KAYLES = json.loads((DATA / "heap_published.json").read_text(encoding="utf-8"))["misere"]["kayles_genus"]


@pytest.mark.parametrize("case", CGSUITE, ids=[c["input"] for c in CGSUITE])
def test_reads_cgsuites_genus_strings(case):
    """Each genus as CGSuite printed it, read back, has the γk of the game it came from."""
    form = game(case["input"])
    read = parse_genus(case["genus"])
    assert read.normal == form.nim_value == case["nimValue"]
    assert read.misere_value == case["misereNimValue"]
    assert [read.gamma(k) for k in range(12)] == [form.genus.gamma(k) for k in range(12)]


def test_reads_winning_ways_kayles_table():
    """Winning Ways' full genera of Kayles heaps 0-5, read, equal the searched ones."""
    game_ = OctalGame(KAYLES["code"])
    for h, text in enumerate(KAYLES["genus"]):
        assert parse_genus(text) == game_.genus(h)
        assert str(parse_genus(text)) == text


def test_both_notations_of_kayles_agree():
    """CGSuite's short form of a Kayles heap (from its misère canonical form) and
    Winning Ways' full form read to the same genus."""
    forms = heap_forms(OctalGame(KAYLES["code"]), len(KAYLES["genus"]) - 1)
    for form, text in zip(forms, KAYLES["genus"]):
        assert parse_genus(str(form.genus)) == parse_genus(text)
    assert [str(f.genus) for f in forms[:4]] == ["0", "1", "2", "3"]  # nim-heaps: CGSuite prints g alone


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["0.77", "0.07", "0.137", "4.7", "0.75", "0.16"]), st.integers(0, 9))
def test_round_trip_of_both_printers(code, h):
    octal = OctalGame(code)
    searched = octal.genus(h, depth=10)
    assert parse_genus(str(searched)) == searched
    form = heap_forms(octal, h)[h]
    read = parse_genus(str(form.genus))
    assert [read.gamma(k) for k in range(10)] == [searched.gamma(k) for k in range(10)]


def test_two_digit_values_in_parentheses():
    # Genus.java: a superscript value >= 10 puts the superscript in parentheses, commas between
    big = Genus(12, (10, 11, 14))
    assert str(big) == "12^(10,11,14)"
    assert parse_genus("12^(10,11,14)") == big and big.gamma(4) == 14 and big.gamma(5) == 11
    nim = ImpartialSolver(lambda n: range(n))
    assert str(genus_of(nim, 12)) == "12^(12,14)"  # a nim-heap in full: g, then g xor 2
    assert parse_genus("12") == genus_of(nim, 12)


@pytest.mark.parametrize(
    "text, column",
    [("", 1), ("x", 1), ("2^", 2), ("2^1a", 4), ("2^(1,)", 6), ("2^(1,2", 3), ("-1", 1), ("2^(1,a)", 6)],
)
def test_bad_genus_text(text, column):
    with pytest.raises(NotationError, match=f"column {column}"):
        parse_genus(text)
