"""A Grundy sequence as a result: the values ``G(0 .. n-1)`` of a heap game (a numpy
array), with the period seen in them, that draws itself.

:meth:`HeapGame.sequence <cgtkit.heap.games.HeapGame.sequence>` returns one.  In
Jupyter it shows as a scatter plot with the preperiod and the period marked (PNG, by
matplotlib when installed; the text form otherwise).

>>> from cgtkit.heap import OctalGame
>>> seq = OctalGame("0.07").sequence(40)          # Dawson's Kayles
>>> seq
GrundySequence('0.07', n=40, preperiod=None, period=None)
>>> seq = OctalGame("0.07").sequence(200)
>>> len(seq), seq[:8].tolist(), (seq.preperiod, seq.period)
(200, [0, 0, 1, 1, 2, 0, 3, 1], (53, 34))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from .periodicity import Periodicity

if TYPE_CHECKING:  # pragma: no cover - numpy is imported when the values are made
    import numpy as np

__all__ = ["GrundySequence"]


@dataclass(frozen=True, eq=False)
class GrundySequence:
    """``values`` are ``G(0 .. n-1)`` of the game ``name``; ``periodicity`` is the
    period found in them (certified or only observed: see :class:`Periodicity`), or
    None."""

    name: str
    values: np.ndarray
    periodicity: Optional[Periodicity] = None

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, i: Any) -> Any:
        return self.values[i]

    @property
    def preperiod(self) -> Optional[int]:
        return None if self.periodicity is None else self.periodicity.preperiod

    @property
    def period(self) -> Optional[int]:
        return None if self.periodicity is None else self.periodicity.period

    def __repr__(self) -> str:
        return f"GrundySequence({self.name!r}, n={len(self)}, preperiod={self.preperiod}, period={self.period})"

    def plot(self, ax: Any = None) -> Any:
        """Draw on a matplotlib axes (a new figure's if None) and return it; needs
        matplotlib (``pip install 'cgtkit[plot]'``)."""
        from .grundy_plot import plot_grundy_sequence

        return plot_grundy_sequence(self.values, self.periodicity, self._title(), ax)

    def _title(self) -> str:
        text = f"{self.name}: G(n) for n < {len(self)}"
        if self.periodicity is not None:
            how = "certified" if self.periodicity.certified else "observed"
            text += f"; preperiod {self.preperiod}, period {self.period} ({how})"
        return text

    def _repr_png_(self) -> Optional[bytes]:
        """Jupyter's picture: the scatter plot as PNG (None, so the text shows, when
        matplotlib is missing), its alt text in the PNG's Title and Description."""
        import io

        try:
            from .grundy_plot import pyplot

            plt = pyplot()
        except Exception:
            return None
        ax = self.plot()
        buffer = io.BytesIO()
        ax.figure.tight_layout()
        ax.figure.savefig(buffer, format="png", dpi=80, metadata={"Title": self._title(), "Description": self._alt()})
        plt.close(ax.figure)
        return buffer.getvalue()

    def _alt(self) -> str:
        return f"Scatter plot of the Grundy values of {self._title()}"

    def _repr_html_(self) -> Optional[str]:
        """The PNG as an ``<img>`` with alt text (what a notebook shows first)."""
        import base64
        from html import escape

        png = self._repr_png_()
        if png is None:
            return None
        data = base64.b64encode(png).decode("ascii")
        return f'<img src="data:image/png;base64,{data}" alt="{escape(self._alt())}">'
