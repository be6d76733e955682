"""The results database of a sweep: one SQLite file, its schema, and the questions it answers.

SQLite because it is in Python's standard library (no new dependency, no server),
keeps a whole database in one file that can be copied or mailed, and makes each commit
atomic and durable (a driver killed mid-write leaves the last commit intact); a sweep
has one writer, the driver, so SQLite's single-writer rule costs nothing.

A file is ours when it has the table ``cgtkit_meta`` with ``format = cgtkit-sweep``;
any other file (another SQLite database, a text file) is refused untouched, and so is
one written by a newer schema.  A missing or empty file becomes a new database.

Invariant: every row was written by one ``INSERT`` (or a replacing one, for a heap
game recomputed to a larger limit) inside a transaction, keyed ``UNIQUE(family,
code)`` and ``UNIQUE(ruleset, position)``: a row is there whole or not at all, once.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "r.db")
>>> db = ResultsDB.create(path)
>>> db.record_heap({"family": "octal", "code": "0.77", "heaps_limit": 4096, "heaps": 4096,
...                 "status": "certified", "preperiod": 71, "period": 12, "seconds": 0.01})
>>> db.heap_table(family="octal").rows
[('0.77', 4096, 'certified', 71, 12)]
>>> db.close()
"""

from __future__ import annotations

import csv
import json
import os
import re
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from ..errors import SweepError
from ..numbers import Dyadic

__all__ = ["ResultsDB", "Table", "SCHEMA_VERSION", "FORMAT", "HEAP_STATUSES", "POSITION_STATUSES", "SUBTREE_STATUSES"]

FORMAT = "cgtkit-sweep"
SCHEMA_VERSION = 2  # 2: the subtrees of distributed searches (a version-1 file gains the table when opened to write)
#: certified: (preperiod, period) proved; open: no period within the heap limit;
#: timeout / memory: over the task's budget; killed: its worker died on every try
#: (e.g. over Dask's worker memory limit); error: the task raised (message kept)
HEAP_STATUSES = ("certified", "open", "timeout", "memory", "killed", "error")
POSITION_STATUSES = ("done", "timeout", "memory", "killed", "error")
#: done: the search answered (``wins``); killed, error: as above
SUBTREE_STATUSES = ("done", "killed", "error")
FINISHED_HEAP = ("certified", "open")

#: the most memory SQLite's page cache of an open database takes, in KiB
CACHE_KIB = 256 << 10

_SCHEMA = f"""
CREATE TABLE cgtkit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE heap_games (
    family       TEXT NOT NULL,     -- octal | hex | subtraction
    code         TEXT NOT NULL,     -- canonical spelling: 0.77, 0.8F, 1,3,4
    heaps_limit  INTEGER NOT NULL,  -- the --heaps asked for
    heaps        INTEGER NOT NULL,  -- Grundy values computed (heaps 0 .. heaps-1)
    status       TEXT NOT NULL CHECK (status IN {HEAP_STATUSES}),
    preperiod    INTEGER,           -- NULL unless certified
    period       INTEGER,           -- NULL unless certified
    max_value    INTEGER,           -- the largest Grundy value computed
    rare_mask    INTEGER,           -- the mask making fewest values rare (popcount(v & mask) even)
    rare_values  TEXT,              -- JSON list: the distinct rare values that occur
    rare_heaps   INTEGER,           -- how many heaps have a rare value
    first_values TEXT,              -- JSON list: G(0 .. 31)
    message      TEXT,              -- why, for timeout / memory / killed / error
    seconds      REAL,              -- wall time of the task (not compared between runs)
    cpu_seconds  REAL,              -- CPU time of the task
    version      TEXT NOT NULL,     -- cgtkit's version that computed the row
    UNIQUE (family, code)
);
CREATE TABLE positions (
    ruleset      TEXT NOT NULL,     -- domineering
    position     TEXT NOT NULL,     -- rows joined by |, '.' empty, '#' not part of the region
    cells        INTEGER NOT NULL,  -- empty cells
    status       TEXT NOT NULL CHECK (status IN {POSITION_STATUSES}),
    value        TEXT,              -- canonical form, CGSuite notation
    left_stop    TEXT,              -- exact dyadic, e.g. -3/2
    right_stop   TEXT,
    temperature  TEXT,              -- exact dyadic (CGSuite's convention: -1 for integers)
    temperature_num INTEGER,        -- temperature = num / 2^exp, for ordering
    temperature_exp INTEGER,
    seconds      REAL,
    version      TEXT NOT NULL,
    UNIQUE (ruleset, position)
);
CREATE INDEX positions_by_value ON positions (ruleset, value);
CREATE TABLE IF NOT EXISTS subtrees (
    problem      TEXT NOT NULL,     -- the search: a hash of its sum and first player
    sum          TEXT NOT NULL,     -- JSON list of the root's terms (ruleset:position or a value)
    first        TEXT NOT NULL,     -- L | R: who moves first at the root
    path         TEXT NOT NULL,     -- JSON list of the moves from the root: [term (from 1), text after]
    to_move      TEXT NOT NULL,     -- L | R: who moves at this subtree's root
    status       TEXT NOT NULL CHECK (status IN {SUBTREE_STATUSES}),
    wins         INTEGER,           -- 1 if the player to move wins the subtree, 0 if not, NULL unless done
    nodes        INTEGER,           -- positions the native search looked at
    certificate  TEXT,              -- the certificate of the answer, if asked and small enough: the compact
                                    -- form's gzip bytes (cgtkit.replay.compact), or format 1's JSON text
    certificate_sha TEXT,           -- SHA-256 of certificate's bytes
    message      TEXT,              -- why, for killed / error, or why no certificate
    seconds      REAL,
    cpu_seconds  REAL,
    version      TEXT NOT NULL,
    UNIQUE (problem, path)
)
"""

HEAP_COLUMNS = (
    "family",
    "code",
    "heaps_limit",
    "heaps",
    "status",
    "preperiod",
    "period",
    "max_value",
    "rare_mask",
    "rare_values",
    "rare_heaps",
    "first_values",
    "message",
    "seconds",
    "cpu_seconds",
    "version",
)
POSITION_COLUMNS = (
    "ruleset",
    "position",
    "cells",
    "status",
    "value",
    "left_stop",
    "right_stop",
    "temperature",
    "temperature_num",
    "temperature_exp",
    "seconds",
    "version",
)
SUBTREE_COLUMNS = (
    "problem",
    "sum",
    "first",
    "path",
    "to_move",
    "status",
    "wins",
    "nodes",
    "certificate",
    "certificate_sha",
    "message",
    "seconds",
    "cpu_seconds",
    "version",
)
TABLES = {"heap_games": HEAP_COLUMNS, "positions": POSITION_COLUMNS, "subtrees": SUBTREE_COLUMNS}


@dataclass
class Table:
    """A query's answer: ``columns`` and ``rows`` (tuples), DataFrame-like enough for a
    notebook (``len``, iteration over rows as dicts, ``column(name)``, ``to_pandas()``).

    >>> t = Table(("code", "period"), [("0.77", 12), ("0.16", None)])
    >>> len(t), t.column("period"), next(iter(t))
    (2, [12, None], {'code': '0.77', 'period': 12})
    """

    columns: tuple[str, ...]
    rows: list[tuple]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (dict(zip(self.columns, row)) for row in self.rows)

    def column(self, name: str) -> list:
        """Every row's value in column ``name``."""
        i = self.columns.index(name)
        return [row[i] for row in self.rows]

    def to_pandas(self):  # type: ignore[no-untyped-def]
        """A pandas DataFrame (pandas is optional: not a dependency of cgtkit)."""
        try:
            import pandas
        except ImportError:
            raise SweepError("to_pandas() needs pandas, which is not installed: pip install pandas") from None
        return pandas.DataFrame(self.rows, columns=list(self.columns))

    def __str__(self) -> str:
        text = [[("" if v is None else str(v)) for v in row] for row in self.rows]
        widths = [max([len(c)] + [len(r[i]) for r in text]) for i, c in enumerate(self.columns)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip()]
        lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in text]
        return "\n".join(lines)


def check_ours(path: str) -> bool:
    """True if ``path`` holds a cgtkit results database, False if there is no database
    yet (no file, or an empty one); :class:`SweepError` for any other file.  Reads only:
    the file is left exactly as it was."""
    if not os.path.exists(path) or (os.path.isfile(path) and os.path.getsize(path) == 0):
        return False
    if not os.path.isfile(path):
        raise SweepError(f"{path}: not a file")
    try:
        conn = sqlite3.connect(f"file:{_uri_path(path)}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise SweepError(f"{path}: cannot open: {exc}") from None
    try:
        try:
            meta = dict(conn.execute("SELECT key, value FROM cgtkit_meta").fetchall())
        except sqlite3.DatabaseError:
            meta = {}
    finally:
        conn.close()
    if meta.get("format") != FORMAT:
        raise SweepError(f"{path} is not a cgtkit results database (refusing to touch it); give a new file")
    version = int(meta.get("schema_version", "0"))
    if version > SCHEMA_VERSION:
        raise SweepError(
            f"{path} was written by a newer cgtkit (schema {version}; this one reads {SCHEMA_VERSION}): upgrade cgtkit"
        )
    return True


@lru_cache(maxsize=1)
def cgtkit_version() -> str:
    """cgtkit's version (looked up once: the package metadata is slow to read)."""
    from ..version import version

    return version()


def _uri_path(path: str) -> str:
    from urllib.parse import quote

    return quote(os.path.abspath(path))


class ResultsDB:
    """A cgtkit results database (see the module docstring).  Only the driver of a
    sweep writes; each ``record_*`` call is one transaction."""

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        # a page cache of up to CACHE_KIB (SQLite's default is 2 MiB): a sweep's rows land
        # all over the indexes of a table of millions
        conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        self.conn = conn
        self.path = path
        self._batched = False

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction for every ``record_*`` inside the block (a commit syncs the
        disk, tens of milliseconds: the driver commits what arrived together at once)."""
        self._batched = True
        try:
            with self.conn:
                yield
        finally:
            self._batched = False

    def _write(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if self._batched:
            self.conn.executemany(sql, rows)
        else:
            with self.conn:
                self.conn.executemany(sql, rows)

    @classmethod
    def open(cls, path: str, readonly: bool = False) -> "ResultsDB":
        """An existing database; :class:`SweepError` if there is none or it is not ours."""
        if not check_ours(path):
            raise SweepError(f"{path}: no results database there (run a sweep with --db {path} first)")
        uri = f"file:{_uri_path(path)}?mode={'ro' if readonly else 'rw'}"
        db = cls(sqlite3.connect(uri, uri=True), path)
        if not readonly:
            db._upgrade()
        return db

    def _upgrade(self) -> None:
        """A version-1 file (no subtrees) made version 2, in one transaction."""
        (version,) = self.conn.execute("SELECT value FROM cgtkit_meta WHERE key = 'schema_version'").fetchone()
        if int(version) >= SCHEMA_VERSION:
            return
        with self.conn:
            self.conn.execute(_SCHEMA[_SCHEMA.index("CREATE TABLE IF NOT EXISTS subtrees") :])
            self.conn.execute("UPDATE cgtkit_meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))

    @classmethod
    def create(cls, path: str) -> "ResultsDB":
        """The database at ``path``, made (schema and marker) if there is none yet."""
        if check_ours(path):
            return cls.open(path)
        from ..version import version

        conn = sqlite3.connect(path, isolation_level=None)
        try:  # the schema and its marker in one transaction: a file is ours whole or not at all
            conn.execute("BEGIN")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.executemany(
                "INSERT INTO cgtkit_meta (key, value) VALUES (?, ?)",
                [("format", FORMAT), ("schema_version", str(SCHEMA_VERSION)), ("created_by", version())],
            )
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            conn.close()
            raise SweepError(f"{path}: cannot write the database: {exc}") from None
        conn.isolation_level = ""  # back to transactions opened by the first write
        return cls(conn, path)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "ResultsDB":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- heap games ------------------------------------------------------------------
    def finished_heaps(self, family: str, heaps_limit: int, retry: bool = False) -> set[str]:
        """The codes of ``family`` that need no computing for ``heaps_limit``: certified,
        or open at a limit at least as large; and, unless ``retry``, every code whose
        task failed (timeout, memory, killed, error) at such a limit."""
        rows = self.conn.execute(
            "SELECT code, status, heaps_limit FROM heap_games WHERE family = ?", (family,)
        ).fetchall()
        done = set()
        for code, status, limit in rows:
            if status == "certified" or (limit >= heaps_limit and (status == "open" or not retry)):
                done.add(code)
        return done

    def record_heap(self, row: dict[str, Any]) -> None:
        """Insert one heap game's row (replacing an earlier row of the same code computed
        to a smaller limit), in one transaction."""
        row = {**row, "version": row.get("version") or cgtkit_version()}
        values = [row.get(c) for c in HEAP_COLUMNS]
        updates = ", ".join(f"{c} = excluded.{c}" for c in HEAP_COLUMNS[2:])
        self._write(
            f"INSERT INTO heap_games ({', '.join(HEAP_COLUMNS)}) VALUES ({', '.join('?' * len(HEAP_COLUMNS))}) "
            f"ON CONFLICT (family, code) DO UPDATE SET {updates}",
            [values],
        )

    def heap_table(
        self, family: str | None = None, codes: Iterable[str] | None = None, all_columns: bool = False
    ) -> Table:
        """The heap-game rows (of one family; of the given codes), ordered by code."""
        cols = HEAP_COLUMNS if all_columns else ("code", "heaps", "status", "preperiod", "period")
        sql = f"SELECT {', '.join(cols)} FROM heap_games"
        args: list = []
        if family is not None:
            sql += " WHERE family = ?"
            args.append(family)
        rows = self.conn.execute(sql + " ORDER BY family, code", args).fetchall()
        if codes is not None:
            wanted = set(codes)
            i = cols.index("code")
            rows = [r for r in rows if r[i] in wanted]
        return Table(tuple(cols), rows)

    # --- positions -------------------------------------------------------------------
    def position_counts(self, ruleset: str, retry: bool = False) -> dict[int, int]:
        """How many positions of ``ruleset`` have a row (with ``retry``: a done row), by
        number of cells."""
        done = " AND status = 'done'" if retry else ""
        sql = f"SELECT cells, COUNT(*) FROM positions WHERE ruleset = ?{done} GROUP BY cells"
        return {cells: n for cells, n in self.conn.execute(sql, (ruleset,))}

    def unknown_positions(self, ruleset: str, positions: Sequence[str], retry: bool = False) -> list[str]:
        """Those of ``positions`` (of ``ruleset``) without a row (with ``retry``: without a
        done row), in their order; one indexed look-up per 500."""
        done = " AND status = 'done'" if retry else ""
        known: set[str] = set()
        for i in range(0, len(positions), 500):
            part = list(positions[i : i + 500])
            sql = (
                f"SELECT position FROM positions WHERE ruleset = ?{done} AND position IN ({', '.join('?' * len(part))})"
            )
            known.update(p for (p,) in self.conn.execute(sql, (ruleset, *part)))
        return [p for p in positions if p not in known]

    def record_positions(self, rows: Sequence[dict[str, Any]]) -> None:
        """Insert the rows of one finished chunk of positions, in one transaction (a row
        that failed before and is now done replaces the failure)."""
        v = cgtkit_version()
        values = [[r.get(c) for c in POSITION_COLUMNS[:-1]] + [r.get("version") or v] for r in rows]
        updates = ", ".join(f"{c} = excluded.{c}" for c in POSITION_COLUMNS[2:])
        self._write(
            f"INSERT INTO positions ({', '.join(POSITION_COLUMNS)}) "
            f"VALUES ({', '.join('?' * len(POSITION_COLUMNS))}) "
            f"ON CONFLICT (ruleset, position) DO UPDATE SET {updates} WHERE positions.status != 'done'",
            values,
        )

    # --- subtrees of distributed searches ---------------------------------------------
    def subtree_rows(self, problem: str) -> list[dict[str, Any]]:
        """Every row of the search ``problem``, as dicts, ordered by path."""
        try:
            cur = self.conn.execute(
                f"SELECT {', '.join(SUBTREE_COLUMNS)} FROM subtrees WHERE problem = ? ORDER BY path", (problem,)
            )
        except sqlite3.OperationalError:  # a version-1 file opened read-only: no subtrees yet
            return []
        return [dict(zip(SUBTREE_COLUMNS, r)) for r in cur.fetchall()]

    def record_subtree(self, row: dict[str, Any]) -> None:
        """Insert one subtree's row (a done row replaces a failed one, never the reverse)."""
        values = [row.get(c) for c in SUBTREE_COLUMNS[:-1]] + [row.get("version") or cgtkit_version()]
        updates = ", ".join(f"{c} = excluded.{c}" for c in SUBTREE_COLUMNS[4:])
        self._write(
            f"INSERT INTO subtrees ({', '.join(SUBTREE_COLUMNS)}) VALUES ({', '.join('?' * len(SUBTREE_COLUMNS))}) "
            f"ON CONFLICT (problem, path) DO UPDATE SET {updates} WHERE subtrees.status != 'done'",
            [values],
        )

    def hottest(self, n: int = 20, ruleset: str = "domineering") -> Table:
        """The ``n`` hottest positions (exact order of temperatures; ties by position)."""
        rows = self.conn.execute(
            "SELECT position, cells, value, temperature, temperature_num, temperature_exp FROM positions "
            "WHERE ruleset = ? AND status = 'done'",
            (ruleset,),
        ).fetchall()
        rows.sort(key=lambda r: (-Dyadic(r[4], 1 << r[5]), r[1], r[0]))
        return Table(("position", "cells", "value", "temperature"), [r[:4] for r in rows[:n]])

    def values(self, ruleset: str = "domineering") -> Table:
        """Every value that occurs, with how many positions have it and the fewest cells
        it takes, hottest first (then by value)."""
        rows = self.conn.execute(
            "SELECT value, COUNT(*), MIN(cells), temperature, temperature_num, temperature_exp FROM positions "
            "WHERE ruleset = ? AND status = 'done' GROUP BY value",
            (ruleset,),
        ).fetchall()
        rows.sort(key=lambda r: (-Dyadic(r[4], 1 << r[5]), r[0]))
        return Table(("value", "positions", "min_cells", "temperature"), [r[:4] for r in rows])

    def summary_rows(self) -> list[dict[str, Any]]:
        """The counts, one dict per (table, family or ruleset, status): ``{"table":
        "heap_games", "family": "octal", "status": "certified", "count": 3}``, and for
        positions ``ruleset`` instead of ``family``."""
        out: list[dict[str, Any]] = []
        for table, group in (("heap_games", "family"), ("positions", "ruleset")):
            for name, status, count in self.conn.execute(
                f"SELECT {group}, status, COUNT(*) FROM {table} GROUP BY {group}, status ORDER BY {group}, status"
            ):
                out.append({"table": table, group: name, "status": status, "count": count})
        return out

    def summary(self) -> list[str]:
        """:meth:`summary_rows` as lines of text, in columns."""
        return [
            f"{r['table']:<11} {r.get('family', r.get('ruleset')):<12} {r['status']:<10} {r['count']}"
            for r in self.summary_rows()
        ]

    def sql(self, query: str) -> Table:
        """The answer of one read-only SQL query (``SweepError`` if SQLite refuses it, and
        one that says so when the query is a single word that is no table's name)."""
        if re.fullmatch(r"\s*\w+\s*", query) and not is_table_name(query):
            raise SweepError(f"no such table {query.strip()!r}; the tables are: {', '.join(TABLES)}")
        try:
            cur = self.conn.execute(query)
            rows = cur.fetchall()
        except sqlite3.Error as exc:
            raise SweepError(f"SQL: {exc}") from None
        cols = tuple(d[0] for d in cur.description or ())
        return Table(cols, rows)

    def table(self, name: str) -> Table:
        """A whole table: ``heap_games`` or ``positions``."""
        if name not in TABLES:
            raise SweepError(f"no table {name!r}; the tables are: {', '.join(TABLES)}")
        cols = TABLES[name]
        return Table(cols, self.conn.execute(f"SELECT {', '.join(cols)} FROM {name} ORDER BY rowid").fetchall())


def is_table_name(name: str) -> bool:
    """Whether ``name`` is one of the tables (``heap_games``, ``positions``).

    >>> is_table_name("positions"), is_table_name("SELECT 1")
    (True, False)
    """
    return name.strip() in TABLES


def export_csv(table: Table, path: str) -> None:
    """Write ``table`` as CSV (a header row, then the rows; NULL as an empty field)."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(table.columns)
        w.writerows(table.rows)


def export_parquet(table: Table, path: str) -> None:
    """Write ``table`` as Parquet (needs pyarrow: ``pip install 'cgtkit[parquet]'``)."""
    try:
        import pyarrow
        import pyarrow.parquet as pq
    except ImportError:
        raise SweepError(
            "Parquet export needs pyarrow, which is not installed: pip install 'cgtkit[parquet]'"
        ) from None
    data = {c: [row[i] for row in table.rows] for i, c in enumerate(table.columns)}
    pq.write_table(pyarrow.table(data), path)


def json_list(values: Iterable[int]) -> str:
    """A compact JSON list of ints (the rare and first values columns).

    >>> json_list([0, 1, 2])
    '[0,1,2]'
    """
    return json.dumps([int(v) for v in values], separators=(",", ":"))
