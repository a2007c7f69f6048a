"""What-if forks through the server, on both stores: `POST /api/games/{id}/fork`.

A seat forks its own past (never the future, never without its token while the game runs);
anyone forks a finished game. The fork names the original and the version, opens the other
seats with the original names as labels, is listed in the lobby, starts when its seats are
taken, shows its forker the position as it knew it, and plays on. Its re-dealt secrets are
drawn again at every fork and never carry the original's: the attacker here reads the fork's
whole stored state (what everyone reads once the fork is over).
"""

from __future__ import annotations

import random
import uuid
from typing import Any

import msgspec
import pytest

from domain import games
from domain.bots import random_bot
from domain.forks import GameForked
from domain.kernel import SPECTATOR, Seat
from domain.table import GameStarted, SeatClaimed, TableOpened
from projections.codec import decoder, encode
from tests.per_game import registered
from tests.per_game import seats as seats_of
from tests.server.conftest import Running
from tests.server.test_guess_oracle import confirmed, gather, hidden_versions, holds_a_salt

GAMES = registered()


def bearer(token: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"} if token else {}


async def play(server: Running, game_id: str, moves: int, rng: random.Random) -> int:
    """Random legal moves through the service (as the websocket sends them); the version."""
    service = server.state.service
    for _ in range(moves):
        live = await service.load(game_id, fresh=True)
        state = live.table.state
        if live.over:
            break
        legal = {seat: live.game.legal(state, seat) for seat in range(live.table.seats)}
        seat = rng.choice([s for s, commands in legal.items() if commands])
        command = random_bot(live.game, state, seat, legal[seat], rng)
        raw = encode(command)
        await service.submit(game_id, seat, uuid.uuid4().hex, live.version, raw)
    return (await service.load(game_id, fresh=True)).version


async def play_to_end(server: Running, game_id: str, rng: random.Random) -> None:
    while not (await server.state.service.load(game_id, fresh=True)).over:
        await play(server, game_id, 50, rng)


def resting(live: Any, version: int) -> bool:
    """Whether a seat is to move at `version` (where forks are made)."""
    table = live.table_at(version)
    if not table.started or live.game.is_over(table.state):
        return False
    return any(live.game.legal(table.state, seat) for seat in range(table.seats))


async def fork(
    server: Running, game_id: str, version: Any, token: str | None = None
) -> tuple[int, dict[str, Any]]:
    reply = await server.lobby.http.post(
        f"/api/games/{game_id}/fork", json={"version": version}, headers=bearer(token)
    )
    return reply.status_code, reply.json()


async def view(server: Running, game_id: str, token: str | None, version: int | None = None) -> Any:
    query = f"?version={version}" if version else ""
    reply = await server.lobby.http.get(f"/api/games/{game_id}/view{query}", headers=bearer(token))
    assert reply.status_code == 200, reply.text
    return reply.json()["view"]


async def stored(server: Running, game_id: str) -> list[Any]:
    """The fork's stream as stored: what the omniscient viewer (and everyone, once it is
    over) reads, secrets included."""
    records = await server.state.store.read(game_id)
    name = msgspec.json.decode(records[0].data)["game"]
    return [decoder(name).decode(record.data) for record in records]


async def dealt(server: Running, fork_id: str) -> Any:
    """The state a started fork was dealt, from its stored `ForkDealt`."""
    live = await server.state.service.load(fork_id, fresh=True)
    return live.table_at(
        next(v for v, e in enumerate(live.events, 1) if isinstance(e, GameStarted))
    ).state


async def fill_and_start(server: Running, fork_id: str, forker_token: str | None) -> list[str]:
    """Claim every free seat of the fork and start it; the tokens by seat."""
    summary = await server.lobby.summary(fork_id)
    tokens: dict[int, str] = {}
    for n in range(summary["seats"] - sum(1 for name in summary["names"] if name)):
        seat, token = await server.lobby.join(fork_id, f"guest{n}")
        tokens[seat] = token
    starter = forker_token or next(iter(tokens.values()))
    await server.lobby.start(fork_id, starter)
    forker = next((s for s in range(summary["seats"]) if s not in tokens), None)
    if forker is not None and forker_token:
        tokens[forker] = forker_token
    return [tokens[s] for s in range(summary["seats"])]


@pytest.mark.parametrize("name", GAMES)
async def test_a_seat_forks_its_past_and_plays_on_from_what_it_knew(
    server: Running, name: str
) -> None:
    seats = seats_of(name)
    game_id, tokens = await server.seated_game(name, seats)
    rng = random.Random(7)
    past = await play(server, game_id, 3, rng)
    await play(server, game_id, 3, rng)  # the game moves on after the version forked
    assert not (await server.state.service.load(game_id)).over
    forker = seats - 1
    status, reply = await fork(server, game_id, past, tokens[forker])
    assert status == 201, reply
    assert reply["seat"] == forker and reply["token"] and reply["version"] <= past
    fork_id, at = reply["game_id"], reply["version"]

    events = await stored(server, fork_id)
    assert isinstance(events[0], TableOpened) and events[0].game == name
    assert events[1] == GameForked(
        game_id=game_id,
        version=at,
        hash=(await server.state.service.load(game_id)).hash_at(at),
        knower=forker,
        labels=tuple(f"p{n}" for n in range(seats)),
    )
    assert events[2] == SeatClaimed(seat=forker, name=f"p{forker}", token_hash=events[2].token_hash)
    summary = await server.lobby.summary(fork_id)
    assert summary["names"] == [""] * forker + [f"p{forker}"]
    assert not summary["started"]
    assert summary["forked_from"] == {
        "game_id": game_id,
        "version": at,
        "labels": [f"p{n}" for n in range(seats)],
        "forker": forker,
    }
    listed = (await server.lobby.http.get("/api/games")).json()["open"]
    assert fork_id in [item["game_id"] for item in listed]

    fork_tokens = await fill_and_start(server, fork_id, reply["token"])
    # the forker sees the fork as it saw the original then; so does a spectator
    assert (await view(server, fork_id, fork_tokens[forker]))["game"] == (
        await view(server, game_id, tokens[forker], at)
    )["game"]
    assert (await view(server, fork_id, None))["game"] == (await view(server, game_id, None, at))[
        "game"
    ]
    # every viewer of the running fork gets the dealt position blanked
    for token in [None, *fork_tokens]:
        log = (
            await server.lobby.http.get(f"/api/games/{fork_id}/events", headers=bearer(token))
        ).text
        form = len(games.get(name).positions.forms)  # the game's form of today, public
        blanked = f'{{"type":"fork_dealt","state":null,"form":{form},"position":null}}'
        assert blanked in log
    before = len(await stored(server, fork_id))
    assert await play(server, fork_id, 5, random.Random(1)) > before  # it plays on
    assert len(await stored(server, game_id)) >= past  # the original is untouched


async def test_a_fork_is_refused_without_a_seat_the_future_or_a_bad_version(
    server: Running,
) -> None:
    game_id, tokens = await server.seated_game("bienvenue_a_bord", 2)
    _, other_tokens = await server.seated_game("bienvenue_a_bord", 2)
    waiting_id, waiting = await server.seated_game("bienvenue_a_bord", 2, start=False)
    now = await play(server, game_id, 4, random.Random(3))
    streams = len(await server.state.store.streams())
    cases = [
        (None, now, 401, "only by one of its seats"),
        ("not-a-token", now, 401, "token"),
        (other_tokens[0], now, 401, "token"),  # a seat of another game
        (tokens[0], now + 1, 400, "never its future"),
        (tokens[0], 0, 400, "from 1 to"),
        (tokens[0], "3", 400, "Expected `int`"),
        (tokens[0], None, 400, "Expected `int`"),
    ]
    for token, version, code, words in cases:
        status, reply = await fork(server, game_id, version, token)
        assert (status, words in reply["detail"]) == (code, True), (token, version, reply)
    reply = await server.lobby.http.post(
        f"/api/games/{game_id}/fork", content=b'{"version": 3, "as": 1}', headers=bearer(tokens[0])
    )
    assert reply.status_code == 400
    status, reply = await fork(server, waiting_id, 2, waiting[0])
    assert (status, reply["detail"]) == (400, "the game has no position to fork from yet")
    imported = "imported18xx"
    opened = TableOpened(game="18zoo", seats=2, options={"map": "A", "imported": True})
    await server.state.store.append(imported, 0, [encode(opened)], None, "")
    status, reply = await fork(server, imported, 1)
    assert status == 400 and "imported from another site" in reply["detail"]
    status, reply = await fork(server, "nosuchgame", 3, tokens[0])
    assert status == 404
    status, reply = await fork(server, "bad id!", 3, tokens[0])
    assert status == 404
    assert len(await server.state.store.streams()) == streams  # nothing was created
    # before the first move (a seat's claim, the start): the game's first position
    live = await server.state.service.load(game_id)
    status, reply = await fork(server, game_id, 2, tokens[1])
    assert status == 201
    assert reply["version"] == min(v for v in range(1, now + 1) if resting(live, v)) > 2


async def test_a_fork_starts_only_with_every_seat_taken(server: Running) -> None:
    game_id, tokens = await server.seated_game("eiffel_mania", 4)
    at = await play(server, game_id, 3, random.Random(2))
    _, reply = await fork(server, game_id, at, tokens[0])
    fork_id = reply["game_id"]
    await server.lobby.join(fork_id, "guest")
    await server.lobby.join(fork_id, "another")  # enough for a new game, not for this one
    before = len(await stored(server, fork_id))
    start = await server.lobby.http.post(
        f"/api/games/{fork_id}/start", headers=bearer(reply["token"])
    )
    assert start.status_code == 403 and "starts with its 4 players" in start.json()["detail"]
    assert len(await stored(server, fork_id)) == before


async def test_anyone_forks_a_finished_game_as_a_spectator_knew_it(server: Running) -> None:
    game_id, _ = await server.seated_game("rock_paper_scissors", 2)
    await play_to_end(server, game_id, random.Random(5))
    finished = await server.state.service.load(game_id)
    status, reply = await fork(server, game_id, finished.version)
    assert status == 201 and reply["seat"] is None and reply["token"] is None
    assert reply["version"] < finished.version  # the last move's position, not the end
    fork_id = reply["game_id"]
    assert (await server.lobby.summary(fork_id))["names"] == []
    # inside the engine's own steps (a round revealed, the next begun): the move before them
    reveal = next(
        v for v, e in enumerate(finished.events, 1) if type(e).__name__ == "RoundRevealed"
    )
    _, inside = await fork(server, game_id, reveal)
    assert inside["version"] == max(v for v in range(1, reveal) if resting(finished, v))
    assert inside["version"] == reveal - 2  # the first hand chosen; the second came with it
    fork_tokens = await fill_and_start(server, fork_id, None)
    # the original's past shows everything now it is over: a spectator saw it so then
    position = finished.table_at(reply["version"]).state
    seen_then = msgspec.json.decode(encode(finished.game.view(position, SPECTATOR)))
    assert (await view(server, fork_id, None))["game"] == seen_then
    await play_to_end(server, fork_id, random.Random(6))  # and a fork of the fork
    again = await fork(server, fork_id, 7, fork_tokens[0])
    assert again[0] == 201 and again[1]["seat"] == 0


async def test_every_fork_is_dealt_again_and_never_carries_the_original_order(
    server: Running,
) -> None:
    """Bienvenue à bord: the pile is the secret. Ten forks of one position by a seat: the
    cards left are the same, the stopovers close the same blocks, and the order differs from
    the original's in each, and from one fork to the next."""
    game_id, tokens = await server.seated_game("bienvenue_a_bord", 2)
    at = await play(server, game_id, 5, random.Random(11))
    original = (await server.state.service.load(game_id)).table_at(at).state
    piles = []
    for n in range(10):
        status, reply = await fork(server, game_id, at, tokens[n % 2])
        assert status == 201 and reply["version"] == at
        await fill_and_start(server, reply["game_id"], reply["token"])
        pile = (await dealt(server, reply["game_id"])).pile
        assert sorted(pile) == sorted(original.pile) and pile != original.pile
        assert [c.startswith("E") for c in pile] == [c.startswith("E") for c in original.pile]
        piles.append(pile)
    assert len(set(piles)) == len(piles)
    # at each place of the pile, the forks hold many cards: nothing sticks to the original
    same_place = sum(p[i] == original.pile[i] for p in piles for i in range(len(p)))
    assert same_place < len(original.pile) * len(piles) // 4


async def test_a_fork_keeps_the_forkers_stance_and_draws_the_others_again(
    unlimited: Running,
) -> None:
    """Eiffel Mania: at a position where both negotiators have committed in secret, each
    negotiator's fork keeps its own stance and draws the other's; over forks, the other's
    takes both values whatever the original was. Hundreds of forks a minute: no limits."""
    server = unlimited
    for seed in range(60):
        game_id, tokens = await server.seated_game("eiffel_mania", 3)
        rng = random.Random(seed)
        for _ in range(40):
            await play(server, game_id, 1, rng)
            live = await server.state.service.load(game_id)
            state = live.table.state
            if all(state.committed) and not state.stances_revealed and not live.over:
                break
        else:
            continue
        at = live.version
        assert (await fork(server, game_id, at, None))[0] == 401
        for own, other in ((state.principal, 1), (state.partner, 0)):
            seen: set[str] = set()
            for _ in range(40):  # each fork draws anew: both values, but for 2**-39
                if len(seen) == 2:
                    break
                _, reply = await fork(server, game_id, at, tokens[own])
                assert reply["version"] == at
                await fill_and_start(server, reply["game_id"], reply["token"])
                stances = (await dealt(server, reply["game_id"])).stances
                assert stances[1 - other] == state.stances[1 - other]  # the forker's own
                seen.add(stances[other])
            assert seen == {"collaborate", "betray"}
        return
    pytest.fail("no random game reached two secret stances")


async def test_no_hash_of_a_fork_confirms_a_guess_of_its_dealt_position(server: Running) -> None:
    """The attack of `test_guess_oracle.py` on a fork: every viewer of a running fork is handed
    the stored `fork_dealt` (its new pile, hands, stances) and cannot confirm it against any
    hash it was sent, nor find a salt in anything it received."""
    for name in ("eiffel_mania", "bienvenue_a_bord"):
        game_id, tokens = await server.seated_game(name, seats_of(name))
        at = await play(server, game_id, 4, random.Random(4))
        _, reply = await fork(server, game_id, at, tokens[0])
        fork_id = reply["game_id"]
        fork_tokens = await fill_and_start(server, fork_id, reply["token"])
        await play(server, fork_id, 3, random.Random(5))
        truth = await server.state.store.read(fork_id)
        attacked = 0
        for viewer, token in [
            (SPECTATOR, None),
            *((Seat(n), t) for n, t in enumerate(fork_tokens)),
        ]:
            seen = await gather(server, fork_id, viewer, token, None)
            hidden = hidden_versions(seen, truth, name)
            assert "fork_dealt" in {tag for _, tag in hidden}
            assert not confirmed(seen, truth, [v for v, _ in hidden])
            assert not holds_a_salt(seen, [r.salt for r in truth])
            attacked += 1
        assert attacked == len(fork_tokens) + 1
