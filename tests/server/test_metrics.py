"""The append-time histogram renders as Prometheus expects: cumulative buckets, +Inf = count."""

from __future__ import annotations

import re

from server.ops.metrics import BUCKETS, Metrics


def buckets(text: str) -> dict[str, int]:
    return {
        m.group(1): int(m.group(2))
        for m in re.finditer(r'plateau_append_seconds_bucket\{le="([^"]+)"\} (\d+)', text)
    }


def test_each_bucket_counts_the_appends_at_or_under_its_bound() -> None:
    metrics = Metrics()
    observed = [0.0001, 0.0005, 0.0007, 0.003, 0.003, 0.2, 2.0]
    for seconds in observed:
        metrics.observe_append(seconds)
    text = metrics.render({})
    got = buckets(text)
    for bound in BUCKETS:
        assert got[str(bound)] == sum(1 for s in observed if s <= bound), bound
    assert got["+Inf"] == len(observed)
    assert f"plateau_append_seconds_count {len(observed)}" in text
    assert f"plateau_append_seconds_sum {sum(observed):.6f}" in text
    assert list(got.values()) == sorted(got.values())  # cumulative, never decreasing
