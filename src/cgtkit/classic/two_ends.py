"""Deprecated: use :mod:`cgtkit.scoring.two_ends` (this module re-exports it and warns on import)."""

import warnings

from cgtkit.scoring.two_ends import *  # noqa: F401,F403
from cgtkit.scoring.two_ends import __all__  # noqa: F401
import cgtkit.scoring.two_ends as _new  # noqa: E402

warnings.warn("cgtkit.classic.two_ends is deprecated: use cgtkit.scoring.two_ends", DeprecationWarning, stacklevel=2)


def __getattr__(name: str):
    return getattr(_new, name)  # every other name of the new home, private ones included
