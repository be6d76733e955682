"""Running MCGS cases: the basic games against their literal forms, who wins from
values, thermographs against MCGS's scaffolds, and the command line."""

from __future__ import annotations

import functools
import json
import pathlib

from hypothesis import given, strategies as st

from cgtkit.mcgs.games import component
from cgtkit.mcgs.runner import run_file, summary
from cgtkit.mcgs.testfile import GameTerm, read
from cgtkit.nimbers import mex
from cgtkit.numbers import Dyadic
from support.cli_run import run

CORPUS = pathlib.Path(__file__).parent.parent / "data" / "mcgs" / "autotests"

# --- the slow twin: MCGS's basic games built as literal forms, played out --------------
# A form is (left options, right options).  MCGS's forms (from its source's comments and
# move generators): integer n moves one step towards 0 for the side that owns it;
# p/2^q is {x - 2^-q | x + 2^-q}; ^ = {0|*}, ^* = {0,*|0}, ^n = {0|^(n-1)*},
# ^n* = {0|^(n-1)}, negatives mirrored; {a|b} as written.

ZERO = ((), ())


def integer_form(n):
    f = ZERO
    for _ in range(abs(n)):
        f = ((f,), ()) if n > 0 else ((), (f,))
    return f


def dyadic_form(x):
    if x.denominator == 1:
        return integer_form(x.numerator)
    step = Dyadic(1, x.denominator)
    return ((dyadic_form(x - step),), (dyadic_form(x + step),))


def negate(f):
    return (tuple(negate(g) for g in f[1]), tuple(negate(g) for g in f[0]))


def up_star_form(ups, star):
    if ups < 0:
        return negate(up_star_form(-ups, star))
    star_form = ((ZERO,), (ZERO,))
    if ups == 0:
        return star_form if star else ZERO
    if ups == 1:
        return ((ZERO, star_form), (ZERO,)) if star else ((ZERO,), (star_form,))
    return ((ZERO,), (up_star_form(ups - 1, not star),))


@functools.cache
def variant_nim(f):
    """The nim value of the impartial variant of a form: either player's moves."""
    return mex(variant_nim(g) for g in f[0] + f[1])


def nim(section, text):
    return component(GameTerm(section, text, impartial=True)).nim_value


@given(st.integers(-40, 40))
def test_integer_variant(n):
    assert nim("integer_game", str(n)) == variant_nim(integer_form(n))


@given(st.integers(-40, 40), st.integers(0, 5))
def test_dyadic_variant(p, q):
    x = Dyadic(p, 2**q)
    assert nim("dyadic_rational", f"{p}/{2**q}") == variant_nim(dyadic_form(x))


@given(st.integers(-12, 12), st.integers(0, 3), st.integers(-12, 12), st.integers(0, 3))
def test_switch_variant(p, q, r, s):
    a, b = Dyadic(p, 2**q), Dyadic(r, 2**s)
    expected = variant_nim(((dyadic_form(a),), (dyadic_form(b),)))
    assert nim("switch_game", f"{a}, {b}") == expected


@given(st.integers(-30, 30), st.booleans())
def test_up_star_variant(ups, star):
    text = f"{ups}{' *' if star else ''}"
    assert nim("up_star", text) == variant_nim(up_star_form(ups, star))


def test_up_star_values():
    assert str(component(GameTerm("up_star", "2, *")).value) == "^^*"
    assert str(component(GameTerm("up_star", "*")).value) == "*"
    assert str(component(GameTerm("switch_game", "3 / 2, -1")).value) == "{3/2|-1}"


def test_who_wins_is_read_from_the_value():
    f = read("[integer_game] 2 -2 {B loss, W loss} [nimber] 3 {B win, W win, N 3} [switch_game] 1,1 {B loss, W loss}")
    assert [(r.command, r.status) for r in run_file(f)] == [
        ("B loss", "OK"),
        ("W loss", "OK"),
        ("B win", "OK"),
        ("W win", "OK"),
        ("N 3", "OK"),
        ("B loss", "FAIL"),  # {1|1} = 1*: Left wins moving first
        ("W loss", "OK"),
    ]


def test_thermographs_compare_as_walls():
    # {2|0}: left wall 2 - t and right wall t from t = -1 up to t = 1, then the mast at 1
    f = read(
        "[switch_game] (2, 0) {thermograph L: (3, -1) (1, 1) R: (-1, -1) (1, 1)}"
        " [switch_game] (2, 0) {thermograph L: (3, -1) (2, 0) (1, 1) R: (-1, -1) (0, 0) (1, 1) (1, 2)}"
        " [switch_game] (2, 0) {thermograph L: (2, -1) (2, 0) (1, 1) R: (0, -1) (0, 0) (1, 1)}"
        " [switch_game] (2, 0) {thermograph L: (3, -1) (1, 1) R: (-1, -1) (1, 1) (2, 2)}"
    )
    assert [r.status for r in run_file(f)] == ["OK", "OK", "FAIL", "FAIL"]


def test_skips_name_the_missing_game():
    (r,) = run_file(read("[no_such_game] abc {B win}"))
    assert (r.status, r.reason) == ("SKIP", "no ruleset for MCGS's [no_such_game] yet")


def test_the_cli_passes_a_file_and_fails_a_wrong_value(capsys, tmp_path):
    status, out, _ = run(capsys, "mcgs", str(CORPUS / "kayles_autotests" / "kayles_bw_easy.test"))
    assert status == 0 and out.strip() == "counts: 112 OK, 0 FAIL, 0 SKIP, 0 DONE"
    status, out, _ = run(capsys, "mcgs", str(CORPUS / "misc_autotests" / "wrong_value.test"))
    assert status == 1 and "FAIL" in out and "got win, expected loss" in out
    status, out, _ = run(capsys, "mcgs", "--json", str(CORPUS / "misc_autotests" / "wrong_value.test"))
    data = json.loads(out)
    assert data["counts"]["FAIL"] == 2 and data["results"][0]["status"] == "FAIL"
    bad = tmp_path / "bad.test"
    bad.write_text("[clobber] XO {B draw}")
    status, _, err = run(capsys, "mcgs", str(bad))
    assert status == 2 and "bad.test:1:14:" in err and len(err.strip().splitlines()) == 1
    status, _, err = run(capsys, "mcgs", str(tmp_path / "missing.test"))
    assert status == 2 and "cannot read" in err


def test_every_result_is_counted():
    f = read("[clobber_1xn] XO {B win, W win} [nimber] 1 {N, B}")
    assert summary(run_file(f)) == {"OK": 2, "FAIL": 0, "SKIP": 0, "DONE": 2}
