"""Deprecated: use :mod:`cgtkit.heap.nim` (this module re-exports it and warns on import)."""

import warnings

from cgtkit.heap.nim import *  # noqa: F401,F403
from cgtkit.heap.nim import __all__  # noqa: F401
import cgtkit.heap.nim as _new  # noqa: E402

warnings.warn("cgtkit.classic.nim is deprecated: use cgtkit.heap.nim", DeprecationWarning, stacklevel=2)


def __getattr__(name: str):
    return getattr(_new, name)  # every other name of the new home, private ones included
