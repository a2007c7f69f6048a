"""Tests of the event stores."""


def ev(i: int) -> bytes:
    """A small stored event, told apart by `i`."""
    return b'{"type":"e","i":%d}' % i


def unsalted(events: list[bytes], after: int = 0, prev_hash: str = "", at_ms: int = 1000) -> list:
    """Records as the stores wrote them before salts: sha1(prev_hash + data), no salt."""
    from server.store import Recorded, chain

    records = []
    for version, data in enumerate(events, start=after + 1):
        digest = chain(prev_hash, data)
        records.append(Recorded(version, data, prev_hash, digest, at_ms))
        prev_hash = digest
    return records
