"""The examples in docs/loopy.md run as doctests."""

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "loopy.md"


def test_loopy_guide_examples():
    failures, tried = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 20 and failures == 0


def test_no_doc_says_the_partizan_solver_raises_on_loops():
    # issue 31: the README's Conventions said PartizanSolver raises LoopyGameError; it
    # hands over to loopy values, and only short_value raises
    import re

    import cgtkit as cg

    root = DOC.parent.parent
    for page in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = " ".join(page.read_text().split())
        assert not re.search(r"PartizanSolver`? raises `?LoopyGameError", text), page
    solver = cg.PartizanSolver(lambda n: ([1 - n], [1 - n]))  # 0 <-> 1 for both: dud
    assert str(solver.value(0)) == "dud" and solver.outcome(0) == "D"
