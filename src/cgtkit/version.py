"""The version of cgtkit: written once, in ``native/Cargo.toml`` (the package takes it
from there when it is built).

>>> version().count(".") >= 2
True
"""

from __future__ import annotations

from importlib import metadata

__all__ = ["version"]


def version() -> str:
    """The installed package's version (the native core's, when no metadata is found)."""
    try:
        return metadata.version("cgtkit")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare source tree
        from . import backend

        return backend.version()
