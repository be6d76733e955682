"""What the engine behind Game must do whichever engine runs: exact numbers of any
size, games of any depth and width, several threads at once, Ctrl-C and internal
errors as Python exceptions, and a visible, selectable engine."""

from __future__ import annotations

import os
import pickle
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import cgtkit as cg
from cgtkit.numbers import Dyadic
from cgtkit.short.census import born_by
from cgtkit.backend import extension as native_module
from cgtkit.short.engine import ENGINE
from cgtkit.short.game import Game
from cgtkit.short.thermography import mean, temperature

NATIVE = ENGINE.name == "native"
needs_native = pytest.mark.skipif(not NATIVE, reason="the native engine's own machinery")


# --- exact and unbounded -------------------------------------------------------------
def test_huge_numerators_and_denominators_stay_exact():
    big = Game.of(2**200)
    tiny = Game.of(Dyadic(1, 2**300))
    assert big.number == 2**200 and tiny.number == Dyadic(1, 2**300)
    s = big + tiny + 1
    assert s.number == Dyadic(2**500 + 2**300 + 1, 2**300)
    assert tiny > 0 and tiny < Game.of(Dyadic(1, 2**299)) and not tiny <= 0
    assert str(s) == f"{2**500 + 2**300 + 1}/{2**300}"
    assert cg.game(str(s)) is s
    assert big.birthday == 2**200 and tiny.birthday == 301
    assert Game.from_options([big], []) == Game.of(2**200 + 1)
    assert Game.from_options([0], [tiny]) == Game.of(Dyadic(1, 2**301))


def test_huge_ups_and_nimbers_stay_exact():
    n = 2**100
    g = cg.up(2**100_000) + cg.star(n) + Game.of(Dyadic(3, 2**70))
    assert g.nus == (Dyadic(3, 2**70), 2**100_000, n)
    assert g + cg.star(n) - cg.up(2**100_000) == Game.of(Dyadic(3, 2**70))
    assert cg.star(n) + cg.star(n + 1) == cg.star
    assert g.birthday == 71 + 2**100 + 2**100_000  # closed form: b(x) + 1 + m + (n - 1), see nus.py
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # the text has 30,103 digits; Python reads 4,300 by default
    try:
        assert cg.game(str(cg.up(2**100_000))) is cg.up(2**100_000)
    finally:
        sys.set_int_max_str_digits(limit)


def test_a_huge_switch_has_exact_stops_and_temperature():
    x = Dyadic(2**200 + 1, 2**300)
    g = cg.switch(x)
    assert g.stops == (x, -x)
    assert temperature(g) == x and mean(g) == 0


# --- deep and wide games -------------------------------------------------------------
def _chain(depth: int) -> Game:
    """{2 | {2 | ... {2 | +-1}}}: each level stays general, so the depth is real."""
    g = Game.from_options([1], [-1])
    for _ in range(depth):
        g = Game.from_options([2], [g])
    return g


def test_a_chain_100_000_deep_works_without_recursion():
    depth = 100_000
    g = _chain(depth)
    assert g.birthday == depth + 2
    n = -g
    assert n.birthday == depth + 2 and -n is g
    h = g + 1
    assert g <= h and not h <= g and h - 1 is g
    assert g.stops == (2, 2)
    text = str(g)
    assert cg.game(text) is g
    assert mean(g) == 2
    assert pickle.loads(pickle.dumps(g)) is g


@pytest.mark.slow
def test_a_chain_a_million_deep_works_without_recursion():
    depth = 1_000_000
    g = _chain(depth)
    assert g.birthday == depth + 2
    assert -(-g) is g and (g + 1) - 1 is g
    assert cg.game(str(g)) is g


def test_a_game_of_100_000_options():
    n = 100_000 if NATIVE else 5_000
    stars = [cg.star(k) for k in range(n)]
    g = Game.from_options(stars, stars)
    assert g is cg.star(n)
    assert len(g.left_options) == n and g.left_options[-1] is cg.star(n - 1)
    assert g + cg.star(7) is cg.star(n ^ 7)
    assert not g <= 0 and not g >= 0


# --- threads ---------------------------------------------------------------------------
def test_threads_share_the_engine_safely():
    """Several threads add, compare, parse and print at once; every answer equals the
    one computed alone (and interning still gives one Game per value)."""
    day3 = sorted(born_by(3), key=str)
    rng = random.Random(11)
    pairs = [(rng.choice(day3), rng.choice(day3)) for _ in range(400)]
    texts = [(str(a), str(b)) for a, b in pairs]

    def work(chunk):
        out = []
        for a, b in chunk:
            g, h = cg.game(a), cg.game(b)
            s = g + h + g
            out.append((str(s), s <= h, h <= g, s.compare(0), str(-s)))
        return out

    cg.short.game.clear_caches()
    expected = work(texts)
    cg.short.game.clear_caches()
    results: dict[int, list] = {}
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            results[i] = work(texts[i::2] + texts[1 - i :: 2])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i % 2,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    by_text = dict(zip(texts, expected))
    for i, got in results.items():
        order = texts[i::2] + texts[1 - i :: 2]
        assert got == [by_text[t] for t in order]


def test_threads_making_the_same_new_games_get_the_same_objects():
    """Four threads build the same games, new to the process, at once: each value has
    one Game (the engine keeps one facade per handle, whichever thread made it)."""
    made: list[list[Game]] = []
    start = threading.Barrier(4)

    def run() -> None:
        start.wait()
        made.append([Game.from_options([Dyadic(i, 32)], [Game.from_options([i], [-i])]) for i in range(7001, 7401)])

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 4
    for games in made[1:]:
        assert all(a is b for a, b in zip(made[0], games))
    assert made[0][0] == cg.game("{7001/32|{7001|-7001}}")


# --- the facade ------------------------------------------------------------------------
def test_a_game_is_made_only_by_the_engine():
    with pytest.raises(TypeError, match=r"use Game\.from_options"):
        Game()
    if NATIVE:
        core = native_module().GameCore
        assert isinstance(cg.star, core) and issubclass(Game, core)
        with pytest.raises(TypeError, match=r"use Game\.from_options"):
            core.__new__(Game, object(), 0)  # without the engine's private token


def test_operators_convert_ints_and_dyadics_and_refuse_the_rest():
    g = cg.game("{1|*}")
    assert g + 1 is 1 + g is cg.game("{2|1*}")
    assert g - Dyadic(1, 2) is -(Dyadic(1, 2) - g)
    assert 0 - g is -g and +g is g
    assert (g == "x") is False and (g != "x") is True and (g == 1) is False
    assert cg.game("1") == 1 and (cg.game("1") == True) is False  # a bool is not a game
    assert cg.game("3/4") < 1 and 1 > cg.game("3/4") and not cg.star < 0 and not cg.star > 0
    assert hash(cg.game("3/4")) == hash(Dyadic(3, 4)) and hash(cg.game("-1")) == hash(-1)
    for bad in ("x", 1.5, None):
        with pytest.raises(TypeError):
            g + bad
        with pytest.raises(TypeError):
            g <= bad
    assert g.left_options == (cg.game("1"),) and g.right_options == (cg.star,)


# --- errors, interrupts, selection ------------------------------------------------------
@needs_native
def test_a_panic_in_native_code_is_a_python_exception_and_the_engine_goes_on():
    native = native_module()
    with pytest.raises(RuntimeError, match="internal error in cgtkit's native core"):
        native.panic_for_tests()
    assert cg.game("{1|*}") + cg.up == cg.game("{1^|^*}")


def test_ctrl_c_stops_a_long_native_computation():
    """SIGINT during a long computation (an uptimal ^[n] built one level at a time)
    raises KeyboardInterrupt promptly: the script exits with the usual message."""
    script = textwrap.dedent(
        """
        import sys, cgtkit as cg
        print("ready", flush=True)
        try:
            cg.game("^[50000000]")
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(130)
        print("finished", flush=True)
        """
    )
    # a child of a shell's background job starts with SIGINT ignored (Python then installs
    # no KeyboardInterrupt handler): give the child Ctrl-C as a terminal would
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # never leave ^[50000000] running: it grows without end
            proc.kill()
            proc.wait()
    assert proc.returncode == 130 and out.strip() == "interrupted"


def test_the_engine_is_visible_and_selectable():
    assert cg.engine == ENGINE.name
    code = "import cgtkit; print(cgtkit.engine)"
    for choice in ("python", "native"):
        env = dict(os.environ, CGTKIT_ENGINE=choice)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == choice
    env = dict(os.environ, CGTKIT_ENGINE="fast")
    bad = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert bad.returncode != 0 and "CGTKIT_ENGINE='fast': expected 'native' or 'python'" in bad.stderr


def test_clear_caches_empties_every_memo_and_keeps_identity():
    a = cg.game("{1|*}") + cg.game("{2|-1}")
    assert ENGINE.stats()["add_entries"] > 0 or not NATIVE
    cg.short.game.clear_caches()
    stats = ENGINE.stats()
    assert stats["le_entries"] == stats["add_entries"] == stats["canonical_entries"] == 0
    assert cg.game("{1|*}") + cg.game("{2|-1}") is a


def test_a_nimber_too_large_to_list_is_a_clear_error():
    g = cg.star(2**40)
    with pytest.raises(cg.ResourceLimitError, match=r"\*1099511627776 has more than 4194304 options"):
        g.left_options
    assert g + cg.star(2**40) == 0 and g.birthday == 2**40  # arithmetic needs no options
