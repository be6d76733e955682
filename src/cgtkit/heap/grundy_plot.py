"""Drawing a Grundy sequence with matplotlib (the optional ``plot`` extra): a scatter
plot of ``G(n)`` against the heap size ``n``, with the preperiod and one period marked
when they are known.

Without matplotlib, :func:`plot_grundy_sequence` raises a :class:`~cgtkit.errors.CGTError`
that says how to install it.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ..errors import CGTError
from .periodicity import Periodicity

__all__ = ["plot_grundy_sequence", "pyplot"]


def pyplot() -> Any:
    """``matplotlib.pyplot`` (on the Agg backend when no backend was chosen), or a
    :class:`~cgtkit.errors.CGTError` saying how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise CGTError(
            "plotting a Grundy sequence needs matplotlib, which is not installed: pip install 'cgtkit[plot]'"
        ) from None
    return plt


def plot_grundy_sequence(
    values: np.ndarray, periodicity: Optional[Periodicity] = None, title: str = "", ax: Any = None
) -> Any:
    """Scatter ``values[n]`` against ``n`` on ``ax`` (a new figure's axes if None); with
    ``periodicity``, shade the preperiod and mark the first full period after it.
    Returns the axes."""
    plt = pyplot()
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3))
    n = len(values)
    ax.scatter(np.arange(n), values, s=6 if n > 300 else 14, color="#1f4fd1", zorder=3, label="G(n)")
    if periodicity is not None:
        n0, p = periodicity.preperiod, periodicity.period
        if n0 > 0:
            ax.axvspan(-0.5, n0 - 0.5, color="#dddddd", zorder=1, label=f"preperiod {n0}")
        if n0 + p <= n:
            ax.axvspan(n0 - 0.5, n0 + p - 0.5, color="#ffe08a", zorder=1, label=f"period {p}")
        ax.axvline(n0 - 0.5, color="#d12f1f", linewidth=1, zorder=2)
        ax.legend(loc="upper left", fontsize="small")
    ax.set_xlabel("heap size n")
    ax.set_ylabel("Grundy value G(n)")
    ax.set_xlim(-1, max(n, 1))
    if title:
        ax.set_title(title)
    return ax
