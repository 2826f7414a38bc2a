#!/usr/bin/env python3
"""The link table's format version 2, written independently of every implementation
(docs/link-table.md, "Sealed entries"): writes link-table-v2.json, the cases the build (Swift),
TrampolineLink and the Android library each check their own hashing and sealing against.

Run it to regenerate the fixture: python3 Tests/Fixtures/link_table_v2.py
"""

import base64
import hashlib
import json
import pathlib
import struct

PREFIX = "trampoline-link-table/2 "


def digest(label: str, host: str, path: str) -> bytes:
    return hashlib.sha256((PREFIX + label + "\n" + host + "\n" + path).encode("utf-8")).digest()


def link_id(host: str, path: str) -> str:
    return digest("id", host, path)[:16].hex()


def shard(host: str, path: str, count: int) -> int:
    return struct.unpack(">I", digest("id", host, path)[:4])[0] % count


def keystream(key: bytes, length: int) -> bytes:
    out = b""
    block = 0
    while len(out) < length:
        out += hashlib.sha256(key + struct.pack(">I", block)).digest()
        block += 1
    return out[:length]


def seal(host: str, path: str, plain: bytes) -> str:
    key = digest("key", host, path)
    return base64.b64encode(bytes(a ^ b for a, b in zip(plain, keystream(key, len(plain))))).decode("ascii")


def unseal(host: str, path: str, sealed: str) -> bytes:
    data = base64.b64decode(sealed, validate=True)
    key = digest("key", host, path)
    return bytes(a ^ b for a, b in zip(data, keystream(key, len(data))))


CASES = [
    ("go.example.com", "/spring-sale", '{"deep_link":"marry://promo/spring?utm_campaign=spring"}'),
    ("go.example.com", "/welcome", '{"deep_link":"marry://onboarding?ref=site","fixed":["ref"],"forward_query":true}'),
    ("go.example.com", "/Xy7a", '{"deep_link":"marry://invite/Xy7a"}'),
    ("go.example.com", "/xy7a", '{"deep_link":"marry://invite/xy7a"}'),
    ("go.example.com", "/café/menü", '{"deep_link":"marry://menu/caf%C3%A9"}'),
    ("links.example.org", "/spring-sale", '{"deep_link":"other://promo/spring"}'),
    ("go.example.com", "/a", '{"deep_link":"marry://' + "x" * 200 + '"}'),
]


def main() -> None:
    cases = []
    for host, path, plain in CASES:
        key = digest("key", host, path)
        sealed = seal(host, path, plain.encode("utf-8"))
        assert unseal(host, path, sealed) == plain.encode("utf-8")
        cases.append({
            "host": host,
            "path": path,
            "id": link_id(host, path),
            "shards": {str(count): shard(host, path, count) for count in (1, 2, 7, 64)},
            "key": key.hex(),
            "entry": plain,
            "sealed": sealed,
        })
    fixture = {
        "about": "Link table format version 2 (docs/link-table.md): each case's link id, its shard for "
        "several shard counts, the key its entry is sealed with, and the entry sealed. Written by "
        "link_table_v2.py (Python's hashlib, independent of every implementation); the build, "
        "TrampolineLink and the Android library check their hashing and sealing against it.",
        "cases": cases,
    }
    target = pathlib.Path(__file__).with_name("link-table-v2.json")
    target.write_text(json.dumps(fixture, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
