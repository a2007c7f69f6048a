"""`LiveGame.extend`, the replay loop, folds exactly as `domain.table.apply` does event by event."""

from __future__ import annotations

import random
from functools import reduce
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.table import ChatPosted, GameStarted, SeatClaimed, TableOpened, apply
from projections.codec import encode
from projections.live import CHECKPOINT_EVERY, GameGap, LiveGame
from server.store import Recorded, chained

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))


def stream_of(path: Path) -> list[Recorded]:
    """A golden game as its stream holds it: the table's events, then the game's, a chat line
    among them, hash-chained as the stores chain them."""
    header, *lines = path.read_bytes().splitlines()
    meta = msgspec.json.decode(header)
    seats = meta["seats"]
    data = [encode(TableOpened(game=meta["game"], seats=seats, options=meta["options"]))]
    data += [encode(SeatClaimed(seat=s, name=f"p{s}", token_hash="ab")) for s in range(seats)]
    data.append(encode(GameStarted(seats=seats)))
    data += lines
    data.insert(len(data) // 2, encode(ChatPosted(seat=0, name="p0", text="hi")))
    return chained(data)


def kernel_fold(live: LiveGame, upto: int) -> Any:
    """The table at `upto`, folded with the domain's own function from the first event."""
    first = live.checkpoints[1]
    return reduce(lambda table, event: apply(live.game, table, event), live.events[1:upto], first)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_batches_of_any_size_fold_to_the_kernels_table(path: Path) -> None:
    records = stream_of(path)
    live = LiveGame("g", records[0].data, records[0].hash)
    rng, at = random.Random(path.stem), 1
    while at < len(records):  # batches of 1 to 300, as loads, catch-ups and the pump bring them
        size = rng.randint(1, 300)
        assert live.extend(records[at : at + size]) == len(records[at : at + size])
        at += size
        assert live.table == kernel_fold(live, live.version)
    assert live.version == len(records) and live.hash == records[-1].hash
    assert live.over
    for version, table in live.checkpoints.items():
        assert version == 1 or version % CHECKPOINT_EVERY == 0
        assert table == kernel_fold(live, version)
    assert len(live.checkpoints) == 1 + len(records) // CHECKPOINT_EVERY


def test_records_already_folded_are_skipped_and_a_gap_keeps_what_came_before() -> None:
    records = stream_of(GOLDEN[0])
    live = LiveGame("g", records[0].data, records[0].hash)
    assert live.extend(records[1:20]) == 19
    assert live.extend(records[10:25]) == 5  # versions 11..20 again, then 21..25
    with pytest.raises(GameGap, match="expected version 31"):
        live.extend([*records[25:30], records[31]])  # version 32 follows 30
    assert live.version == 30 and live.hash == records[29].hash
    assert live.table == kernel_fold(live, 30)


def test_a_rewritten_version_or_a_broken_link_is_a_gap() -> None:
    records = stream_of(GOLDEN[0])
    live = LiveGame("g", records[0].data, records[0].hash)
    live.extend(records[1:10])
    rewritten = msgspec.structs.replace(records[4], hash="f" * 40)
    with pytest.raises(GameGap, match="version 5 was rewritten"):
        live.extend([rewritten])
    forked = msgspec.structs.replace(records[10], prev_hash="0" * 40)
    with pytest.raises(GameGap, match="expected version 11"):
        live.extend([forked])
    assert live.version == 10 and live.table == kernel_fold(live, 10)
