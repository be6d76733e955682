"""The only code that touches the compiled extension ``cgtkit._native``: one seam per
subsystem, each choosing the native search or its Python twin.

>>> from cgtkit.backend import native_module
>>> native_module() is None or hasattr(native_module(), "RulesetSolver")
True
"""

from __future__ import annotations

from .._extension import native_module

__all__ = ["native_module"]
