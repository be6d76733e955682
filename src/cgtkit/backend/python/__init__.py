"""The Python twins of the native core, laid out like ``native/src``: ``short`` (the engine
of short games), ``heap`` (the heap kernels), ``impartial`` (the impartial search),
``binary_fields`` (GF(2^n) products). Readable reference code: the tests compare the
native core with it, and it runs everything under ``CGTKIT_ENGINE=python`` (see
:mod:`cgtkit.backend`). The twins that build on layers above the backend live with their
concept (the notation reader in :mod:`cgtkit.short.notation`, the misère construction in
:mod:`cgtkit.misere.construct`, the nim products of arrays in :mod:`cgtkit.nimbers`,
``Game``'s python core in :mod:`cgtkit.short.game`)."""
