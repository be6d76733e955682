"""The outcome search of sums (cgtkit.search, native/src/rulesets/sums.rs) against its
twin, the outcome of the summed canonical value, on random small sums of every
ruleset with a native search, mixed with random Game values."""

from __future__ import annotations

import json
import random

import pytest
from support.cli_run import interrupted, run

from cgtkit import backend, search
from cgtkit.backend import rulesets as native
from cgtkit.errors import CGTError
from cgtkit.rulesets import (
    Amazons,
    CannibalClobber,
    Clobber,
    Cram,
    Domineering,
    Elephants,
    Fission,
    GenToads,
    KingDirt,
    Konane,
    NoGo,
    Sheep,
    TopplingDominoes,
    ToadsAndFrogs,
)
from cgtkit.errors import RulesError
from cgtkit import game as parse

VALUES = ["0", "1", "-1", "1/2", "-3/4", "*", "*2", "^", "v*", "{1|-1}", "{2|0}", "{0|-1/2}", "^*", "{1*|0}"]


def _grid(rng: random.Random, cells: str, rows: int, cols: int) -> str:
    return "|".join("".join(rng.choice(cells) for _ in range(cols)) for _ in range(rows))


def _stones(rng: random.Random) -> object:
    kind = rng.choice([Clobber, Konane, Amazons])
    if kind is Amazons:
        return Amazons(_grid(rng, "x...o.#", rng.randint(1, 2), rng.randint(2, 4)))
    return kind(_grid(rng, "xxoo.", rng.randint(1, 3), rng.randint(2, 4)))


def _position(rng: random.Random, kind: str) -> object:
    if kind == "stones":
        return _stones(rng)
    if kind == "toads":
        return ToadsAndFrogs("".join(rng.choice("TF..") for _ in range(rng.randint(2, 7))))
    if kind == "gen-toads":
        rules = rng.choice(["1,1,1,0", "1,2,1,1", "2,3,0,1", "1,1,2,0"])
        return GenToads(rules + ":" + "".join(rng.choice("XO..") for _ in range(rng.randint(2, 7))))
    if kind == "elephants":
        return Elephants("".join(rng.choice("XO...") for _ in range(rng.randint(2, 9))))
    if kind == "cannibal":
        return CannibalClobber(_grid(rng, "xxoo.", rng.randint(1, 2), rng.randint(2, 4)))
    if kind == "nogo":
        while True:  # a board with a group without liberties is no NoGo position
            try:
                return NoGo(_grid(rng, "XO....", rng.randint(1, 2), rng.randint(2, 4)))
            except RulesError:
                pass
    if kind == "placement":
        cls = rng.choice([Domineering, Cram])
        return cls(_grid(rng, "...#", rng.randint(1, 4), rng.randint(1, 4)))
    if kind == "fission":
        return Fission(_grid(rng, "X...#", rng.randint(1, 3), rng.randint(1, 4)))
    if kind == "king-dirt":
        counts = f"{rng.randint(0, 1)},{rng.randint(0, 1)},{rng.randint(0, 1)}"
        return KingDirt(counts + ":" + _grid(rng, "..XO#", rng.randint(1, 2), rng.randint(1, 3)))
    if kind == "sheep":
        rows = [[rng.choice([0, 0, 0, 1, 2, 3, -1, -2, -3]) for _ in range(3)] for _ in range(rng.randint(1, 2))]
        return Sheep("|".join(" ".join(map(str, r)) for r in rows))
    return TopplingDominoes("".join(rng.choice("XO#") for _ in range(rng.randint(1, 6))))


def _negative(p: object) -> object:
    """The position with the players' roles swapped (its value is the negative)."""
    if isinstance(p, Fission):  # the transpose: Left's columns are Right's rows
        rows = str(p).split("|")
        return Fission("|".join("".join(r[j] for r in rows) for j in range(len(rows[0]))))
    if isinstance(p, Sheep):
        return Sheep("|".join(" ".join(str(-n) for n in r) for r in p._rows))
    assert isinstance(p, KingDirt)
    head, board = str(p).split(":")
    b, w, m = head.split(",")
    return KingDirt(f"{w},{b},{m}:" + board.translate(str.maketrans("XO", "OX")))


def _random_sum(rng: random.Random, kind: str) -> list:
    terms: list = [_position(rng, kind) for _ in range(rng.randint(1, 3))]
    for _ in range(rng.randint(0, 2)):
        terms.append(parse(rng.choice(VALUES)))
    rng.shuffle(terms)
    return terms


def _value_wins(terms: list, first: str) -> bool:
    return search.who_wins_by_value(terms, first)


KINDS = ["stones", "toads", "toppling", "gen-toads", "elephants", "cannibal", "nogo", "placement"]
KINDS += ["fission", "king-dirt", "sheep"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("small", [0, 3, 8])
def test_the_search_agrees_with_the_value_on_random_sums(kind, small):
    rng = random.Random(f"{kind}-{small}")
    for _ in range(60):
        terms = _random_sum(rng, kind)
        for first in "LR":
            assert search.who_wins(terms, first, small=small) == _value_wins(terms, first), (terms, first)


@pytest.mark.parametrize("kind", ["fission", "king-dirt", "sheep"])
def test_the_search_agrees_with_the_value_on_g_plus_g_and_g_minus_g(kind):
    # G + G (no cancelling: the search plays both copies), G + -G (= 0, the second
    # player wins), and each with a value and a third position
    rng = random.Random(f"twice-{kind}")
    for _ in range(25):
        g, h = _position(rng, kind), _position(rng, kind)
        assert _value_wins([_negative(g)], "L") == _value_wins([g], "R")
        for terms in ([g, g], [g, _negative(g)], [g, g, parse(rng.choice(VALUES))], [g, h, _negative(g)]):
            for first in "LR":
                for small in (0, 8):
                    got = search.who_wins(terms, first, small=small)
                    assert got == _value_wins(terms, first), (terms, first, small)
        assert search.outcome([g, _negative(g)]) == "P"


def test_the_native_search_runs_and_counts_positions():
    if not native.active():
        pytest.skip("the native search is not running")
    terms = [Clobber("xoxo|oxox"), Clobber("xxo|oo.")]
    native.solver_of(terms[0].ruleset).clear()  # (a table warmed by an earlier test answers at once)
    search.who_wins(terms, "L", small=0)
    assert search.last_nodes() > 0


@pytest.mark.parametrize("kind", KINDS)
def test_winning_moves_are_the_options_the_opponent_then_loses(kind):
    rng = random.Random(f"moves-{kind}")
    for _ in range(25):
        terms = _random_sum(rng, kind)
        for first, other in (("L", "R"), ("R", "L")):
            brute = []
            for i, t in enumerate(terms):
                options = (
                    (t.left_options if first == "L" else t.right_options)
                    if hasattr(t, "left_options")
                    else (t.left_moves() if first == "L" else t.right_moves())
                )
                for j, o in enumerate(options):
                    if not _value_wins(terms[:i] + [o] + terms[i + 1 :], other):
                        brute.append((i, j))
            got = search.winning_moves(terms, first)
            assert got == brute, (terms, first)
            assert bool(got) == _value_wins(terms, first)


def test_an_outcome_is_two_searches():
    assert search.outcome([Clobber("xo")]) == "N"
    assert search.outcome([Clobber("xo"), parse("*")]) == "P"
    assert search.outcome([Clobber("xxo"), parse("v")]) == "P"
    assert search.outcome([parse("1/2"), ToadsAndFrogs("T.F")]) == (parse("1/2") + ToadsAndFrogs("T.F").value).outcome
    assert search.outcome([]) == "P"


def test_a_sum_of_values_alone_agrees_with_its_summed_value():
    """A sum with no native search (values only) is answered by comparing its hot
    terms' sum with minus its number-up-stars' sum; the twin sums them all."""
    rng = random.Random(28)
    hot = ["{1|-1}", "{2|0}", "{0|-1/2}", "{1*|0}", "{3|-5/4}", "{-27/8|-11/2}", "{1|0,{0|-1}}", "+-2"]
    nus = ["0", "1", "-7/4", "*", "*6", "^", "v*", "^3*", "-2vv*5", "1/2^4*9"]
    for _ in range(150):
        terms = [parse(rng.choice(hot)) for _ in range(rng.randint(0, 3))]
        terms += [parse(rng.choice(nus)) for _ in range(rng.randint(0, 5))]
        rng.shuffle(terms)
        expected = [_value_wins(terms, f) for f in "LR"]
        assert [search.who_wins(terms, f) for f in "LR"] == expected, terms
        lw, rw = expected
        assert search.outcome(terms) == ("N" if lw and rw else "L" if lw else "R" if rw else "P"), terms


def test_the_python_engine_side_is_the_twin():
    terms = [Clobber("xoxo|ox.x"), Konane("xo.o"), parse("{1|-1}")]
    expected = [_value_wins(terms, f) for f in "LR"]
    with backend.use("python"):
        assert [search.who_wins(terms, f) for f in "LR"] == expected
    assert [search.who_wins(terms, f) for f in "LR"] == expected


def test_the_table_stays_within_its_bound():
    if not native.active():
        pytest.skip("the native search is not running")
    owner = Clobber("xo").ruleset
    s = native.solver_of(owner)
    s.clear()
    s.set_sum_bound(entries=200)
    try:
        terms = [Clobber("xoxox|oxoxo"), Clobber("xoxo|oxox")]
        # small=0: no value is searched for (the two boards' values are found
        # within the budget otherwise), so the search plays both boards out
        got = [search.who_wins(terms, f, small=0) for f in "LR"]
        st = s.sum_stats()
        assert st["bound"] == 200 and st["entries"] <= 200 and st["evicted"] > 0
        # answers never change with the bound, only the time
        assert got == [_value_wins(terms, f) for f in "LR"]
    finally:
        s.set_sum_bound(bytes=256 << 20)
        s.clear()


def test_bad_terms_are_cgt_errors():
    with pytest.raises(CGTError, match="a term of a sum is a position or a Game"):
        search.who_wins([Clobber("xo"), 3])
    with pytest.raises(CGTError, match="first is 'L' or 'R'"):
        search.who_wins(Clobber("xo"), "B")


@pytest.mark.skipif(not native.active(), reason="the native search is not running")
def test_ctrl_c_stops_a_long_outcome_search():
    status, err = interrupted("solve", "--first", "L", "clobber:" + "|".join(["xoxoxo", "oxoxox"] * 3), after=8.0)
    assert status == 130 and err.strip() == "cgtkit solve: interrupted"


def test_the_solve_command(capsys):
    status, out, _ = run(capsys, "solve", "clobber:xo.ox", "^*")
    assert status == 0
    assert "outcome: N (the first player wins)" in out
    assert "winning moves for Left: term 1 to .x.ox, term 1 to xo.x., term 2 to 0" in out
    status, out, _ = run(capsys, "solve", "--json", "--first", "R", "clobber:xoxo.x", "{1|-1}")
    got = json.loads(out)
    assert status == 0 and got["wins"] is True and got["winning_moves"] == {"R": [{"term": 2, "to": "-1"}]}
    status, out, _ = run(capsys, "solve", "--json", "clobber:xo", "clobber:ox")
    assert json.loads(out)["outcome"] == "P" and json.loads(out)["winning_moves"] == {}
    status, out, _ = run(capsys, "solve", "clobber:xo.ox", "^*", "--no-moves")  # only who wins
    assert status == 0 and "outcome: N (the first player wins)" in out and "winning moves" not in out
    status, out, _ = run(capsys, "solve", "--json", "--no-moves", "clobber:xo.ox", "^*")
    assert json.loads(out)["outcome"] == "N" and "winning_moves" not in json.loads(out)
    status, _, err = run(capsys, "solve", "clobber:xq")
    assert status == 2 and "illegal character 'q'" in err and len(err.strip().splitlines()) == 1
    status, _, err = run(capsys, "solve", "{1|")  # the notation's error, with its caret
    assert status == 2 and err.startswith("cgtkit solve: error: '{' at column 1 is never closed")
