"""Settings from environment variables (each has a default for local play)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace


def _list(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in value.split(",") if item.strip())


def _flag(name: str, value: str) -> bool:
    if value not in ("0", "1"):
        raise ValueError(f"{name} takes 1 or 0, not {value!r}")
    return value == "1"


def _thresholds(value: str) -> tuple[int, int, int]:
    items = _list(value)
    if len(items) != 3 or not all(item.isdigit() and int(item) > 0 for item in items):
        raise ValueError(f"PLATEAU_GC_THRESHOLD takes three positive integers, not {value!r}")
    young, middle, old = (int(item) for item in items)
    return young, middle, old


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
    # chat lines per seat and per game, whatever the sockets (`server.table.chat_limit`): a burst,
    # then one line every so many seconds
    chat_seat_burst: int = 5
    chat_seat_every_s: float = 2.0
    chat_game_burst: int = 20
    chat_game_every_s: float = 0.5
    web_root: str | None = None
    # a game being played that nobody is connected to nor moved for this long is listed as
    # abandoned (`server.live.abandoned`)
    abandoned_after_s: float = 24 * 3600.0
    # Python's cyclic GC, per generation (`gc.set_threshold`). At the default 700 a loaded
    # server collects gen0 thousands of times a second and promotes every in-flight action's
    # objects, so full collections come every second or two and pause it 50 ms or more
    # (docs/benchmarks.md). Nearly all garbage here is freed by reference counting anyway.
    gc_threshold: tuple[int, int, int] = (10_000, 50, 100)
    # the websocket protocol uvicorn runs (`server.live.transport.protocol`): Plateau's frame
    # reader and writer on uvicorn's sans-I/O protocol, or uvicorn's own protocol untouched
    ws_fast_path: bool = True
    # server-side bots (`server.table.bot_seats`): how long a bot waits before its move (0: at
    # once), and how long a process holds a game while playing its bots before another may
    bot_think_ms: int = 0
    bot_lease_ms: int = 5000
    extra: dict[str, str] = field(default_factory=dict)
    # the deployment's secret (`server.store.deployment_secret`), the same in every process; None:
    # the one generated once and kept in the store
    secret: str | None = field(default=None, repr=False)
    # per client address, counted by each process (`server.web.http_limits`; 0: no limit): creates,
    # joins and forks a minute, and the tables not started yet it may hold open (created or
    # forked) and seats it may hold at them; a holding stops counting when its table starts,
    # or after `held_for_s`
    creates_per_minute: int = 30
    joins_per_minute: int = 60
    forks_per_minute: int = 20
    # passkey requests (`server.web.accounts_http`): each account made writes a few streams
    passkeys_per_minute: int = 30
    max_open_tables_per_address: int = 20
    max_held_seats_per_address: int = 40
    held_for_s: float = 3600.0
    # notices (`server.table.notifier`): the address players open the game at (links in
    # notices), and whether webhooks may reach private, loopback and link-local addresses
    public_url: str = ""
    webhook_allow_private: bool = False
    notice_grace_s: float = 10.0  # a turn is told once it has run this long
    # e-mail notices through the operator's SMTP server (none: e-mail channels are refused);
    # `smtp_security`: starttls, tls (implicit) or none (a relay on the same host)
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_from: str = "plateau@localhost"
    smtp_username: str = ""
    smtp_password: str = field(default="", repr=False)
    smtp_security: str = "starttls"
    # one-time sign-in links by e-mail (`server.accounts.mail_links`), each process counting:
    # at most so many an hour to one address, and to one account
    mail_links_per_hour: int = 5
    # web push notices: the deployment's VAPID key (base64url raw or DER, or PEM; none: web
    # push is off) and the contact push services are given (mailto: or https:)
    vapid_private_key: str = field(default="", repr=False)
    vapid_subject: str = "mailto:admin@localhost"

    @classmethod
    def from_env(
        cls,
        store_url: str | None = None,
        host: str | None = None,
        port: int | None = None,
        log_format: str | None = None,
    ) -> Settings:
        """The settings the environment says; the command line's flags, where given, win."""
        env = os.environ
        settings = cls(
            store_url=env.get("PLATEAU_STORE") or None,
            host=env.get("PLATEAU_HOST", "127.0.0.1"),
            port=int(env.get("PLATEAU_PORT", "8000")),
            allowed_origins=_list(env.get("PLATEAU_ALLOWED_ORIGINS", "")),
            log_format=env.get("PLATEAU_LOG_FORMAT", "console"),
            log_level=env.get("PLATEAU_LOG_LEVEL", "info"),
            max_frame_bytes=int(env.get("PLATEAU_MAX_FRAME_BYTES", str(64 * 1024))),
            queue_frames=int(env.get("PLATEAU_QUEUE_FRAMES", "256")),
            commands_per_second=float(env.get("PLATEAU_COMMANDS_PER_SECOND", "20")),
            command_burst=int(env.get("PLATEAU_COMMAND_BURST", "40")),
            max_connections_per_address=int(env.get("PLATEAU_MAX_CONNECTIONS_PER_ADDRESS", "200")),
            chat_seat_burst=int(env.get("PLATEAU_CHAT_SEAT_BURST", "5")),
            chat_seat_every_s=float(env.get("PLATEAU_CHAT_SEAT_EVERY_S", "2")),
            chat_game_burst=int(env.get("PLATEAU_CHAT_GAME_BURST", "20")),
            chat_game_every_s=float(env.get("PLATEAU_CHAT_GAME_EVERY_S", "0.5")),
            abandoned_after_s=float(env.get("PLATEAU_ABANDONED_AFTER_S", str(24 * 3600))),
            gc_threshold=_thresholds(env.get("PLATEAU_GC_THRESHOLD", "10000,50,100")),
            ws_fast_path=_flag("PLATEAU_WS_FAST_PATH", env.get("PLATEAU_WS_FAST_PATH", "1")),
            bot_think_ms=int(env.get("PLATEAU_BOT_THINK_MS", "0")),
            bot_lease_ms=int(env.get("PLATEAU_BOT_LEASE_MS", "5000")),
            secret=env.get("PLATEAU_SECRET") or None,
            creates_per_minute=int(env.get("PLATEAU_CREATES_PER_MINUTE", "30")),
            joins_per_minute=int(env.get("PLATEAU_JOINS_PER_MINUTE", "60")),
            forks_per_minute=int(env.get("PLATEAU_FORKS_PER_MINUTE", "20")),
            passkeys_per_minute=int(env.get("PLATEAU_PASSKEYS_PER_MINUTE", "30")),
            max_open_tables_per_address=int(env.get("PLATEAU_MAX_OPEN_TABLES_PER_ADDRESS", "20")),
            max_held_seats_per_address=int(env.get("PLATEAU_MAX_HELD_SEATS_PER_ADDRESS", "40")),
            held_for_s=float(env.get("PLATEAU_HELD_FOR_S", "3600")),
            public_url=env.get("PLATEAU_PUBLIC_URL", ""),
            notice_grace_s=float(env.get("PLATEAU_NOTICE_GRACE_S", "10")),
            smtp_host=env.get("PLATEAU_SMTP_HOST", ""),
            smtp_port=int(env.get("PLATEAU_SMTP_PORT", "587")),
            smtp_from=env.get("PLATEAU_SMTP_FROM", "plateau@localhost"),
            smtp_username=env.get("PLATEAU_SMTP_USERNAME", ""),
            smtp_password=env.get("PLATEAU_SMTP_PASSWORD", ""),
            smtp_security=env.get("PLATEAU_SMTP_SECURITY", "starttls"),
            mail_links_per_hour=int(env.get("PLATEAU_MAIL_LINKS_PER_HOUR", "5")),
            vapid_private_key=env.get("PLATEAU_VAPID_PRIVATE_KEY", ""),
            vapid_subject=env.get("PLATEAU_VAPID_SUBJECT", "mailto:admin@localhost"),
            webhook_allow_private=_flag(
                "PLATEAU_WEBHOOK_ALLOW_PRIVATE", env.get("PLATEAU_WEBHOOK_ALLOW_PRIVATE", "0")
            ),
        )
        return replace(
            settings,
            store_url=settings.store_url if store_url is None else store_url,
            host=settings.host if host is None else host,
            port=settings.port if port is None else port,
            log_format=settings.log_format if log_format is None else log_format,
        )
