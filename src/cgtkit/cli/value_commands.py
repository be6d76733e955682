"""Subcommands of the value group (to be filled in)."""

from __future__ import annotations

import argparse


def register(sub: "argparse._SubParsersAction") -> None:
    """Add this group's subcommands to the cgtkit parser."""
