"""Heap games: octal and hexadecimal codes, subtraction games, Grundy's game, any rule.

A *heap game* is played on heaps of tokens; a move acts on one heap and leaves a
multiset of smaller heaps (a tuple of sizes, ``()`` for none).  Every game here has

* ``moves(n)``: the options of heap ``n`` as sorted tuples of non-empty heap sizes;
* ``grundy_values(n)``: a numpy array of the values of heaps ``0 .. n-1``, grown
  iteratively and kept, so asking again for more only computes the new heaps;
* ``grundy(n)``, ``solver()`` (an :class:`~cgtkit.ImpartialSolver` whose positions are
  heap sizes, so sums such as ``solver().grundy_sum([5, 7])`` just work);
* ``period()``, ``periodicity()``: see :mod:`cgtkit.heap.periodicity`;
* ``misere_grundy_values(n)``, ``genus(n)``: see :mod:`cgtkit.heap.misere`.

>>> kayles = OctalGame("0.77")
>>> kayles.grundy_values(12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> kayles.moves(3)
[(1,), (1, 1), (2,)]
>>> kayles.period()
(71, 12)
>>> SubtractionGame([1, 3, 4]).grundy_values(10).tolist()
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
>>> GrundysGame().grundy_values(10).tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
>>> HeapGame(lambda n: [(n - 1,)] if n else []).grundy_values(5).tolist()   # one token at a time
[0, 1, 0, 1, 0]
"""

from __future__ import annotations

from math import isqrt
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Sequence

from .. import backend
from .._lazy import np

from ..errors import HeapCodeError, MoveFunctionError, PeriodNotCertifiedError
from ..impartial import ImpartialSolver
from ..nimbers import mex, nim_sum
from .codes import TakeBreakCode
from .misere import Genus, MultisetSearch, compress_gammas
from .periodicity import Periodicity, certificate_length, find_period
from .code_engine import engine_for
from .sequences import AllButEngine, SplitEngine

if TYPE_CHECKING:  # pragma: no cover
    from .grundy_sequence import GrundySequence

__all__ = [
    "HeapGame",
    "OctalGame",
    "SubtractionGame",
    "GrundysGame",
    "is_square",
]

Progress = Callable[[int, str], None]

# no value computed yet (a tuple: making a game imports no numpy before it computes)
_NO_VALUES: tuple = ()

DEFAULT_PERIOD_LIMIT = 2_000_000
# grundy_values(n) for n at least this looks for a certified period on the way
_PERIOD_FIRST = 1 << 16
# grundy(n) computes at most this many heaps before it answers from a proved period or
# refuses; pass limit= to go further
DEFAULT_VALUE_LIMIT = 20_000_000
#: the most memory grundy(n) lets the arrays of its heaps take: it refuses up front a
#: heap whose arrays would need more (see BYTES_PER_HEAP)
MEMORY_LIMIT = 2 << 30
#: what one computed heap costs at the peak of a doubling round: its value and the
#: rare-heap list of the split kernel, each in an array grown by doubling (2 x 2 x 8
#: bytes), the copy handed to the period search and its two work arrays (3 x 8 bytes)
BYTES_PER_HEAP = 56


def is_square(k: int) -> bool:
    """True for 1, 4, 9, ...: ``SubtractionGame(rule=is_square)`` is subtract-a-square.

    >>> [k for k in range(1, 30) if is_square(k)]
    [1, 4, 9, 16, 25]
    """
    return k > 0 and isqrt(k) ** 2 == k


class HeapGame:
    """A heap game given by ``rule(n)``: the options of heap ``n``, each an iterable of
    heap sizes (smaller than ``n``; zeros are ignored; ``()`` is the empty position).

    Values are computed one heap at a time from the rule, so this is the general,
    slower path; the subclasses use the fast engines.
    """

    name = "heap game"

    def __init__(self, rule: Callable[[int], Iterable[Iterable[int]]] | None = None, name: str | None = None) -> None:
        if rule is not None and not callable(rule):
            raise HeapCodeError(f"HeapGame(rule) needs a function n -> options, not {rule!r}")
        self._rule = rule
        if name is not None:
            self.name = name
        self._values = _NO_VALUES

    @property
    def rules_key(self) -> Hashable:
        """What identifies the game by its rules: two games built alike (the same code,
        the same take-set) have equal keys, so a table kept per game (the misère forms
        and quotients of :mod:`cgtkit.misere`) is shared between them.  A game given by
        a rule function is its own key.

        >>> OctalGame("0.07").rules_key == OctalGame("0.07").rules_key
        True
        """
        return self

    # --- moves ---------------------------------------------------------------------
    def _raw_moves(self, n: int) -> Iterable[Iterable[int]]:
        assert self._rule is not None
        return self._rule(n)

    def moves(self, n: int) -> list[tuple[int, ...]]:
        """The options of heap ``n``: sorted tuples of non-empty heap sizes, no repeats."""
        n = _heap_size(n)
        found = set()
        for option in self._raw_moves(n):
            try:
                parts = tuple(sorted(int(h) for h in option if h))
            except TypeError:
                raise MoveFunctionError(
                    f"the rule of {self.name} gave option {option!r} for heap {n}: "
                    "an option is an iterable of heap sizes, e.g. (2, 3) or ()",
                    position=n,
                    option=option,
                ) from None
            if any(h < 0 or h >= n for h in parts):
                raise MoveFunctionError(
                    f"the rule of {self.name} gave option {option!r} for heap {n}: every heap "
                    f"left must be smaller than {n} (else the game could loop) and not negative",
                    position=n,
                    option=option,
                )
            found.add(parts)
        return sorted(found)

    # --- normal play ---------------------------------------------------------------
    def _compute(self, n: int, progress: Progress | None = None) -> np.ndarray:
        """Values of heaps 0 .. n-1 (subclasses: a fast engine)."""
        G = np.zeros(max(n, len(self._values)), dtype=np.int64)
        G[: len(self._values)] = self._values
        vals = G.tolist()
        for h in range(len(self._values), n):
            vals[h] = mex(nim_sum(vals[part] for part in option) for option in self.moves(h))
        return np.array(vals, dtype=np.int64)

    def grundy_values(self, n: int, progress: Progress | None = None) -> np.ndarray:
        """The Grundy values of heaps ``0 .. n-1`` as a numpy int64 array (a copy).

        A failure while computing (MemoryError, Ctrl-C) releases every value kept, so
        the next call starts clean."""
        n = _heap_size(n)
        if n == 0:
            return np.zeros(0, dtype=np.int64)
        if len(self._values) < n:
            try:
                out = self._extended(n, progress)
            except BaseException:
                self.release()
                raise
            if out is not self._values:  # the period repeated: a fresh array, not kept
                return out
        return self._values[:n].copy()

    def sequence(self, n: int) -> "GrundySequence":
        """The values of heaps ``0 .. n-1`` with the period they show (certified by the
        periodicity theorem when these values suffice), as a
        :class:`~cgtkit.heap.grundy_sequence.GrundySequence`, which plots itself.

        >>> OctalGame("0.77").sequence(300)
        GrundySequence('0.77', n=300, preperiod=71, period=12)
        """
        from .grundy_sequence import GrundySequence

        values = self.grundy_values(n)
        found = self._find_period(values) if len(values) else None
        return GrundySequence(self.name, values, found.check(values) if found is not None else None)

    def _extended(self, n: int, progress: Progress | None = None) -> np.ndarray:
        """Values of heaps 0 .. n-1.  For a long run of a game with a periodicity theorem,
        in doubling rounds, each followed by a search for a certified period: once one
        is proved, the rest are the period repeated (exact by the theorem, and no
        more computing: Kayles to 10**7 is 83 values and a copy).  Computed values are
        kept in ``self._values``; an array filled from the period is returned, not kept."""
        if self._proved is None and (n < _PERIOD_FIRST or self._certificate_shape() is None or self._saltus):
            self._values = self._compute(n, progress)
            return self._values
        size = len(self._values)
        while self._proved is None and size < n:
            size = min(n, max(2 * size, _PERIOD_FIRST // 2))
            self._values = values = self._compute(size, progress)
            found = self._find_period(values)
            if found is not None and found.certified:
                self._proved = found.check(values)
        if len(self._values) >= n:
            return self._values
        found = self._proved
        assert found is not None and found.saltus == 0
        n0, p = found.preperiod, found.period
        out = np.empty(n, dtype=np.int64)
        out[:n0] = self._values[:n0]
        block, tail = self._values[n0 : n0 + p], out[n0:]  # G(n0 + i) = G(n0 + i % p)
        reps = len(tail) // p
        tail[: reps * p].reshape(reps, p)[:] = block  # one broadcast copy, not np.resize's tiling
        tail[reps * p :] = block[: len(tail) - reps * p]
        return out

    @property
    def computed_values(self) -> Sequence[int]:
        """The values computed and kept so far, of heaps ``0 .. k-1`` (empty before the
        first computation and after :meth:`release`), read-only: what the game holds in
        memory, without computing more.

        >>> g = SubtractionGame([1, 3, 4])
        >>> len(g.computed_values), g.grundy(9), len(g.computed_values) >= 10
        (0, 0, True)
        """
        values = self._values
        if isinstance(values, tuple):
            return values
        view = values.view()
        view.flags.writeable = False
        return view

    def release(self) -> None:
        """Forget every computed value (and the period proved from them), freeing memory."""
        self._values = _NO_VALUES
        self._proved = None
        engine = getattr(self, "_engine", None)
        if engine is not None:
            engine.reset()

    _proved: Periodicity | None = None

    def _closed_form(self, n: int) -> int | None:
        """The value of heap ``n`` when a formula gives it without computing (or None)."""
        return None

    def least_values_for_period(self) -> int | None:
        """The fewest values any certificate of a period needs (None: no theorem applies).

        >>> OctalGame("0.77").least_values_for_period(), SubtractionGame([1, 10**12]).least_values_for_period()
        (6, 1000000000002)
        """
        shape = self._certificate_shape()
        return None if shape is None else certificate_length(0, 1, *shape)

    def grundy(
        self,
        n: int,
        limit: int = DEFAULT_VALUE_LIMIT,
        search: int = DEFAULT_PERIOD_LIMIT,
        progress: Progress | None = None,
    ) -> int:
        """The Grundy value of heap ``n``, of any size when a period is proved.

        Computes heaps until it reaches ``n`` or proves a period (then ``n`` is read off
        it), at most ``limit`` heaps, and no more than :data:`MEMORY_LIMIT` bytes of
        arrays (:data:`BYTES_PER_HEAP` a heap) allow.  A heap beyond that reach can only
        be read off a period: the search for one stops after ``search`` heaps (or the
        reach, if less).  :class:`~cgtkit.errors.PeriodNotCertifiedError` says so before
        starting when even that cannot be enough (no periodicity theorem applies, or a
        proof needs more values), and when the search ends without a period.
        ``progress(heaps, message)`` is called as heaps are computed.

        >>> OctalGame("0.77").grundy(10**100)     # Kayles: period 12 from heap 71
        1
        >>> OctalGame("0.6").grundy(10**30, search=4096)   # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cgtkit.errors.PeriodNotCertifiedError: 0.6: no period proved within the first 4,096 heaps, ...
        """
        n = _heap_size(n)
        if n < len(self._values):
            return int(self._values[n])
        closed = self._closed_form(n)
        if closed is not None:
            return closed
        if self._proved is not None:
            return self._from_period(n)
        least = self.least_values_for_period()
        reach = min(limit, MEMORY_LIMIT // BYTES_PER_HEAP)
        bound = (
            f"the limit of {limit:,} heaps"
            if reach == limit
            else f"the {reach:,} heaps whose arrays fit in cgtkit.heap.games.MEMORY_LIMIT = {MEMORY_LIMIT:,} bytes "
            f"({BYTES_PER_HEAP} bytes a heap)"
        )
        if min(n + 1, least if least is not None else n + 1) > reach:
            why = (
                f"a proof of its period needs at least {least:,} values"
                if least is not None
                else "no periodicity theorem applies, so heaps are computed one by one up to it"
            )
            raise PeriodNotCertifiedError(
                f"{self.name}: heap {n} is beyond reach: {why}, more than {bound}; "
                "pass a larger limit (--limit L on the command line)"
            )
        stop = n + 1 if n + 1 <= reach else min(reach, max(search, least or 0))
        size = len(self._values)
        while True:
            size = min(max(2 * size, 1024), stop)
            values = self.grundy_values(size, progress)
            if size == n + 1:
                return int(values[n])
            if least is not None:
                found = self._find_period(values)
                if found is not None and found.certified:
                    self._proved = found.check(values)
                    return self._from_period(n)
            if size >= stop:
                raise PeriodNotCertifiedError(
                    f"{self.name}: no period proved within the first {stop:,} heaps, and heap {n} "
                    f"lies beyond {bound}; pass a larger search= or limit= (--limit L on the command line)"
                )

    def _from_period(self, n: int) -> int:
        found = self._proved
        assert found is not None
        n0, p = found.preperiod, found.period
        if len(self._values) < n0 + p:
            self.grundy_values(n0 + p)
        if n < n0 + p:
            return int(self._values[n])
        laps, r = divmod(n - n0, p)
        return int(self._values[n0 + r]) + laps * found.saltus

    def solver(self) -> ImpartialSolver:
        """An :class:`~cgtkit.ImpartialSolver` whose positions are heap sizes.

        >>> OctalGame("0.77").solver().grundy_sum([5, 7])
        6
        """
        return ImpartialSolver(self.moves)

    # --- periodicity ---------------------------------------------------------------
    def _certificate_shape(self) -> tuple[int, int] | None:
        """``(max_take, parts)`` when the periodicity theorem applies, else None."""
        return None

    def _no_certificate(self) -> str | None:
        """Why no periodicity theorem applies, when the game knows (else None)."""
        return None

    _saltus = False

    def _find_period(self, values: np.ndarray) -> Periodicity | None:
        """The period ``values`` certify (or show, when no theorem applies)."""
        shape = self._certificate_shape()
        max_take, parts = shape if shape is not None else (None, 1)
        return find_period(values, max_take, parts, saltus=self._saltus)

    def periodicity(
        self,
        limit: int = DEFAULT_PERIOD_LIMIT,
        start: int = 1024,
        progress: Progress | None = None,
    ) -> Periodicity | None:
        """Compute further (doubling) until a period is certified, or, for games with
        no certificate, observed over three periods and the later half of the values;
        give up (None) past ``limit`` heaps.  ``progress(heaps, message)`` is called
        as heaps are computed and after each round.  The answer holds on every value
        computed so far."""
        if isinstance(limit, bool) or not isinstance(limit, (int, np.integer)) or limit < 1:
            raise HeapCodeError(f"limit is the most heaps to compute, an int >= 1; got {limit!r}")
        least = self.least_values_for_period()
        if least is not None and least > limit:
            return None  # no proof fits: do not compute in vain
        n = min(max(start, 16), limit)
        while True:
            # every value computed so far, not only the first n: none may contradict
            values = self.grundy_values(max(n, len(self._values)), progress)
            found = self._find_period(values)
            if found is not None:
                found.check(values)
                if progress is not None:
                    progress(len(values), f"period {found.period} found")
                return found
            if progress is not None:
                progress(n, "no period yet")
            if n >= limit:
                return None
            n = min(2 * n, limit)

    def period(self, limit: int = DEFAULT_PERIOD_LIMIT, progress: Progress | None = None) -> tuple[int, int]:
        """``(preperiod, period)``, proved by the octal periodicity theorem.

        Raises :class:`~cgtkit.errors.PeriodNotCertifiedError` when no period is proved
        within ``limit`` heaps or no periodicity theorem applies to the game.
        """
        shape = self._certificate_shape()
        if shape is None and self._saltus:
            raise PeriodNotCertifiedError(
                f"{self.name}: the values of an all-but game grow (G(n + p) = G(n) + s with "
                "s > 0), so there is no period; arithmetic_period() gives (preperiod, period, saltus)"
            )
        if shape is None:
            why = self._no_certificate() or "it needs a finite take-and-break rule"
            raise PeriodNotCertifiedError(
                f"{self.name}: no periodicity theorem applies ({why}); use periodicity() to look for an observed period"
            )
        found = self.periodicity(limit=limit, progress=progress)
        if found is None or not found.certified:
            raise PeriodNotCertifiedError(
                f"{self.name}: no period certified within the first {limit} heaps; pass a larger limit"
            )
        return found.as_tuple()

    # --- misère play ---------------------------------------------------------------
    def _misere_search(self, depth: int) -> MultisetSearch:
        cache = getattr(self, "_misere_cache", None)
        if cache is None:
            cache = self._misere_cache = {}
        if depth not in cache:
            cache[depth] = MultisetSearch(self.moves, depth, sortable=True)
        return cache[depth]

    def misere_grundy_values(self, n: int) -> np.ndarray:
        """Misère Grundy values of heaps ``0 .. n-1`` (heap 0, no move, has value 1).

        Exact search over the multisets of heaps that play reaches: exponential in
        ``n`` for splitting games, fine to a few dozen heaps.

        >>> OctalGame("0.77").misere_grundy_values(8).tolist()
        [1, 0, 2, 3, 0, 1, 3, 2]
        """
        search = self._misere_search(1)
        return np.array([search.gammas([h])[0] for h in range(_heap_size(n))], dtype=np.int64)

    def misere_grundy_sum(self, heaps: Sequence[int]) -> int:
        """The misère Grundy value of a sum of heaps (0: the player to move loses)."""
        return self._misere_search(1).gammas([_heap_size(h) for h in heaps])[0]

    def genus(self, heaps: int | Sequence[int], depth: int = 8) -> Genus:
        """Conway's genus of heap ``n`` (or of a sum of heaps, given as a list).

        >>> [str(OctalGame("0.77").genus(n)) for n in range(6)]
        ['0^120', '1^031', '2^20', '3^31', '1^031', '4^146']
        """
        comps = [heaps] if isinstance(heaps, (int, np.integer)) else list(heaps)
        comps = [_heap_size(h) for h in comps]
        gammas = self._misere_search(max(depth, 3)).gammas(comps)
        normal = 0
        for h in comps:
            normal ^= self.grundy(h)
        misere, settled = compress_gammas(gammas)
        return Genus(normal, misere, settled)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


def _heap_size(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise HeapCodeError(f"a heap size is an int >= 0, got {n!r}")
    return int(n)


class OctalGame(HeapGame):
    """The take-and-break game of a code in CGSuite's full syntax (see
    :mod:`cgtkit.heap.codes`): ``OctalGame("0.77")`` is Kayles, ``"0.07"`` Dawson's
    Kayles, ``"0.137"`` Dawson's chess, ``"4.7"`` Daisies, ``"0.8F"`` a hexadecimal
    game, ``"4!.0"`` Grundy's game, ``"0.[3]"`` Nim, ``"4.[3]"`` Lasker's Nim,
    ``"{2+}=.0"`` Maundy cake.  ``name`` is the code's normal form.

    It computes with the heap kernels of the side active when it is made (native;
    ``with cgtkit.backend.use("python"):`` for their plain-Python twins).

    >>> OctalGame("0.137").period(), OctalGame("0.137").grundy_values(10).tolist()
    ((52, 34), [0, 1, 1, 2, 0, 3, 1, 1, 0, 3])
    >>> OctalGame("4!.0").grundy_values(10).tolist(), OctalGame("4.[3]").grundy_values(9).tolist()
    ([0, 0, 0, 1, 0, 2, 1, 0, 2, 1], [0, 1, 2, 4, 3, 5, 6, 8, 7])
    >>> OctalGame("0.5x")
    Traceback (most recent call last):
    ...
    cgtkit.errors.HeapCodeError: take-and-break code '0.5x': character 'x' at column 4 is not a digit (0-9, A-V, &N;, * or {...})
    """

    def __init__(self, code: str | TakeBreakCode) -> None:
        self.code = TakeBreakCode.parse(code)
        super().__init__(name=str(self.code))
        self._engine = engine_for(self.code)

    @property
    def rules_key(self) -> Hashable:
        return ("octal", str(self.code))

    def _raw_moves(self, n: int) -> Iterable[tuple[int, ...]]:
        return self.code.options(n)

    def _compute(self, n: int, progress: Progress | None = None) -> np.ndarray:
        self._engine.extend(n, None if progress is None else (lambda done: progress(done, "computing")))
        return self._engine.values[: self._engine.n]

    def _certificate_shape(self) -> tuple[int, int] | None:
        return self.code.certificate_shape()

    def _no_certificate(self) -> str | None:
        return self.code.no_certificate_reason()


class SubtractionGame(HeapGame):
    """Remove ``k`` tokens from a heap, for ``k`` in a set.

    Exactly one of: ``subtract`` (a finite set, e.g. ``[1, 3, 4]``), ``all_but`` (every
    positive ``k`` except a finite set) or ``rule`` (a predicate on ``k``, e.g.
    :func:`is_square` for subtract-a-square).

    Finite sets are periodic and ``period()`` proves it.  All-but games are
    arithmetic periodic (Angela Siegel, "Finite excluded subtraction sets and
    Kayles", 2005): ``arithmetic_period()`` reports ``(preperiod, period, saltus)``,
    proved by the bound in :mod:`cgtkit.heap.periodicity`.

    >>> SubtractionGame(all_but=[1]).grundy_values(10).tolist()
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    >>> SubtractionGame(all_but=[1]).arithmetic_period()
    (0, 2, 1)
    >>> SubtractionGame(rule=is_square).grundy_values(10).tolist()
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]
    """

    def __init__(
        self,
        subtract: Iterable[int] | None = None,
        *,
        all_but: Iterable[int] | None = None,
        rule: Callable[[int], bool] | None = None,
    ) -> None:
        given = [x is not None for x in (subtract, all_but, rule)]
        if sum(given) != 1:
            raise HeapCodeError(
                "SubtractionGame needs exactly one of: a set (SubtractionGame([1, 3, 4])), "
                "all_but=[...] or rule=predicate"
            )
        self.subtract = self.all_but = None
        self.rule = rule
        self._side = backend.active()  # the side whose kernels a rule's engine runs on
        if subtract is not None:
            self.subtract = _positive_set(subtract, "subtraction set")
            if not self.subtract:
                raise HeapCodeError("the subtraction set is empty: give at least one k >= 1")
            name = "S(" + ",".join(map(str, self.subtract)) + ")"
            self._engine = SplitEngine(self.subtract, self.subtract, ())
        elif all_but is not None:
            self.all_but = _positive_set(all_but, "excluded set")
            name = "S(all but " + ",".join(map(str, self.all_but)) + ")"
            self._engine = AllButEngine(self.all_but)
        else:
            if not callable(rule):
                raise HeapCodeError(f"rule= must be a predicate k -> bool, not {rule!r}")
            name = f"S({getattr(rule, '__name__', 'rule')})"
            self._engine = None
        super().__init__(name=name)
        self._saltus = all_but is not None

    @property
    def rules_key(self) -> Hashable:
        if self.rule is not None:
            return self
        return ("subtraction", self.subtract, self.all_but)

    def allows(self, k: int) -> bool:
        """May a move remove ``k`` tokens?"""
        if k < 1:
            return False
        if self.subtract is not None:
            return k in self.subtract
        if self.all_but is not None:
            return k not in self.all_but
        return bool(self.rule(k))

    def _raw_moves(self, n: int) -> Iterable[tuple[int, ...]]:
        if self.subtract is not None:
            ks: Iterable[int] = (k for k in self.subtract if k <= n)
        else:
            ks = (k for k in range(1, n + 1) if self.allows(k))
        return ((n - k,) for k in ks)

    def _compute(self, n: int, progress: Progress | None = None) -> np.ndarray:
        if self._engine is not None:
            self._engine.extend(n, None if progress is None else (lambda done: progress(done, "computing")))
            return self._engine.values[:n] if self.all_but is not None else self._engine.values[: self._engine.n]
        # a predicate: the takes up to n, then the single-heap engine from scratch
        size = max(n, 2 * len(self._values))
        ks = [k for k in range(1, size) if self.rule(k)]
        with backend.use(self._side):
            engine = SplitEngine(ks, ks, ())
        engine.extend(size)
        return engine.values[:size]

    def _certificate_shape(self) -> tuple[int, int] | None:
        if self.subtract is not None:
            return max(self.subtract), 1
        return None

    def _find_period(self, values: np.ndarray) -> Periodicity | None:
        if self.all_but is not None:
            return find_period(values, None, 1, all_but=max(self.all_but, default=0))
        return super()._find_period(values)

    def least_values_for_period(self) -> int | None:
        if self.all_but is not None:
            return 2 + max(self.all_but, default=0)  # max(n0, K) + p + m >= 1 + 1 + m
        return super().least_values_for_period()

    def _closed_form(self, n: int) -> int | None:
        """Values no computation is needed for.  A finite set ``S``: no move below
        ``min(S)`` (0); below ``2 min(S)`` every move reaches such a heap (1); one take
        ``k``: ``(n // k) % 2``.  All but ``E``: below ``min(E)`` every heap is reachable,
        as in Nim (``n``).

        >>> SubtractionGame([10**12]).grundy(10**13 + 5), SubtractionGame([5, 9]).grundy(3)
        (0, 0)
        """
        if self.subtract is not None:
            low = self.subtract[0]
            if n < low:
                return 0
            if len(self.subtract) == 1:
                return (n // low) % 2
            return 1 if n < 2 * low else None
        if self.all_but is not None and (not self.all_but or n < self.all_but[0]):
            return n
        return None

    def arithmetic_period(self, limit: int = DEFAULT_PERIOD_LIMIT) -> tuple[int, int, int]:
        """``(preperiod, period, saltus)``: ``G(n + period) = G(n) + saltus`` for every
        ``n >= preperiod``, proved (finite sets: saltus 0).
        :class:`PeriodNotCertifiedError` if none is proved within ``limit`` heaps, or
        for a ``rule`` game (no theorem: see ``periodicity()``)."""
        if self.rule is not None:
            raise PeriodNotCertifiedError(
                f"{self.name}: no periodicity theorem applies to a rule; periodicity() looks for an observed period"
            )
        found = self.periodicity(limit=limit)
        if found is None or not found.certified:
            raise PeriodNotCertifiedError(f"{self.name}: no arithmetic period proved within {limit} heaps")
        return found.preperiod, found.period, found.saltus


def _positive_set(ks: Iterable[int], what: str) -> tuple[int, ...]:
    out = set()
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
            raise HeapCodeError(f"the {what} must hold ints >= 1, got {k!r}")
        out.add(int(k))
    return tuple(sorted(out))


class GrundysGame(HeapGame):
    """Grundy's game: split one heap into two non-empty heaps of different sizes.

    Computed by the rare/common engine; no periodicity theorem applies (whether the
    sequence is ultimately periodic is a famous open problem), so ``period()`` raises.
    """

    name = "Grundy's game"

    def __init__(self) -> None:
        super().__init__()
        self._engine = SplitEngine((), (), (0,), distinct=True)

    @property
    def rules_key(self) -> Hashable:
        return ("grundy",)

    def _raw_moves(self, n: int) -> Iterable[tuple[int, ...]]:
        return ((a, n - a) for a in range(1, (n + 1) // 2))

    def _compute(self, n: int, progress: Progress | None = None) -> np.ndarray:
        self._engine.extend(n, None if progress is None else (lambda done: progress(done, "computing")))
        return self._engine.values[: self._engine.n]
