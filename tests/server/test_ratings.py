"""Ratings through the server: a seeded tournament of rated tables of every game between
accounts, and tables that must not count beside them; the live leaderboards equal a rebuild
from the stored games alone (`plateau ratings --rebuild`), number for number."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from plateau.cli import main
from projections.ratings import RatedGame, rate
from server.accounts.ratings import RatedGames, rebuild
from server.store import EventStore
from tests.server.conftest import UNLIMITED, Running, running
from tests.server.passkey_device import SoftPasskey
from tests.server.test_accounts import browser, register
from tests.service_play import random_moves

# every game: its seats, and how many rated tables of it
TOURNAMENT = {
    "rock_paper_scissors": (2, 6),
    "bienvenue_a_bord": (2, 2),
    "eiffel_mania": (3, 2),
    "vertigo": (3, 2),
    "18zoo": (3, 1),
}
PEOPLE = ["Ann", "Bob", "Cy", "Dee"]


async def table(
    server: Running,
    game: str,
    players: list[httpx.AsyncClient],
    rated: bool = True,
    play: bool = True,
) -> tuple[str, list[str]]:
    made = await players[0].post(
        "/api/games", json={"game": game, "seats": len(players), "rated": rated}
    )
    assert made.status_code == 201, made.text
    game_id = made.json()["game_id"]
    tokens = []
    for n, http in enumerate(players):
        joined = await http.post(f"/api/games/{game_id}/seats", json={"name": f"p{n}"})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    await server.lobby.start(game_id, tokens[0])
    if play:
        await random_moves(server.state.service, game_id, len(players), 100_000)
    return game_id, tokens


async def leaderboards(http: httpx.AsyncClient) -> dict[str, list[dict[str, Any]]]:
    boards = {}
    for game in TOURNAMENT:
        reply = await http.get(f"/api/ratings/{game}")
        assert reply.status_code == 200
        boards[game] = reply.json()
    return boards


async def test_a_tournament_rebuilds_to_the_live_leaderboards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path}/plateau.db"
    seed = random.Random(48)
    async with (
        running(url, **UNLIMITED) as server,
        browser(server) as ann,
        browser(server) as bob,
        browser(server) as cy,
        browser(server) as dee,
        browser(server) as guest,
    ):
        people = [ann, bob, cy, dee]
        for http, name in zip(people, PEOPLE, strict=True):
            assert (await register(http, name, SoftPasskey(), server.url)).status_code == 201
        counted: dict[str, int] = {}
        for game, (seats, rounds) in TOURNAMENT.items():
            for _ in range(rounds):
                players = seed.sample(people, seats)
                await table(server, game, players)
                for http in players:
                    counted[id(http)] = counted.get(id(http), 0) + 1
        # beside them, tables that do not count
        await table(server, "rock_paper_scissors", [ann, bob], rated=False)  # not asked
        await table(server, "rock_paper_scissors", [ann, guest])  # a guest's seat
        handed, tokens = await table(server, "rock_paper_scissors", [cy, dee], play=False)
        for played_by_bot in (True, False):  # handed to a bot a while, then taken back
            bot = await dee.post(
                f"/api/games/{handed}/seats/1/bot",
                json={"bot": played_by_bot},
                headers={"authorization": f"Bearer {tokens[1]}"},
            )
            assert bot.status_code == 200, bot.text
        await random_moves(server.state.service, handed, 2, 100_000)
        live = await leaderboards(ann)
        total = sum(place["games"] for board in live.values() for place in board)
        assert total == sum(seats * rounds for seats, rounds in TOURNAMENT.values())
        # the player page: its rated history, in the order the games ended
        me = (await ann.get("/api/account")).json()
        page = (await ann.get(f"/api/players/{me['account_id']}")).json()
        assert page["name"] == "Ann"
        assert len(page["history"]) == counted[id(ann)]
        ends = [line["ended_ms"] for line in page["history"]]
        assert ends == sorted(ends)
        for game, rating in page["ratings"].items():
            mine = [line for line in page["history"] if line["game"] == game]
            assert rating["games"] == len(mine)
            assert mine[-1]["after"] == pytest.approx(rating["rating"], abs=0.01)
            assert all(a["after"] == b["before"] for a, b in itertools.pairwise(mine))
        # a rebuild in this process, nothing kept: the same numbers
        rebuilt = await rebuild(server.state.store)
        for game, board in live.items():
            again = rebuilt.leaderboard(game)
            assert [(p["account_id"], p["mu"], p["sigma"]) for p in board] == [
                (account_id, s.mu, s.sigma) for account_id, s in again
            ]
    # and by the command, from the file alone, once the server is gone
    capsys.readouterr()  # the server's log lines, printed before
    assert await asyncio.to_thread(main, ["ratings", "--rebuild", "--store", url]) == 0
    printed = json.loads(capsys.readouterr().out)
    for game, board in live.items():
        assert [(p["account_id"], p["mu"], p["sigma"], p["games"]) for p in printed[game]] == [
            (p["account_id"], p["mu"], p["sigma"], p["games"]) for p in board
        ]


async def test_the_ratings_show_beside_the_names_of_a_rated_table(embedded: Running) -> None:
    async with browser(embedded) as ann, browser(embedded) as bob, browser(embedded) as guest:
        for http, name in ((ann, "Ann"), (bob, "Bob")):
            assert (await register(http, name, SoftPasskey(), embedded.url)).status_code == 201
        await table(embedded, "rock_paper_scissors", [ann, bob])
        board = {
            p["account_id"]: p["rating"]
            for p in (await ann.get("/api/ratings/rock_paper_scissors")).json()
        }
        next_game, _ = await table(embedded, "rock_paper_scissors", [bob, guest], play=False)
        shown = (await guest.get(f"/api/games/{next_game}")).json()
        bob_id = (await bob.get("/api/account")).json()["account_id"]
        assert shown["rated"] is True and shown["ratings"] == [board[bob_id], None]
        unrated, _ = await table(
            embedded, "rock_paper_scissors", [ann, bob], rated=False, play=False
        )
        assert "ratings" not in (await guest.get(f"/api/games/{unrated}")).json()


async def test_a_rated_table_takes_no_bots_and_unknown_boards_are_refused(
    embedded: Running,
) -> None:
    async with browser(embedded) as http:
        asked = {"game": "rock_paper_scissors", "seats": 2, "rated": True, "bots": [1]}
        assert (await http.post("/api/games", json=asked)).status_code == 400
        assert (await http.get("/api/ratings/chess")).status_code == 404
        assert (await http.get("/api/players/nobody")).status_code == 404


def test_the_live_fold_goes_on_and_folds_all_again_for_a_game_ended_before() -> None:
    first = RatedGame("a", "vertigo", 10, ("ann", "bob"), (1, 2))
    then = RatedGame("b", "vertigo", 20, ("bob", "cy"), (1, 2))
    late = RatedGame("c", "vertigo", 15, ("cy", "ann"), (2, 1))  # ended before b, found after
    live = RatedGames(cast(EventStore, None))
    live._last = (0.0, live._folded_on([first]))
    kept = live._last[1]
    live._last = (0.0, live._folded_on([first, then]))
    assert live._last[1] is kept  # folded on
    assert live._last[1] == rate([first, then])
    again = live._folded_on([first, then, late])
    assert again is not kept and again == rate([first, late, then])
