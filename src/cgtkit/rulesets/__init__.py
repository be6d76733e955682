"""Concrete games: positions of classic rulesets, solved by decomposition.

>>> from cgtkit.rulesets import Domineering
>>> Domineering("..|..").value
game('+-1')
"""

from .placement import Cram, Domineering, PlacementPosition, PlacementRuleset

__all__ = ["Domineering", "Cram", "PlacementRuleset", "PlacementPosition"]
