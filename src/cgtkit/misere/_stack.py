"""Recursion without the Python call stack: the generator trampoline of
:mod:`cgtkit.traverse` (:func:`~cgtkit.traverse.run_steps`), used by the misère algorithms.

Each algorithm is written as a *generator*: where a recursive call would be, it yields
the generator of the sub-call and receives its return value; :func:`run` drives them
on an explicit stack, so the depth of a game never meets Python's recursion limit.

>>> def countdown(n):
...     if n == 0:
...         return 0
...     below = yield countdown(n - 1)
...     return below + 1
>>> run(countdown(100_000))
100000
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, MutableMapping

from ..traverse import Step as Call
from ..traverse import run_steps as run

__all__ = ["run", "Call", "cached"]


def cached(cache: MutableMapping[Any, Any], key: Hashable, make: Callable[[Any], Call]) -> Call:
    """``cache[key]``, computed by the sub-call ``make(key)`` when missing (use with
    ``yield from``)."""
    value = cache.get(key)
    if value is None:
        value = yield make(key)
    return value
