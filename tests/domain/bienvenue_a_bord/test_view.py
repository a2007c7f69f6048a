"""The view draws the liner sheets and the table without the rules engine."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    Choice,
    LovePlaced,
    MajorityDecided,
    ObjectiveTaken,
    PileSplit,
    Resolve,
    StopoverRevealed,
    SunScored,
)
from domain.kernel import SPECTATOR, Seat, Viewer
from tests.domain.bienvenue_a_bord.positions import at, boarded, dealt, opened, people, started


def shown(state: Any, viewer: Viewer) -> Any:
    """The view as the client receives it (JSON values)."""
    return msgspec.to_builtins(game.view(state, viewer))


def test_the_sheet_shows_cabins_by_level_symbols_tracks_objectives_and_stopovers() -> None:
    state = at(
        dealt("OBJ02", ("PAS19", "OBJ03")),
        boarded(1, "1A", vp=2),
        LovePlaced(seat=1, source="PAS31", cabin="1A", vp=3),
        boarded(1, "2A", symbol="game"),
        opened(1, "3A"),
        BonusSymbolChosen(seat=1, symbol="sun"),
        people(1, satisfied=4, unhappy=1),
        ObjectiveTaken(seat=1, card="OBJ02", symbol="fun"),
        SunScored(stopover=1, points=(0, 2)),
        StopoverRevealed(stopover=1, card="E1"),
        MajorityDecided(stopover=1, card="E1", metrics=(0, 4), winner=1, receivers=(0,)),
    ).state
    sheet = shown(state, Seat(0))["sheets"][1]
    assert [len(sheet["levels"][k]) for k in ("1", "2", "3")] == [8, 6, 4]
    assert sheet["levels"]["1"][0] == {
        "id": "1A",
        "level": 1,
        "status": "occupied",
        "passenger": "earlier",
        "vp": 2,
        "symbol": None,
        "love": 3,
    }
    assert sheet["levels"]["2"][0]["symbol"] == "game"
    assert sheet["levels"]["3"][0]["status"] == "open"
    assert sheet["levels"]["3"][1]["status"] == "closed"
    assert sheet["symbols"] == {"fun": 0, "sun": 1, "game": 1, "love": 1}
    assert sheet["bonus_symbol"] == "sun"
    assert (sheet["satisfied"], sheet["unhappy"]) == (4, 1)
    assert sheet["objectives"] == [
        {
            "card": "OBJ02",
            "code": "O2",
            "scoring": "per_chosen_symbol",
            "symbol": "fun",
            "points": 0,
        }
    ]
    assert sheet["sun_slots"] == [2, None, None, None]
    assert sheet["majority_slots"] == [
        {"stopover": 1, "card": "E1", "won": True},
        *({"stopover": n, "card": None, "won": None} for n in (2, 3, 4)),
    ]
    assert sheet["score"]["stopovers"] == 6


def test_the_table_shows_the_split_the_hands_and_who_is_awaited() -> None:
    split = at(started("PAS19", "CAB08", "PAS05", splitter=1))
    view = shown(split.state, SPECTATOR)
    assert view["awaiting"] == [{"seat": 1, "for": "split"}]
    assert [c["id"] for c in view["table"]["revealed"]] == ["PAS19", "CAB08", "PAS05"]
    assert view["table"]["revealed"][0] == {
        "id": "PAS19",
        "effect": "vp",
        "level": 2,
        "vp": 3,
        "symbol": None,
        "requires": None,
        "kind": "passenger",
    }
    choosing = split.and_(PileSplit(seat=1, single="CAB08", pair=("PAS19", "PAS05")))
    view = shown(choosing.state, SPECTATOR)
    assert view["awaiting"] == [{"seat": 0, "for": "take_pile"}]
    assert (view["table"]["single"], view["table"]["pair"]) == ("CAB08", ["PAS19", "PAS05"])

    resolving = at(dealt("OBJ02", ("PAS19", "OBJ03")), opened(1, "1A"))
    view = shown(resolving.state, Seat(1))
    assert view["awaiting"] == [
        {"seat": 0, "for": "resolve", "cards": ["OBJ02"]},
        {"seat": 1, "for": "resolve", "cards": ["PAS19", "OBJ03"]},
    ]
    assert [c["id"] for c in view["hands"][1]] == ["PAS19", "OBJ03"]
    assert view["table"]["taken_by_chooser"] == "pair"
    assert view["pile"]["stopovers_face_down"] == 4 and view["pile"]["size"] == 61
    done = resolving.when(1, Resolve(card="PAS19", choice=Choice(cabin="1A"))).after
    # OBJ03 then had a single outcome: the engine resolved it; only seat 0 is awaited
    assert shown(done, Seat(1))["awaiting"] == [{"seat": 0, "for": "resolve", "cards": ["OBJ02"]}]


def test_the_view_encodes() -> None:
    state = at(dealt("OBJ02", ("PAS19", "OBJ03"))).state
    assert msgspec.json.decode(msgspec.json.encode(shown(state, SPECTATOR)))["turn"] == 1
