"""What the app holds for its lifetime: settings, store, service, hub, metrics, the lobby,
the agenda, the bot seats' player, the deployment's secret and the HTTP limits per
address."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from server.agenda import Agenda
from server.bot_seats import BotSeats
from server.config import Settings
from server.deployment_secret import DeploymentSecret
from server.fanout import Hub
from server.http_limits import HttpLimits
from server.lobby import Listing
from server.metrics import Metrics
from server.service import GameService
from server.store import EventStore


@dataclass
class AppState:
    settings: Settings
    store: EventStore
    service: GameService
    hub: Hub
    metrics: Metrics
    listing: Listing
    agenda: Agenda
    bots: BotSeats
    secret: DeploymentSecret
    limits: HttpLimits
    per_address: Counter[str] = field(default_factory=Counter)
