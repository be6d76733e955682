"""numpy, imported on first use: ``from .._lazy import np``.

``import cgtkit`` and the command line's ``--help`` must not pay for numpy (about 0.1 s)
when no array is ever made.  ``np`` here stands in for the module: the first attribute
read imports numpy, and every attribute read is then cached on the stand-in, so a hot
loop pays one instance-dict lookup, as it would on the module itself.

>>> from cgtkit._lazy import np
>>> int(np.zeros(3, dtype=np.int64).sum())
0
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["np", "LazyModule"]


class LazyModule:
    """A module imported when one of its attributes is first read."""

    def __init__(self, name: str) -> None:
        self.__dict__["_name"] = name

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(self.__dict__["_name"])
        value = getattr(module, attr)
        self.__dict__[attr] = value
        return value

    def __repr__(self) -> str:
        return f"<lazy module {self.__dict__['_name']!r}>"


np: Any = LazyModule("numpy")
