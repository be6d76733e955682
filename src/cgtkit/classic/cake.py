"""Deprecated: use :mod:`cgtkit.rulesets.cakes` (this module re-exports the Maundy Cake
functions and warns on import)."""

import warnings

import cgtkit.rulesets.cakes as _new
from cgtkit.rulesets.cakes import (  # noqa: F401
    cake_range_queries,
    maundy_cake_formula,
    maundy_cake_moves,
    maundy_cake_value,
)

warnings.warn("cgtkit.classic.cake is deprecated: use cgtkit.rulesets.cakes", DeprecationWarning, stacklevel=2)

__all__ = ["maundy_cake_formula", "maundy_cake_moves", "maundy_cake_value", "cake_range_queries"]


def __getattr__(name: str):
    return getattr(_new, name)  # every other name of the new home, private ones included
