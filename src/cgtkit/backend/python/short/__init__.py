"""The Python engine of short games: the readable reference twin of the native one.

It is the specification: the native engine (``native/src/short``) follows the same
algorithms, and the tests compare the two.  ``CGTKIT_ENGINE=python`` makes it the
engine behind :class:`~cgtkit.short.game.Game`.
"""

from .core import Node, PyEngine

__all__ = ["Node", "PyEngine"]
