"""Misère Grundy values and genus against brute force and published facts."""

import json
from functools import lru_cache
from pathlib import Path

import pytest

from cgtkit import ImpartialSolver
from cgtkit.heap import OctalGame, SubtractionGame, genus_of, misere_grundy_of

DATA = json.loads((Path(__file__).parent.parent / "data" / "heap_published.json").read_text())


def brute_misere_value(moves, heaps: tuple, nim: tuple = ()) -> int:
    """Misère Grundy value of heaps of a heap game plus nim-heaps, by plain recursion
    over the whole position (no theory: terminal is 1, else mex of options)."""

    @lru_cache(maxsize=None)
    def value(hs: tuple, ns: tuple) -> int:
        options = []
        for i, h in enumerate(hs):
            rest = hs[:i] + hs[i + 1 :]
            for opt in moves(h):
                options.append((tuple(sorted(rest + opt)), ns))
        for i, x in enumerate(ns):
            rest = ns[:i] + ns[i + 1 :]
            for y in range(x):
                options.append((hs, tuple(sorted(rest + ((y,) if y else ())))))
        if not options:
            return 1
        seen = {value(*o) for o in options}
        g = 0
        while g in seen:
            g += 1
        return g

    return value(tuple(sorted(heaps)), tuple(sorted(nim)))


def brute_misere_outcome_wins(moves, heaps: tuple) -> bool:
    """Does the player to move win misère play (the last mover loses)?"""

    @lru_cache(maxsize=None)
    def wins(hs: tuple) -> bool:
        any_move = False
        for i, h in enumerate(hs):
            rest = hs[:i] + hs[i + 1 :]
            for opt in moves(h):
                any_move = True
                if not wins(tuple(sorted(rest + opt))):
                    return True
        return not any_move

    return wins(tuple(sorted(heaps)))


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.7", "0.6"])
def test_misere_values_against_brute_force(code):
    game = OctalGame(code)
    got = game.misere_grundy_values(14).tolist()
    assert got == [brute_misere_value(game.moves, (h,)) for h in range(14)]
    for heaps in [(3, 5), (1, 1, 2), (4, 4), (2, 6, 7), (1, 2, 3, 4)]:
        value = game.misere_grundy_sum(list(heaps))
        assert value == brute_misere_value(game.moves, heaps)
        assert (value != 0) == brute_misere_outcome_wins(game.moves, heaps)


@pytest.mark.parametrize("code", ["0.77", "0.07"])
def test_genus_against_brute_force_with_twos(code):
    game = OctalGame(code)
    for h in range(9):
        genus = game.genus(h, depth=5)
        assert genus.normal == game.grundy(h)
        for k in range(5):
            assert genus.gamma(k) == brute_misere_value(game.moves, (h,), (2,) * k), (h, k)


def test_published_kayles_genus():
    entry = DATA["misere"]["kayles_genus"]
    game = OctalGame(entry["code"])
    assert [str(game.genus(h)) for h in range(len(entry["genus"]))] == entry["genus"]


def test_nim_heap_genera():
    nim = ImpartialSolver(lambda n: range(n))
    assert [str(genus_of(nim, n)) for n in range(5)] == ["0^120", "1^031", "2^20", "3^31", "4^46"]
    # misère nim: a sum with a heap >= 2 behaves like normal nim
    assert misere_grundy_of(nim, [1, 1]) == 1 and misere_grundy_of(nim, [2, 3, 1]) == 0


def test_genus_of_any_solver_game_matches_heap_game():
    kayles = OctalGame("0.77")
    s = kayles.solver()
    for h in range(8):
        assert str(genus_of(s, h)) == str(kayles.genus(h))
    assert misere_grundy_of(s, [3, 5]) == kayles.misere_grundy_sum([3, 5])
    assert genus_of(s, [2, 3]).normal == 2 ^ 3


def test_genus_of_solver_with_string_positions():
    # positions need not be sortable: a tiny game on strings
    moves = {"a": ["b", "c"], "b": ["c"], "c": []}
    s = ImpartialSolver(lambda p: moves[p])
    g = genus_of(s, ["a", "b"])
    assert g.normal == s.grundy_sum(["a", "b"])
    assert g.misere_value == brute_misere_value(lambda p: [(o,) for o in moves[p]], ("a", "b"))


def test_subtraction_genus_is_tame_for_take_one_or_two():
    g = SubtractionGame([1, 2])
    assert [str(g.genus(h)) for h in range(6)] == ["0^120", "1^031", "2^20", "0^120", "1^031", "2^20"]
