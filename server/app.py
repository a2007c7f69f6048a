"""create_app(settings): the Starlette application with its lifespan (store, hub, pump)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from server.accounts.ratings import RatedGames
from server.live.fanout import Hub
from server.live.lobby import Listing
from server.live.presence import LocalPresence, Presence, RedisPresence
from server.ops.config import Settings
from server.ops.logs import configure, log
from server.ops.metrics import Metrics
from server.sockets import ws
from server.store.adapters import open_store
from server.store.agenda import agenda_for
from server.store.deployment_secret import DeploymentSecret
from server.store.outbox import outbox_for
from server.store.redis import RedisStore
from server.table.bot_seats import BotSeats
from server.table.chat_limit import ChatLimits, chat_pace
from server.table.mail import SECURITIES, Smtp
from server.table.notifier import Notifier
from server.table.push import Pusher
from server.table.service import GameService
from server.web import (
    accounts_http,
    channels_http,
    http,
    mail_links_http,
    ratings_http,
    undo_http,
)
from server.web.http_limits import HttpLimits
from server.web.same_origin import SameOrigin
from server.web.state import AppState


def presence_for(store: object) -> Presence:
    """Several processes share a Redis store, so they share presence through it too."""
    if isinstance(store, RedisStore):
        return RedisPresence(store.client)
    return LocalPresence()


def smtp_of(settings: Settings) -> Smtp | None:
    """The SMTP server e-mail notices go through; None when none is configured."""
    if not settings.smtp_host:
        return None
    if settings.smtp_security not in SECURITIES:
        raise ValueError(f"PLATEAU_SMTP_SECURITY: one of {', '.join(SECURITIES)}")
    return Smtp(
        settings.smtp_host,
        settings.smtp_port,
        settings.smtp_from,
        settings.smtp_username or None,
        settings.smtp_password or None,
        settings.smtp_security,
    )


STOP_S = 5.0  # the longest one part's stop may take: then shutdown goes on without it


async def stopped(part: str, stop: Coroutine[Any, Any, None]) -> None:
    """Run `stop`; a part that fails or hangs is logged, and the next part stops all the same
    (the store last: what was appended before is committed, whatever came before it)."""
    task = asyncio.ensure_future(stop)
    done, _ = await asyncio.wait({task}, timeout=STOP_S)
    if not done:
        task.cancel()
        log.error("stop_timed_out", part=part, seconds=STOP_S)
    elif not task.cancelled() and task.exception() is not None:
        log.error("stop_failed", part=part, error=type(task.exception()).__name__)


WEB_ROOT = Path(__file__).resolve().parent.parent / "clients" / "web"


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()
    configure(settings.log_format, settings.log_level)
    web_root = Path(settings.web_root) if settings.web_root else WEB_ROOT

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = open_store(settings.store_url)
        metrics = Metrics()
        service = GameService(store, metrics, chat_limits=ChatLimits(chat_pace(settings)))
        hub = Hub(service, presence_for(store))
        listing = Listing(service, hub, abandoned_after_s=settings.abandoned_after_s)
        agenda = agenda_for(store)
        bots = BotSeats(service, agenda, settings.bot_think_ms, settings.bot_lease_ms)
        service.appended, service.appending = bots.poke, bots.ahead
        secret = DeploymentSecret(settings.secret, store)
        limits = HttpLimits(settings, service)
        public_url = settings.public_url or f"http://{settings.host}:{settings.port}"
        notifier = Notifier(
            service, outbox_for(store), agenda, secret, public_url, settings.webhook_allow_private
        )
        notifier.online = hub.online
        notifier.grace_ms = int(settings.notice_grace_s * 1000)
        notifier.smtp = smtp_of(settings)
        if settings.vapid_private_key:
            notifier.pusher = Pusher.from_config(settings.vapid_private_key, settings.vapid_subject)
        app.state.plateau = AppState(
            settings,
            store,
            service,
            hub,
            metrics,
            listing,
            agenda,
            bots,
            secret,
            limits,
            RatedGames(store),
            notifier,
        )
        hub.start()
        bots.start()
        notifier.start()
        log.info("serving", store=(settings.store_url or "sqlite (memory)").split("@")[-1])
        try:
            yield
        finally:  # SIGTERM: the bots, then the pump and presence, then the store's last commit
            await stopped("bots", bots.stop())
            await stopped("notifier", notifier.stop())
            await stopped("hub", hub.stop())
            await stopped("store", store.close())
            log.info("stopped")

    routes = [
        Route("/", http.index(web_root)),
        Route("/healthz", http.healthz),
        Route("/metrics", http.metrics),
        Route("/api/games/types", http.game_types),
        Route("/api/games", http.list_games, methods=["GET"]),
        Route("/api/games", http.create_game, methods=["POST"]),
        Route("/api/games/{game_id}", http.get_game),
        Route("/api/games/{game_id}/seats", http.join_game, methods=["POST"]),
        Route("/api/games/{game_id}/seats/{seat}/bot", http.seat_bot, methods=["POST"]),
        Route("/api/games/{game_id}/start", http.start_game, methods=["POST"]),
        Route("/api/games/{game_id}/events", http.export_events),
        Route("/api/games/{game_id}/view", http.view_at),
        Route("/api/games/{game_id}/proof", http.log_proof),
        Route("/api/games/{game_id}/export/18xx", http.export_18xx),
        Route("/api/games/{game_id}/fork", http.fork_game, methods=["POST"]),
        Route("/api/games/{game_id}/fork/bots", http.fork_bots, methods=["POST"]),
        *undo_http.ROUTES,
        *accounts_http.ROUTES,
        *mail_links_http.ROUTES,
        *ratings_http.ROUTES,
        *channels_http.ROUTES,
        Route("/manifest.webmanifest", http.web_file(web_root, "manifest.webmanifest")),
        Route("/sw.js", http.web_file(web_root, "sw.js")),
        WebSocketRoute("/ws", ws.endpoint),
        Mount("/static", StaticFiles(directory=web_root, check_dir=False), name="static"),
    ]
    guard = Middleware(SameOrigin, allowed=settings.allowed_origins)
    return Starlette(routes=routes, lifespan=lifespan, middleware=[guard])
