"""Entry point of the ``cgtkit`` command.

Each subcommand group lives in its own module with a ``register(subparsers)``
function; this module only assembles them and turns a :class:`CGTError` into a
one-line message and exit status 2 (a usage error found after parsing also names the
command's help), running out of memory into a one-line message and exit status 1,
and Ctrl-C, while parsing or running, into ``cgtkit COMMAND: interrupted`` and exit
status 130.  argparse's own usage errors are one line too (:class:`._args.Parser`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..errors import CGTError
from ._args import Parser, UsageError
from . import (
    analysis_commands,
    heap_commands,
    loopy_commands,
    mcgs_commands,
    misere_commands,
    ruleset_commands,
    seed_commands,
    solve_commands,
    sweep_commands,
    transfinite_commands,
    value_commands,
)

_GROUPS = (
    seed_commands,
    value_commands,
    heap_commands,
    misere_commands,
    analysis_commands,
    loopy_commands,  # before the rulesets: a loopy ruleset keeps its own command
    ruleset_commands,
    transfinite_commands,
    solve_commands,
    sweep_commands,
    mcgs_commands,
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
        group.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 1 out of memory, 2 a
    usage or input error, 130 interrupted)."""
    command = "cgtkit"
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help, --version, or a usage error (already printed)
            return exc.code if isinstance(exc.code, int) else 2
        command = f"cgtkit {args.command}"
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
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `cgtkit octal 0.77 --n 10**6 | head`
        return 0
    return status if isinstance(status, int) else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
