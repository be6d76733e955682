"""Who wins NoGo strips with and without a database of values (issue 28).

Each run is a fresh process: import, then (with ``--db``) :func:`cgtkit.rulesets.database.load`,
then :func:`cgtkit.search.outcome` of the empty strip; the load and the search are
timed apart, import and parsing excluded.  Medians of ``--repeats`` runs, the runs
with and without the database alternating.

    python bench/values_db.py --db nogo12.cgtdb --sizes 13 20 --repeats 5

(build the file first: ``cgtkit db build nogo --size 12 -o nogo12.cgtdb``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

_RUN = """
import json, sys, time
from cgtkit import search
from cgtkit.rulesets import NoGo, database
n, path = int(sys.argv[1]), sys.argv[2]
p = NoGo("." * n)
t0 = time.perf_counter()
if path:
    database.load(path)
t1 = time.perf_counter()
o = search.outcome(p)
t2 = time.perf_counter()
print(json.dumps({"outcome": str(o), "load": t1 - t0, "search": t2 - t1}))
"""


def run(n: int, path: str) -> dict:
    got = subprocess.run([sys.executable, "-c", _RUN, str(n), path], capture_output=True, text=True, check=True)
    return json.loads(got.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="a database of NoGo values (cgtkit db build nogo)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[13, 20])
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    for n in args.sizes:
        runs_of: dict[str, list[dict]] = {"": [], args.db: []}
        for _ in range(args.repeats):  # the two alternate run by run
            for path in runs_of:
                runs_of[path].append(run(n, path))
        for path, runs in runs_of.items():
            outcomes = {r["outcome"] for r in runs}
            load = statistics.median(r["load"] for r in runs)
            search = statistics.median(r["search"] for r in runs)
            what = "with the database" if path else "without"
            print(f"NoGo 1x{n} {what}: outcome {'/'.join(outcomes)}, load {load:.3f} s, search {search:.4f} s")


if __name__ == "__main__":
    main()
