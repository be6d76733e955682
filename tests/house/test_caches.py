"""The module-level caches: each bounded, each reported by cache_sizes() and emptied by
clear_caches(), and answers after a clear the same as before."""

from __future__ import annotations

import importlib

import pytest

from cgtkit.memo import BoundedMemo, cache_sizes
from cgtkit.short.game import clear_caches

# the modules that own a registered cache (imported so that every cache is registered)
OWNERS = [
    "cgtkit.short.notation",
    "cgtkit.short.census",
    "cgtkit.short.constants",
    "cgtkit.short.thermography",
    "cgtkit.misere.canonical",
    "cgtkit.misere.links",
    "cgtkit.misere.phylum",
    "cgtkit.misere.positions",
    "cgtkit.misere.quotient",
    "cgtkit.heap.subtraction",
    "cgtkit.rulesets.symmetry",
    "cgtkit.rulesets.reference",
    "cgtkit.loopy.store",
]

BOUNDED = [
    "loopy.survives",
    "loopy.stops",
    "loopy.adorned_stops",
    "misere.sums",
    "misere.links",
    "misere.distinguishers",
    "misere.gammas",
    "misere.heap_forms",
    "misere.quotients",
    "heap.subtraction_games",
    "symmetry.reversal",
    "symmetry.spread",
    "symmetry.code_tables",
    "symmetry.code_spread",
    "symmetry.interleave",
    "census.born_by",
    "reference.slow_domineering",
    "reference.slow_amazons",
]


def test_bounded_memo_forgets_the_oldest():
    memo: BoundedMemo[int, int] = BoundedMemo(3)
    for k in range(10):
        memo[k] = k * k
        assert len(memo) == min(k + 1, 3)
    assert dict(memo) == {7: 49, 8: 64, 9: 81}
    memo[8] = -1  # replacing an entry forgets nothing
    assert dict(memo) == {7: 49, 8: -1, 9: 81}
    with pytest.raises(TypeError, match="bypass the bound"):
        memo.setdefault(1, 1)
    with pytest.raises(TypeError, match="bypass the bound"):
        memo.update({1: 1})
    for bad in (0, -1, True, 2.0):
        with pytest.raises(ValueError):
            BoundedMemo(bad)  # type: ignore[arg-type]


def test_every_cache_is_reported_and_cleared():
    for name in OWNERS:
        importlib.import_module(name)
    from cgtkit.heap.subtraction import subtraction_grundy
    from cgtkit.heap import OctalGame
    from cgtkit.misere import game as misere_game, heap_forms, misere_quotient
    from cgtkit.rulesets.reference import slow_domineering
    from cgtkit.rulesets.symmetry import reversal_table

    g = misere_game("*[2,1]")
    before = (
        g + g + misere_game("*[3]"),
        g.phylum,
        misere_quotient("0.07", 12).orders,
        heap_forms(OctalGame("0.07"), 9),
    )
    subtraction_grundy(50, [1, 3, 4])
    slow_domineering(frozenset({(0, 0), (1, 0), (0, 1)}))
    reversal_table(5)
    sizes = cache_sizes()
    assert set(BOUNDED) <= set(sizes)
    for name in ("misere.quotients", "misere.heap_forms", "heap.subtraction_games", "reference.slow_domineering"):
        assert sizes[name] > 0, name
    clear_caches()
    assert not any(cache_sizes().values()), {k: v for k, v in cache_sizes().items() if v}
    after = (
        g + g + misere_game("*[3]"),
        g.phylum,
        misere_quotient("0.07", 12).orders,
        heap_forms(OctalGame("0.07"), 9),
    )
    assert after == before


def test_the_module_memos_are_bounded():
    # each bounded memo is a BoundedMemo (or an lru_cache with a maxsize): none grows for ever
    import functools

    from cgtkit.heap import subtraction
    from cgtkit.misere import canonical, links, phylum, positions, quotient
    from cgtkit.rulesets import reference, symmetry
    from cgtkit.short import census

    memos = [
        canonical._SUMS,
        links._LINKS,
        links._DISTINGUISHERS,
        phylum._GAMMAS,
        positions._HEAP_FORMS,
        quotient._CACHE,
        symmetry._REV,
        symmetry._SPREAD,
        symmetry._CODE_TABLES,
        symmetry._CODE_SPREAD,
        symmetry._INTERLEAVE,
    ]
    assert all(isinstance(m, BoundedMemo) and m.max_entries <= 1 << 18 for m in memos)
    for solver in (census._born_by, reference.slow_domineering, reference.slow_cram, reference.slow_amazons):
        assert isinstance(solver, functools._lru_cache_wrapper) and solver.cache_parameters()["maxsize"] is not None
    assert subtraction._KEPT_GAMES > 0 and subtraction._KEPT_VALUES > 0


def test_subtraction_games_kept_are_bounded_in_number():
    from cgtkit.heap import subtraction

    clear_caches()
    for k in range(1, subtraction._KEPT_GAMES + 20):
        subtraction.subtraction_grundy(3, [k + 1, k + 2])
    assert len(subtraction._GAMES) == subtraction._KEPT_GAMES == cache_sizes()["heap.subtraction_games"]
    assert subtraction.subtraction_grundy(8, [1, 3, 4]) == 1
