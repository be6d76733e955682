"""`cgtkit octal`, `cgtkit subtraction`, `cgtkit nimprod`."""

import pytest

from cgtkit.cli.main import main
from support.cli_run import run


def test_octal_values_and_period(capsys):
    status, out, err = run(capsys, "octal", "0.77", "--n", "200", "--period", "--no-progress")
    assert status == 0
    assert "game: 0.77" in out
    assert "       0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2" in out
    assert "preperiod: 71\nperiod: 12\ncertified: yes" in out
    assert err == ""


def test_octal_progress_goes_to_stderr(capsys):
    status, out, err = run(capsys, "octal", "0.137", "--n", "5", "--period", "--progress")
    assert status == 0 and "period: 34" in out
    # --progress: plain lines (none before the first few seconds; this search is quick)
    assert "Traceback" not in err and "\r" not in err


def test_octal_misere(capsys):
    status, out, _ = run(capsys, "octal", "0.77", "--n", "5", "--misere", "6")
    assert "misere values (heaps 0..5): 1 0 2 3 0 1" in out
    assert "genus (heaps 0..5): 0^120 1^031 2^20 3^31 1^031 4^146" in out


def test_bad_code_is_a_clear_error(capsys):
    status, out, err = run(capsys, "octal", "0.7z")
    assert status == 2
    assert "character 'z' at column 4" in err


def test_subtraction_forms(capsys):
    status, out, _ = run(capsys, "subtraction", "1,3,4", "--n", "50", "--period")
    assert "0: 0 1 0 1 2 3 2 0 1 0 1 2 3 2 0 1 0 1 2 3" in out
    assert "preperiod: 0\nperiod: 7\ncertified: yes" in out
    status, out, _ = run(capsys, "subtraction", "--all-but", "1,2", "--n", "9", "--period")
    assert "0: 0 0 0 1 1 1 2 2 2" in out
    assert "period: 3\nsaltus: 1\ncertified: yes (G(n+3) = G(n) + 1 checked" in out
    status, out, _ = run(capsys, "subtraction", "--all-but", "1,2,3", "--period")
    assert "preperiod: 0\nperiod: 4\nsaltus: 1\ncertified: yes" in out  # was (1020, 1)
    status, out, _ = run(capsys, "subtraction", "10**12", "--n", "3", "--period")
    assert (
        status == 0
        and "period: not searched: a proof needs at least 1,000,000,000,002 values, more than --limit 2,000,000" in out
    )
    status, out, _ = run(capsys, "subtraction", "--squares", "--n", "10")
    assert "0: 0 1 0 1 2 0 1 0 1 2" in out
    status, _, err = run(capsys, "subtraction", "1,x")
    assert status == 2 and "comma-separated" in err
    status, _, err = run(capsys, "subtraction")
    assert status == 2 and "exactly one" in err


def test_nimprod(capsys):
    status, out, _ = run(capsys, "nimprod", "123456789", "987654321")
    assert status == 0 and out.strip() == "2797059340"
    _, out, _ = run(capsys, "nimprod", "2", "2", "2")
    assert out.strip() == "1"  # 2*2 = 3, 3*2 = 1
    _, out, _ = run(capsys, "nimprod", "0xffffffffffffffff", "0xffffffffffffffff")
    assert int(out) == 0x9CAF97A49CFC97F7
    _, out, _ = run(capsys, "nimprod", "2", "--inverse")
    assert out.strip() == "3"
    status, _, err = run(capsys, "nimprod", "-3", "2")
    assert status == 2


def test_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "kayles.png"
    status, out, _ = run(capsys, "octal", "0.77", "--n", "100", "--plot", str(path))
    assert status == 0 and path.stat().st_size > 1000
    assert f"plot: {path}" in out


def test_plot_without_matplotlib(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    status, _, err = run(capsys, "octal", "0.77", "--n", "10", "--plot", str(tmp_path / "x.png"))
    assert status == 2 and "needs matplotlib" in err


def test_help_mentions_examples(capsys):
    for cmd in ("octal", "subtraction", "nimprod"):
        assert main([cmd, "--help"]) == 0
        assert "example" in capsys.readouterr().out
