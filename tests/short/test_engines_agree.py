"""The native engine against its twin, the python engine, on random games.

Hypothesis draws expressions (packed values, option lists, sums, negatives); each is
built in both engines from the same recipe, and the canonical forms (read back as
structures, see tests/support/engines.py), comparisons, stops and birthdays must agree.  The
native reader, printer and thermograph are compared with the python ones on the
same games.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import NotationError
from cgtkit.short.engine import ENGINE
from cgtkit.numbers import Dyadic
from cgtkit.short.game import wrap_handle
from cgtkit.short.notation import format_python, game, parse_python
from cgtkit.short.thermography import thermograph, thermograph_python

from support.engines import NATIVE, PYTHON, export

pytestmark = pytest.mark.skipif(NATIVE is None, reason="needs the native engine")

DYADICS = [Dyadic(p, 2**q) for p, q in ((0, 0), (1, 0), (-1, 0), (2, 0), (1, 1), (-1, 1), (3, 2), (-5, 3))]

leaves = st.tuples(st.just("nus"), st.sampled_from(DYADICS), st.integers(-3, 3), st.integers(0, 4))


def _extend(inner):
    sides = st.lists(inner, max_size=3)
    return st.one_of(
        st.tuples(st.just("options"), sides, sides),
        st.tuples(st.just("add"), inner, inner),
        st.tuples(st.just("neg"), inner),
    )


expressions = st.recursive(leaves, _extend, max_leaves=12)


def build(engine, expr):
    """The handle of ``expr`` in ``engine`` (the same recipe for both engines)."""
    kind = expr[0]
    if kind == "nus":
        return engine.nus(expr[1], expr[2], expr[3])
    if kind == "options":
        return engine.from_options([build(engine, e) for e in expr[1]], [build(engine, e) for e in expr[2]])
    if kind == "add":
        return engine.add(build(engine, expr[1]), build(engine, expr[2]))
    return engine.neg(build(engine, expr[1]))


@settings(max_examples=300)
@given(expressions)
def test_canonical_forms_agree(expr):
    n, p = build(NATIVE, expr), build(PYTHON, expr)
    assert export(NATIVE, n) == export(PYTHON, p)
    assert NATIVE.birthday(n) == PYTHON.birthday(p)
    assert NATIVE.stops(n) == PYTHON.stops(p)


@settings(max_examples=300)
@given(expressions, expressions)
def test_sums_and_comparisons_agree(a, b):
    na, nb = build(NATIVE, a), build(NATIVE, b)
    pa, pb = build(PYTHON, a), build(PYTHON, b)
    assert NATIVE.le(na, nb) == PYTHON.le(pa, pb)
    assert NATIVE.le(nb, na) == PYTHON.le(pb, pa)
    assert export(NATIVE, NATIVE.add(na, nb)) == export(PYTHON, PYTHON.add(pa, pb))
    assert export(NATIVE, NATIVE.add(na, NATIVE.neg(nb))) == export(PYTHON, PYTHON.add(pa, PYTHON.neg(pb)))


@settings(max_examples=300)
@given(expressions)
def test_options_agree_as_values(expr):
    """The same options, each engine listing them in its own order."""
    n, p = build(NATIVE, expr), build(PYTHON, expr)
    for ns, ps in zip(NATIVE.options(n), PYTHON.options(p)):
        assert sorted(repr(export(NATIVE, o)) for o in ns) == sorted(repr(export(PYTHON, o)) for o in ps)


facade_is_native = pytest.mark.skipif(ENGINE.name != "native", reason="Game runs on the python engine")


@facade_is_native
@settings(max_examples=200)
@given(expressions)
def test_readers_printers_and_thermographs_agree(expr):
    g = wrap_handle(build(NATIVE, expr))
    text = str(g)  # the native printer
    assert format_python(g) == text
    assert game(text) is g and parse_python(text) is g
    assert thermograph(g) == thermograph_python(g)


_TEXT_PIECES = [
    "{",
    "}",
    "|",
    "||",
    ",",
    "1",
    "-",
    "1/2",
    "3/6",
    "*",
    "*2",
    "^",
    "v",
    "+-",
    "+",
    "(",
    ")",
    "Tiny",
    " ",
    "x",
    "/",
    "0",
]


@facade_is_native
@settings(max_examples=500)
@given(st.lists(st.sampled_from(_TEXT_PIECES), min_size=1, max_size=10).map("".join))
def test_both_readers_accept_and_reject_the_same_texts(text):
    # the same game, or the same kind of error at the same column (each reader words
    # its messages its own way)
    def read(parse):
        try:
            return ("ok", parse(text))
        except NotationError as e:
            return ("error", type(e), e.column)

    assert read(game) == read(parse_python)


# --- the native reader's fast path (plain texts) against its full reader ---------------

_PLAIN_ATOMS = st.sampled_from(
    ["0", "1", "-1", "7", "-12", "1/2", "-3/4", "2/4", "5/8", "1/1", "*", "*0", "*2", "*13", "^", "v"]
)
_SPACE = st.sampled_from(["", "", "", " ", "  ", "\t", "\n"])


def _plain_text(depth: int) -> st.SearchStrategy[str]:
    """Texts in the plain subset: braces with one bar, commas, numbers, *n, ^ and v,
    with spaces between tokens."""
    if depth == 0:
        return _PLAIN_ATOMS
    inner = st.one_of(_PLAIN_ATOMS, st.deferred(lambda: _plain_text(depth - 1)))
    side = st.lists(st.tuples(_SPACE, inner, _SPACE).map("".join), max_size=3).map(",".join)
    return st.tuples(_SPACE, side, _SPACE, side, _SPACE).map(lambda p: "{" + p[0] + p[1] + "|" + p[3] + p[4] + "}")


_NEAR_PLAIN_PIECES = _TEXT_PIECES + ["01", "00", "*01", "2/3", "1/0", "0/0", "-0", "--1", "|}", "{|", "^^", "1*"]


def _read_native(text: str, general: bool):
    import sys

    try:
        return ("ok", NATIVE._n.parse(text, sys.get_int_max_str_digits(), general))
    except NotationError as e:
        return ("error", str(e), e.column)


@pytest.mark.skipif(NATIVE is None, reason="needs the native engine")
@settings(max_examples=400)
@given(st.one_of(_plain_text(3), st.lists(st.sampled_from(_NEAR_PLAIN_PIECES), min_size=1, max_size=12).map("".join)))
def test_the_fast_reader_agrees_with_the_full_reader(text):
    # the fast path answers only plain texts and leaves every other text, and every
    # error, to the full reader: both ways of reading give the same game or error
    assert _read_native(text, False) == _read_native(text, True)


@pytest.mark.skipif(NATIVE is None, reason="needs the native engine")
def test_the_fast_reader_reads_plain_texts_exactly():
    # values from the definitions: {0|1} = 1/2, {1/2|1} = 3/4, {0,*|0,*} = *2, {0|*} = ^
    assert _read_native("{ 0 | 1 }", False) == _read_native("1/2", True)
    assert _read_native("{1/2|1}", False) == _read_native("3/4", True)
    assert _read_native("{0,*|0,*}", False) == _read_native("*2", True)
    assert _read_native("{0|*}", False) == _read_native("^", True)
    assert _read_native("{|}", False) == _read_native("0", True)
    # past an i64 the full reader takes over, exactly
    big = "1" + "0" * 40
    assert _read_native("{" + big + "|}", False) == _read_native(str(10**40 + 1), True)
