"""Concrete games: positions of classic rulesets, solved by decomposition.

>>> from cgtkit.rulesets import Domineering
>>> Domineering("..|..").value
game('+-1')
"""

from .clobber import Clobber
from .placement import Cram, Domineering, PlacementPosition, PlacementRuleset
from .toads import ToadsAndFrogs

__all__ = ["Domineering", "Cram", "PlacementRuleset", "PlacementPosition"]
__all__ += ["Clobber", "ToadsAndFrogs"]
