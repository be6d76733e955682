"""Deprecated: use :mod:`cgtkit.primes` (this module re-exports it and warns on import)."""

import warnings

from cgtkit.primes import *  # noqa: F401,F403
from cgtkit.primes import __all__  # noqa: F401
import cgtkit.primes as _new  # noqa: E402

warnings.warn("cgtkit.classic.factorize is deprecated: use cgtkit.primes", DeprecationWarning, stacklevel=2)


def __getattr__(name: str):
    return getattr(_new, name)  # every other name of the new home, private ones included
