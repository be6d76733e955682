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

import pytest
from support.cli_run import run

from cgtkit import search
from cgtkit.errors import CertificateError
from cgtkit.replay import read_term
from cgtkit.replay.compact import check_compact, is_compact
from cgtkit.rulesets import Clobber


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
