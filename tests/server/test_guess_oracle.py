"""The attack that once recovered every secret, tried again through the real server.

A viewer gets a hash for every version (snapshots, updates, the time-travel endpoint). When
that hash was sha1(previous hash + the stored event), a viewer filled in a guess of what was
hidden from it, hashed it, and compared: 48 of 48 Eiffel Mania stances, every Vertigo vote, the
Bienvenue à bord pile and 18ZOO's powers deck fell that way. Here every seat and a spectator
play games of all four kinds, on both stores, until each kind of secret has been dealt or
chosen; then, for every version whose event is hidden from a viewer (in part or whole), the
attacker is handed the perfect guess, the stored bytes themselves, and must fail to confirm it
against the hashes it was sent, with every digest it might try. The same attack against the
unsalted hashes of before confirms every guess (`test_the_attack_works_on_unsalted_hashes`),
so the test can fail. Nothing a viewer receives holds a salt, or the game's secret (every draw
derives from it), before the end.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest

from clients.python.client import GameClient
from clients.python.remote_bots import play_seat
from domain import games
from domain.fairness import FairnessCommitted
from domain.kernel import SPECTATOR, Seat, Viewer
from domain.table import redact
from projections.codec import decoder, encode
from server.store import Recorded
from tests.per_game import registered, shared
from tests.server.conftest import Running
from tests.store import unsalted

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)

STORES_ONLY = True  # the stock websocket path runs the other modules (conftest.py)

Digest = Callable[[str, bytes], str]

# what an attacker would try: the hash of before, and plain digests of the guess alone
DIGESTS: dict[str, Digest] = {
    "sha1(prev+event)": lambda prev, data: hashlib.sha1(prev.encode() + data).hexdigest(),
    "sha256(prev+event)": lambda prev, data: hashlib.sha256(prev.encode() + data).hexdigest(),
    "sha1(event)": lambda prev, data: hashlib.sha1(data).hexdigest(),
    "sha256(event)": lambda prev, data: hashlib.sha256(data).hexdigest(),
}

# the game's secret, sealed in the commitment event, and the sealed record of the draws
FAIR = {"fairness_committed", "draws_recorded"}


def attacked_kinds(game: str) -> set[str]:
    """The kinds of secret event of `game` that must have been attacked: its own secret
    events (its tests' shared.py), the commitment, and the record of draws when it draws."""
    module = shared(game)
    return {*module.SECRET_EVENTS, "fairness_committed", *(FAIR if module.DRAWS else ())}


@dataclass
class Seen:
    """Everything one viewer received: the hash of each version, its copy of each event."""

    viewer: Viewer
    hashes: dict[int, str] = field(default_factory=dict)
    events: dict[int, Any] = field(default_factory=dict)
    received: list[bytes] = field(default_factory=list)


def hidden_versions(seen: Seen, truth: list[Recorded], game: str) -> list[tuple[int, str]]:
    """The versions whose event the viewer was not shown whole, with the event's tag."""
    decode = decoder(game).decode
    out = []
    for record in truth:
        event = decode(record.data)
        if redact(games.get(game), event, seen.viewer) != event:
            out.append((record.version, event.__struct_config__.tag))
    return out


def confirmed(seen: Seen, truth: list[Recorded], versions: list[int]) -> list[str]:
    """The perfect guesses the viewer's hashes confirm: for each hidden version, the stored
    events from the last published hash before it to the next one after, hashed in turn."""
    by_version = {r.version: r.data for r in truth}
    published = sorted(seen.hashes)
    found = []
    for version in versions:
        start = max((v for v in published if v < version), default=0)
        end = min((v for v in published if v >= version), default=None)
        if end is None:
            continue
        for name, digest in DIGESTS.items():
            value = seen.hashes.get(start, "")
            for step in range(start + 1, end + 1):
                value = digest(value, by_version[step])
            if value == seen.hashes[end]:
                found.append(f"{seen.viewer} v{version} by {name}")
                break  # once is enough: at version 1 (prev "") sha1(prev+event) is sha1(event)
    return found


async def gather(
    server: Running, game_id: str, viewer: Viewer, token: str | None, wanted: set[int] | None
) -> Seen:
    """What the HTTP endpoints give this viewer: its event log, and the hash of each version
    it asks for in time travel (every one when `wanted` is None)."""
    seen = Seen(viewer)
    headers = {"authorization": f"Bearer {token}"} if token else {}
    http = server.lobby.http
    events = await http.get(f"/api/games/{game_id}/events", headers=headers)
    seen.received.append(events.content)
    for line in events.content.splitlines():
        entry = msgspec.json.decode(line)
        seen.events[entry["version"]] = entry["event"]
    version = max(seen.events)
    for at in range(1, version + 1):
        if wanted is not None and at not in wanted:
            continue
        view = await http.get(f"/api/games/{game_id}/view?version={at}", headers=headers)
        seen.received.append(view.content)
        seen.hashes[at] = view.json()["hash"]
    return seen


def from_frames(seen: Seen, client: GameClient) -> None:
    for frame in client.frames:
        seen.received.append(encode(frame))
        if frame["type"] in ("snapshot", "update"):
            assert seen.hashes.get(frame["version"], frame["hash"]) == frame["hash"]
            seen.hashes[frame["version"]] = frame["hash"]


def secrets_of(truth: list[Recorded], game: str) -> list[bytes]:
    """The game's secret, as stored in its commitment event (the omniscient copy)."""
    decode = decoder(game).decode
    events = (decode(record.data) for record in truth)
    return [bytes.fromhex(e.secret) for e in events if isinstance(e, FairnessCommitted)]


def holds_a_salt(seen: Seen, salts: list[bytes]) -> bool:
    blob = b"\n".join(seen.received)
    for salt in salts:
        forms = [salt.hex().encode(), base64.b64encode(salt).rstrip(b"="), salt]
        if any(form in blob for form in forms):
            return True
    return False


async def play_until(
    server: Running, game: str, seats: int, kinds: set[str], rng: random.Random
) -> tuple[str, list[GameClient], list[str]]:
    """A game played by bots through the server, stopped as soon as one of `kinds` of
    secret event is stored (or at the end): its id, the recording clients (the spectator
    first) and the seats' tokens."""
    game_id, tokens = await server.seated_game(game, seats, start=False)
    clients = [await server.client(game_id, record=True)]
    clients += [await server.client(game_id, token, record=True) for token in tokens]
    await server.lobby.start(game_id, tokens[0])
    stop = asyncio.Event()

    async def watch() -> None:  # the spectator's log names every event, as it arrives
        spectator = clients[0]
        await spectator.wait_for(
            lambda c: c.over or kinds & {entry["event"]["type"] for entry in c.log}, 180
        )
        stop.set()

    watcher = asyncio.create_task(watch())
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, random.Random(rng.random()), stop) for c in clients[1:])),
        180,
    )
    stop.set()
    await watcher
    await asyncio.sleep(0.1)  # the last updates
    return game_id, clients, tokens


@pytest.mark.parametrize("game", registered())
async def test_no_hash_a_viewer_receives_confirms_a_guess(server: Running, game: str) -> None:
    seats, kinds = shared(game).SEATS, attacked_kinds(game)
    rng = random.Random(game)
    attacked: set[str] = set()
    for _ in range(12):  # a game per kind, and some end before a vote or an Office card
        game_id, clients, tokens = await play_until(server, game, seats, kinds - attacked, rng)
        truth = await server.state.store.read(game_id)
        assert all(len(r.salt) == 16 for r in truth)
        if clients[0].over:  # everything is revealed: nothing left to attack in this one
            for client in clients:
                await client.close()
            continue
        # the spectator asks time travel for every version, each seat for those around the
        # events hidden from it and one in ten (the hash of a version is everyone's)
        for index, client in enumerate(clients):
            viewer = SPECTATOR if index == 0 else Seat(index - 1)
            token = None if index == 0 else tokens[index - 1]
            hidden = hidden_versions(Seen(viewer), truth, game)
            wanted = None
            if index:
                wanted = {v + d for v, _ in hidden for d in (-1, 0)}
                wanted |= set(range(1, len(truth) + 1, 10))
            seen = await gather(server, game_id, viewer, token, wanted)
            from_frames(seen, client)
            assert not confirmed(seen, truth, [v for v, _ in hidden])
            assert not holds_a_salt(seen, [r.salt for r in truth]), f"{viewer} got a salt"
            assert not holds_a_salt(seen, secrets_of(truth, game)), f"{viewer} got the secret"
            attacked |= {tag for _, tag in hidden}
            await client.close()
        if kinds <= attacked:
            break
    assert kinds <= attacked, f"never attacked: {kinds - attacked}"


async def test_the_attack_works_on_unsalted_hashes(server: Running) -> None:
    """The same attacker, given the hashes as they were computed before salts, confirms the
    hidden events: the attack above is a real one."""
    game_id, clients, _ = await play_until(
        server, "eiffel_mania", 4, {"stance_committed"}, random.Random(3)
    )
    truth = await server.state.store.read(game_id)
    old = unsalted([r.data for r in truth])
    seen = Seen(Seat(0), hashes={r.version: r.hash for r in old})
    hidden = [v for v, _ in hidden_versions(seen, truth, "eiffel_mania")]
    assert hidden
    assert len(confirmed(seen, old, hidden)) == len(hidden)
    # and through several events at once, where only some versions' hashes are known
    seen.hashes = {r.version: r.hash for r in old if r.version % 3 == 0}
    reached = [v for v in hidden if v <= max(seen.hashes)]
    assert len(confirmed(seen, old, reached)) == len(reached)
    for client in clients:
        await client.close()
