"""The command line as a whole: help for every subcommand and option, --version, bad
counts named by their option, articles, and one-line endings for memory and Ctrl-C."""

from __future__ import annotations

import argparse
import importlib

import pytest

import cgtkit
from cgtkit.cli._args import a_or_an, parse_count
from cgtkit.cli.main import build_parser, main

main_module = importlib.import_module("cgtkit.cli.main")


def run(capsys, *argv):
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argparse's own errors and --version
        status = exc.code
    out = capsys.readouterr()
    return status, out.out, out.err


def _subparsers():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return parser, sub


def test_every_subcommand_and_option_has_help():
    parser, sub = _subparsers()
    listed = {c.dest: c.help for c in sub._choices_actions}
    for name in listed:
        p = sub.choices[name]
        assert listed[name], f"{name}: no help line in 'cgtkit --help'"
        assert p.description, f"{name}: no description in 'cgtkit {name} --help'"
        for action in p._actions:
            assert action.help, f"cgtkit {name}: {action.option_strings or action.dest} has no help"
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            assert action.help, action.option_strings


def test_version(capsys):
    status, out, _ = run(capsys, "--version")
    assert status == 0 and out.strip() == f"cgtkit {cgtkit.__version__}"


def test_nim_checks_heaps_before_printing(capsys):
    status, out, err = run(capsys, "nim", "-1", "3")
    assert status == 2 and out == ""
    assert "a Nim heap must be at least 0, got -1" in err


def test_bad_counts_name_their_option(capsys):
    status, out, err = run(capsys, "octal", "0.77", "--limit", "-1", "--period")
    assert status == 2 and out == ""
    assert "--limit must be at least 1, got -1" in err and "heap size" not in err
    status, _, err = run(capsys, "octal", "0.77", "--n", "-5")
    assert status == 2 and "--n must be at least 0, got -5" in err
    status, _, err = run(capsys, "value", "--example-game", "0")
    assert status == 2 and "--example-game 0" in err and "n >= 1" in err
    status, _, err = run(capsys, "coins", "ten", "--take", "1")
    assert status == 2 and "'ten' is not an integer" in err


def test_counts_accept_powers():
    assert parse_count("10**100") == 10**100 and parse_count("2^5") == 32 and parse_count("1_000") == 1000
    with pytest.raises(ValueError, match="digits"):
        parse_count("10**10**10")
    with pytest.raises(ValueError, match="more than"):
        parse_count("10**1000000")


def test_articles(capsys):
    assert [a_or_an(w) for w in ("Amazons", "Eatcake", "Kayles", "N", "L", "P", "R", "ArcKayles")] == [
        "an",
        "an",
        "a",
        "an",
        "an",
        "a",
        "an",
        "an",
    ]
    for name, article in (("amazons", "an Amazons"), ("eatcake", "an Eatcake"), ("kayles", "a Kayles")):
        run(capsys, name, "--help")
        status, out, _ = run(capsys, name, "--help")
        assert status == 0 and f"The value of {article} position" in out


@pytest.mark.parametrize(
    "exc, status, message",
    [(MemoryError, 1, "error: out of memory"), (KeyboardInterrupt, 130, "interrupted")],
)
def test_memory_and_ctrl_c_end_in_one_line(capsys, monkeypatch, exc, status, message):
    def fail(args):
        raise exc()

    real = main_module.build_parser

    def parser_with_failing_nim():
        parser = real()
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        sub.choices["nim"].set_defaults(run=fail)
        return parser

    monkeypatch.setattr(main_module, "build_parser", parser_with_failing_nim)
    got, out, err = run(capsys, "nim", "3", "4")
    assert got == status and out == ""
    assert err.startswith("cgtkit nim: ") and message in err and len(err.strip().splitlines()) == 1
