"""Parts, differences and prime games in the misère monoid.

``H`` is a *part* of ``G`` when ``G = H + X`` for some game ``X``, the *difference*
``G - H`` (unique, since misère sums cancel: Conway, *On Numbers and Games* ch. 12).
Every game has finitely many parts; ``H`` and ``H + *1`` are parts together, so only
even parts are listed.  A game is *prime* when its only even parts are ``0`` and its
even part itself (and it is not ``0`` or ``*1``); every game is a sum of primes, not
always in one way (Norton's example ``{*4 + *2}`` is ``*2 + X`` and ``*4 + Y``).

The search: the options of ``X + Y`` are ``X' + Y`` and ``X + Y'``, so if ``G = X + Y``
then every option of ``G`` has ``X`` or ``Y`` as a part, and one of the two is a part of
some option.  For each part ``X`` of an option, the candidates for ``Y`` are the
differences that the options force (``Y = G' - X'`` when ``X`` is not a part of the
option ``G'``, ``Y = {G' - X, G - X'}`` when every difference exists), and each
candidate is kept only if ``X + Y`` really is ``G``.  A game with ``0`` or ``*1`` as an
option, or with three prime options (``H`` and ``H + *1`` counted once), is prime
(Conway; Siegel), which ends most searches at once.

>>> from .canonical import add, from_options, nimber
>>> two, four = nimber(2), nimber(4)
>>> g = from_options([add(four, two)])                          # {*4 + *2}
>>> sorted(len(p) for p in prime_partitions(g))
[2, 2]
>>> minus(add(two, four), two) == four, minus(four, two) is None
(True, True)
"""

from __future__ import annotations

from .canonical import add, options
from ._stack import Call, cached, run

__all__ = ["two_partitions", "minus", "parts", "prime_parts", "is_prime", "prime_partitions"]

_PARTITIONS: dict[int, dict[int, int]] = {0: {0: 0}}  # even G -> {even part: its complement}


def two_partitions(g: int) -> dict[int, int]:
    """``{X: Y}`` for every pair of even games with ``X + Y`` the even part of ``g``."""
    e = g & ~1
    found = _PARTITIONS.get(e)
    if found is None:
        found = run(_partitions(e))
    return found


def minus(g: int, h: int) -> int | None:
    """The difference ``g - h`` (the game ``x`` with ``h + x = g``), or None when ``h``
    is not a part of ``g``."""
    y = two_partitions(g).get(h & ~1)
    return None if y is None else y ^ ((g ^ h) & 1)


def _partitions(e: int) -> Call:
    found = _PARTITIONS.get(e)
    if found is not None:
        return found
    opts = options(e)
    known = {0: e, e: 0}
    if any(o < 2 for o in opts):  # 0 or *1 is an option: G is prime (ONAG ch. 12)
        _PARTITIONS[e] = known
        return known
    opt_parts: list[dict[int, int]] = []
    for o in opts:
        opt_parts.append((yield from cached(_PARTITIONS, o & ~1, _partitions)))
    primes = {o & ~1 for o, p in zip(opts, opt_parts) if len(p) == 2}  # {0: H, H: 0}
    if len(primes) >= 3:  # three prime options make G prime (Siegel)
        _PARTITIONS[e] = known
        return known
    candidates = sorted({x for p in opt_parts for x in p if x})
    changed = True
    while changed:
        changed = False
        for x in candidates:
            if x in known:
                continue
            for y in _complements(e, x, opts, opt_parts, known):
                if y & 1 or not y or add(x, y) != e:
                    continue
                known[x] = y
                known[y] = x
                changed = True
                break
    _PARTITIONS[e] = known
    return known


def _complements(
    e: int, x: int, opts: tuple[int, ...], opt_parts: list[dict[int, int]], known: dict[int, int]
) -> list[int]:
    """Candidates for ``e - x`` (each to be checked by adding)."""
    from .canonical import from_options

    xopts = options(x)
    out: list[int] = []
    # an option G' without x as a part must be X' + Y: Y = G' - X'
    lacking = [(o, p) for o, p in zip(opts, opt_parts) if x not in p]
    if lacking:
        o, p = lacking[0]
        for xo in xopts:
            d = p.get(xo & ~1)
            if d is not None:
                out.append(d ^ ((o ^ xo) & 1))
        return out
    # every option has x as a part; an option X' that is not a part of G makes X' + Y an
    # option of G: Y = G'' - X'
    strangers = [xo for xo in xopts if (xo & ~1) not in known]
    if strangers:
        xo = strangers[0]
        for o, p in zip(opts, opt_parts):
            d = p.get(xo & ~1)
            if d is not None:
                out.append(d ^ ((o ^ xo) & 1))
        return out
    # every difference exists: Y = {G' - X, G - X'}
    diffs = [p[x] ^ (o & 1) for o, p in zip(opts, opt_parts)]
    diffs += [known[xo & ~1] ^ (xo & 1) for xo in xopts]
    return [from_options(diffs)]


def parts(g: int) -> list[int]:
    """The even proper parts of ``g`` (neither 0 nor its even part), in canonical order."""
    from .canonical import key_of

    e = g & ~1
    return sorted((x for x in two_partitions(e) if x not in (0, e)), key=key_of)


def is_prime(g: int) -> bool:
    """Is ``g`` prime (its only even parts 0 and itself, and not 0 or *1)?"""
    e = g & ~1
    return e > 1 and len(two_partitions(e)) == 2


def prime_parts(g: int) -> list[int]:
    """The even prime parts of ``g`` (``g``'s even part itself when it is prime)."""
    from .canonical import key_of

    e = g & ~1
    out = [x for x in two_partitions(e) if x > 1 and is_prime(x)]
    return sorted(set(out), key=key_of)


def prime_partitions(g: int) -> list[tuple[int, ...]]:
    """Every way of writing the even part of ``g`` as a sum of even primes, each a tuple
    in canonical order (``()`` for 0 and *1)."""
    from .canonical import key_of

    out: list[tuple[int, ...]] = []
    stack: list[tuple[int, tuple[int, ...]]] = [(g & ~1, ())]
    while stack:
        rest, chosen = stack.pop()
        if rest <= 1:
            out.append(chosen)
            continue
        for p in prime_parts(rest):
            if chosen and key_of(p) < key_of(chosen[-1]):
                continue
            stack.append((two_partitions(rest)[p], chosen + (p,)))
    return sorted(set(out), key=lambda t: [key_of(p) for p in t])
