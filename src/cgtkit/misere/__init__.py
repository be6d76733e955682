"""Misère play: canonical forms, quotients, and partizan forms played as written.

In misère play the player who makes the last move loses.  Sums then stop behaving
like nim-sums, and this package has the field's two answers:

* the **misère canonical form** of an impartial game (Conway, *On Numbers and Games*
  ch. 12): :class:`MisereGame`, read and written in CGSuite's notation (``*[2#0]``,
  :func:`game`), from any impartial position (:func:`canonical_form`), with the misère
  sum ``+``, the birthday, the genus, the tame/restive classification, mates, parts,
  prime partitions, links and distinguishers;
* the **misère quotient** of a heap game (Plambeck and Siegel, 2008):
  :func:`misere_quotient`, a finite commutative monoid whose table decides any sum of
  heaps, with its presentation, P-portion and pretending function, and a proof of
  stabilisation when the heaps computed allow one.

Partizan games in misère play depend on their form too: :class:`Form` keeps a game as
written (:func:`form`), and :func:`cgtkit.short.misere.misere_outcome` plays forms,
strings and ruleset positions as themselves.

>>> from cgtkit import misere
>>> g = misere.game("*[2#0]")
>>> str(g), str(g.genus), g.is_tame, g.birthday
('*[2#0]', '1^2', False, 4)
>>> len(misere.misere_quotient("0.07", 14))
24
"""

from .forms import Form, form
from .game import MisereGame, MisereLike, game, nim_heap
from .phylum import MisereGenus
from .positions import canonical_form, heap_forms
from .quotient import MisereQuotient, misere_quotient

__all__ = [
    "MisereGame",
    "MisereLike",
    "MisereGenus",
    "MisereQuotient",
    "Form",
    "form",
    "game",
    "nim_heap",
    "canonical_form",
    "heap_forms",
    "misere_quotient",
]
