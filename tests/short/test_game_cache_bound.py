"""The analyses' memos (``GameCache``) are bounded (cgtkit issue 18): between walks each
keeps at most ``max_entries`` entries, while a walk, nested walks and walks in other
threads keep what they stored until the last of them ends.  A tiny bound changes no
answer, only what is recomputed."""

from __future__ import annotations

import random
import threading

import pytest
from support.analysis_games import DAY2

from cgtkit.rulesets import Domineering
from cgtkit import memo as game_module
from cgtkit.short.atomic_weight import atomic_weight, companion, far_star, is_all_small, is_atomic, naive_atomic_weight
from cgtkit.short.constants import up
from cgtkit.short.engine import ENGINE
from cgtkit.memo import DEFAULT_CACHE_ENTRIES, GameCache, cache_entries, cache_sizes, set_cache_entries, walking
from cgtkit.short.game import Game, clear_caches
from cgtkit.short.misere import misere_first_player_wins
from cgtkit.short.notation import game
from cgtkit.short.products import conway_product, norton
from cgtkit.short.properties import is_even, temper, uptimal_expansion
from cgtkit.short.thermography import thermograph, thermograph_python

TINY = 10


def _domineering_values() -> list[Game]:
    """The values of seeded random Domineering boards (with holes), and their followers."""
    rng = random.Random(18)
    found: set[Game] = set()
    for _ in range(60):
        rows, cols = rng.choice([(2, 6), (3, 4), (4, 4), (2, 8)])
        board = "|".join("".join("#" if rng.random() < 0.2 else "." for _ in range(cols)) for _ in range(rows))
        found |= Domineering(board).value.followers()
    return sorted(found, key=str)


def _infinitesimals() -> list[Game]:
    """Seeded random sums of day-2 infinitesimals, and ``{A|B}`` of such sums."""
    rng = random.Random(19)
    small = [g for g in DAY2 if g.is_infinitesimal]
    sums = {sum(rng.sample(small, rng.randint(1, 3)), Game.of(0)) for _ in range(40)}
    pool = sorted(sums, key=str)
    nodes = {Game.from_options(rng.sample(pool, 2), rng.sample(pool, 2)) for _ in range(20)}
    return sorted((g for g in sums | nodes if g.is_infinitesimal), key=str)


GAMES = _domineering_values() + _infinitesimals()
GAMES += [game(t) for t in ("{3||2*|1*}", "^^*", "{0|^*}", "{^|v*}", "+-1", "*3", "^<2>")]


def _answers(games: list[Game]) -> list[tuple]:
    """Every analysis that keeps a GameCache, on each game (in an order that mixes
    what is cached and what is not)."""
    out = []
    for g in games:
        row: tuple = (
            thermograph(g),
            thermograph_python(g),
            thermograph_python(g).temperature,
            temper(g),
            is_even(g),
            uptimal_expansion(g),
            misere_first_player_wins(g),
            far_star(g),
        )
        if g.is_infinitesimal:
            row += (naive_atomic_weight(g), is_all_small(g), is_atomic(g) and atomic_weight(g), companion(g))
        if g.birthday <= 4:
            row += (norton(g, up),)
        if g.birthday <= 2:
            row += (conway_product(g, game("{1|*}")),)
        out.append(row)
    return out


def _game_caches() -> list[GameCache]:
    return [c for c in game_module._GAME_CACHES if isinstance(c, GameCache)]


@pytest.fixture
def tiny_bound():
    """Every GameCache without a bound of its own bounded to TINY entries, for the test."""
    clear_caches()
    previous = set_cache_entries(TINY)
    try:
        yield TINY
    finally:
        set_cache_entries(previous)
        clear_caches()


def _assert_within_bounds() -> None:
    over = {c.name: (len(c), c.max_entries) for c in _game_caches() if len(c) > c.max_entries}
    assert not over, over


def test_the_default_bound_is_visible_and_settable():
    assert cache_entries() == DEFAULT_CACHE_ENTRIES == 1 << 20
    previous = set_cache_entries(123)
    try:
        assert cache_entries() == 123
        assert all(c.max_entries == 123 for c in _game_caches() if not c.own_bound)
        assert GameCache("test.own_bound", max_entries=7).max_entries == 7  # its own bound stays
    finally:
        assert set_cache_entries(previous) == 123
    assert all(c.max_entries == previous for c in _game_caches() if not c.own_bound)
    for bad in (0, -1, True, 2.5, None):
        with pytest.raises(ValueError, match="at least one entry"):
            set_cache_entries(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one entry"):
        GameCache("test.bad_bound", max_entries=0)


def test_a_tiny_bound_changes_no_answer(tiny_bound):
    assert len(GAMES) > 50
    set_cache_entries(DEFAULT_CACHE_ENTRIES)
    clear_caches()
    expected = _answers(GAMES)
    assert sum(cache_sizes().values()) > 20 * TINY  # the default bound kept them all
    set_cache_entries(tiny_bound)
    _assert_within_bounds()  # trimmed at once: no walk was under way
    assert _answers(GAMES) == expected  # and again, from the caches as trimmed
    _assert_within_bounds()
    assert _answers(list(reversed(GAMES))) == list(reversed(expected))
    _assert_within_bounds()
    clear_caches()
    assert _answers(GAMES) == expected
    _assert_within_bounds()


def test_a_bound_of_one_changes_no_answer(tiny_bound):
    # the nested walks at their tightest: naive_atomic_weight calls far_star, a walk of
    # its own, inside its walk; the misère walk of a Form plays its atoms' walks inside
    from cgtkit.misere.forms import form

    infinitesimals = [g for g in GAMES if g.is_infinitesimal]
    texts = ["{0, {*|*} | {0|*}}", "{{0|0}, 1 | {*|-1}}", "{ {0|{0|0}} | {0|0} }"]
    set_cache_entries(DEFAULT_CACHE_ENTRIES)
    clear_caches()
    expected = [naive_atomic_weight(g) for g in infinitesimals], [misere_first_player_wins(form(t)) for t in texts]
    set_cache_entries(1)
    clear_caches()
    got = [naive_atomic_weight(g) for g in infinitesimals], [misere_first_player_wins(form(t)) for t in texts]
    assert got == expected
    _assert_within_bounds()
    assert len(infinitesimals) > 10


def test_nested_walks_trim_only_when_the_outermost_ends():
    outer = GameCache("test.nested.outer", max_entries=2)
    inner = GameCache("test.nested.inner", max_entries=1)
    with walking(outer):
        for n in range(5):
            outer[Game.of(n)] = n
        with walking(inner):
            for n in range(3):
                inner[Game.of(n)] = n
        assert len(outer) == 5 and len(inner) == 3  # the inner walk's end trimmed nothing
        with walking(outer, inner, {}):  # a plain dict may be named: it is left alone
            pass
        assert len(outer) == 5 and len(inner) == 3
    assert list(outer.values()) == [3, 4] and list(inner.values()) == [2]  # the newest kept


def test_a_walk_that_fails_still_ends():
    memo = GameCache("test.failing", max_entries=1)
    with pytest.raises(KeyError):
        with walking(memo):
            memo[Game.of(1)] = 1
            memo[Game.of(2)] = 2
            memo[Game.of(3)]
    assert game_module._walks == 0 and list(memo.values()) == [2]


def test_a_walk_in_another_thread_keeps_the_caches_until_it_ends():
    """Thread A is in a walk when thread B's walk ends: nothing is trimmed (B's own
    cache neither) until A's walk ends, after B's."""
    a_memo = GameCache("test.thread.a", max_entries=2)
    b_memo = GameCache("test.thread.b", max_entries=2)
    a_stored, b_done, a_checked = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def thread_a() -> None:
        with walking(a_memo):
            for n in range(6):
                a_memo[Game.of(n)] = n
            a_stored.set()
            b_done.wait(10)
            seen["a during"] = len(a_memo), len(b_memo), sum(a_memo[Game.of(n)] for n in range(6))
            a_checked.set()
        seen["a after"] = len(a_memo), len(b_memo)

    def thread_b() -> None:
        a_stored.wait(10)
        with walking(b_memo):
            for n in range(6):
                b_memo[Game.of(n)] = n
        seen["b after"] = len(a_memo), len(b_memo)
        b_done.set()

    threads = [threading.Thread(target=thread_a), threading.Thread(target=thread_b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert a_checked.is_set()
    assert seen == {"b after": (6, 6), "a during": (6, 6, 15), "a after": (2, 2)}
    assert game_module._walks == 0


@pytest.mark.skipif(ENGINE.name != "native", reason="the python twin engine is used from one thread at a time")
def test_threads_analysing_at_once_with_a_tiny_bound(tiny_bound):
    """Four threads run every analysis on the same games at once, with a tiny bound:
    each answer is the one computed alone, and the caches end within their bounds."""
    games = GAMES[::2]
    set_cache_entries(DEFAULT_CACHE_ENTRIES)
    clear_caches()
    expected = _answers(games)
    set_cache_entries(tiny_bound)
    clear_caches()
    results: dict[int, list] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def run(i: int) -> None:
        try:
            order = games[i % 2 :: 2] + games[1 - i % 2 :: 2]
            start.wait()
            results[i] = _answers(order)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    by_game = dict(zip(games, expected))
    for i, got in results.items():
        assert got == [by_game[g] for g in games[i % 2 :: 2] + games[1 - i % 2 :: 2]]
    assert game_module._walks == 0
    _assert_within_bounds()
