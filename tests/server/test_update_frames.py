"""`projections.updates.Updates`, the fan-out's shared builder, sends each viewer exactly the
bytes of its own `update`: the view, the redaction and the legal commands of that viewer."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.kernel import SPECTATOR, Seat, Viewer
from domain.table import redact
from projections.codec import encode
from projections.frames import game_part
from projections.live import LiveGame
from projections.patch import Parts, parts
from projections.updates import Updates, update
from tests.server.test_live_extend import GOLDEN, stream_of


def viewers(live: LiveGame) -> list[Viewer]:
    return [SPECTATOR, *(Seat(n) for n in range(live.table.seats))]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_viewer_gets_the_bytes_of_its_own_update(path: Path) -> None:
    records = stream_of(path)
    live = LiveGame.replay(path.stem, records[:1])
    stride = max(1, len(records) // 60)  # about 60 folds per game, the first ones and the end
    compared = secret = 0
    for record in records[1:]:
        live.extend([record])
        version = live.version
        if version > 12 and version % stride and version != len(records):
            continue
        updates = Updates(live)
        for after in sorted({1, max(1, version - 3), version - 1}, reverse=True):
            frames = {}
            held: dict[bytes, Parts] = {}  # one object per distinct view, as the fan-out holds
            for viewer in viewers(live):
                shown = game_part(live.game, live.table_at(after), viewer)
                had = held.setdefault(encode(shown), parts(shown))
                frames[viewer] = updates.frame(viewer, after, had)
                assert frames[viewer] == encode(update(live, viewer, after)), (viewer, after)
                compared += 1
            secret += len(set(frames.values())) > 1
    assert live.over, "the golden game ends: the end's frames were compared"
    assert compared > 200
    assert secret, "viewers were shown different things at some version"


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_a_seat_sees_whole_what_a_spectator_sees_whole(path: Path) -> None:
    """The law the shared events rest on (`domain.kernel.Game`, `redact`)."""
    live = LiveGame.replay(path.stem, stream_of(path))
    public = 0
    for event in live.events:
        if redact(live.game, event, SPECTATOR) is event:
            public += 1
            for seat in range(live.table.seats):
                assert redact(live.game, event, Seat(seat)) == event, (seat, event)
    assert public > len(live.events) // 2


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_a_game_of_one_view_shows_every_viewer_the_same(path: Path) -> None:
    """`Game.one_view` lets the fan-out compute one view for all: it must hold at every version
    (a game that does not declare it is not checked: its seats may see more)."""
    live = LiveGame.replay(path.stem, stream_of(path))
    if not live.game.one_view:
        pytest.skip("not declared: the game's seats may see more than a spectator")
    compared = 0
    for version in range(2, live.version + 1):
        table = live.table_at(version)
        if not table.started or live.game.is_over(table.state):
            continue
        shown = [encode(live.game.view(table.state, viewer)) for viewer in viewers(live)]
        assert len(set(shown)) == 1, version
        compared += 1
    assert compared > 100
