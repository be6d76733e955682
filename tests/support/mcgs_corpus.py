"""Running one file of the MCGS test corpus (tests/data/mcgs/autotests/) for a
ruleset's tests: every command must be answered, and answered as MCGS's file says."""

from __future__ import annotations

import pathlib

from cgtkit.mcgs.runner import FAIL, SKIP, run_file
from cgtkit.mcgs.testfile import read

CORPUS = pathlib.Path(__file__).parent.parent / "data" / "mcgs" / "autotests"


def assert_corpus_file(relative: str) -> int:
    """Run ``CORPUS/relative``; fail on any FAIL or SKIP; return how many were OK."""
    path = CORPUS / relative
    results = run_file(read(path.read_text(), str(path)))
    bad = [r for r in results if r.status in (FAIL, SKIP)]
    assert not bad, bad[:3]
    assert results
    return len(results)
