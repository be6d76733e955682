"""Concrete games: positions of classic rulesets, solved by decomposition.

>>> from cgtkit.rulesets import Domineering
>>> Domineering("..|..").value
game('+-1')
"""

from .amazons import Amazons
from .cakes import Cutcake, Eatcake, MaundyCake
from .clobber import Clobber
from .graphs import ArcKayles, Col, Snort
from .hackenbush import HackenbushGraph, HackenbushStalks, HackenbushTree
from .kayles import DawsonsKayles, Kayles
from .konane import Konane
from .placement import Cram, Domineering, PlacementPosition, PlacementRuleset
from .toads import ToadsAndFrogs

__all__ = ["Domineering", "Cram", "PlacementRuleset", "PlacementPosition"]
__all__ += ["Clobber", "ToadsAndFrogs", "Konane", "Amazons"]
__all__ += ["HackenbushStalks", "HackenbushTree", "HackenbushGraph", "Col", "Snort", "ArcKayles"]
__all__ += ["Cutcake", "MaundyCake", "Eatcake", "Kayles", "DawsonsKayles"]
