"""explain: a run's revenue as the server computes it, before the run is sent (nothing decided)."""

from __future__ import annotations

import itertools
import random
from typing import Any, cast

import msgspec
import pytest

from domain.games.zoo18 import game
from domain.games.zoo18.decide import RunExplained, explain
from domain.games.zoo18.messages import Dividend, Pass, RouteClaim, RunRecorded, RunRoutes
from domain.games.zoo18.state import State
from domain.kernel import Reason, Rejected
from tests.server.conftest import running

from .helpers import play
from .test_operating_round import RUN, _or2


def _route_step() -> State:
    state = play(cast(State, _or2()), Pass())  # GI skips its track: Player 2 (seat 1) runs its 2S-0
    assert (state.flow.step, state.flow.order[state.flow.index]) == ("route", "GI")
    return state


def _stops(*stops: str, train: str = "2S-0") -> RunRoutes:
    """A route given as the stops clicked on the map, in order."""
    legs = tuple((a, b) for a, b in itertools.pairwise(stops))
    return RunRoutes((RouteClaim(train, legs or ((stops[0],),)),))


def _recorded(state: State, seat: int, command: RunRoutes) -> RunRecorded:
    events = game.decide(state, seat, command, random.Random(0))
    return next(e for e in events if isinstance(e, RunRecorded))


def _refusal(state: State, seat: int, command: Any) -> Rejected:
    with pytest.raises(Rejected) as caught:
        explain(state, seat, command)
    return caught.value


def test_the_explained_total_is_what_the_run_then_records() -> None:
    state = _route_step()
    answer = explain(state, 1, RUN)
    recorded = _recorded(state, 1, answer.command)
    assert (answer.revenue, answer.subsidy) == (recorded.revenue, recorded.subsidy)
    assert answer.total == recorded.revenue + recorded.subsidy == 50  # spec 17: K9 30 + L4 20
    assert answer.command == RUN  # the recorded format is explained as it is
    (route,) = answer.routes
    assert (route.train, route.revenue, route.stops) == ("2S-0", 50, ("L4", "K9"))
    assert answer.family == "GI"


def test_a_route_given_as_its_stops_finds_the_track_between_them() -> None:
    state = _route_step()
    answer = explain(state, 1, _stops("K9", "L4"))
    assert answer.command.routes[0].connections == (("K9", "K7", "L6", "L4"),)
    assert answer.routes[0].stops == ("K9", "L4")
    # The command the explanation returns is accepted by decide and pays what was explained.
    recorded = _recorded(state, 1, answer.command)
    assert recorded.revenue == answer.revenue == 50
    # Explaining that command again gives the same answer (it is already in the engine's format).
    assert explain(state, 1, answer.command) == answer


def test_explaining_decides_nothing() -> None:
    state = _route_step()
    before = msgspec.json.encode(state)
    explain(state, 1, _stops("L4", "K9"))
    assert msgspec.json.encode(state) == before
    assert state.flow.step == "route" and not state.flow.ran


def test_a_route_that_is_too_long_is_refused_in_words() -> None:
    refusal = _refusal(_route_step(), 1, _stops("M5", "L4", "K9"))
    assert refusal.reason == Reason.ILLEGAL
    assert "2S runs 2 stops, the route has 3" in refusal.detail


def test_a_route_of_one_stop_is_refused_in_words() -> None:
    refusal = _refusal(_route_step(), 1, _stops("K9"))
    assert refusal.reason == Reason.ILLEGAL
    assert "has one stop (K9)" in refusal.detail


def test_reused_track_is_refused_in_words() -> None:
    state = _route_step()
    back = RunRoutes((RouteClaim("2S-0", (("L4", "L6", "K7", "K9"), ("K9", "K7", "L6", "L4"))),))
    refusal = _refusal(state, 1, back)
    assert refusal.reason == Reason.ILLEGAL
    assert "do not join into one route" in refusal.detail  # decide's own words
    clicked = _refusal(state, 1, _stops("L4", "K9", "L4"))
    assert "no free track joins L4, K9, L4" in clicked.detail


def test_an_unknown_train_and_a_claim_that_lies_are_refused() -> None:
    state = _route_step()
    other = _refusal(state, 1, _stops("L4", "K9", train="3S-0"))
    assert "different train of the family" in other.detail
    lie = RunRoutes((RouteClaim("2S-0", (("L4", "L6", "K7", "K9"),), revenue=80),))
    assert "pays 50, not the 80 claimed" in _refusal(state, 1, lie).detail


def test_only_the_president_whose_family_runs_may_ask() -> None:
    state = _route_step()
    assert _refusal(state, 0, RUN).reason == Reason.NOT_YOUR_TURN


def test_only_runs_are_explained_and_only_in_the_route_step() -> None:
    state = _route_step()
    assert _refusal(state, 1, Dividend("payout")).reason == Reason.UNKNOWN_COMMAND
    track = play(cast(State, _or2()))
    assert track.flow.step == "track"
    refusal = _refusal(track, 1, RUN)
    assert refusal.reason == Reason.ILLEGAL and "do not run now" in refusal.detail


def test_the_game_wires_explain() -> None:
    assert game.explain is explain
    assert isinstance(game.explain(_route_step(), 1, RUN), RunExplained)


TOWARDS_ROUTES = ("run_routes", "buy_train", "place_token", "par", "lay_tile", "pass")


def _towards_routes(commands: list[dict[str, Any]]) -> dict[str, Any]:
    for kind in TOWARDS_ROUTES:
        for command in commands:
            if command["type"] == kind:
                return command
    return commands[0]


def _offered_run(commands: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next(
        (c for c in commands if c["type"] == "run_routes" and c["routes"]),
        None,
    )


async def test_explain_over_the_websocket_appends_nothing_and_matches_the_run() -> None:
    async with running(None) as server:
        game_id, tokens = await server.seated_game("18zoo", 2)
        seats = [await server.client(game_id, token, record=True) for token in tokens]
        spectator = await server.client(game_id, record=True)
        run = None
        for _ in range(300):
            mover = next((c for c in seats if c.legal), None)
            assert mover is not None, "nobody to act"
            run = _offered_run(mover.legal)
            if run is not None:
                break
            answer = await mover.command(_towards_routes(mover.legal))
            assert answer["type"] == "ack", answer
            for client in [*seats, spectator]:
                await client.wait_version(answer["version"])
        assert run is not None and mover is not None, "no route to run"
        idle = next(c for c in seats if c is not mover)
        before = await server.stored(game_id)
        version = spectator.version
        await mover.send({"type": "explain", "id": "x1", "command": run})
        await idle.send({"type": "explain", "id": "x2", "command": run})
        await mover.wait_for(lambda c: any(f.get("id") == "x1" for f in c.frames))
        await idle.wait_for(lambda c: any(f.get("id") == "x2" for f in c.frames))
        explained = next(f for f in mover.frames if f.get("id") == "x1")
        assert explained["type"] == "explained", explained
        refused = next(f for f in idle.frames if f.get("id") == "x2")
        assert refused["type"] == "rejected" and refused["reason"] == "not_your_turn"
        assert await server.stored(game_id) == before
        assert spectator.version == version
        result = explained["result"]
        answer = await mover.command(result["command"])
        assert answer["type"] == "ack", answer
        await spectator.wait_version(answer["version"])
        runs = [e["event"] for e in spectator.log if e["event"]["type"] == "run_recorded"]
        assert runs[-1]["revenue"] == result["revenue"]
        assert runs[-1]["subsidy"] == result["subsidy"]
        assert result["total"] == result["revenue"] + result["subsidy"]
        for client in [*seats, spectator]:
            await client.close()


def test_the_1s_clicked_on_its_token_city_alone_runs_locally() -> None:
    from .test_followups import _or_with_gi, _patched_4s, _to_step

    state = _to_step(_patched_4s(_or_with_gi()), "route")
    answer = explain(state, 0, _stops("K9", train="1S-0"))
    assert answer.command.routes[0].connections == (("local", "K9"),)
    recorded = _recorded(state, 0, answer.command)
    assert recorded.revenue == answer.revenue > 0


def test_the_answer_does_not_depend_on_the_hidden_deck_order() -> None:
    from msgspec.structs import replace

    state = _route_step()
    shuffled = replace(state, deck=tuple(reversed(state.deck)))
    assert shuffled.deck != state.deck
    assert explain(shuffled, 1, _stops("L4", "K9")) == explain(state, 1, _stops("L4", "K9"))
    encoded = msgspec.json.encode(explain(state, 1, RUN)).decode()
    assert not any(power in encoded for power in state.deck)
