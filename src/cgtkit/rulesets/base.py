"""What every position of a string-described ruleset shares: it prints as its
position string, ``repr`` is ``ClassName('string')``, and equality and hashing go
through one tuple, ``_state()``, so a position is an immutable value.

>>> from cgtkit.rulesets.kayles import Kayles
>>> Kayles("xx.x") == Kayles("xx.x"), repr(Kayles("xx.x"))
(True, "Kayles('xx.x')")
"""

from __future__ import annotations

from typing import Hashable

__all__ = ["StringPosition"]


class StringPosition:
    """Mixin: ``repr``, ``==`` and ``hash`` from ``str()`` and ``_state()``."""

    __slots__ = ()

    def _state(self) -> Hashable:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}('{self}')"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._state() == other._state()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._state()))
