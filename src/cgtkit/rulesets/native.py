"""The controls of the native ruleset search, for scripts and tests: they are
:mod:`cgtkit.backend.rulesets`'s (the seam that chooses between the native search
and each ruleset's Python search; see there).

>>> from cgtkit.rulesets import Domineering
>>> with python_search():
...     slow = Domineering("...|...").value
>>> Domineering("...|...").value == slow
True
"""

from __future__ import annotations

from ..backend import rulesets as _seam
from ..backend.rulesets import *  # noqa: F403  (python_search, threads, solver_of, clear_all, ...)

__all__ = list(_seam.__all__)
