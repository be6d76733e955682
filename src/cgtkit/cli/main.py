"""Entry point of the ``cgtkit`` command.

Each subcommand group lives in its own module with a ``register(subparsers)``
function; this module only assembles them and turns a :class:`CGTError` into a
one-line message and exit status 2 (Ctrl-C: a message and status 130).
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..errors import CGTError
from . import analysis_commands, heap_commands, ruleset_commands, seed_commands, value_commands

_GROUPS = (seed_commands, value_commands, heap_commands, analysis_commands, ruleset_commands)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="cgtkit",
        description="Combinatorial game theory: Grundy values, canonical forms, exact values.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for group in _GROUPS:
        group.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except CGTError as exc:
        print(f"cgtkit {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `cgtkit octal 0.77 --n 10**6 | head`
        return 0
    except KeyboardInterrupt:  # Ctrl-C, also inside the native search
        print(f"cgtkit {args.command}: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
