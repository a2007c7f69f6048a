"""A socket's pace: a token bucket for its commands, another for its frames of any kind, and
the strikes that close a socket that keeps going over the frame rate."""

from __future__ import annotations

import time

FRAME_RATE = 2  # frames of any kind per second (and burst), as a multiple of the command rate
MAX_STRIKES = 20  # frames over the rate tolerated within STRIKE_WINDOW seconds, then 1008
STRIKE_WINDOW = 10.0


class Bucket:
    """Token bucket: `rate` commands a second, bursts up to `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def frame_bucket(commands_per_second: float, command_burst: int) -> Bucket:
    """Every frame, whatever it holds (junk, seeks, pings), is paced too."""
    return Bucket(commands_per_second * FRAME_RATE, command_burst * FRAME_RATE)


class Strikes:
    """Frames refused for going over the frame rate: more than MAX_STRIKES within a window of
    STRIKE_WINDOW seconds and the socket is flooding."""

    def __init__(self) -> None:
        self.count, self.since = 0, time.monotonic()

    def flooding(self) -> bool:
        """Count one more strike; whether that makes the socket a flood."""
        now = time.monotonic()
        if now - self.since > STRIKE_WINDOW:
            self.count, self.since = 0, now
        self.count += 1
        return self.count > MAX_STRIKES
