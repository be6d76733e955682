"""The outcome search split at the root over threads (``jobs=``, ``cgtkit solve --jobs``)
against the search on one thread, on random sums; and Ctrl-C stopping every thread."""

from __future__ import annotations

import json
import random

import pytest
from support.cli_run import interrupted, run

from cgtkit import game as parse
from cgtkit import search
from cgtkit.backend import rulesets as native
from cgtkit.rulesets import Clobber, TopplingDominoes, ToadsAndFrogs

VALUES = ["0", "1", "-1/2", "*", "*2", "^", "{1|-1}", "{2|0}"]


def _random_sum(rng: random.Random) -> list:
    terms: list = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(3)
        if kind == 0:
            rows, cols = rng.randint(1, 2), rng.randint(2, 4)
            terms.append(Clobber("|".join("".join(rng.choice("xxoo.") for _ in range(cols)) for _ in range(rows))))
        elif kind == 1:
            terms.append(TopplingDominoes("".join(rng.choice("XO#") for _ in range(rng.randint(1, 6)))))
        else:
            terms.append(ToadsAndFrogs("".join(rng.choice("TF..") for _ in range(rng.randint(2, 7)))))
    terms += [parse(rng.choice(VALUES)) for _ in range(rng.randint(0, 2))]
    rng.shuffle(terms)
    return terms


@pytest.mark.parametrize("seed", range(12))
def test_threads_give_the_answers_of_one_thread(seed):
    rng = random.Random(seed)
    for _ in range(5):
        terms = _random_sum(rng)
        for first in "LR":
            assert search.who_wins(terms, first, jobs=2) == search.who_wins(terms, first), (terms, first)
            assert search.winning_moves(terms, first, jobs=3) == search.winning_moves(terms, first), (terms, first)


def test_the_command_takes_jobs(capsys):
    status, out, _ = run(capsys, "solve", "--json", "--jobs", "2", "clobber:xo.ox", "^*")
    got = json.loads(out)
    assert status == 0 and got["outcome"] == "N"
    assert got["winning_moves"]["L"] == [{"term": 1, "to": ".x.ox"}, {"term": 1, "to": "xo.x."}, {"term": 2, "to": "0"}]
    status, _, err = run(capsys, "solve", "--jobs", "0", "clobber:xo")
    assert status == 2 and "--jobs" in err


@pytest.mark.skipif(not native.active(), reason="the native search is not running")
def test_ctrl_c_stops_every_thread():
    board = "clobber:" + "|".join(["xoxoxo", "oxoxox"] * 3)
    status, err = interrupted("solve", "--jobs", "2", "--first", "L", board, after=8.0)
    assert status == 130 and err.strip() == "cgtkit solve: interrupted"
