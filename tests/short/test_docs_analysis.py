"""The examples in docs/analysis.md are run as doctests, and its CLI transcripts are
compared with the real output."""

import doctest
import re
import shlex
from pathlib import Path

import pytest

from cgtkit.cli.main import main

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "analysis.md"


def test_python_examples():
    failures, tried = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 30 and failures == 0


TRANSCRIPTS = re.findall(r"```text\n\$ (cgtkit [^\n]*)\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("command, expected", TRANSCRIPTS, ids=[c for c, _ in TRANSCRIPTS])
def test_cli_transcripts(capsys, tmp_path, monkeypatch, command, expected):
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == expected
