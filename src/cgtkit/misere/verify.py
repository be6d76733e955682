"""Deciding whether a candidate misère quotient is right, word by word.

A candidate is a bipartite monoid ``(Q, P)`` with a *pretending function* ``Φ``: heap
``h`` pretends to be ``Φ(h)``, and a sum of heaps (a *word*) to be the product.  The
*transitions* ``T(h)`` of a heap are the images of its options.  The candidate is
right for every sum of heaps exactly when, for every word ``w`` (Plambeck and Siegel,
"Misère quotients for impartial games", 2008):

* **P-condition**: if ``Φ(w)`` is in P, no option of ``w`` is; an option replaces one
  heap ``h`` of ``w = u + h`` by an option, so this says: for every element ``x`` and
  heap ``h``, if ``x·Φ(h)`` is in P then no ``x·t`` (``t`` in ``T(h)``) is.  Finite.
* **N-condition**: if ``Φ(w)`` is not in P and ``w`` has a move, some option is in P.
  This depends on the word, not only on ``Φ(w)``: it is checked on the words in
  lexicographic order (the largest heap most significant), with the *state*
  ``(Φ(w), Tr(w))``, ``Tr`` the set of images of the options of ``w``.  A word whose
  state has the same element as an earlier word and a larger transition set passes
  whenever the earlier one does, and so do all its extensions, so it is skipped: a
  failure there would give an earlier failure.  Finitely many states, so it ends.

By induction over the game tree the two conditions make ``Φ(w) ∈ P`` exactly the
misère P-positions.  Both searches return the lexicographically least failing word
(exponents per heap), whose true outcome is then the opposite of the prediction: its
options are all earlier, hence predicted right.

:func:`explore` walks the words in the same order and gives every element its least
word, and, when asked, *marks* the P-portion of a candidate monoid from those words.
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["explore", "p_failure", "n_failure", "word_key"]

Word = tuple[int, ...]


def word_key(w: Word) -> Word:
    """The lexicographic key of a word (exponents of heaps in increasing order): the
    largest heap is the most significant."""
    return w[::-1]


def _step(
    m: int, mul: list[int], e: int, s: frozenset[int], g: int, trans: Sequence[int]
) -> tuple[int, frozenset[int]]:
    """The state after adding one heap with image ``g`` and transitions ``trans``."""
    row = e * m
    return mul[row + g], frozenset([mul[t * m + g] for t in s] + [mul[row + t] for t in trans])


def explore(
    m: int, mul: list[int], phi: Sequence[int], trans: Sequence[Sequence[int]], P: list[bool] | None = None
) -> tuple[list[Word | None], list[bool]]:
    """The least word of every element reached by the heaps (``phi[i]`` the image and
    ``trans[i]`` the transitions of the i-th heap that has a move), and the P-portion:
    ``P`` itself, or when None, each element marked by its least word (P when the word
    has a move and no transition lands in P)."""
    r = len(phi)
    words: list[Word | None] = [None] * m
    mark = P is None
    out: list[bool] = [False] * m if P is None else P
    E = [0] * (r + 1)
    S: list[frozenset[int]] = [frozenset()] * (r + 1)
    k = [0] * r

    def visit(e: int, s: frozenset[int]) -> None:
        words[e] = tuple(k)
        if mark:
            out[e] = bool(s) and not any(out[t] for t in s)

    visit(0, frozenset())
    j = 0
    while j < r:
        e, s = _step(m, mul, E[j], S[j], phi[j], trans[j])
        if words[e] is not None:  # every word from here on was reached earlier
            k[j] = 0
            j += 1
            continue
        k[j] += 1
        E[j], S[j] = e, s
        for i in range(j - 1, -1, -1):
            E[i], S[i], k[i] = e, s, 0
        visit(e, s)
        j = 0
    return words, out


def p_failure(
    m: int, mul: list[int], P: list[bool], phi: Sequence[int], trans: Sequence[Sequence[int]], words: list[Word | None]
) -> Word | None:
    """The least word that breaks the P-condition, or None."""
    best: Word | None = None
    for x in range(m):
        w = words[x]
        if w is None:
            continue
        row = x * m
        for i, g in enumerate(phi):
            if P[mul[row + g]] and any(P[mul[row + t]] for t in trans[i]):
                f = w[:i] + (w[i] + 1,) + w[i + 1 :]
                if best is None or word_key(f) < word_key(best):
                    best = f
    return best


def n_failure(
    m: int, mul: list[int], P: list[bool], phi: Sequence[int], trans: Sequence[Sequence[int]], limit: Word | None = None
) -> Word | None:
    """The least word that breaks the N-condition, or None; the search stops at
    ``limit`` (a word known to fail already)."""
    r = len(phi)
    lows: list[list[frozenset[int]]] = [[] for _ in range(m)]  # per element, the least transition sets
    limit_key = None if limit is None else word_key(limit)
    E = [0] * (r + 1)
    S: list[frozenset[int]] = [frozenset()] * (r + 1)
    k = [0] * r
    j = 0
    while j < r:
        e, s = _step(m, mul, E[j], S[j], phi[j], trans[j])
        low = lows[e]
        if any(t <= s for t in low):  # dominated: skip this heap's larger counts too
            k[j] = 0
            j += 1
            continue
        low[:] = [t for t in low if not s <= t]
        low.append(s)
        k[j] += 1
        E[j], S[j] = e, s
        for i in range(j - 1, -1, -1):
            E[i], S[i], k[i] = e, s, 0
        if limit_key is not None and word_key(tuple(k)) >= limit_key:
            return None
        if not P[e] and not any(P[t] for t in s):
            return tuple(k)
        j = 0
    return None
