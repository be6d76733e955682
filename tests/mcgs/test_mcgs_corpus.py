"""MCGS's public test corpus (tests/data/mcgs/autotests, MIT; see its SOURCE.md), run
file by file as ``cgtkit mcgs`` runs it: zero mismatches, and no skip.  The small
files run in ``make test``; every file runs under ``make test-slow`` (the corpus takes
tens of minutes in all, the impartial Amazons and the 4x4 King Dirt files the most).
``misc_autotests/wrong_value.test`` is MCGS's check that a wrong expectation fails:
its two commands must FAIL."""

from __future__ import annotations

import pathlib

import pytest

from cgtkit.mcgs.runner import DONE, FAIL, OK, run_file, summary
from cgtkit.mcgs.testfile import read

CORPUS = pathlib.Path(__file__).parent.parent / "data" / "mcgs" / "autotests"
FILES = sorted(str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.test"))
WRONG = "misc_autotests/wrong_value.test"
FAST = {
    "amazons_autotests/3x3.test",
    "basic_cgt_autotests/random_cgt_games_imp2.test",
    "kayles_autotests/kayles_bw_easy.test",
    "kayles_autotests/kayles_imp_easy.test",
    "misc_autotests/all_game_types.test",
    "misc_autotests/misc.test",
    WRONG,
}


def _run(name):
    path = CORPUS / name
    return run_file(read(path.read_text(), str(path)))


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=() if n in FAST else (pytest.mark.slow,)) for n in FILES if n != WRONG]
)
def test_a_corpus_file_passes(name):
    results = _run(name)
    assert results
    assert [r for r in results if r.status not in (OK, DONE)] == []  # DONE: the file expects nothing


def test_the_wrong_values_fail():
    assert summary(_run(WRONG))[FAIL] == 2


def test_every_file_is_here():
    assert len(FILES) >= 100 and all(name in FILES for name in FAST)
