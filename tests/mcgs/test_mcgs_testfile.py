"""MCGS's .test format: the reader on the whole public corpus, round trips through the
writer, and errors that name the line and column."""

from __future__ import annotations

import collections
import pathlib

import pytest
from hypothesis import given, strategies as st

from cgtkit.mcgs.testfile import (
    Case,
    GameTerm,
    MCGSFormatError,
    NimValue,
    Solve,
    TestFile,
    Thermograph,
    WinningMoves,
    read,
    write,
)
from cgtkit.numbers import Dyadic

CORPUS = pathlib.Path(__file__).parent.parent / "data" / "mcgs"
FILES = sorted(p for p in (CORPUS / "autotests").rglob("*") if p.is_file())


def test_the_corpus_is_there():
    assert len(FILES) == 106
    assert (CORPUS / "LICENSE.md").is_file() and (CORPUS / "SOURCE.md").is_file()


def test_every_corpus_file_reads_and_round_trips():
    kinds: collections.Counter[str] = collections.Counter()
    for path in FILES:
        f = read(path.read_text(), str(path))
        assert read(write(f)) == f, path
        for case in f.cases:
            kinds.update(type(c).__name__ for c in case.commands if c.expected is not None)
    # the counts the corpus is known by (the issue that brought it in lists them)
    assert kinds == {"Solve": 3951, "NimValue": 1545, "WinningMoves": 194, "Thermograph": 30}


def test_the_format_description_reads():
    f = read((CORPUS / "info.test").read_text())  # comments nest: '/*' quoted inside one
    assert f.version == "1.7"
    first = f.cases[0]
    assert [g.section for g in first.games] == ["clobber_1xn"] * 2 + ["integer_game"] * 2 + ["clobber_1xn"] * 2 + [
        "dyadic_rational"
    ] + ["switch_game"] * 3
    assert first.commands == (Solve("B"), Solve("W"))
    empty = f.cases[1]
    assert (empty.games, empty.commands) == ((), (Solve("B", False),))
    assert empty.description == "Now the current game sum is empty. The next line solves an empty sum"
    assert [(g.section, g.impartial) for g in f.cases[2].games] == [("kayles", False), ("clobber_1xn", True)]


def test_commands():
    text = """
    [nimber] 1 (2)
    /*#1 only the second */ /* both */ /*_ hidden */
    {winning moves B 0:1-2 1:4-5, winning moves W None, N 3}
    [domineering] ..|..
    {thermograph L: (1, -1) (0, 0) R: (-1, -1) (-1/2, 1/2)}
    """
    a, b = read(text).cases
    assert a.commands == (
        WinningMoves("B", frozenset({"0:1-2", "1:4-5"})),
        WinningMoves("W", frozenset()),
        NimValue(3),
    )
    assert a.descriptions == ("both", "both only the second", "both")
    half = Dyadic(1, 2)
    assert b.commands == (
        Thermograph((((Dyadic(1), Dyadic(-1)), (Dyadic(0), Dyadic(0))), ((Dyadic(-1), Dyadic(-1)), (-half, half)))),
    )


@pytest.mark.parametrize(
    "text, where",
    [
        ("[clobber_1xn] XO /* open", "1:18"),
        ("XO {B}", "1:1"),
        ("[a] X\n {B draw}", "2:2"),
        ("[a] X\n\n  {Q}", "3:3"),
        ("{version 2.0}", "1:1"),
        ("[a b c] X {B}", "1:1"),
        ("[a] X )", "1:7"),
        ("[a] X {thermograph L: (1) R: (0, 0)}", "1:7"),
        ("[a] X {thermograph L: (1/3, -1) R: (0, -1)}", "1:7"),
        ("[a] X {N -1}", "1:7"),
        ("[a] X {winning moves Q}", "1:7"),
        ("/*#2 no such command */ [a] X {B}", "1:31"),
    ],
)
def test_errors_name_line_and_column(text, where):
    with pytest.raises(MCGSFormatError, match=f"<text>:{where}:"):
        read(text)


_word = st.text(alphabet="XO.#|0123456789", min_size=1, max_size=8)
_game = st.builds(GameTerm, st.sampled_from(["clobber", "nogo_1xn", "domineering"]), _word, st.booleans())
_dy = st.builds(Dyadic, st.integers(-20, 20), st.sampled_from([1, 2, 4, 8]))
_wall = st.lists(st.tuples(_dy, _dy), min_size=1, max_size=3).map(tuple)
_command = st.one_of(
    st.builds(Solve, st.sampled_from("BW"), st.sampled_from([None, True, False])),
    st.builds(NimValue, st.one_of(st.none(), st.integers(0, 50))),
    st.builds(
        WinningMoves,
        st.sampled_from("BWN"),
        st.one_of(st.none(), st.frozensets(st.text(alphabet="0123456789:-abXO_", min_size=1, max_size=6))),
    ),
    st.builds(Thermograph, st.one_of(st.none(), st.tuples(_wall, _wall))),
)
_case = st.builds(
    Case,
    st.lists(_game, max_size=4).map(tuple),
    st.lists(_command, min_size=1, max_size=4).map(tuple),
)


@given(st.lists(_case, max_size=4))
def test_write_then_read_is_the_identity(cases):
    f = TestFile("1.7", tuple(cases))
    assert read(write(f)) == f
