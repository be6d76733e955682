"""Old import paths keep working for one release, with a DeprecationWarning."""

import importlib
import sys

import pytest

MOVED = [
    # (old module, new module, a name that moved)
    ("cgtkit.classic", "cgtkit.heap.nim", "nim_outcome"),
    ("cgtkit.classic", "cgtkit.rulesets.cakes", "maundy_cake_formula"),
    ("cgtkit.classic", "cgtkit.scoring.two_ends", "two_ends_margin"),
    ("cgtkit.classic", "cgtkit.heap.subtraction", "subtraction_grundy"),
    ("cgtkit.classic.nim", "cgtkit.heap.nim", "nim_winning_moves"),
    ("cgtkit.classic.subtraction", "cgtkit.heap.subtraction", "subtraction_sequence"),
    ("cgtkit.classic.subtraction", "cgtkit.heap.subtraction", "DEFAULT_VALUE_LIMIT"),
    ("cgtkit.classic.cake", "cgtkit.rulesets.cakes", "maundy_cake_moves"),
    ("cgtkit.classic.two_ends", "cgtkit.scoring.two_ends", "two_ends_margin_brute_force"),
    ("cgtkit.classic.factorize", "cgtkit.primes", "prime_factors"),
]


@pytest.mark.parametrize("old, new, name", MOVED)
def test_old_path_warns_and_gives_the_same_object(old, new, name):
    for mod in [m for m in sys.modules if m == "cgtkit.classic" or m.startswith("cgtkit.classic.")]:
        del sys.modules[mod]
    with pytest.warns(DeprecationWarning, match=new.rsplit(".", 1)[0]):
        module = importlib.import_module(old)
    assert getattr(module, name) is getattr(importlib.import_module(new), name)


def test_partizan_subtraction_game_moved_to_heap():
    import cgtkit.partizan
    from cgtkit.heap import PartizanSubtractionGame

    with pytest.warns(DeprecationWarning, match="cgtkit.heap.PartizanSubtractionGame"):
        assert cgtkit.partizan.PartizanSubtractionGame is PartizanSubtractionGame
    with pytest.warns(DeprecationWarning):
        from cgtkit.partizan import PartizanSubtractionGame as old  # noqa: F401
    with pytest.raises(AttributeError):
        cgtkit.partizan.no_such_name


def test_old_private_spellings_still_resolve():
    with pytest.warns(DeprecationWarning):
        import cgtkit.classic.subtraction as old
    from cgtkit.heap import subtraction

    assert old._check_take([3, 1]) == (1, 3) and old._GAMES is subtraction._GAMES


@pytest.mark.parametrize(
    "name, new, new_name",
    [
        ("split", "cgtkit.rulesets.bitboard", "split"),
        ("parse_grid", "cgtkit.rulesets.bitboard", "parse_grid"),
        ("stone_key", "cgtkit.rulesets.symmetry", "stone_key"),
        ("_rev_table", "cgtkit.rulesets.symmetry", "reversal_table"),
        ("StonePosition", "cgtkit.rulesets.stones", "StonePosition"),
    ],
)
def test_grid_names_moved_to_their_concepts(name, new, new_name):
    import cgtkit.rulesets.grid as grid

    with pytest.warns(DeprecationWarning, match=new):
        old = getattr(grid, name)
    assert old is getattr(importlib.import_module(new), new_name)
    with pytest.raises(AttributeError):
        grid.no_such_name


def test_twins_renamed_to_their_method_keep_the_old_names():
    from cgtkit.nimbers import nim_product_by_definition, nim_product_slow
    from cgtkit.rulesets.placement import DOMINEERING
    from cgtkit.scoring import two_ends_margin_brute_force, two_ends_margin_by_search

    with pytest.warns(DeprecationWarning, match="nim_product_by_definition"):
        assert nim_product_slow(4, 4) == nim_product_by_definition(4, 4) == 6
    with pytest.warns(DeprecationWarning, match="two_ends_margin_by_search"):
        assert two_ends_margin_brute_force([3, -1, 4, 1, 5]) == two_ends_margin_by_search([3, -1, 4, 1, 5]) == 12
    empty = 0b011_011  # a 2x2 board at stride 3
    with pytest.warns(DeprecationWarning, match="components_by_split"):
        assert DOMINEERING.components_slow(empty, 3) == DOMINEERING.components_by_split(empty, 3)
