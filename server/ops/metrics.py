"""Process counters, exposed as Prometheus text at /metrics."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


@dataclass
class Metrics:
    counters: Counter[str] = field(default_factory=Counter)
    append_seconds_sum: float = 0.0
    append_count: int = 0
    # appends per bucket, each counted once (the last slot: over the largest bound); the
    # cumulative counts Prometheus expects are summed at render, not on every append
    append_slots: list[int] = field(default_factory=lambda: [0] * (len(BUCKETS) + 1))

    def count(self, name: str, n: int = 1) -> None:
        self.counters[name] += n

    def observe_append(self, seconds: float) -> None:
        self.append_seconds_sum += seconds
        self.append_count += 1
        self.append_slots[bisect_left(BUCKETS, seconds)] += 1

    def render(self, gauges: dict[str, float]) -> str:
        lines = []
        for name, value in sorted(gauges.items()):
            lines += [f"# TYPE plateau_{name} gauge", f"plateau_{name} {value}"]
        for name, value in sorted(self.counters.items()):
            lines += [f"# TYPE plateau_{name}_total counter", f"plateau_{name}_total {value}"]
        lines.append("# TYPE plateau_append_seconds histogram")
        below = 0
        # the last slot (over every bound) has no line of its own: +Inf is the count
        for bound, slot in zip(BUCKETS, self.append_slots, strict=False):
            below += slot
            lines.append(f'plateau_append_seconds_bucket{{le="{bound}"}} {below}')
        lines.append(f'plateau_append_seconds_bucket{{le="+Inf"}} {self.append_count}')
        lines.append(f"plateau_append_seconds_sum {self.append_seconds_sum:.6f}")
        lines.append(f"plateau_append_seconds_count {self.append_count}")
        return "\n".join(lines) + "\n"
