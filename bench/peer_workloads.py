"""The workloads of ``make bench-peers``: the same question put to every tool.

Each case names, per tool, a snippet of Python that defines ``run()``; ``run()``
does the work and returns the answer as text.  The driver (peers.py) times only
``run()``, in a fresh process, and compares the answers *as values*: game answers
are parsed with cgtkit's notation parser, so ``+-1`` and ``{1|-1}`` agree.

A tool missing from a case cannot do it (the table says so).  ``quick`` cases run
under ``--quick``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CGTKIT, CGT_PY, PYCGT = "cgtkit", "cgt-py", "pycgt"
TOOLS = (CGTKIT, CGT_PY, PYCGT)


@dataclass(frozen=True)
class Case:
    name: str
    kind: str  # how answers compare: "game", "number" or "text"
    snippets: dict[str, str] = field(default_factory=dict)
    quick: bool = True


# cgt-py prints CanonicalForm('{1|-1}'); this keeps the notation inside the quotes
_CGT_PY_TEXT = '(lambda cf: repr(cf)[len("CanonicalForm(\'"):-2])'


# temperatures 0, 1/16, ..., 3 (every breakpoint of a 2x11 thermograph is a multiple of 1/16)
_TEMPS = "from fractions import Fraction\nTEMPS = [Fraction(k, 16) for k in range(49)]\n"

# cgt-py only prints its thermograph: Thermograph(Thermograph(Trajectory(mast, [breakpoints
# from the top], [slopes from the top]), Trajectory(...))); this reads the walls off it.
_CGT_PY_WALLS = r"""
import re
def _trajectory(mast, points, slopes):
    mast = Fraction(mast)
    points = [Fraction(p) for p in points.split(',') if p.strip()]
    slopes = [int(s) for s in slopes.split(',')]
    def at(t):
        if not points or t >= points[0]:
            return mast
        value = mast
        for i in range(1, len(points) + 1):
            lower = points[i] if i < len(points) else None
            if lower is None or t >= lower:
                return value + slopes[i] * (t - points[i - 1])
            value += slopes[i] * (lower - points[i - 1])
    return at
def walls(text):
    found = re.findall(r"Trajectory\(([^,]+), \[([^\]]*)\], \[([^\]]*)\]\)", text)
    return [_trajectory(*f) for f in found]
"""


def _domineering(rows: int, cols: int, quick: bool = True) -> Case:
    board = "|".join(["." * cols] * rows)
    return Case(
        f"Domineering {rows}x{cols}",
        "game",
        {
            CGTKIT: f"from cgtkit.rulesets import Domineering\ndef run(): return str(Domineering('{board}').value)",
            CGT_PY: f"import cgt_py\ndef run(): return {_CGT_PY_TEXT}(cgt_py.Domineering('{board}').canonical_form)",
            PYCGT: f"import pycgt\nfrom pycgt.rulesets import domineering\n"
            f"def run(): return pycgt.render(domineering.rectangle({rows}, {cols}))",
        },
        quick,
    )


def _random_day3(seed: int, count: int) -> str:
    """Source text that builds `count` random day-3 games as option-list strings.

    DAY2 holds the 22 games born by day 2, spelled with braces so that every tool reads them."""
    return (
        "import random\n"
        "rng = random.Random(%d)\n"
        "DAY2 = ['0','*','1','-1','2','-2','1/2','-1/2','{0|*}','{*|0}','{0,*|0}','{0|0,*}','{0,*|0,*}',"
        "'{1|-1}','{1|1}','{-1|-1}','{1|*}','{*|-1}','{1|0}','{0|-1}','{1|0,*}','{0,*|-1}']\n"
        "def pick():\n"
        "    k = rng.randint(0, 3); m = rng.randint(0, 3)\n"
        "    return '{' + ','.join(rng.sample(DAY2, k)) + '|' + ','.join(rng.sample(DAY2, m)) + '}'\n"
        "TEXTS = [(pick(), pick()) for _ in range(%d)]\n" % (seed, count)
    )


def _sums_and_comparisons() -> Case:
    """Each tool parses 300 pairs, adds them, compares g with h and the sum with 0.

    The answer is a checksum of all comparison results, so it checks the sums too.
    """
    setup = _random_day3(2026, 300)

    def body(parse: str, add: str, leq: str) -> str:
        return (
            "def run():\n"
            "    out = 0\n"
            "    for a, b in TEXTS:\n"
            f"        g, h = {parse}(a), {parse}(b)\n"
            f"        s = {add}\n"
            f"        for x, y in ((g, h), (h, g), (s, ZERO), (ZERO, s)):\n"
            f"            out = (out * 2 + bool({leq})) % (10**9 + 7)\n"
            "    return str(out)"
        )

    return Case(
        "300 sums + comparisons of random day-3 games",
        "text",
        {
            CGTKIT: setup + "import cgtkit as cg\nZERO = cg.game('0')\n" + body("cg.game", "g + h", "x <= y"),
            CGT_PY: setup
            + "import cgt_py\nZERO = cgt_py.CanonicalForm('0')\n"
            + body("cgt_py.CanonicalForm", "g + h", "x <= y"),
            PYCGT: setup
            + "import pycgt\nZERO = pycgt.parse('0')\n"
            + body("pycgt.parse", "pycgt.add(g, h)", "pycgt.leq(x, y)"),
        },
    )


CASES: list[Case] = [
    _domineering(4, 4),
    _domineering(4, 5),
    _domineering(4, 6, quick=False),
    _domineering(5, 5, quick=False),
    _domineering(2, 12),
    Case(
        "Clobber xoxo|oxox|xoxo|oxox",
        "game",
        {
            CGTKIT: "from cgtkit.rulesets import Clobber\ndef run(): return str(Clobber('xoxo|oxox|xoxo|oxox').value)",
            PYCGT: "import pycgt\nfrom pycgt.rulesets import clobber\n"
            "def run(): return pycgt.render(clobber.parse('xoxo|oxox|xoxo|oxox'))",
        },
        quick=False,
    ),
    Case(
        "Amazons x......|o......",
        "game",
        {
            CGTKIT: "from cgtkit.rulesets import Amazons\ndef run(): return str(Amazons('x......|o......').value)",
            CGT_PY: "import cgt_py\n"
            f"def run(): return {_CGT_PY_TEXT}(cgt_py.Amazons('x......|o......').canonical_form)",
        },
        quick=False,
    ),
    Case(
        "Toads and Frogs ttttt..fffff",
        "game",
        {
            CGTKIT: "from cgtkit.rulesets import ToadsAndFrogs\n"
            "def run(): return str(ToadsAndFrogs('TTTTT..FFFFF').value)",
            PYCGT: "import pycgt\nfrom pycgt.rulesets import toads_and_frogs\n"
            "def run(): return pycgt.render(toads_and_frogs.parse('ttttt..fffff'))",
        },
    ),
    Case(
        "temperature of Domineering 2x11",
        "number",
        {
            CGTKIT: "from cgtkit.rulesets import Domineering\nfrom cgtkit.short.thermography import temperature\n"
            "def run(): return str(temperature(Domineering('...........|...........').value))",
            CGT_PY: "import cgt_py\n"
            "def run(): return str(cgt_py.Domineering('...........|...........').canonical_form.temperature)"
            ".replace(\"DyadicRationalNumber('\", '').replace(\"')\", '')",
            PYCGT: "import pycgt\nfrom pycgt.rulesets import domineering\n"
            "def run(): return str(pycgt.temperature(domineering.rectangle(2, 11)))",
        },
    ),
    Case(
        "thermograph of Domineering 2x11 (walls at 49 temperatures)",
        "numbers",
        {
            CGTKIT: "from cgtkit.rulesets import Domineering\nfrom cgtkit.short.thermography import thermograph\n"
            + _TEMPS
            + "def run():\n"
            "    t = thermograph(Domineering('...........|...........').value)\n"
            "    return ','.join(f'{t.left_wall(x)},{t.right_wall(x)}' for x in TEMPS)",
            CGT_PY: "import cgt_py\n" + _TEMPS + _CGT_PY_WALLS + "def run():\n"
            "    t = repr(cgt_py.Domineering('...........|...........').canonical_form.thermograph)\n"
            "    left, right = walls(t)\n"
            "    return ','.join(f'{left(x)},{right(x)}' for x in TEMPS)",
            PYCGT: "import pycgt\nfrom pycgt.rulesets import domineering\n" + _TEMPS + "def run():\n"
            "    t = pycgt.thermograph(domineering.rectangle(2, 11))\n"
            "    return ','.join('%s,%s' % t.at(x) for x in TEMPS)",
        },
    ),
    _sums_and_comparisons(),
    Case(
        "Kayles Grundy values to 40,000 (first call in the process)",
        "text",
        {
            CGTKIT: "from cgtkit.heap import OctalGame\n"
            "def run():\n"
            "    v = OctalGame('0.77').grundy_values(40000)\n"
            "    return ','.join(map(str, v[-12:]))",
        },
    ),
]
