"""Settings from environment variables (each has a default for local play)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _list(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in value.split(",") if item.strip())


@dataclass(frozen=True)
class Settings:
    store_url: str | None = None  # None: embedded SQLite in memory
    host: str = "127.0.0.1"
    port: int = 8000
    allowed_origins: tuple[str, ...] = ()  # empty: same host as the request only
    log_format: str = "console"  # or "json"
    log_level: str = "info"
    max_frame_bytes: int = 64 * 1024
    queue_frames: int = 256  # per connection; a slower consumer is closed with 1013
    commands_per_second: float = 20.0
    command_burst: int = 40
    max_connections_per_address: int = 200
    web_root: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        values: dict[str, object] = {
            "store_url": env.get("PLATEAU_STORE") or None,
            "host": env.get("PLATEAU_HOST", "127.0.0.1"),
            "port": int(env.get("PLATEAU_PORT", "8000")),
            "allowed_origins": _list(env.get("PLATEAU_ALLOWED_ORIGINS", "")),
            "log_format": env.get("PLATEAU_LOG_FORMAT", "console"),
            "log_level": env.get("PLATEAU_LOG_LEVEL", "info"),
            "max_frame_bytes": int(env.get("PLATEAU_MAX_FRAME_BYTES", str(64 * 1024))),
            "queue_frames": int(env.get("PLATEAU_QUEUE_FRAMES", "256")),
            "commands_per_second": float(env.get("PLATEAU_COMMANDS_PER_SECOND", "20")),
            "command_burst": int(env.get("PLATEAU_COMMAND_BURST", "40")),
            "max_connections_per_address": int(
                env.get("PLATEAU_MAX_CONNECTIONS_PER_ADDRESS", "200")
            ),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
