"""Links and distinguishers of misère canonical forms (Conway, *On Numbers and Games*
ch. 12; Siegel, *Combinatorial Game Theory* ch. V).

Two games ``G`` and ``H`` are *linked* by ``T`` when ``G + T`` and ``H + T`` are both
misère P-positions.  Conway's theorem: ``G`` and ``H`` are linked exactly when neither is
an option of the other, and then

    ``T = {T(G', H) for the options G'} ∪ {T(H', G) for the options H'}``

links them, where ``T(A, B)`` is a game with ``A + T`` a P-position and ``B + T`` not (a
*P-N distinguisher*).  Distinct canonical forms are always distinguished: some game
``T`` gives ``G + T`` and ``H + T`` different outcomes, found through a link of one game
with an option of the other.

>>> from .canonical import add, from_options, gminus, nimber
>>> two, three = nimber(2), nimber(3)
>>> g = from_options([from_options([two])])                 # *[2##]
>>> t = link(two, g)
>>> gminus(add(two, t)), gminus(add(g, t))
(0, 0)
>>> link(two, three) is None                # *2 is an option of *3
True
>>> t = distinguisher(two, three); (gminus(add(two, t)) == 0) != (gminus(add(three, t)) == 0)
True
"""

from __future__ import annotations

from ..memo import BoundedMemo, register_cache
from ._stack import Call, run
from .canonical import add, from_options, gminus, has_option, mate, options

__all__ = ["link", "distinguisher", "pn_distinguisher", "is_linked"]

_LINKS: BoundedMemo[tuple[int, int], int | None] = BoundedMemo(1 << 16)
_DISTINGUISHERS: BoundedMemo[tuple[int, int], int | None] = BoundedMemo(1 << 16)
register_cache("misere.links", _LINKS.clear, _LINKS.__len__)
register_cache("misere.distinguishers", _DISTINGUISHERS.clear, _DISTINGUISHERS.__len__)


def is_linked(g: int, h: int) -> bool:
    """Are ``g`` and ``h`` linked (neither an option of the other)?"""
    return not has_option(g, h) and not has_option(h, g)


def link(g: int, h: int) -> int | None:
    """A game ``T`` with ``g + T`` and ``h + T`` both P-positions, or None if there is none."""
    found: int | None = run(_link(g, h))
    return found


def distinguisher(g: int, h: int) -> int | None:
    """A game ``T`` with ``g + T`` and ``h + T`` of different misère outcomes (None when
    ``g == h``)."""
    found: int | None = run(_distinguisher(g, h))
    return found


def pn_distinguisher(g: int, h: int) -> int | None:
    """A game ``T`` with ``g + T`` a P-position and ``h + T`` an N-position (None when
    ``g == h``)."""
    found: int | None = run(_pn(g, h))
    return found


def _link(g: int, h: int) -> Call:
    key = (g, h) if g <= h else (h, g)
    if key in _LINKS:
        return _LINKS[key]
    if g == 0 and h == 0:
        found: int | None = 1
    elif not is_linked(g, h):
        found = None
    else:
        opts = []
        for a, b in [(o, h) for o in options(g)] + [(o, g) for o in options(h)]:
            t = yield _pn(a, b)
            opts.append(t)
        found = from_options(opts)
    _LINKS[key] = found
    return found


def _distinguisher(g: int, h: int) -> Call:
    key = (g, h) if g <= h else (h, g)
    if key in _DISTINGUISHERS:
        return _DISTINGUISHERS[key]
    found: int | None = None
    if g == h:
        pass
    elif (g == 0 and gminus(h) == 0) or (h == 0 and gminus(g) == 0):
        found = 0
    else:
        # a link of h with an option of g makes g + T an N-position and h + T a P-position
        for a, b in [(h, o) for o in options(g)] + [(g, o) for o in options(h)]:
            found = yield _link(a, b)
            if found is not None:
                break
        if found is None:  # pragma: no cover - Conway's theorem says this cannot happen
            raise AssertionError(f"no distinguisher found for misère games {g} and {h}")
    _DISTINGUISHERS[key] = found
    return found


def _pn(g: int, h: int) -> Call:
    t = yield _distinguisher(g, h)
    if t is None or gminus(add(g, t)) == 0:
        return t
    # h + T is the P-position: {mates of g's options, T} turns it round
    return from_options([mate(o) for o in options(g)] + [t])
