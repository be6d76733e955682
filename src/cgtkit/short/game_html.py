"""How a :class:`~cgtkit.short.game.Game` shows itself in Jupyter: its CGSuite notation
and outcome class and, when it is hot (temperature > 0), a small thermograph beside
them.  ``Game._repr_html_`` calls :func:`game_html`; the page is plain HTML with the
SVG inline, so a notebook saved to HTML shows the same picture.

>>> from cgtkit.short.notation import game
>>> html = game_html(game("{3||2|1}"))
>>> "<code>{3||2|1}</code>" in html and "<svg" in html and "t = 3/4" in html
True
>>> "<svg" in game_html(game("^*"))        # infinitesimal: temperature 0, no picture
False
>>> print(game_html(game("3/4")))  # doctest: +ELLIPSIS
<div class="cgtkit-game" ...><code>3/4</code><br><small>outcome L, temperature -1/4</small></div></div>
"""

from __future__ import annotations

from html import escape

from ..numbers import Dyadic
from ..hooks import provides
from .game import Game
from .thermography import temperature, thermograph

__all__ = ["game_html"]

#: the thumbnail's size in pixels
THUMBNAIL = (220, 150)


@provides("short.game_html")
def game_html(g: Game) -> str:
    """An HTML fragment: ``g``'s notation, its outcome class and, when ``g`` is hot, its
    thermograph as a small inline SVG."""
    text = escape(str(g))
    t = temperature(g)
    facts = f"outcome {g.outcome.value}, temperature {escape(str(t))}"
    picture = ""
    if t > Dyadic(0):
        w, h = THUMBNAIL
        svg = thermograph(g).to_svg(width=w, height=h, title=f"Thermograph of {g}")
        picture = f'<div class="cgtkit-thermograph">{svg}</div>'
    return (
        '<div class="cgtkit-game" style="display:flex;align-items:center;gap:1em">'
        f"<div><code>{text}</code><br><small>{facts}</small></div>{picture}</div>"
    )
