"""Taking apart and forging the files of a native table (cgtkit.rulesets.table_file's
frame: magic, length, JSON header, compressed body, SHA-256), for the tests that
check a file whose checksum matches but whose content is wrong is refused."""

from __future__ import annotations

import hashlib
import json


def header_of(data: bytes, magic: bytes) -> tuple[int, dict]:
    """Where a file's (compressed) body starts, and its header."""
    at = len(magic)
    n = int.from_bytes(data[at : at + 4], "little")
    return at + 4 + n, json.loads(data[at + 4 : at + 4 + n])


def sealed(magic: bytes, header: dict, body: bytes) -> bytes:
    """A file of this header and compressed ``body``, its checksum made to match."""
    h = json.dumps(header).encode()
    return resealed(magic + len(h).to_bytes(4, "little") + h + body)


def resealed(data: bytes) -> bytes:
    """``data`` (without its digest) with a correct digest."""
    return data + hashlib.sha256(data).digest()
