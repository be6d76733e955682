"""Entry point of the ``cgtkit`` command.

Each subcommand group lives in its own module with a ``register(subparsers)``
function; this module only assembles them and turns a :class:`CGTError` into a
one-line message and exit status 2 (a usage error found after parsing also names the
command's help; so are an argument that is not UTF-8 text, a ``CGTKIT_*`` variable
with a value cgtkit cannot use, and a file that cannot be written), running out of
memory into a one-line message and exit status 1, and Ctrl-C, while parsing or
running, into ``cgtkit COMMAND: interrupted`` and exit status 130 (SIGTERM while
running: ``terminated`` and 143, :mod:`._stop`).  argparse's own
usage errors are one line too (:class:`._args.Parser`).  An unknown ``CGTKIT_*``
variable is a one-line warning that names the known ones.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from ..config import check_environment
from ..errors import CGTError
from ._args import Parser, UsageError
from ._stop import exit_status, stopped, terminate_as_interrupt

# the command groups, each a module of this package, imported when the parser is built;
# a group imports what its commands compute with only when one of them runs, and the
# rulesets' commands are made from their declarations read without importing them
# (so `cgtkit --help` and `cgtkit kayles xx.x` load no ruleset they do not run)
_GROUPS = (
    "classic_commands",
    "value_commands",
    "heap_commands",
    "misere_commands",
    "analysis_commands",
    "loopy_commands",  # before the rulesets: a loopy ruleset keeps its own command
    "ruleset_commands",
    "transfinite_commands",
    "solve_commands",
    "sweep_commands",
    "mcgs_commands",
)


class _Version(argparse.Action):
    """``--version``: the version is looked up only when asked for."""

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        from ..version import version

        print(f"cgtkit {version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered."""
    parser = Parser(
        prog="cgtkit",
        description="Combinatorial game theory: Grundy values, canonical forms, exact values.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="print cgtkit's version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for group in _GROUPS:
        importlib.import_module(f"{__package__}.{group}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 1 out of memory, 2 a
    usage or input error, 130 interrupted, 143 terminated)."""
    command = "cgtkit"
    try:
        for line in check_environment():
            print(f"cgtkit: warning: {line}", file=sys.stderr)
        argv = list(sys.argv[1:] if argv is None else argv)
        _check_utf8(argv)
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help, --version, or a usage error (already printed)
            return exc.code if isinstance(exc.code, int) else 2
        command = f"cgtkit {args.command}"
        with terminate_as_interrupt():
            status = args.run(args)
    except UsageError as exc:
        print(f"{command}: error: {exc} (see {command} --help)", file=sys.stderr)
        return 2
    except CGTError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print(
            f"{command}: error: out of memory: the question needs more memory than "
            "this machine has; ask for a smaller one",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt as exc:
        print(f"{command}: {stopped(exc)}", file=sys.stderr)
        return exit_status(exc)
    except BrokenPipeError:  # e.g. `cgtkit octal 0.77 --n 10**6 | head`
        return 0
    except OSError as exc:  # a file the command was given cannot be read or written
        where = f"{exc.filename}: " if exc.filename is not None else ""
        print(f"{command}: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    return status if isinstance(status, int) else 0


def _check_utf8(argv: list[str]) -> None:
    """A usage error for an argument that is not UTF-8 text (Python hands its bytes
    over as lone surrogates, which no later step could encode)."""
    for i, arg in enumerate(argv, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError as exc:
            raw = arg.encode("utf-8", "surrogateescape")
            raise UsageError(
                f"argument {i} ({raw!r}) is not UTF-8 text: byte {raw[exc.start]:#04x} at position {exc.start + 1}"
            ) from None


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
