"""Tests of the event stores."""


def ev(i: int) -> bytes:
    """A small stored event, told apart by `i`."""
    return b'{"type":"e","i":%d}' % i
