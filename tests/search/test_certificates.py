"""Certificates of who wins (cgtkit.search.certificate, checked by cgtkit.replay): on
random small sums of several rulesets and values the claims equal the outcome of the
canonical value and replay, with the search native or its python twin, in both forms
(format 1, JSON, and the compact format 2 of cgtkit.replay.compact: one helper
parametrized over the format); tampered certificates fail at the node that was changed."""

from __future__ import annotations

import copy
import io
import json
import os
import random
import subprocess
import sys

import pytest
from support.cli_run import interrupted, run

from cgtkit import backend, search
from cgtkit import game as parse
from cgtkit import nimber
from cgtkit.errors import CertificateError, CGTError, ResourceLimitError, RulesError
from cgtkit.replay import Certificate, _acyclic, check_certificate, options, read_term, term_text
from cgtkit.replay.compact import check_compact
from cgtkit.rulesets import Clobber, Domineering, NoGo, TopplingDominoes
from cgtkit.rulesets.base import StringPosition
from cgtkit.rulesets.registry import forget
from cgtkit.rulesets.variants import ImpartialVariant, impartial_variant

VALUES = ["^", "*2", "{1|-1}", "1/2", "-1", "v*", "{2|0}", "*"]


def _grid(rng: random.Random, cells: str, rows: int, cols: int) -> str:
    return "|".join("".join(rng.choice(cells) for _ in range(cols)) for _ in range(rows))


def _position(rng: random.Random, kind: str) -> object:
    if kind == "clobber":
        return Clobber(_grid(rng, "xxoo.", rng.randint(1, 2), rng.randint(2, 3)))
    if kind == "domineering":
        return Domineering(_grid(rng, "...#", rng.randint(1, 3), rng.randint(1, 3)))
    if kind == "toppling":
        return TopplingDominoes("".join(rng.choice("XO#") for _ in range(rng.randint(1, 5))))
    if kind == "nogo":
        while True:  # a board with a group without liberties is no NoGo position
            try:
                return NoGo(_grid(rng, "XO...", 1, rng.randint(2, 4)))
            except RulesError:
                pass
    return parse(rng.choice(VALUES))


KINDS = ["clobber", "domineering", "toppling", "nogo", "value"]


def _random_sum(rng: random.Random) -> list:
    """2 to 4 terms, of one to three kinds (values among them)."""
    kinds = rng.sample(KINDS, rng.randint(1, 3))
    return [_position(rng, rng.choice(kinds)) for _ in range(rng.randint(2, 4))]


def _json_round(terms: list, rng: random.Random) -> tuple[list, list]:
    """A certificate (format 1) of ``terms``: (its claims, the claims its check proves)."""
    cert = search.certificate(terms, "LR")
    return cert.claims, check_certificate(Certificate.from_json(cert.to_json())).claims


def _compact_round(terms: list, rng: random.Random) -> tuple[list, list]:
    """A compact certificate (format 2) of ``terms``, value leaves at 0, 3 or 12 moves:
    (its claims, the claims its check proves); the check's hash and count are the writer's."""
    buf = io.BytesIO()
    c = search.compact_certificate(terms, "LR", buf, leaf_moves=rng.choice([0, 3, 12]))
    got = check_compact(buf.getvalue())
    assert got.sha256 == c.sha256 and got.nodes == c.nodes, terms
    return c.claims, got.claims


def _json_save(terms: list, path: str, rng: random.Random) -> None:
    search.certificate(terms, "LR").save(path)


def _compact_save(terms: list, path: str, rng: random.Random) -> None:
    search.compact_certificate(terms, "LR", path, leaf_moves=rng.choice([0, 12]))


#: each format: its round trip, how it is saved, the checker a subprocess imports, the
#: seeds and counts of the random sums (native search, then its python twin)
FORMATS = {
    "json": (_json_round, _json_save, "cgtkit.replay import check_certificate", ("certificates", 150), ("twin", 50)),
    "compact": (
        _compact_round,
        _compact_save,
        "cgtkit.replay.compact import check_compact",
        ("compact", 120),
        ("compact twin", 40),
    ),
}


def _certify_random_sums(form: str, seed: str, count: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        terms = _random_sum(rng)
        claims, checked = FORMATS[form][0](terms, rng)
        expected = [("L", search.who_wins_by_value(terms, "L")), ("R", search.who_wins_by_value(terms, "R"))]
        assert claims == expected, terms
        assert checked == expected, terms


@pytest.mark.parametrize("form", FORMATS)
def test_certificates_of_random_sums_replay_and_claim_the_value_s_outcome(form):
    _certify_random_sums(form, *FORMATS[form][3])


@pytest.mark.parametrize("form", FORMATS)
def test_certificates_built_on_the_search_s_python_twin_replay(form):
    with backend.use("python"):
        _certify_random_sums(form, *FORMATS[form][4])


@pytest.mark.parametrize("form", FORMATS)
def test_a_certificate_written_on_one_engine_replays_on_the_other(form, tmp_path):
    rng = random.Random("engines" if form == "json" else "compact engines")
    paths = []
    for k in range(6):
        paths.append(str(tmp_path / f"c{k}.{'json' if form == 'json' else 'gz'}"))
        FORMATS[form][1](_random_sum(rng), paths[-1], rng)
    other = "python" if os.environ.get("CGTKIT_ENGINE", "native") != "python" else "native"
    code = f"import sys; from {FORMATS[form][2]} as c; [c(p) for p in sys.argv[1:]]; print('ok')"
    env = dict(os.environ, CGTKIT_ENGINE=other)
    done = subprocess.run([sys.executable, "-c", code, *paths], env=env, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_options_of_the_certified_rulesets_read_back_as_themselves():
    """What the check relies on: a move's text names the position it leads to, and
    distinct options of one term print differently."""
    rng = random.Random("texts")
    for _ in range(300):
        t = _position(rng, rng.choice(KINDS))
        for player in "LR":
            opts = options(t, player)
            for o in opts:
                back = read_term(term_text(o))
                assert back == o and str(back) == str(o) and type(back) is type(o)
            for a in opts:
                for b in opts:
                    assert (str(a) == str(b)) == (a == b), (t, a, b)


def test_the_order_of_the_replies_does_not_matter():
    cert = search.certificate([Clobber("xo.ox|oxx.o"), parse("{1|-1}")], "LR")
    data = copy.deepcopy(cert.data)
    for n in data["nodes"]:
        n.get("replies", []).reverse()
    check_certificate(data)


def _nodes(cert: Certificate, wins: bool, replies: int = 0) -> list[int]:
    return [n["id"] for n in cert.nodes if n["wins"] == wins and len(n.get("replies", [])) >= replies]


@pytest.fixture
def cert() -> Certificate:
    c = search.certificate([Clobber("xxo.o|o.x.x"), Domineering("..|.."), parse("^")], "LR")
    assert check_certificate(c) is c and len(c.nodes) > 20
    return c


def _fails(data: dict, node: int | None, words: str) -> None:
    with pytest.raises(CertificateError, match=words) as info:
        check_certificate(data)
    assert info.value.node == node, str(info.value)


def test_a_move_the_player_does_not_have_fails_at_its_node(cert):
    data = copy.deepcopy(cert.data)
    k = _nodes(cert, True)[3]
    data["nodes"][k]["move"]["to"] += "x"
    _fails(data, k, "has no move to")


def test_a_legal_move_to_another_sum_than_its_child_s_fails(cert):
    data = copy.deepcopy(cert.data)
    for k in _nodes(cert, True):
        node = data["nodes"][k]
        terms = [read_term(t) for t in cert.sum]
        readers = [type(t) if not hasattr(t, "left_options") else parse for t in terms]
        current = [r(s) for r, s in zip(readers, node["sum"])]
        others = [
            (i, str(o))
            for i, t in enumerate(current, 1)
            for o in options(t, node["to_move"])
            if (i, str(o)) != (node["move"]["term"], node["move"]["to"])
        ]
        if others:
            node["move"]["term"], node["move"]["to"] = others[0]
            _fails(data, k, "not node .*'s sum")
            return
    pytest.fail("no winning node with two moves")


def test_a_losing_node_that_omits_a_move_fails(cert):
    data = copy.deepcopy(cert.data)
    k = _nodes(cert, False, replies=2)[0]
    gone = data["nodes"][k]["replies"].pop(1)
    _fails(data, k, f"the replies omit a move: .* can move to '{gone['to']}'")


def test_a_leaf_where_the_loser_still_has_a_move_fails(cert):
    data = copy.deepcopy(cert.data)
    k = _nodes(cert, False, replies=1)[-1]
    data["nodes"][k]["replies"] = []
    _fails(data, k, "a leaf, but (Left|Right) can move to")


def test_a_reply_listed_twice_fails(cert):
    data = copy.deepcopy(cert.data)
    k = _nodes(cert, False, replies=1)[0]
    data["nodes"][k]["replies"].append(data["nodes"][k]["replies"][0])
    _fails(data, k, "listed twice")


def test_a_flipped_claim_fails_at_its_root(cert):
    data = copy.deepcopy(cert.data)
    data["claims"][1]["wins"] = not data["claims"][1]["wins"]
    _fails(data, data["claims"][1]["root"], "starts at a node of another claim")


def test_a_flipped_node_fails(cert):
    data = copy.deepcopy(cert.data)
    k = _nodes(cert, True)[2]
    node = data["nodes"][k]
    node["wins"] = False
    node["replies"] = [node.pop("move")]
    with pytest.raises(CertificateError) as info:
        check_certificate(data)
    # the first node to fail: the one flipped, or a parent of it whose child is now of the wrong kind
    parents = [n["id"] for n in cert.nodes for e in ([n["move"]] if n["wins"] else n["replies"]) if e["node"] == k]
    assert info.value.node in [k, *parents], str(info.value)


def test_a_certificate_of_a_loss_can_be_as_small_as_a_leaf():
    cert = search.certificate(Clobber("x.o"), "L")
    assert cert.claims == [("L", False)] and cert.nodes == [
        {"id": 0, "to_move": "L", "wins": False, "sum": ["x.o"], "replies": []}
    ]
    data = copy.deepcopy(cert.data)
    data["sum"] = ["clobber:xo"]
    data["nodes"][0]["sum"] = ["xo"]
    _fails(data, 0, "a leaf, but Left can move to '.x' in term 1")


def test_malformed_certificates_are_certificate_errors(tmp_path):
    cert = search.certificate(Clobber("xo"), "L")
    path = tmp_path / "bad.json"
    path.write_text("{nope")
    _fails(str(path), None, "not JSON")
    for change, node, words in [
        (lambda d: d.update(format=2), None, "the field format is 1"),
        (lambda d: d.pop("claims"), None, "claims is a non-empty list"),
        (lambda d: d["claims"][0].update(root=99), None, "root is a node id"),
        (lambda d: d["nodes"][0].update(id=5), 0, "has id 0"),
        (lambda d: d["nodes"][0]["move"].update(node="1"), 0, "a move's node is a node id"),
        (lambda d: d["nodes"][0]["move"].update(term=0), 0, "a move's term is 1 to 1"),
        (lambda d: d["nodes"][1].update(sum=["xo", "*"]), 1, "a bad sum"),
        (lambda d: d["sum"].__setitem__(0, "clobber:xq"), None, "illegal character 'q'"),
    ]:
        data = copy.deepcopy(cert.data)
        change(data)
        _fails(data, node, words)


def test_a_cycle_of_nodes_is_refused():
    nodes = [
        {"id": 0, "wins": True, "move": {"node": 1}},
        {"id": 1, "wins": False, "replies": [{"node": 2}, {"node": 0}]},
        {"id": 2, "wins": True, "move": {"node": 1}},
    ]
    with pytest.raises(CertificateError, match="a cycle of moves leads back to it"):
        _acyclic(nodes)
    _acyclic(nodes[:1] + [{"id": 1, "wins": False, "replies": []}])


def test_the_bound_on_nodes_is_an_error():
    terms = [Clobber("xoxo|oxox"), parse("{1|-1}")]
    with pytest.raises(ResourceLimitError, match="the certificate needs more than 5 nodes"):
        search.certificate(terms, "L", max_nodes=5)
    with pytest.raises(CertificateError, match="first is 'L', 'R' or 'LR'"):
        search.certificate(terms, "B")


def test_a_term_whose_text_does_not_read_back_cannot_be_certified():
    class Lossy(StringPosition, name="lossy-test-heap", summary="a test's heap whose text forgets its size"):
        def __init__(self, text: str) -> None:
            self.n = int(text) if text.isdigit() else 1

        def _state(self) -> object:
            return self.n

        def __str__(self) -> str:
            return "heap"

        def left_moves(self) -> list:
            return [Lossy(str(self.n - 1))] if self.n else []

        right_moves = left_moves

    try:
        with pytest.raises(CertificateError, match="reads back as .*not as itself"):
            search.certificate([Lossy("3")], "L")
    finally:
        forget("lossy-test-heap")


def test_the_commands(capsys, tmp_path):
    path = str(tmp_path / "c.json")
    status, out, _ = run(capsys, "solve", "clobber:xo.ox", "^*", "--certificate", path)
    assert status == 0 and f"certificate: {path} (" in out
    status, out, _ = run(capsys, "check-certificate", path)
    assert status == 0
    assert "claims: Left moving first wins; Right moving first wins" in out
    assert "certificate: OK" in out
    status, out, _ = run(capsys, "check-certificate", "--json", path)
    got = json.loads(out)
    assert got["sum"] == ["clobber:xo.ox", "^*"] and got["certificate"] == "OK"
    assert got["claims"] == [{"first": "L", "wins": True}, {"first": "R", "wins": True}]
    status, out, _ = run(capsys, "solve", "--json", "--first", "R", "clobber:xo", "clobber:ox", "--certificate", path)
    assert status == 0 and json.loads(out)["certificate"] == path
    assert Certificate.load(path).claims == [("R", False)]
    data = json.loads(open(path).read())
    data["nodes"][0]["replies"].pop()
    open(path, "w").write(json.dumps(data))
    status, out, err = run(capsys, "check-certificate", path)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("cgtkit check-certificate: error: node 0: the replies omit a move: Right can move to")
    status, _, err = run(capsys, "solve", "clobber:xoxo|oxox", "--certificate", path, "--max-nodes", "3")
    assert status == 2 and "needs more than 3 nodes" in err
    status, _, err = run(capsys, "check-certificate", str(tmp_path / "none.json"))
    assert status == 2 and "No such file" in err


def test_ctrl_c_stops_writing_a_certificate(tmp_path):
    terms = ["clobber:xoxox|oxoxo|xoxox", "domineering:.....|.....|....."]
    status, err = interrupted("solve", *terms, "--certificate", str(tmp_path / "c.json"), "--max-nodes", "10**9")
    assert status == 130 and err.strip() == "cgtkit solve: interrupted"


def test_cgt_errors_of_terms():
    with pytest.raises(CGTError, match="a term of a sum is a position or a Game"):
        search.certificate([Clobber("xo"), 3], "L")


def test_a_move_to_a_position_of_another_ruleset_cannot_be_certified():
    class Pile(StringPosition, name="test-pile-a", summary="a pile whose moves are Heaps"):
        def __init__(self, text: str) -> None:
            self.n = int(text)

        def _state(self) -> object:
            return self.n

        def __str__(self) -> str:
            return str(self.n)

        def left_moves(self) -> list:
            return [Heap(str(self.n - 1))] if self.n else []

        right_moves = left_moves

    class Heap(Pile, name="test-heap-b", summary="a heap"):
        pass

    try:
        assert search.who_wins([Pile("1")], "L")
        with pytest.raises(CertificateError, match="a move of Pile\\(.1.\\) is to a Heap: it cannot be certified"):
            search.certificate([Pile("1")], "L")
    finally:
        forget("test-pile-a")
        forget("test-heap-b")


# --- the impartial variant of a ruleset as a term ------------------------------------


def _impartial(rng: random.Random) -> ImpartialVariant:
    return impartial_variant(_position(rng, rng.choice(["clobber", "domineering", "toppling", "nogo"])))


@pytest.mark.parametrize("form", FORMATS)
def test_certificates_of_impartial_variants_claim_the_outcome_of_their_nim_values(form):
    """Sums of impartial variants (and a nimber): the certificate replays, and the first
    player wins, whoever it is, exactly when the nim values' nim-sum is not 0."""
    rng = random.Random(f"impartial {form}")
    for _ in range(40):
        terms: list = [_impartial(rng) for _ in range(rng.randint(1, 3))]
        total = 0
        for t in terms:
            total ^= t.nim_value
        if rng.random() < 0.5:
            n = rng.randint(0, 3)
            terms.append(nimber(n))
            total ^= n
        claims, checked = FORMATS[form][0](terms, rng)
        assert claims == checked == [("L", total != 0), ("R", total != 0)], terms


def test_an_impartial_term_reads_back_and_an_unknown_ruleset_is_named():
    v = impartial_variant(Clobber("xo.ox"))
    assert term_text(v) == "impartial clobber:xo.ox" and read_term("impartial clobber:xo.ox") == v
    both = sorted([".x.ox", "xo.x.", "o..ox", "xo..o"])  # Left's two moves and Right's two
    assert sorted(map(str, options(v, "L"))) == sorted(map(str, options(v, "R"))) == both
    with pytest.raises(CGTError, match="unknown ruleset 'clobbr'"):
        read_term("impartial clobbr:xo.ox")


def test_a_reply_of_the_other_player_s_moves_omitted_from_an_impartial_term_fails():
    """In the impartial variant the player to move has both players' moves: a losing
    node that answers only Left's moves of the board fails."""
    c = search.certificate([impartial_variant(Clobber("xoxo|oxox"))], "L")
    assert c.claims == [("L", False)]
    data = copy.deepcopy(c.data)
    root = data["nodes"][0]
    right_only = {str(o) for o in Clobber("xoxo|oxox").right_moves()} - {
        str(o) for o in Clobber("xoxo|oxox").left_moves()
    }
    gone = next(r for r in root["replies"] if r["to"] in right_only)
    root["replies"].remove(gone)
    _fails(data, 0, f"the replies omit a move: .* can move to '{gone['to']}'")


def test_the_commands_certify_an_impartial_variant(capsys, tmp_path):
    """``cgtkit solve 'impartial clobber:...'`` of a board of nim value 0: P, and the
    certificate says so and replays."""
    path = tmp_path / "c.gz"
    status, out, err = run(capsys, "solve", "impartial clobber:xoxoxo|oxoxox", "--certificate", str(path), "--json")
    assert status == 0 and json.loads(out)["outcome"] == "P", err
    status, out, err = run(capsys, "check-certificate", str(path), "--json")
    checked = json.loads(out)
    assert status == 0 and checked["sum"] == ["impartial clobber:xoxoxo|oxoxox"], err
    assert checked["claims"] == [{"first": "L", "wins": False}, {"first": "R", "wins": False}]
