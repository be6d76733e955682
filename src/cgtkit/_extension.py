"""The compiled extension ``cgtkit._native`` (built from ``native/``), found in one place.

Every module that runs a native kernel asks :func:`native_module`; it returns None
when the extension is not built, and the caller falls back to its Python twin.  (The
import goes through :mod:`importlib` with the full name: ``from . import _native``
reads, to the layer checker, as an import of the whole ``cgtkit`` package.)
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["native_module"]


def native_module() -> Any:
    """The compiled extension ``cgtkit._native``, or None when it is not built."""
    try:
        return importlib.import_module("cgtkit._native")
    except ImportError:
        return None
