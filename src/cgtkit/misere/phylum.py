"""Tame, restive and restless games, and the genus of a misère canonical form.

Conway (*On Numbers and Games* ch. 12, *Winning Ways* ch. 13) sorts impartial games by
how they behave in misère sums.  With ``g⁺`` the normal-play and ``g⁻`` the misère
Grundy value of a game, its *genus type* is

* tame when ``g⁺ = g⁻`` or both are 0 or 1 (genus ``0^1``, ``1^0``, ``a^a``, ``0^0``, ``1^1``);
* restive when ``g⁺`` is 0 or 1 and ``g⁻`` is not tame with it;
* restless when ``g⁻`` is 0 or 1 and ``g⁺`` at least 2; wild otherwise.

A game is *hereditarily* tame (restive) when its genus type is tame (restive) and all
its options are hereditarily tame; *reversibly* tame when its options are tame except
for some that reverse, through a tame option of theirs, to its own ``g⁺`` and ``g⁻``;
*tameable* when that holds with tameable games in place of tame ones.  The phyla are
the ones CGSuite reports (``IsTame``, ``IsGenerallyTame``, ``IsTameable``,
``IsRestive``, ``IsGenerallyRestive``, ``IsRestless``), computed the same way.

The genus ``g^(γ0 γ1 γ2 ...)`` has ``γk`` the misère Grundy value of ``G + k·*2``;
``γ0 = g⁻`` and ``γk = mex({γk(G')} ∪ {γ(k-1), γ(k-1) xor 1})``, and the sequence ends
by alternating.  It is printed as CGSuite prints it: a nim-heap as ``g`` alone, a tame
or restive game as ``g^γ0``, any other as its superscript up to where it starts to
alternate (at least two digits), in parentheses with commas when a value exceeds 9.

>>> from .canonical import from_options, nimber
>>> two_sharp = from_options([nimber(2)])
>>> [str(genus(g)) for g in (0, 1, nimber(2), two_sharp)]
['0', '1', '2', '0^0']
>>> str(genus(from_options([two_sharp, 1])))          # *[2#1], restless
'2^1420'
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..memo import BoundedMemo, register_cache
from ..nimbers import mex
from ._stack import Call, cached, run
from .canonical import gminus, gplus, options

__all__ = [
    "NIMHEAP",
    "HEREDITARILY_TAME",
    "REVERSIBLY_TAME",
    "TAMEABLE",
    "HEREDITARILY_RESTIVE",
    "REVERSIBLY_RESTIVE",
    "RESTLESS",
    "WILD",
    "PHYLUM_NAMES",
    "classify",
    "phylum",
    "MisereGenus",
    "genus",
]

NIMHEAP, HEREDITARILY_TAME, REVERSIBLY_TAME, TAMEABLE = 0, 1, 2, 3
_WILD_TAME_GENUS = 4
HEREDITARILY_RESTIVE, REVERSIBLY_RESTIVE, _WILD_RESTIVE_GENUS = 5, 6, 7
RESTLESS, _WILD_RESTLESS_GENUS, WILD = 8, 9, 10

PHYLUM_NAMES = {
    NIMHEAP: "nim-heap",
    HEREDITARILY_TAME: "hereditarily tame",
    REVERSIBLY_TAME: "reversibly tame",
    TAMEABLE: "tameable",
    HEREDITARILY_RESTIVE: "hereditarily restive",
    REVERSIBLY_RESTIVE: "reversibly restive",
    RESTLESS: "restless",
    WILD: "wild",
}

GENERALLY_TAME = frozenset({NIMHEAP, HEREDITARILY_TAME, REVERSIBLY_TAME})
TAMEABLE_PHYLA = GENERALLY_TAME | {TAMEABLE}
GENERALLY_RESTIVE = frozenset({HEREDITARILY_RESTIVE, REVERSIBLY_RESTIVE})
RESTIVE_OR_TAME = GENERALLY_TAME | GENERALLY_RESTIVE


def _genus_type(gp: int, gm: int) -> int:
    if gp == gm or (gp | gm) < 2:
        return _WILD_TAME_GENUS
    if gp < 2:
        return _WILD_RESTIVE_GENUS
    if gm < 2:
        return _WILD_RESTLESS_GENUS
    return WILD


_PHYLUM: list[int] = [NIMHEAP]  # by record of cgtkit.misere.canonical (g >> 1): 0 is a nim-heap
_PHYLUM_LOCK = threading.Lock()


def phylum(g: int) -> int:
    """The phylum code of the canonical game ``g`` (``g`` and ``g + *1`` share it):
    found for each record of :mod:`cgtkit.misere.canonical` in the order they were
    made, so every option's is known first.

    >>> from .canonical import from_options
    >>> PHYLUM_NAMES[phylum(from_options([0]))], PHYLUM_NAMES[phylum(0)]
    ('nim-heap', 'nim-heap')
    """
    k = g >> 1
    if k >= len(_PHYLUM):
        with _PHYLUM_LOCK:
            while len(_PHYLUM) <= k:
                e = 2 * len(_PHYLUM)
                _PHYLUM.append(classify(options(e), gplus(e), gminus(e)))
    return _PHYLUM[k]


def classify(opts: tuple[int, ...], gp: int, gm: int) -> int:
    """The phylum of the game with canonical options ``opts`` and Grundy values
    ``gp`` (normal) and ``gm`` (misère)."""
    own = _genus_type(gp, gm)
    phyla = [phylum(o) for o in opts]
    if all(p in GENERALLY_TAME for p in phyla):
        worst = max(phyla, default=NIMHEAP)
        if worst == NIMHEAP and own == _WILD_TAME_GENUS and (gp > 1 or gp != gm):
            return NIMHEAP
        if worst != REVERSIBLY_TAME:  # all options hereditarily tame
            if own == _WILD_TAME_GENUS:
                return HEREDITARILY_TAME
            if own == _WILD_RESTIVE_GENUS:
                return HEREDITARILY_RESTIVE
        return {
            _WILD_TAME_GENUS: REVERSIBLY_TAME,
            _WILD_RESTIVE_GENUS: REVERSIBLY_RESTIVE,
            _WILD_RESTLESS_GENUS: RESTLESS,
        }.get(own, WILD)
    if own not in (_WILD_TAME_GENUS, _WILD_RESTIVE_GENUS):
        return WILD
    # some option is not tame: do the others reverse to G's values through tame options?
    possible = [REVERSIBLY_TAME, TAMEABLE] if own == _WILD_TAME_GENUS else [REVERSIBLY_RESTIVE]
    tame_gp = {gplus(o) for o, p in zip(opts, phyla) if p in GENERALLY_TAME}
    tame_gm = {gminus(o) for o, p in zip(opts, phyla) if p in GENERALLY_TAME}
    tameable_gp: set[int] = set()
    tameable_gm: set[int] = set()
    for o, p in zip(opts, phyla):
        if p in GENERALLY_TAME:
            continue
        m_found = p_found = m_tameable = p_tameable = False
        if TAMEABLE in possible and p == TAMEABLE:
            tameable_gp.add(gplus(o))
            tameable_gm.add(gminus(o))
            m_tameable = p_tameable = True
        for y in options(o):
            py, yp, ym = phylum(y), gplus(y), gminus(y)
            if py in GENERALLY_TAME and own == _WILD_TAME_GENUS:
                m_found |= gm == ym
                p_found |= gp == yp
            elif py in RESTIVE_OR_TAME and own == _WILD_RESTIVE_GENUS:
                m_found |= gm == ym and (yp < 2 or (yp ^ gm) < 2)
                p_found |= gp == yp and (ym < 2 or (ym ^ gm) < 2)
            elif py == TAMEABLE and TAMEABLE in possible:
                m_tameable |= gm == ym
                p_tameable |= gp == yp
        if not (m_found and p_found):
            possible = [q for q in possible if q == TAMEABLE and m_tameable and p_tameable]
            if not possible:
                return WILD
    if gp != mex(tame_gp) or gm != mex(tame_gm):
        possible = [q for q in possible if q == TAMEABLE]
    if TAMEABLE in possible:
        all_gp, all_gm = tame_gp | tameable_gp, tame_gm | tameable_gm
        if (gp != mex(all_gp) or gm != mex(all_gm)) and (all_gp or gp > 0):
            possible.remove(TAMEABLE)
    return possible[0] if possible else WILD


# --- the genus ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MisereGenus:
    """The genus of a misère canonical form: ``normal`` is g⁺ and ``misere`` the
    superscript γ0 γ1 ... up to where it starts alternating (γk for larger k repeats
    the last two); ``phylum`` decides how CGSuite prints it."""

    normal: int
    misere: tuple[int, ...]
    phylum: int

    def gamma(self, k: int) -> int:
        """γk for any k >= 0.

        >>> genus(0).gamma(0), genus(0).gamma(7)
        (1, 2)
        """
        m = self.misere
        if k < len(m):
            return m[k]
        last = len(m) - 1
        return m[last - ((k - last) % 2)]

    def __str__(self) -> str:
        if self.phylum == NIMHEAP:
            return str(self.normal)
        sup = self.misere[:1] if self.phylum in RESTIVE_OR_TAME else self.misere
        if any(v > 9 for v in sup):
            return f"{self.normal}^(" + ",".join(map(str, sup)) + ")"
        return f"{self.normal}^" + "".join(map(str, sup))


_GAMMAS: BoundedMemo[int, tuple[int, ...]] = BoundedMemo(1 << 18)  # id -> γ0, γ1, ...
register_cache("misere.gammas", _GAMMAS.clear, _GAMMAS.__len__)


def gammas(g: int) -> tuple[int, ...]:
    """γ0, γ1, ... of ``g`` up to where the sequence alternates (at least two)."""
    found = _GAMMAS.get(g)
    if found is None:
        found = run(_gammas(g))
    return found


def _at(seq: tuple[int, ...], k: int) -> int:
    if k < len(seq):
        return seq[k]
    last = len(seq) - 1
    return seq[last - ((k - last) % 2)]


def _gammas(g: int) -> Call:
    found = _GAMMAS.get(g)
    if found is not None:
        return found
    if g & 1:  # adding *1 flips the last bit of every γk
        even = yield from cached(_GAMMAS, g - 1, _gammas)
        found = _GAMMAS[g] = tuple(v ^ 1 for v in even)
        return found
    seqs = []
    for o in options(g):
        seqs.append((yield from cached(_GAMMAS, o, _gammas)))
    settled = max((len(s) for s in seqs), default=1) + 1  # past it the options alternate
    out = [gminus(g)]
    k = 1
    while True:
        seen = {_at(s, k) for s in seqs}
        seen.add(out[-1])
        seen.add(out[-1] ^ 1)
        out.append(mex(seen))
        # from `settled` on each step depends on the last value and the parity of k
        # only, so two repeated steps repeat for ever
        if k >= settled + 1 and out[k] == out[k - 2] and out[k - 1] == out[k - 3]:
            break
        k += 1
    m = len(out) - 1
    while m > 1 and out[m] == out[m - 2]:
        m -= 1
    found = _GAMMAS[g] = tuple(out[: m + 1])
    return found


def genus(g: int) -> MisereGenus:
    """The genus of the canonical game ``g``."""
    return MisereGenus(gplus(g), gammas(g), phylum(g))
