"""What the view shows: every board, the council, money, pollution, dice, and who is awaited."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.games import get
from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import Task
from domain.kernel import OMNISCIENT, SPECTATOR, Seat, Viewer
from tests.domain.vertigo.helpers import country, position


def shown(state: Any, viewer: Viewer) -> Any:
    """The view as the client receives it (JSON values)."""
    return msgspec.to_builtins(game.view(state, viewer))


def test_registered_and_options_decode_from_empty() -> None:
    assert get("vertigo") is game
    assert msgspec.json.decode(b"{}", type=game.options_type) == m.Options()


def test_commands_use_the_spec_argument_names_on_the_wire() -> None:
    decode = msgspec.json.Decoder(game.command_type).decode
    assert decode(b'{"type":"move_population","from":"R1","to":"C2"}') == m.MovePopulation(
        "R1", "C2"
    )
    assert decode(b'{"type":"move_scholar","from_region":"R","to":"UN"}') == m.MoveScholar(
        "R", "UN"
    )
    assert decode(b'{"type":"release_scholar","from":"UN"}') == m.ReleaseScholar("UN")


def test_view_draws_each_board_and_the_council() -> None:
    blue = country(R="PCTo.x....", ready=(1, 0, 0), acted=(0, 2, 0), diplomats=3, safe=12)
    state = position(
        blue,
        country(L="ooooo....."),
        agenda=[Task("build", seat=0), Task("pause")],
        level=2,
        witness=1,
        dice=((0, "R", "two_clouds"),),
        treasury=61,
    )
    view = shown(state, SPECTATOR)
    msgspec.json.encode(view)
    assert (view["pollution"], view["witness"], view["treasury"]) == (20, 1, 61)
    assert view["dice"] == [{"seat": 0, "region": "R", "face": "two_clouds"}]
    board = view["countries"][0]
    assert (board["color"], board["safe"], board["diplomats"]) == ("blue", 12, 3)
    region = board["regions"][0]
    assert region["idle_scholars"] == 1 and region["pollution"] == 10
    assert [p["state"] for p in region["provinces"][:6]] == [
        "populated",
        "populated",
        "populated",
        "populated",
        "free",
        "polluted",
    ]
    assert [p["factory"] for p in region["provinces"][:4]] == [
        "polluting",
        "clean",
        "treatment",
        None,
    ]
    assert [p["engineers"] for p in region["provinces"][:4]] == [1, 2, 2, 0]
    assert view["countries"][1]["regions"][2]["overpopulated"] is True
    awaiting = view["awaiting"]
    assert awaiting["seats"] == [0] and awaiting["step"] == "build"
    assert {"type": "end_step"} in awaiting["options"]["0"]


def test_open_vote_shows_only_who_voted_except_to_the_voter_and_omniscient() -> None:
    boards = (country(diplomats=1), country(diplomats=2))
    state = position(*boards, agenda=[Task("vote", seat=0, law=4), Task("pause")])
    state = replace(state, vote_law=4, vote_proposer=0, voters=(0, 1), votes=((1, "no"),))
    assert shown(state, Seat(0))["vote"]["choices"] == {"0": "not yet voted", "1": "voted"}
    assert shown(state, SPECTATOR)["vote"]["choices"]["1"] == "voted"
    assert shown(state, Seat(1))["vote"]["choices"]["1"] == "no"
    assert shown(state, OMNISCIENT)["vote"]["choices"]["1"] == "no"
    assert shown(state, SPECTATOR)["awaiting"]["options"] == {}
    assert list(shown(state, Seat(0))["awaiting"]["options"]) == ["0"]
