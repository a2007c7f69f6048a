"""The pump reads entries as Redis sends them: in the append script's field order it takes a
short path, any other order still reads the same record."""

from __future__ import annotations

import itertools

from server.store import Recorded
from server.store.redis import entry_to_recorded

FIELDS = {b"d": b'{"type": "x"}', b"p": b"ab12", b"h": b"cd34", b"t": b"1733000000000"}
RECORD = Recorded(
    version=7, data=b'{"type": "x"}', prev_hash="ab12", hash="cd34", at_ms=1733000000000
)


def test_every_field_order_reads_the_same_record() -> None:
    for order in itertools.permutations(FIELDS):
        flat = [part for name in order for part in (name, FIELDS[name])]
        assert entry_to_recorded(b"0-7", flat) == RECORD, order


def test_an_entry_without_a_time_reads_as_time_zero() -> None:
    flat = [b"d", FIELDS[b"d"], b"p", FIELDS[b"p"], b"h", FIELDS[b"h"]]
    assert entry_to_recorded(b"0-7", flat) == Recorded(7, FIELDS[b"d"], "ab12", "cd34", 0)
