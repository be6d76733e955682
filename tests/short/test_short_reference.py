"""Cross-check: the fast engine agrees with its slow, obviously-right twin.

:mod:`cgtkit.short.reference` follows the textbook recursions with no caches and no
number/NUS shortcuts.  On thousands of random games born by day 3 (a fixed seed, so a
failure reproduces) both must give the same canonical form, negative, sum and order.
A canonical reference game is unique, so "same canonical form" is Python ``==``.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cgtkit.short import reference as ref
from cgtkit.short.census import born_by
from cgtkit.short.game import EQ, FUZZY, GT, LT, Game

DAY2 = born_by(2)
DAY3 = born_by(3)
REF = {g: ref.from_game(g) for g in DAY3}


def _ref_compare(a: ref.RGame, b: ref.RGame):
    return {(True, True): EQ, (True, False): LT, (False, True): GT, (False, False): FUZZY}[ref.le(a, b), ref.le(b, a)]


def _random_sides(rng: random.Random, pool: list[Game], most: int) -> tuple[list[Game], list[Game]]:
    return rng.sample(pool, rng.randint(0, most)), rng.sample(pool, rng.randint(0, most))


def test_engine_canonical_forms_are_reference_canonical():
    for g in DAY3:  # canonicalising a canonical game changes nothing
        assert ref.canonical(REF[g]) == REF[g], g


def _check_raw_games(seed: int, pool: list[Game], most: int, count: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        left, right = _random_sides(rng, pool, most)
        raw = ref.make([REF[x] for x in left], [REF[x] for x in right])
        assert ref.from_game(Game.from_options(left, right)) == ref.canonical(raw), (left, right)


def test_canonical_form_of_random_raw_games():
    _check_raw_games(3, DAY2, 6, 3000)


def test_canonical_form_of_raw_games_with_day3_options():
    _check_raw_games(4, DAY3, 3, 300)


def test_negation_of_every_day3_game():
    for g in DAY3:
        assert ref.from_game(-g) == ref.neg(REF[g]), g


def test_comparison_of_all_day2_pairs_and_random_day3_pairs():
    pairs = list(itertools.product(DAY2, repeat=2))
    rng = random.Random(5)
    pairs += [(rng.choice(DAY3), rng.choice(DAY3)) for _ in range(4000)]
    for g, h in pairs:
        assert g.compare(h) is _ref_compare(REF[g], REF[h]), (g, h)


def test_sums_of_all_day2_pairs():
    for g, h in itertools.combinations_with_replacement(DAY2, 2):
        assert ref.from_game(g + h) == ref.add(REF[g], REF[h]), (g, h)


def test_sums_of_random_day3_games():
    rng = random.Random(6)
    for _ in range(400):
        g, h = rng.choice(DAY3), rng.choice(DAY2)
        assert ref.from_game(g + h) == ref.add(REF[g], REF[h]), (g, h)
    for _ in range(60):
        g, h = rng.choice(DAY3), rng.choice(DAY3)
        assert ref.from_game(g + h) == ref.add(REF[g], REF[h]), (g, h)


@pytest.mark.slow
def test_sums_of_many_day3_pairs():
    rng = random.Random(7)
    for _ in range(2000):
        g, h = rng.choice(DAY3), rng.choice(DAY3)
        assert ref.from_game(g + h) == ref.add(REF[g], REF[h]), (g, h)
        assert ref.from_game(g - h) == ref.add(REF[g], ref.neg(REF[h])), (g, h)


def _reference_nus(x: ref.RGame, n: int, m: int) -> ref.RGame:
    """x + n.^ + *m built from the definitions alone (^ = {0|*}, *m by the mex rule)."""
    nimbers = [ref.ZERO]
    for _ in range(m):
        nimbers.append(ref.make(nimbers, nimbers))
    up = ref.canonical(ref.make([ref.ZERO], [ref.make([ref.ZERO], [ref.ZERO])]))
    step = up if n > 0 else ref.neg(up)
    total = ref.add(x, nimbers[m])
    for _ in range(abs(n)):
        total = ref.add(total, step)
    return total


def _check_packed_values(ups: range, nims: range) -> None:
    from cgtkit.numbers import Dyadic
    from cgtkit.short.constants import star, up

    for x in (Dyadic(0), Dyadic(1, 2), Dyadic(-2)):
        for n in ups:
            for m in nims:
                g = Game.of(x) + n * up + star(m)
                assert g.nus == (x, n, m)
                assert ref.from_game(g) == _reference_nus(ref.from_game(Game.of(x)), n, m), (x, n, m)


def test_packed_values_have_the_reference_canonical_options():
    # the closed-form options of x + n.^ + *m (nus.nus_options) against the textbook sums
    _check_packed_values(range(-2, 3), range(0, 4))


@pytest.mark.slow
def test_more_packed_values_have_the_reference_canonical_options():
    _check_packed_values(range(-3, 4), range(0, 6))


def test_direct_recursion_agrees_with_the_explicit_stack():
    """Shallow sums and comparisons recurse directly (_le_rec, _add_rec); past
    _REC_LIMIT they run on the explicit stack (_drive).  Both ways must agree: first
    everything on the stack (limit -1), then everything by recursion, caches emptied
    in between so that neither run can read the other's answers.  (The python twin's
    machinery; the native engine has only the explicit stack.)"""
    from cgtkit import backend
    from cgtkit.backend.python.short import core as engine

    from support.engines import PYTHON, to_handle

    rng = random.Random(6)
    pairs = [(to_handle(PYTHON, rng.choice(DAY3)), to_handle(PYTHON, rng.choice(DAY3))) for _ in range(300)]

    def run():
        engine.clear_caches()
        return [(engine._add(a, b), engine._le(a, b), engine._le(b, engine._add(a, b))) for a, b in pairs]

    with backend.use("python", shortcuts=False):
        assert engine._REC_LIMIT < 0
        on_stack = run()
    assert engine._REC_LIMIT > 0
    assert run() == on_stack


def test_a_deep_caller_stack_gets_answers_not_recursion_errors():
    """Sums and comparisons called with little stack left (the caller's own recursion
    near Python's limit) fall back to the explicit stack instead of failing."""
    import sys

    from cgtkit.short import game as engine

    chain = [Game.from_options([1], [-1])]
    for _ in range(40):  # {2 | previous}: 41 levels, and sums and comparisons recurse deep
        chain.append(Game.from_options([2], [chain[-1]]))
    star = Game.from_options([0], [0])

    def questions():
        engine.clear_caches()
        top = chain[-1]
        return [top + star, top <= top + star, top + star <= top, (top + top).compare(0)]

    expected = questions()

    def at_depth(n: int):
        return questions() if n == 0 else at_depth(n - 1)

    headroom = 40
    here = len(__import__("inspect").stack(0))
    assert at_depth(sys.getrecursionlimit() - here - headroom) == expected
