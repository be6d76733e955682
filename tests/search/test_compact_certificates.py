"""Compact certificates (format 2: cgtkit.search.compact_certificate, checked by
cgtkit.replay.compact): smaller than format 1 and hashed the same every time; forged
ones fail: a wrong move, a missing or doubled reply, a wrong value at a leaf, a flipped
claim, a cut file.  (That on random small sums the claims equal the canonical value's
outcome and replay, on both engines and across them, test_certificates.py tests for
both formats with one helper.)"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import signal
import threading

import pytest
from support.cli_run import run

from cgtkit import backend, search
from cgtkit.errors import CertificateError, ResourceLimitError
from cgtkit.replay import read_term
from cgtkit.replay.compact import check_compact, is_compact
from cgtkit.rulesets import CannibalClobber, Clobber, Konane
from cgtkit.rulesets.variants import impartial_variant
from cgtkit.search import strategy


def _compact(terms: list, first: str = "LR", leaf_moves: int = 12) -> tuple[object, bytes]:
    buf = io.BytesIO()
    c = search.compact_certificate(terms, first, buf, leaf_moves=leaf_moves)
    return c, buf.getvalue()


def test_the_compact_form_is_smaller_and_its_hash_is_the_same_every_time():
    board = Clobber("xoxoxo|oxoxox")
    full = search.certificate(board, "LR")
    c, data = _compact([board])
    assert c.claims == full.claims == [("L", False), ("R", False)]
    assert c.nodes < len(full.nodes) and len(data) < len(full.to_json().encode())
    assert _compact([board])[1] == data  # no time stamp in the gzip header


# --- forgeries ---------------------------------------------------------------------


def _parts(data: bytes) -> tuple[dict, list]:
    lines = gzip.decompress(data).decode().splitlines()
    return json.loads(lines[0]), [json.loads(x) for x in lines[1:-1]]


def _join(head: dict, nodes: list, count: int = -1) -> bytes:
    end = {"nodes": len(nodes) if count < 0 else count}
    text = "\n".join(json.dumps(x) for x in [head, *nodes, end]) + "\n"
    return gzip.compress(text.encode())


@pytest.fixture(scope="module")
def original():
    """A compact certificate with winning nodes, losing nodes of two or more replies,
    and value leaves: Clobber 2x4 plus ^* (Left moving first wins, Right loses)."""
    _, data = _compact([Clobber("xoxo|oxox"), read_term("^*")], "LR", leaf_moves=4)
    return data


@pytest.fixture
def forged(original):
    """The certificate's head and nodes, to forge."""
    return _parts(original)


def _first(nodes: list, test) -> int:
    return next(k for k, n in enumerate(nodes) if test(n))


def test_the_untouched_certificate_replays(forged):
    assert check_compact(_join(*forged)).claims == [("L", True), ("R", False)]


def test_a_winning_move_to_the_wrong_node_fails(forged):
    head, nodes = forged
    k = _first(nodes, lambda n: n[1] and isinstance(n[3], list))
    losing = [j for j, n in enumerate(nodes) if n[0] != nodes[k][0] and not n[1] and j != nodes[k][3][0][1]]
    nodes[k][3][0][1] = losing[-1]
    with pytest.raises(CertificateError, match=f"node {k}:"):
        check_compact(_join(head, nodes))


def test_a_move_in_the_wrong_term_fails(forged):
    head, nodes = forged
    k = _first(nodes, lambda n: n[1] and isinstance(n[3], list))
    nodes[k][3][0][0] = 3 - nodes[k][3][0][0]
    with pytest.raises(CertificateError, match=f"node {k}:"):
        check_compact(_join(head, nodes))


def test_a_missing_reply_fails(forged):
    head, nodes = forged
    k = _first(nodes, lambda n: not n[1] and isinstance(n[3], list) and len(n[3]) >= 2)
    del nodes[k][3][0]
    with pytest.raises(CertificateError, match=f"node {k}: the replies omit a move"):
        check_compact(_join(head, nodes))


def test_a_reply_listed_twice_fails(forged):
    head, nodes = forged
    k = _first(nodes, lambda n: not n[1] and isinstance(n[3], list) and len(n[3]) >= 1)
    nodes[k][3].append(nodes[k][3][0])
    with pytest.raises(CertificateError, match=f"node {k}: the move to .* is listed twice"):
        check_compact(_join(head, nodes))


def test_a_wrong_value_at_a_leaf_fails(forged):
    head, nodes = forged
    k = _first(nodes, lambda n: isinstance(n[3], dict))
    nodes[k][3]["values"][1] = "*" if nodes[k][3]["values"][1] != "*" else "0"
    with pytest.raises(CertificateError, match=f"node {k}: term 2 .* has the value"):
        check_compact(_join(head, nodes))


def test_a_leaf_whose_values_contradict_its_claim_fails(forged):
    head, nodes = forged
    k = _first(nodes, lambda n: isinstance(n[3], dict))
    nodes[k][1] = not nodes[k][1]
    with pytest.raises(CertificateError, match="node"):
        check_compact(_join(head, nodes))


def test_a_flipped_claim_fails(forged):
    head, nodes = forged
    head["claims"][0]["wins"] = not head["claims"][0]["wins"]
    with pytest.raises(CertificateError, match="starts at a node of another claim"):
        check_compact(_join(head, nodes))


def test_a_cut_or_damaged_file_fails(forged):
    head, nodes = forged
    with pytest.raises(CertificateError, match="the file is cut"):
        check_compact(_join(head, nodes[:-1], count=len(nodes)))
    with pytest.raises(CertificateError, match="not gzip"):
        check_compact(b"\x1f\x8b" + b"x" * 40)
    with pytest.raises(CertificateError, match="an edge's node is a node id"):
        k = _first(nodes, lambda n: isinstance(n[3], list) and n[3])
        nodes[k][3][0][1] = len(nodes)
        check_compact(_join(head, nodes))


def test_the_commands_write_and_check_the_compact_form(capsys, tmp_path):
    path = tmp_path / "c.gz"
    status, out, err = run(capsys, "solve", "clobber:xoxo|oxox", "^*", "--certificate", str(path), "--json")
    assert status == 0, err
    written = json.loads(out)
    assert is_compact(str(path)) and written["certificate_nodes"] == check_compact(str(path)).nodes
    status, out, err = run(capsys, "check-certificate", str(path), "--json")
    assert status == 0, err
    checked = json.loads(out)
    assert checked["sha256"] == written["certificate_sha256"] and checked["certificate"] == "OK"
    path.write_bytes(path.read_bytes()[:-12])
    status, out, err = run(capsys, "check-certificate", str(path))
    assert status == 2 and ("not gzip" in err or "cut" in err), err


def test_leaf_moves_sets_where_the_compact_form_ends_at_values(capsys, tmp_path):
    """``--leaf-moves N``: the certificate the library writes with ``leaf_moves=N``
    (0: no value leaves but the ends of the game), the default bound otherwise."""
    board = "xoxoxo|oxoxox"
    nodes = {}
    for leaves in [None, 0, 6]:
        path = tmp_path / f"c{leaves}.gz"
        flag = [] if leaves is None else ["--leaf-moves", str(leaves)]
        status, out, err = run(capsys, "solve", f"clobber:{board}", "--certificate", str(path), "--json", *flag)
        assert status == 0, err
        nodes[leaves] = json.loads(out)["certificate_nodes"]
        want = search.compact_certificate(
            Clobber(board), "LR", io.BytesIO(), leaf_moves=strategy.LEAF_MOVES if leaves is None else leaves
        )
        assert (nodes[leaves], json.loads(out)["certificate_sha256"]) == (want.nodes, want.sha256)
    assert nodes[0] > nodes[6] > nodes[None]
    status, _, err = run(
        capsys, "solve", f"clobber:{board}", "--certificate", str(tmp_path / "x.gz"), "--leaf-moves", "-1"
    )
    assert status == 2 and "--leaf-moves must be at least 0" in err, err


# --- the native writer, against the Python writer (its twin) -------------------------

NATIVE_BOARDS = [Clobber, CannibalClobber, Konane]


def _board(rng: random.Random, cls: type) -> object:
    rows, cols = rng.randint(1, 3), rng.randint(1, 4)
    return cls("|".join("".join(rng.choice("xxoo.") for _ in range(cols)) for _ in range(rows)))


def _both_writers(terms: list, first: str, leaf_moves: int, max_nodes: int = 10**6) -> tuple[bytes, bytes]:
    native, python = io.BytesIO(), io.BytesIO()
    a = search.compact_certificate(terms, first, native, max_nodes=max_nodes, leaf_moves=leaf_moves)
    b = search.compact_certificate(terms, first, python, max_nodes=max_nodes, leaf_moves=leaf_moves, native=False)
    assert (a.claims, a.nodes, a.sha256) == (b.claims, b.nodes, b.sha256), terms
    return native.getvalue(), python.getvalue()


@pytest.fixture
def native_runs(monkeypatch):
    """The node counts the native writer answered (None: it did not run)."""
    got: list = []
    real = strategy.rulesets.write_compact

    def spy(*args, **kwargs):
        got.append(real(*args, **kwargs))
        return got[-1]

    monkeypatch.setattr(strategy.rulesets, "write_compact", spy)
    return got


@pytest.mark.skipif(not backend.rulesets.active(), reason="the native writer runs on the native engine")
def test_the_native_writer_writes_the_python_writer_s_bytes_on_random_sums(native_runs):
    rng = random.Random("native writer")
    for _ in range(100):
        cls = rng.choice(NATIVE_BOARDS)
        terms = [_board(rng, cls) for _ in range(rng.randint(1, 3))]
        first = rng.choice(["LR", "RL", "L", "R"])
        native, python = _both_writers(terms, first, rng.choice([0, 2, 5, 12]))
        assert native == python, terms
        assert native_runs[-1] is not None, terms  # the native writer wrote it
        check_compact(native)
    assert len(native_runs) == 100


VALUES = ["0", "*", "*2", "*3", "^", "v*", "1/2", "-1", "{1|-1}", "{2|0}", "{0|-1/2}", "{1|*}"]
NIMBERS = ["*", "*2", "*3"]


@pytest.mark.skipif(not backend.rulesets.active(), reason="the native writer runs on the native engine")
def test_the_native_writer_writes_sums_with_values_and_impartial_variants_as_python_does(native_runs):
    """Boards beside explicit values (in any place of the sum), and the impartial
    variants of boards beside nimbers: the same bytes from both writers, written
    natively, and each certificate checks."""
    rng = random.Random("native writer, values")
    for n in range(60):
        cls = rng.choice(NATIVE_BOARDS)
        impartial = n % 2 == 1
        boards = [_board(rng, cls) for _ in range(rng.randint(1, 2))]
        if impartial:
            boards = [impartial_variant(b) for b in boards]
        values = [read_term(rng.choice(NIMBERS if impartial else VALUES)) for _ in range(rng.randint(1, 2))]
        terms = boards + values
        rng.shuffle(terms)
        first = rng.choice(["LR", "RL", "L", "R"])
        native, python = _both_writers(terms, first, rng.choice([0, 2, 5, 12]))
        assert native == python, terms
        assert native_runs[-1] is not None, terms
        check_compact(native)
    assert len(native_runs) == 60


@pytest.mark.skipif(not backend.rulesets.active(), reason="the native writer runs on the native engine")
def test_a_nim_value_s_certificate_is_written_natively():
    """For an impartial G, G + *n is P exactly when G's nim value is n: the native
    writer's certificate of that (Clobber 2x4's impartial variant) checks, and one with
    the wrong nimber says N."""
    g = impartial_variant(Clobber("xoxo|oxox"))
    n = g.nim_value
    right = search.compact_certificate([g, read_term(f"*{n}" if n else "0")], "L", io.BytesIO())
    wrong = search.compact_certificate([g, read_term(f"*{n + 1}")], "L", io.BytesIO())
    assert right.claims == [("L", False)] and wrong.claims == [("L", True)]
    assert right.nodes > 10


@pytest.mark.skipif(not backend.rulesets.active(), reason="the native writer runs on the native engine")
def test_the_native_writer_on_boards_with_many_nodes(native_runs):
    for board in ["xoxoxoxo|oxoxoxox", "xoxox|oxoxo|xoxox"]:  # 1,027 and 645 nodes
        native, python = _both_writers([Clobber(board)], "LR", 8)
        assert native == python and native_runs[-1] > 600, board
    native, python = _both_writers([Konane("xoxox|oxox.|xo.ox")], "LR", 0)
    assert native == python and native_runs[-1] > 10


@pytest.mark.skipif(not backend.rulesets.active(), reason="the native writer runs on the native engine")
def test_the_native_writer_keeps_the_bound_and_leaves_other_sums_to_python(native_runs, tmp_path):
    terms = [Clobber("xoxo|oxox"), Clobber("xo.ox")]
    with pytest.raises(ResourceLimitError, match="the certificate needs more than 5 nodes"):
        search.compact_certificate(terms, "LR", io.BytesIO(), max_nodes=5, leaf_moves=4)
    with pytest.raises(ResourceLimitError, match="the certificate needs more than 5 nodes"):
        search.compact_certificate(terms, "LR", io.BytesIO(), max_nodes=5, leaf_moves=4, native=False)
    path = tmp_path / "c.gz"
    with pytest.raises(ResourceLimitError):
        search.compact_certificate(terms, "LR", str(path), max_nodes=5, leaf_moves=4)
    assert not path.exists() and not (tmp_path / "c.gz.part").exists()  # no file cut short
    native_runs.clear()
    other = [Clobber("xo.ox"), read_term("toppling-dominoes:XO")]  # two rulesets: the Python writer
    check_compact(_both_writers(other, "LR", 4)[0])
    assert native_runs == []


@pytest.mark.skipif(not backend.rulesets.active(), reason="the native writer runs on the native engine")
def test_ctrl_c_stops_the_native_writer_and_leaves_no_file(monkeypatch, native_runs, tmp_path):
    """Ctrl-C (a SIGINT as a terminal sends it, from another thread) once the native
    writer has handed over its first megabyte: a KeyboardInterrupt, no file, and the
    tables undamaged (the same certificate written again, whole)."""
    board = Clobber("xoxoxoxoxox|oxoxoxoxoxo")  # 2x11, leaves at 4 moves: 221,027 nodes, some 20 MB of text
    search.outcome(board)
    real = strategy.HashedFile.write
    sent: list = []

    def write(self, data: bytes) -> int:
        if not sent and self.out.tell() > 4096:  # past the head: the native writer is writing
            sent.append(threading.Timer(0.01, lambda: os.kill(os.getpid(), signal.SIGINT)))
            sent[-1].start()
        return real(self, data)

    monkeypatch.setattr(strategy.HashedFile, "write", write)
    path = tmp_path / "c.gz"
    with pytest.raises(KeyboardInterrupt):
        search.compact_certificate(board, "LR", str(path), leaf_moves=4)
    assert sent and native_runs == [] and list(tmp_path.iterdir()) == []
    monkeypatch.setattr(strategy.HashedFile, "write", real)
    small = Clobber("xoxoxoxo|oxoxoxox")
    native, python = _both_writers([small], "LR", 12)
    assert native == python and check_compact(native).nodes == native_runs[-1]
