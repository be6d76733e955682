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

from . import config as _config

_config.check_at_import()  # every CGTKIT_* variable, before anything reads one

from .errors import (
    CGTError,
    ConfigError,
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
from .notation import game
from .surreal import Surreal, surreal
from .transfinite_nimbers import TransfiniteNimber


def __getattr__(name: str) -> str:
    # __version__ is read from the package metadata on first use (importlib.metadata
    # costs ~0.1 s of import time that `cgtkit --help` and every script would pay)
    if name == "__version__":
        from .version import version

        return version()
    raise AttributeError(f"module 'cgtkit' has no attribute {name!r}")


def reset() -> dict[str, int]:
    """Release the games no live ``Game`` refers to, and every cache (for a long
    research loop in one process): see :func:`cgtkit.short.game.reset`.  The native
    ruleset searches' tables, which name games by id, are emptied too.  Returns the
    number of interned games ``{"before": ..., "after": ...}``.

    >>> g = game("{3||2|1}")
    >>> sizes = reset()
    >>> sizes["after"] <= sizes["before"] and str(g + g) == "{5||4,{5|4}|3}"
    True
    """
    import sys

    from .short.game import reset as reset_games

    searches = sys.modules.get("cgtkit.backend.rulesets")  # loaded only when used
    if searches is not None:
        searches.clear_all()
    return reset_games()


#: which engine computes canonical forms: "native" (Rust) or "python" (the twin);
#: chosen at import, CGTKIT_ENGINE=python selects the twin
engine: str = _ENGINE.name
