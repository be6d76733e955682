"""The engine behind :class:`~cgtkit.short.game.Game`, and which one runs.

Two engines compute the same canonical forms: the **native** one (Rust, in
``native/src/short``) and the **python** one (:mod:`cgtkit.backend.python.short`), its
readable reference twin.  ``Game`` only holds a *handle* (an int id for the native
engine, a node for the python one) and asks the engine for everything.  The engine is
the backend's (:mod:`cgtkit.backend`), chosen once, when cgtkit is imported: the
native one unless the environment variable ``CGTKIT_ENGINE=python`` asks for the twin.

>>> ENGINE.name in ("native", "python")
True
>>> ENGINE.le(ENGINE.zero, ENGINE.zero)
True
"""

from __future__ import annotations


from ..backend import ENGINE, select_engine
from ..backend.protocols import NUS, Engine

__all__ = ["Engine", "ENGINE", "NUS", "select_engine"]
