"""A notice sent to a webhook: its body in the channel's format, the notice's id as the
`Idempotency-Key` header (a receiver that deduplicates by it sees each notice once, however
often a retry sends it), and a guard against requests into the server's own network.

The guard (SSRF): the host is resolved, and every address it resolves to must be public
(global, not private, loopback, link-local, shared, multicast or reserved) unless the operator
allows private ones (PLATEAU_WEBHOOK_ALLOW_PRIVATE=1). The request then goes to the address
checked, not to a second resolution of the name that could answer otherwise (DNS rebinding);
TLS still names and verifies the host. Redirects are not followed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import msgspec

from projections.notices import CLOCK, FULL, OVER, STARTED, TEST, TURN, UNDO, Notice
from server.table.channels import Channel

TIMEOUT_S = 5.0  # a receiver that answers slower fails this try (a command never waits on it)


class Unsendable(Exception):
    """This try failed; `reason` is what the channel's health records (never the address)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def link(public_url: str, notice: Notice) -> str:
    """The page of the game (the browser that holds the seat's token opens the seat)."""
    return f"{public_url.rstrip('/')}/#/game/{notice.game_id}"


def text(notice: Notice, url: str) -> str:
    """One line for a chat: the game, what happened or is awaited, the link."""
    game = f"{notice.title} ({notice.game_id})"
    who = _named(notice, notice.seat)
    if notice.kind == TURN and notice.seat is not None:
        said = f"your turn, {who}: {', '.join(notice.commands)}"
    elif notice.kind == TURN:
        said = "awaiting " + ", ".join(_named(notice, s) for s in notice.awaited)
    elif notice.kind == UNDO:
        said = f"{_named(notice, notice.asked_by)} asks to undo; {who}, do you accept?"
    elif notice.kind == OVER:
        said = "the game is over" + _ranks(notice)
    elif notice.kind == CLOCK:
        said = f"{who}, your clock runs low: {_duration(notice.left_ms or 0)} left"
    else:
        said = {
            FULL: "the table is full",
            STARTED: "the game has started",
            TEST: "this channel works",
        }[notice.kind]
    return f"{game}: {said}. {url}"


def _named(notice: Notice, seat: int | None) -> str:
    if seat is None:
        return "the table"
    name = notice.names[seat] if seat < len(notice.names) else ""
    return f"{name or 'seat'} (seat {seat + 1})"


def _duration(ms: int) -> str:
    """About how long, in the largest unit that says it in two or more."""
    for unit, name in ((86_400_000, "days"), (3_600_000, "hours"), (60_000, "minutes")):
        if ms >= 2 * unit:
            return f"{ms // unit} {name}"
    return f"{ms // 1000} seconds"


def _ranks(notice: Notice) -> str:
    ranks = notice.result.get("ranks") if isinstance(notice.result, dict) else None
    if not ranks:
        return ""
    firsts = [_named(notice, seat) for seat, rank in enumerate(ranks) if rank == 1]
    return ": won by " + ", ".join(firsts)


def body(channel: Channel, notice: Notice, url: str) -> dict[str, Any]:
    if channel.format == "discord":
        return {"content": text(notice, url), "allowed_mentions": {"parse": []}}
    if channel.format == "slack":
        return {"text": text(notice, url)}
    return {"notice": msgspec.to_builtins(notice), "text": text(notice, url), "link": url}


def public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    # `is_global` leaves out the private, loopback, link-local, shared (100.64/10),
    # reserved and unspecified ranges (IANA's special-purpose registries)
    return ip.is_global and not ip.is_multicast


async def resolved(url: str, allow_private: bool) -> str:
    """The address `url`'s host resolves to, checked; Unsendable when it may not be reached."""
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise Unsendable("unresolved") from None
    addresses = [str(info[4][0]) for info in found]
    if not addresses:
        raise Unsendable("unresolved")
    if not allow_private and not all(public(a) for a in addresses):
        raise Unsendable("private_address")
    return addresses[0]


async def post(
    client: httpx.AsyncClient,
    url: str,
    content: bytes,
    headers: dict[str, str],
    allow_private: bool,
) -> None:
    """POST `content` to `url` past the guard, to the address checked; Unsendable unless the
    receiver answered 2xx. The push channel (`server.table.push`) posts through it too."""
    address = await resolved(url, allow_private)
    parts = urlsplit(url)
    host = f"[{address}]" if ":" in address else address
    netloc = host if parts.port is None else f"{host}:{parts.port}"
    pinned = urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, ""))
    extensions = {"sni_hostname": parts.hostname} if parts.scheme == "https" else {}
    try:
        answer = await client.post(
            pinned,
            content=content,
            headers={"Host": parts.netloc, "User-Agent": "Plateau notices", **headers},
            timeout=TIMEOUT_S,
            extensions=extensions,
        )
    except httpx.HTTPError as exc:
        raise Unsendable(type(exc).__name__) from None
    if not 200 <= answer.status_code < 300:
        raise Unsendable(f"status_{answer.status_code}")


async def send(
    client: httpx.AsyncClient,
    channel: Channel,
    notice: Notice,
    public_url: str,
    allow_private: bool,
) -> None:
    """POST the notice in the channel's format, its id as the `Idempotency-Key`."""
    content = msgspec.json.encode(body(channel, notice, link(public_url, notice)))
    headers = {"Idempotency-Key": notice.id, "Content-Type": "application/json"}
    await post(client, channel.url, content, headers, allow_private)
