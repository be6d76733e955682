"""The CGTKIT_* environment variables: one module (cgtkit.config) reads and checks them;
a bad value is a ConfigError naming the variable and the values allowed (never a
silent default), an unknown CGTKIT_* name a warning naming the known ones, and the
cgtkit command says either in one line (a bad value: exit status 2)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import warnings

import pytest

from cgtkit import config
from cgtkit.errors import CGTError, ConfigError

from support.cli_run import run as cli

SRC = pathlib.Path(__file__).resolve().parent.parent.parent / "src"


def _child(code_or_argv, **env):
    """Run python -c CODE (a str) or python -m cgtkit.cli ARGV (a list) with ``env``
    added to a clean copy of the environment (no CGTKIT_* of ours)."""
    base = {k: v for k, v in os.environ.items() if not k.upper().startswith("CGTKIT_")}
    base["PYTHONPATH"] = str(SRC)
    argv = ["-c", code_or_argv] if isinstance(code_or_argv, str) else ["-m", "cgtkit.cli", *code_or_argv]
    return subprocess.run([sys.executable, *argv], env={**base, **env}, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "name, text, says",
    [
        ("CGTKIT_ENGINE", "pyth", "expected 'native' or 'python'"),
        ("CGTKIT_MAX_DEPTH", "-1", "expected an integer at least 1"),
        ("CGTKIT_MAX_DEPTH", "0", "expected an integer at least 1"),
        ("CGTKIT_MAX_DEPTH", "lots", "expected an integer at least 1"),
        ("CGTKIT_LOOPY_MAX_POSITIONS", "1e6", "expected an integer at least 1"),
        ("CGTKIT_EATCAKE_MAX_COST", "big", "expected a number at least 1"),
        ("CGTKIT_EATCAKE_MAX_COST", "0", "expected a number at least 1"),
        ("CGTKIT_EATCAKE_MAX_COST", "nan", "expected a number at least 1"),
    ],
)
def test_a_bad_value_names_the_variable_and_the_values_allowed(name, text, says):
    with pytest.raises(ConfigError, match=f"^{name}='{text}': {says}") as caught:
        config.setting(name, {name: text})
    assert isinstance(caught.value, CGTError) and isinstance(caught.value, ValueError)
    with pytest.raises(ConfigError, match=name):
        config.check_environment({name: text})


def test_good_values_and_defaults():
    env = {
        "CGTKIT_ENGINE": " Python ",
        "CGTKIT_MAX_DEPTH": "10**7",
        "CGTKIT_LOOPY_MAX_POSITIONS": "5_000",
        "CGTKIT_EATCAKE_MAX_COST": "1e8",
        "CGTKIT_REQUIRE_BROWSER": "1",
    }
    assert [config.setting(n, env) for n in config.SETTINGS] == ["python", 10**7, 5000, 10**8, True]
    assert [config.setting(n, {n: ""}) for n in config.SETTINGS] == ["native", 4_000_000, 1_000_000, None, False]
    assert config.check_environment(env) == []


def test_an_unknown_name_names_the_known_ones():
    lines = config.check_environment({"CGTKIT_ENGIN": "python", "CGTKIT_FOO": "1", "PATH": "/bin"})
    assert len(lines) == 2
    assert lines[0].startswith("CGTKIT_ENGIN is not a cgtkit variable (did you mean CGTKIT_ENGINE?)")
    assert lines[1].startswith("CGTKIT_FOO is not a cgtkit variable; the known ones are CGTKIT_ENGINE,")
    assert all(", ".join(config.SETTINGS) in line for line in lines)


def test_the_library_reads_every_variable_through_config():
    """No module of cgtkit reads a CGTKIT_* variable itself (a second reader would skip the checks)."""
    import re

    reads = re.compile(r"""(environ|getenv)\b.*["']CGTKIT_""")
    readers = [
        f"{path.name}:{i}"
        for path in (SRC / "cgtkit").rglob("*.py")
        if path.name != "config.py"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if reads.search(line)
    ]
    assert readers == []


def test_import_refuses_a_bad_value_and_warns_of_an_unknown_name():
    bad = _child("import cgtkit", CGTKIT_MAX_DEPTH="-1")
    assert bad.returncode != 0 and "ConfigError: CGTKIT_MAX_DEPTH='-1': expected an integer at least 1" in bad.stderr
    typo = _child("import cgtkit; print(cgtkit.engine)", CGTKIT_ENGIN="python")
    assert typo.returncode == 0 and typo.stdout.strip() == "native"
    assert "ConfigWarning: CGTKIT_ENGIN is not a cgtkit variable (did you mean CGTKIT_ENGINE?)" in typo.stderr
    depth = _child("import cgtkit.traverse as t; print(t.DEFAULT_MAX_DEPTH)", CGTKIT_MAX_DEPTH="1000")
    assert depth.stdout.strip() == "1000"


@pytest.mark.parametrize(
    "env, says",
    [
        ({"CGTKIT_ENGINE": "pyth"}, "cgtkit: error: CGTKIT_ENGINE='pyth': expected 'native' or 'python'"),
        ({"CGTKIT_MAX_DEPTH": "-1"}, "cgtkit: error: CGTKIT_MAX_DEPTH='-1': expected an integer at least 1"),
    ],
)
def test_the_command_says_a_bad_value_in_one_line(env, says):
    done = _child(["nim", "3", "4"], **env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(says) and len(done.stderr.strip().splitlines()) == 1


def test_the_command_warns_of_an_unknown_name_in_one_line_and_goes_on():
    done = _child(["nim", "3", "4"], CGTKIT_ENGIN="python")
    assert done.returncode == 0 and "nim-sum: 7" in done.stdout
    assert done.stderr.startswith(
        "cgtkit: warning: CGTKIT_ENGIN is not a cgtkit variable (did you mean CGTKIT_ENGINE?)"
    )
    assert len(done.stderr.strip().splitlines()) == 1


def test_main_checks_the_environment_too(capsys, monkeypatch):
    monkeypatch.setenv("CGTKIT_LOOPY_MAX_POSITIONS", "many")
    status, out, err = cli(capsys, "nim", "3", "4")
    assert status == 2 and out == "" and err.startswith("cgtkit: error: CGTKIT_LOOPY_MAX_POSITIONS='many'")
    monkeypatch.delenv("CGTKIT_LOOPY_MAX_POSITIONS")
    monkeypatch.setenv("CGTKIT_NOPE", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        status, out, err = cli(capsys, "nim", "3", "4")
    assert status == 0 and err.startswith("cgtkit: warning: CGTKIT_NOPE is not a cgtkit variable")


def test_eatcake_reads_its_bound_through_config(monkeypatch):
    from cgtkit.rulesets.cakes import Eatcake

    monkeypatch.setenv("CGTKIT_EATCAKE_MAX_COST", "sometimes")
    with pytest.raises(ConfigError, match="CGTKIT_EATCAKE_MAX_COST='sometimes': expected a number at least 1"):
        Eatcake("4x6").search_value()
