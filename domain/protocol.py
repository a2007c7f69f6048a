"""Wire messages of the websocket protocol: JSON text frames with a `type` field.

Client frames are decoded strictly (unknown fields and wrong types are refused); the game
command inside `command` stays raw until the game's own decoder reads it.
"""

from __future__ import annotations

from typing import Any

import msgspec


class ClientMessage(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Hello(ClientMessage, frozen=True, tag="hello"):
    game_id: str
    token: str | None = None
    last_version: int | None = None
    # without a token: the seat of the signed-in account (its session cookie) to play
    seat: int | None = None
    last_hash: str | None = None


class Submit(ClientMessage, frozen=True, tag="command"):
    id: str
    seen_version: int
    command: msgspec.Raw


class Explain(ClientMessage, frozen=True, tag="explain"):
    """Ask what a command would do (e.g. a route's revenue) without sending it."""

    id: str
    command: msgspec.Raw


class Seek(ClientMessage, frozen=True, tag="seek"):
    version: int | None = None  # None: back to live


class Chat(ClientMessage, frozen=True, tag="chat"):
    text: str


class Ping(ClientMessage, frozen=True, tag="ping"):
    pass


ClientFrame = Hello | Submit | Explain | Seek | Chat | Ping


class ServerMessage(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class Welcome(ServerMessage, frozen=True, tag="welcome"):
    game_id: str
    game: str
    seat: int | None
    names: tuple[str, ...]


class LogEntry(msgspec.Struct, frozen=True):
    version: int
    event: Any


class Snapshot(ServerMessage, frozen=True, tag="snapshot"):
    version: int
    hash: str
    view: Any
    log: list[LogEntry]
    legal: list[Any]
    live: bool = True  # False while the viewer is seeking through the past


class Update(ServerMessage, frozen=True, tag="update"):
    version: int
    hash: str
    base: int  # the version the viewer had: the events follow it, the view's patch applies to it
    view: Any
    events: list[LogEntry]
    legal: list[Any]


class Ack(ServerMessage, frozen=True, tag="ack"):
    id: str
    version: int


class CommandRejected(ServerMessage, frozen=True, tag="rejected"):
    id: str
    reason: str
    detail: str


class Explained(ServerMessage, frozen=True, tag="explained"):
    id: str
    result: Any


class Error(ServerMessage, frozen=True, tag="error"):
    reason: str
    detail: str


class Pong(ServerMessage, frozen=True, tag="pong"):
    pass


ServerFrame = Welcome | Snapshot | Update | Ack | CommandRejected | Explained | Error | Pong
