"""The ``cgtkit`` command: one subcommand per task, each in its own module here."""

from .main import main

__all__ = ["main"]
