"""Building the misère quotient of a heap game heap by heap (the python twin of the
native construction in ``native/src/misere``).

The quotient ``Q_n`` of heaps ``1 .. n`` is grown from ``Q_(n-1)``:

1. heap ``n`` may pretend to be an element already there: an element with the right
   outcome for the heap alone that passes the P- and N-conditions of
   :mod:`cgtkit.misere.verify` with it (a *conservative* extension);
2. otherwise a candidate is built: the old quotient times a cyclic monoid for the new
   heap, its P-portion *marked* from the least word of each element, reduced by
   indistinguishability.  While the candidate fails, its least failing word ``f`` (whose
   true outcome is the opposite of the prediction) says which heaps are wrongly
   identified: some of them are freed, each to a cyclic monoid of its own large enough
   for its count in ``f``, the rest kept as the submonoid they generate, and the
   candidate is rebuilt until it predicts ``f`` correctly.  Each round moves the least
   failure further on, and the loop ends with a candidate that passes both conditions,
   which is then the quotient (it is reduced by construction).

This is the strategy of Siegel's MisereSolver; every step here is checked, so a
heuristic choice can cost time but never correctness.  Elements are numbered in
breadth-first order from the identity by the images of heaps 1, 2, ..., so two runs of
the algorithm (this twin and the native one) give identical tables.

>>> from cgtkit.heap import OctalGame
>>> q = construct_python([OctalGame("0.75").moves(h) for h in range(8)])
>>> q.orders
[1, 2, 6, 6, 6, 8, 8, 8]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Sequence

from .. import backend
from ..backend.protocols import MisereState
from ..errors import MisereQuotientError
from .monoid import cyclic, direct_sum, generated, power_index, reduce, restrict
from .verify import explore, n_failure, p_failure

__all__ = ["Construction", "construct", "construct_python", "restricted", "MAX_CANDIDATE", "MAX_CANDIDATE_PYTHON"]

#: refuse a candidate monoid with more elements than this (its table has the square)
MAX_CANDIDATE = 20_000
#: the same for the python twin, whose tables are lists (a 20 000-element candidate
#: would take gigabytes): past it, the error suggests the native engine
MAX_CANDIDATE_PYTHON = 4_000

Options = Sequence[Sequence[int]]  # the options of one heap: tuples of heap sizes


@dataclass
class Construction:
    """A verified quotient: order ``m``, table ``mul``, P-portion ``P``, pretending
    function ``phi`` (heap -> element), and the order after each heap."""

    m: int
    mul: list[int]
    P: list[bool]
    phi: list[int]
    orders: list[int] = field(default_factory=list)
    candidates: int = 0  # how many candidates were built (growth steps and recalibrations)


def _transitions(m: int, mul: list[int], phi: Sequence[int], options: Options) -> list[int]:
    out = set()
    for option in options:
        x = 0
        for h in option:
            x = mul[x * m + phi[h]]
        out.add(x)
    return sorted(out)


def _active(phi: Sequence[int], trans: Sequence[Sequence[int]]) -> tuple[list[int], list[int], list[list[int]]]:
    """The heaps that have a move, their images and their transitions."""
    heaps = [h for h in range(len(phi)) if trans[h]]
    return heaps, [phi[h] for h in heaps], [list(trans[h]) for h in heaps]


def _reduced(m: int, mul: list[int], P: list[bool], phi: list[int], trans_options: Sequence[Options]) -> Construction:
    """The reduction of a candidate by indistinguishability, renumbered breadth-first
    from the identity by the images of heaps 1, 2, ... (only what they generate)."""
    gens = list(dict.fromkeys(phi[h] for h in range(len(phi)) if trans_options[h]))
    elements = generated(m, mul, gens)
    (k, kmul), index = restrict(m, mul, elements)
    kP = [P[x] for x in elements]
    kgens = [index[g] for g in gens]
    cls = reduce(k, kmul, kP, kgens)
    # the quotient table on classes, then renumber breadth-first from the identity class
    c = max(cls) + 1
    rep = [-1] * c
    for x in range(k):
        if rep[cls[x]] < 0:
            rep[cls[x]] = x
    cmul = [cls[kmul[rep[a] * k + rep[b]]] for a in range(c) for b in range(c)]
    cgens = [cls[g] for g in kgens]
    order = generated(c, cmul, list(dict.fromkeys(cgens)))
    (q, qmul), qindex = restrict(c, cmul, order)
    qP = [kP[rep[a]] for a in order]
    qphi = [qindex[cls[index[phi[h]]]] if trans_options[h] else 0 for h in range(len(phi))]
    return Construction(q, qmul, qP, qphi)


def restricted(c: Construction, options: Sequence[Options]) -> Construction:
    """The quotient of the first ``len(options)`` heaps, read off a quotient ``c`` computed
    for more heaps (``options[h]``: the moves of heap ``h``): the submonoid those heaps
    generate, reduced by indistinguishability.

    >>> from cgtkit.heap import OctalGame
    >>> moves = [OctalGame("0.07").moves(h) for h in range(21)]
    >>> big = construct(moves)
    >>> small = restricted(big, moves[:6])
    >>> (small.m, small.mul, small.P) == (lambda c: (c.m, c.mul, c.P))(construct(moves[:6]))
    True
    """
    heaps = len(options)
    r = _reduced(c.m, c.mul, c.P, c.phi[:heaps], options)
    r.orders = c.orders[:heaps]
    r.candidates = c.candidates
    return r


def _check(m: int, mul: list[int], P: list[bool], phi: list[int], trans: list[list[int]]) -> list[int] | None:
    """The least failing word of a candidate (per heap 0 .. n), or None."""
    heaps, gens, tr = _active(phi, trans)
    words, _ = explore(m, mul, gens, tr, P)
    pf = p_failure(m, mul, P, gens, tr, words)
    nf = n_failure(m, mul, P, gens, tr, limit=pf)
    f = nf if nf is not None else pf
    if f is None:
        return None
    word = [0] * len(phi)
    for h, c in zip(heaps, f):
        word[h] = c
    return word


def _too_large(m: int, max_size: int) -> MisereQuotientError:
    hint = " (or use the native engine, which allows larger candidates)" if max_size == MAX_CANDIDATE_PYTHON else ""
    return MisereQuotientError(
        f"a candidate misère quotient would have {m} elements (more than {max_size}); ask for fewer heaps{hint}"
    )


def _marked(m: int, mul: list[int], phi: list[int], options: Sequence[Options], max_size: int) -> Construction:
    """Mark the P-portion of a candidate monoid from least words, and reduce it."""
    if m > max_size:
        raise _too_large(m, max_size)
    trans = [_transitions(m, mul, phi, options[h]) for h in range(len(phi))]
    _, gens, tr = _active(phi, trans)
    _, P = explore(m, mul, gens, tr)
    return _reduced(m, mul, P, phi, options)


def _image(c: Construction, word: Sequence[int]) -> int:
    x = 0
    for h, k in enumerate(word):
        for _ in range(k):
            x = c.mul[x * c.m + c.phi[h]]
    return x


def _period_for(index: int) -> int:
    """The period tried for a freed heap's cyclic monoid (2 for small indices, longer for
    long ones: a heap seen many times in a failure may cycle slowly)."""
    return max(2, 2 * ((index - 4) // 2))


def _recalibrate(c: Construction, word: list[int], options: Sequence[Options], max_size: int) -> Construction:
    """A new candidate that predicts ``word`` (a least failure of ``c``) correctly: free
    as few of its heaps as possible to cyclic monoids of their own."""
    should_be_p = not c.P[_image(c, word)]
    involved = [h for h, k in enumerate(word) if k and options[h]]
    for size in range(1, len(involved) + 1):
        for freed in combinations(involved, size):
            kept = list(dict.fromkeys(c.phi[h] for h in range(len(c.phi)) if options[h] and h not in freed))
            (rm, rmul), index = restrict(c.m, c.mul, generated(c.m, c.mul, kept))
            parts = [(rm, rmul)]
            for h in freed:
                i0, _ = power_index(c.m, c.mul, c.phi[h])
                i = max(i0, word[h] - 1)
                parts.append(cyclic(i, _period_for(i)))
            sizes = [p[0] for p in parts]
            total = 1
            for size_of in sizes:
                total *= size_of
            if total > max_size:
                raise _too_large(total, max_size)
            weight = [1] * len(parts)  # the first part is the most significant digit
            for t in range(len(parts) - 2, -1, -1):
                weight[t] = weight[t + 1] * sizes[t + 1]
            m, mul = direct_sum(parts)
            phi = [0] * len(c.phi)
            for h in range(len(c.phi)):
                if not options[h]:
                    continue
                phi[h] = weight[1 + freed.index(h)] if h in freed else index[c.phi[h]] * weight[0]
            cand = _marked(m, mul, phi, options, max_size)
            if cand.P[_image(cand, word)] == should_be_p:
                return cand
    raise AssertionError(f"could not recalibrate the candidate quotient at word {word}")  # pragma: no cover


def _start() -> Construction:
    return Construction(1, [0], [False], [0], [1])


def construct(
    options: Sequence[Options],
    start: Construction | None = None,
    max_size: int | None = None,
) -> Construction:
    """The misère quotient of heaps ``0 .. n`` of a heap game, ``options[h]`` listing the
    options of heap ``h`` as tuples of heap sizes (smaller than ``h``), grown from
    ``start`` (a quotient of the first heaps), by the construction of the active side
    (:func:`cgtkit.backend.misere`: native, or :func:`construct_python` within
    ``cgtkit.backend.use("python")``)."""
    kernel = backend.misere()
    c = start or _start()
    m, mul, P, phi, orders, built = kernel.construct(
        options,
        (c.m, c.mul, c.P, c.phi, c.orders, c.candidates),
        kernel.max_size if max_size is None else max_size,
    )
    return Construction(m, mul, P, phi, orders, built)


class _PythonMisere:
    """:func:`construct_python` as the backend's twin of the native construction."""

    name = "python"
    max_size = MAX_CANDIDATE_PYTHON

    @staticmethod
    def construct(options: Sequence[Options], start: MisereState, max_size: int) -> MisereState:
        c = construct_python(options, Construction(*start), max_size)
        return c.m, c.mul, c.P, c.phi, c.orders, c.candidates


def construct_python(
    options: Sequence[Options],
    start: Construction | None = None,
    max_size: int = MAX_CANDIDATE,
    progress: Callable[[int, int], None] | None = None,
) -> Construction:
    """:func:`construct` in Python (the twin of the native construction)."""
    c = (
        Construction(start.m, list(start.mul), list(start.P), list(start.phi), list(start.orders), start.candidates)
        if start
        else _start()
    )
    built = c.candidates
    for h in range(len(c.phi), len(options)):
        opts = options[h]
        if not opts:
            c.phi.append(0)
            c.orders.append(c.m)
            continue
        T = _transitions(c.m, c.mul, c.phi, opts)
        alone_p = not any(c.P[t] for t in T)
        trans = [_transitions(c.m, c.mul, c.phi, options[g]) for g in range(h)] + [T]
        found = None
        for x in range(c.m):
            if c.P[x] != alone_p:
                continue
            if any(c.P[c.mul[y * c.m + x]] and any(c.P[c.mul[y * c.m + t]] for t in T) for y in range(c.m)):
                continue
            if _check(c.m, c.mul, c.P, c.phi + [x], trans) is None:
                found = x
                break
        if found is not None:
            c.phi.append(found)
            c.orders.append(c.m)
        else:
            orders = c.orders
            m, mul = direct_sum([(c.m, c.mul), cyclic(2, 2)])
            phi = [x * 4 for x in c.phi] + [1]
            cand = _marked(m, mul, phi, options[: h + 1], max_size)
            built += 1
            while True:
                trans = [_transitions(cand.m, cand.mul, cand.phi, options[g]) for g in range(h + 1)]
                word = _check(cand.m, cand.mul, cand.P, cand.phi, trans)
                if word is None:
                    break
                cand = _recalibrate(cand, word, options[: h + 1], max_size)
                built += 1
            c = cand
            c.orders = orders + [c.m]
        if progress is not None:
            progress(h, c.m)
    c.candidates = built
    return c


backend.register_twin("misere", _PythonMisere())
