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
    OrdinalError,
    PeriodNotCertifiedError,
    ResourceLimitError,
    RulesError,
    UnhashablePositionError,
)
from .impartial import ImpartialSolver, WinningMove
from .nimbers import mex, nim_inverse, nim_product, nim_sum
from .numbers import Dyadic, simplest_between
from .options import Move, Sum
from .ordinals import Ordinal, omega
from .outcome import Outcome
from .partizan import PartizanSolver
from .search import who_wins, winning_moves  # and cgtkit.search.outcome (cgtkit.outcome is the module)
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
from .short.notation import game
from .surreal import Surreal, surreal
from .transfinite_nimbers import TransfiniteNimber


def __getattr__(name: str) -> str:
    # __version__ is read from the package metadata on first use (importlib.metadata
    # costs ~0.1 s of import time that `cgtkit --help` and every script would pay)
    if name == "__version__":
        from .version import version

        return version()
    raise AttributeError(f"module 'cgtkit' has no attribute {name!r}")


#: which engine computes canonical forms: "native" (Rust) or "python" (the twin);
#: chosen at import, CGTKIT_ENGINE=python selects the twin
engine: str = _ENGINE.name
