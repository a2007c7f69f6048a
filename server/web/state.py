"""What the app holds for its lifetime: settings, store, service, hub, metrics, the lobby,
the agenda, the bot seats' player, the deployment's secret, the HTTP limits per address, the
rated games found so far, the notifier and the mail links' paces."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from server.accounts.mail_links import Desk
from server.accounts.ratings import RatedGames
from server.live.fanout import Hub
from server.live.lobby import Listing
from server.ops.config import Settings
from server.ops.metrics import Metrics
from server.store import EventStore
from server.store.agenda import Agenda
from server.store.deployment_secret import DeploymentSecret
from server.table.bot_seats import BotSeats
from server.table.notifier import Notifier
from server.table.service import GameService
from server.web.http_limits import HttpLimits


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
    ratings: RatedGames
    notifier: Notifier
    per_address: Counter[str] = field(default_factory=Counter)
    mail_links: Desk = field(default_factory=Desk)
