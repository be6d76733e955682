"""cgtkit: combinatorial game theory, exact and fast.

The public face of the package: everything here is defined in a submodule and
re-exported.

>>> import cgtkit as cg
>>> cg.Dyadic("3/4") + cg.Dyadic("1/4")
Dyadic('1')
>>> cg.game("^") + cg.game("^") + cg.star == cg.game("{0|^}")
True
>>> cg.ImpartialSolver(lambda n: range(n)).grundy_sum([3, 4, 5])
2
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
    PeriodNotCertifiedError,
    ResourceLimitError,
    RulesError,
    UnhashablePositionError,
)
from .impartial import ImpartialSolver, WinningMove
from .nimbers import mex, nim_inverse, nim_product, nim_sum
from .numbers import Dyadic, simplest_between
from .options import Move, Sum
from .outcome import Outcome
from .partizan import PartizanSolver
from .short import (
    EQ,
    FUZZY,
    GT,
    LT,
    Comparison,
    Game,
    down,
    miny,
    nimber,
    star,
    switch,
    tiny,
    up,
    zero,
)
from .short.engine import ENGINE as _ENGINE
from .version import version as _version
from .short.notation import game

__version__: str = _version()

#: which engine computes canonical forms: "native" (Rust) or "python" (the twin);
#: chosen at import, CGTKIT_ENGINE=python selects the twin
engine: str = _ENGINE.name
