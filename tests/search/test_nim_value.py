"""Nim values of impartial sums by outcome searches alone (cgtkit.search.nim) against
the nim value of the summed canonical value, on random small sums of impartial
rulesets (Cram, Kayles, the impartial variant of Clobber) and nimbers, on the
engine running (the suite runs on both)."""

from __future__ import annotations

import json
import random

import pytest
from support.cli_run import run

from cgtkit import game as parse
from cgtkit.errors import ResourceLimitError
from cgtkit.rulesets import Clobber, Cram, Kayles
from cgtkit.rulesets.variants import impartial_variant
from cgtkit.search import SearchError
from cgtkit.search.nim import is_impartial_term, nim_value
from cgtkit.short.game import Game


def _term(rng: random.Random) -> object:
    kind = rng.randrange(4)
    if kind == 0:
        rows, cols = rng.randint(1, 3), rng.randint(1, 4)
        return Cram("|".join("".join(rng.choice("..#") for _ in range(cols)) for _ in range(rows)))
    if kind == 1:
        return Kayles("".join(rng.choice("xx.") for _ in range(rng.randint(1, 9))))
    if kind == 2:
        return impartial_variant(Clobber("".join(rng.choice("xo.") for _ in range(rng.randint(2, 6)))))
    return parse(f"*{rng.randint(0, 5)}")


def _value(t: object) -> Game:
    return t if isinstance(t, Game) else t.value  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(40))
def test_the_nim_value_of_a_sum_is_its_values(seed):
    rng = random.Random(seed)
    terms = [_term(rng) for _ in range(rng.randint(1, 4))]
    total = sum((_value(t) for t in terms), Game.of(0))
    assert total.is_nimber  # the terms are impartial, so is their sum
    assert nim_value(terms) == total.nim_value


def test_a_partizan_term_is_refused():
    with pytest.raises(SearchError, match=r"\^ is not impartial"):
        nim_value([Kayles("xxx"), parse("^")])
    assert not is_impartial_term(Clobber("xo")) and is_impartial_term(Cram("..|.."))


def test_the_bound_stops_the_candidates():
    assert nim_value(parse("*5")) == 5
    with pytest.raises(ResourceLimitError, match="at least 5"):
        nim_value(parse("*5"), bound=5)


def test_the_command_prints_the_nim_value(capsys):
    status, out, err = run(capsys, "solve", "--nim", "--json", "kayles:xxxx", "kayles:xx", "*1")
    assert status == 0, err
    # Kayles: xxxx has nim value 1, xx has 2; with *1 the sum is *(1^2^1) = *2
    assert json.loads(out)["nim_value"] == 2
    status, out, err = run(capsys, "solve", "--nim", "clobber:xo")
    assert status == 2 and "not impartial" in err
