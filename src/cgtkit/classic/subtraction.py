"""Deprecated: use :mod:`cgtkit.heap.subtraction` (this module re-exports it and warns on import)."""

import warnings

from cgtkit.heap.subtraction import *  # noqa: F401,F403
from cgtkit.heap.subtraction import __all__  # noqa: F401
import cgtkit.heap.subtraction as _new  # noqa: E402

warnings.warn("cgtkit.classic.subtraction is deprecated: use cgtkit.heap.subtraction", DeprecationWarning, stacklevel=2)

_check_take = _new.check_take_set  # the old private spelling, used by callers outside the module


def __getattr__(name: str):
    return getattr(_new, name)  # every other name of the new home, private ones included
