"""Golden games: recorded event logs that today's code must fold to the same result and views.

A golden game is two files under tests/golden/:
- GAME.jsonl, the storage format frozen in time: a header line (game, seats, options and the
  final result), then one stored event per line;
- GAME.views.json, what every viewer (omniscient, spectator, each seat) is shown midway and at
  the end, as indented JSON; viewers shown the same view share one entry.
tests/test_golden.py folds the events with today's code and names every field of a view or of
the result that differs (`differences`), so a failure says what changed, not only that it did.

    python tools/golden.py record GAME SEATS SEED   # a new game played by random bots
    python tools/golden.py refresh GAME             # today's result and views of the stored events
    python tools/golden.py stream GAME SEATS SEED [MOVES]  # a stream as the server stores it
    python tools/golden.py fork GAME SEATS SEED MOVES [LABEL]  # a fork, with an undo in it
    python tools/golden.py positions  # pins the position forms and stored positions not pinned

`positions` pins (tests/golden/positions.json) the schema of each game's position forms and
the digest of the state each position of a golden stream restores (`domain.positions`); it
adds what is not pinned yet and never changes a pin.

`refresh` is for an intended change of a view or of scoring: the events stay byte for byte as
stored, and the diff of the two files is what a reviewer reads.

A golden stream (tests/golden/streams/NAME.jsonl) is every event of a game as the server
stored it, one per line, byte for byte: the table's events with the rules version, the
commitment, the record of each decision that drew, the game's events and, for a finished game,
the revealed secret and the result record. It is never refreshed: tests/test_golden.py checks
that today's code folds it the same (`plateau verify`'s judgement) and decides its recorded
draws again to the same events; a stream stopped after MOVES commands must also play on.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import msgspec

from clients.python.simulate import play
from domain import games
from domain.bots import random_bot
from domain.kernel import OMNISCIENT, SPECTATOR, Game, Seat, Viewer

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "golden"


def plain(value: Any) -> Any:
    """`value` as the JSON a client receives (structs to objects, tuples to lists)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def viewers(seats: int) -> list[tuple[str, Viewer]]:
    return [
        ("omniscient", OMNISCIENT),
        ("spectator", SPECTATOR),
        *((f"seat {n}", Seat(n)) for n in range(seats)),
    ]


def grouped(views: dict[str, Any]) -> list[dict[str, Any]]:
    """[{"viewers": [...], "view": ...}]: one entry per distinct view, in viewer order."""
    entries: list[dict[str, Any]] = []
    for label, view in views.items():
        same = next((entry for entry in entries if entry["view"] == view), None)
        if same is None:
            entries.append({"viewers": [label], "view": view})
        else:
            same["viewers"].append(label)
    return entries


def ungrouped(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {label: entry["view"] for entry in entries for label in entry["viewers"]}


def views(game: Game[Any, Any, Any], meta: dict[str, Any], events: list[Any]) -> dict[str, Any]:
    """Every viewer's view after half the events and after all of them."""
    options = msgspec.convert(meta["options"], game.options_type)
    start = game.initial(meta["seats"], options)
    out: dict[str, Any] = {}
    for point, count in (("middle", len(events) // 2), ("end", len(events))):
        state = game.fold(events[:count], start)
        shown = {label: plain(game.view(state, v)) for label, v in viewers(meta["seats"])}
        out[point] = {"after_events": count, "views": grouped(shown)}
    return out


def comparable(stored: dict[str, Any]) -> dict[str, Any]:
    """A views file keyed point -> viewer, so that a difference names the viewer."""
    return {
        point: {"after_events": part["after_events"], **ungrouped(part["views"])}
        for point, part in stored.items()
    }


def differences(was: Any, now: Any, path: str = "") -> list[str]:
    """Every leaf that differs between two JSON values, as `path: was X, now Y`."""
    if isinstance(was, dict) and isinstance(now, dict):
        out: list[str] = []
        for key in [*was, *(k for k in now if k not in was)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in now:
                out.append(f"{where}: was {json.dumps(was[key])}, now absent")
            elif key not in was:
                out.append(f"{where}: was absent, now {json.dumps(now[key])}")
            else:
                out += differences(was[key], now[key], where)
        return out
    if isinstance(was, list) and isinstance(now, list):
        out = []
        for i in range(max(len(was), len(now))):
            where = f"{path}[{i}]"
            if i >= len(now):
                out.append(f"{where}: was {json.dumps(was[i])}, now absent")
            elif i >= len(was):
                out.append(f"{where}: was absent, now {json.dumps(now[i])}")
            else:
                out += differences(was[i], now[i], where)
        return out
    if was != now or type(was) is not type(now):
        return [f"{path or 'the value'}: was {json.dumps(was)}, now {json.dumps(now)}"]
    return []


def jsonl_path(name: str) -> Path:
    return FOLDER / f"{name}.jsonl"


def views_path(name: str) -> Path:
    return FOLDER / f"{name}.views.json"


def load(path: Path) -> tuple[dict[str, Any], list[bytes]]:
    """The header and the stored event lines of a golden log."""
    header, *lines = path.read_bytes().splitlines()
    meta: dict[str, Any] = msgspec.json.decode(header)
    return meta, lines


def decoded(game: Game[Any, Any, Any], lines: list[bytes]) -> list[Any]:
    decode = msgspec.json.Decoder(game.event_type).decode
    return [decode(line) for line in lines]


def write(name: str, meta: dict[str, Any], lines: list[bytes]) -> None:
    """Write the log as given and the result and views today's code computes from it."""
    game = games.get(name)
    events = decoded(game, lines)
    options = msgspec.convert(meta["options"], game.options_type)
    state = game.fold(events, game.initial(meta["seats"], options))
    if not game.is_over(state):
        raise SystemExit(f"{name}: the recorded game does not end")
    header = {**meta, "result": plain(game.result(state))}
    header.pop("view_sha256", None)  # the digest the views file replaces
    jsonl_path(name).write_bytes(b"\n".join([msgspec.json.encode(header), *lines]) + b"\n")
    text = json.dumps(views(game, meta, events), indent=1, ensure_ascii=False)
    views_path(name).write_text(text + "\n", encoding="utf-8")


def record(name: str, seats: int, seed: int) -> Path:
    game = games.get(name)
    options = msgspec.convert({}, game.options_type)
    played = play(game, seats, options, [random_bot] * seats, random.Random(seed))
    meta = {"game": name, "seats": seats, "options": plain(options)}
    write(name, meta, [msgspec.json.encode(event) for event in played.events])
    return jsonl_path(name)


def refresh(name: str) -> Path:
    meta, lines = load(jsonl_path(name))
    write(name, meta, lines)
    return jsonl_path(name)


STREAMS = FOLDER / "streams"


def stream_path(label: str) -> Path:
    return STREAMS / f"{label}.jsonl"


async def stored_stream(name: str, seats: int, seed: int, moves: int | None) -> list[bytes]:
    """A game played by random bots through the service (in memory): its stored events."""
    from server.ops.metrics import Metrics
    from server.store.adapters import open_store
    from server.table.service import GameService

    store = open_store(None)
    service = GameService(store, Metrics())
    game_id = await service.create(msgspec.json.encode({"game": name, "seats": seats}))
    names = [msgspec.json.encode({"name": f"Player {n + 1}"}) for n in range(seats)]
    tokens = [(await service.join(game_id, raw))[1] for raw in names]
    await service.start(game_id, tokens[0])
    bots = random.Random(seed)
    for n in range(moves if moves is not None else 100_000):
        live = await service.load(game_id, fresh=True)
        if live.over:
            break
        game, state = live.game, live.table.state
        seat = bots.choice([s for s in range(seats) if game.legal(state, s)])
        command = random_bot(game, state, seat, game.legal(state, seat), bots)
        await service.submit(game_id, seat, f"c{n}", live.version, msgspec.json.encode(command))
    records = await store.read(game_id)
    await store.close()
    return [record.data for record in records]


def stream(name: str, seats: int, seed: int, moves: int | None = None) -> Path:
    import asyncio

    lines = asyncio.run(stored_stream(name, seats, seed, moves))
    version = games.get(name).rules
    label = name + (f".rules{version}" if version > 1 else "")  # beside the older versions'
    path = stream_path(label if moves is None else f"{label}.running")
    STREAMS.mkdir(exist_ok=True)
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


async def _bot_move(service: Any, game_id: str, bots: random.Random, command_id: str) -> int:
    """One random bot's command through the service; the seat that sent it."""
    live = await service.load(game_id, fresh=True)
    game, state = live.game, live.table.state
    seat = bots.choice([s for s in range(live.table.seats) if game.legal(state, s)])
    command = random_bot(game, state, seat, game.legal(state, seat), bots)
    await service.submit(game_id, seat, command_id, live.version, msgspec.json.encode(command))
    return seat


async def forked_stream(name: str, seats: int, seed: int, moves: int) -> list[bytes]:
    """A game played `moves` commands by random bots, forked there by seat 0 through the
    server's code (`server.table.forks`), the fork played to its end with the first command
    that may be undone undone by consent (`server.table.undo`): the fork's stored events."""
    from domain.kernel import Rejected
    from server.ops.metrics import Metrics
    from server.store.adapters import open_store
    from server.table import forks, undo
    from server.table.service import GameService

    store = open_store(None)
    service = GameService(store, Metrics())
    game_id = await service.create(msgspec.json.encode({"game": name, "seats": seats}))
    names = [msgspec.json.encode({"name": f"Player {n + 1}"}) for n in range(seats)]
    tokens = [(await service.join(game_id, raw))[1] for raw in names]
    await service.start(game_id, tokens[0])
    bots = random.Random(seed)
    for n in range(moves):
        await _bot_move(service, game_id, bots, f"c{n}")
    at = (await service.load(game_id, fresh=True)).version
    made = await forks.fork(service, game_id, msgspec.json.encode({"version": at}), tokens[0])
    fork_id, mine = made.game_id, {made.seat: made.token}
    for raw in names[1:]:
        seat, token = await service.join(fork_id, raw)
        mine[seat] = token
    await service.start(fork_id, mine[0])
    undone = False
    for n in range(100_000):
        if (await service.load(fork_id, fresh=True)).over:
            break
        seat = await _bot_move(service, fork_id, bots, f"f{n}")
        if undone or (await service.load(fork_id, fresh=True)).over:
            continue
        try:
            await undo.ask(service, fork_id, mine[seat])
        except Rejected:
            continue
        live = await service.load(fork_id, fresh=True)
        for other in sorted(undo.to_ask(live.table, seat)):
            await undo.answer(service, fork_id, mine[other], True)
        undone = True
    records = await store.read(fork_id)
    await store.close()
    return [record.data for record in records]


def fork(name: str, seats: int, seed: int, moves: int, label: str = "undo-fork") -> Path:
    import asyncio

    lines = asyncio.run(forked_stream(name, seats, seed, moves))
    path = stream_path(f"{name}.{label}")
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


POSITIONS = FOLDER / "positions.json"


def position_forms() -> dict[str, dict[str, Any]]:
    """Each game's position forms as JSON schemas, by game and form number."""
    out: dict[str, dict[str, Any]] = {}
    for name in games.names():
        positions = games.get(name).positions
        if positions is not None:
            forms = enumerate(positions.forms, start=1)
            out[name] = {str(n): msgspec.json.schema(form) for n, form in forms}
    return out


def restored_positions() -> dict[str, str]:
    """Each position the golden streams store in a game's form ("STREAM@VERSION"): the
    digest of the state its fold restores (an undo) or starts from (a fork) today."""
    from domain.forks import ForkDealt
    from domain.rules import digest
    from domain.undo import UndoDone
    from projections.live import LiveGame
    from server.store import chained

    out = {}
    for path in sorted(STREAMS.glob("*.jsonl")):
        live = LiveGame.replay(path.stem, chained(path.read_bytes().splitlines()))
        for version, event in enumerate(live.events, start=1):
            if isinstance(event, UndoDone | ForkDealt) and event.form:
                out[f"{path.stem}@{version}"] = digest(live.game, live.table_at(version).state)
    return out


def pin_positions() -> Path:
    pinned = json.loads(POSITIONS.read_text()) if POSITIONS.exists() else {}
    forms, restored = pinned.setdefault("forms", {}), pinned.setdefault("restored", {})
    for name, numbered in position_forms().items():
        for number, schema in numbered.items():
            forms.setdefault(name, {}).setdefault(number, schema)
    for label, digest in restored_positions().items():
        restored.setdefault(label, digest)
    POSITIONS.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n")
    return POSITIONS


def main(argv: list[str]) -> int:
    match argv:
        case ["record", name, seats, seed]:
            print(record(name, int(seats), int(seed)))
        case ["refresh", name]:
            print(refresh(name))
        case ["stream", name, seats, seed]:
            print(stream(name, int(seats), int(seed)))
        case ["stream", name, seats, seed, moves]:
            print(stream(name, int(seats), int(seed), int(moves)))
        case ["fork", name, seats, seed, moves]:
            print(fork(name, int(seats), int(seed), int(moves)))
        case ["fork", name, seats, seed, moves, label]:
            print(fork(name, int(seats), int(seed), int(moves), label))
        case ["positions"]:
            print(pin_positions())
        case _:
            print(__doc__, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
