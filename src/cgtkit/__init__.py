"""cgtkit: combinatorial game theory, exact and fast.

The public face of the package: everything here is defined in a submodule and
re-exported.

>>> import cgtkit as cg
>>> cg.Dyadic("3/4") + cg.Dyadic("1/4")
Dyadic('1')
"""

from .errors import (
    CGTError,
    EmptyIntervalError,
    HeapCodeError,
    LoopyGameError,
    MoveFunctionError,
    NoWinningMoveError,
    NotANumberError,
    NotationError,
    NotDyadicError,
    RulesError,
    UnhashablePositionError,
)
from .nimbers import mex, nim_sum
from .numbers import Dyadic, simplest_between

__version__ = "0.1.0"
