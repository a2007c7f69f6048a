"""Views are typed (issue 45, item 4): every game's `view` returns a msgspec struct, so that the
bytes the protocol sends are checked by type, as commands and events are; and the bytes are
those the golden views (tests/golden/*.views.json) keep, key for key and in the same order."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_type_hints

import msgspec
import pytest

from domain import games
from tools import golden

GOLDEN = sorted(golden.FOLDER.glob("*.jsonl"))


def built_in() -> list[str]:
    out = []
    for name in games.names():
        try:
            games.package(name)
        except KeyError:  # a game added at run time (the benchmark's)
            continue
        out.append(name)
    return out


def view_type(name: str) -> Any:
    return get_type_hints(games.get(name).view)["return"]


@pytest.mark.parametrize("name", built_in())
def test_every_view_is_a_struct(name: str) -> None:
    kind = view_type(name)
    assert isinstance(kind, type) and issubclass(kind, msgspec.Struct), kind


def as_sent(value: Any) -> bytes:
    """A JSON value as the server sends it: compact, keys in their order, UTF-8 unescaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_bytes_sent_are_the_golden_views_and_decode_as_their_type(path: Path) -> None:
    meta, lines = golden.load(path)
    game = games.get(meta["game"])
    events = golden.decoded(game, lines)
    stored = json.loads(golden.views_path(meta["game"]).read_text(encoding="utf-8"))
    options = msgspec.convert(meta["options"], game.options_type)
    start = game.initial(meta["seats"], options)
    viewers = dict(golden.viewers(meta["seats"]))
    checked = 0
    for point in stored.values():
        state = game.fold(events[: point["after_events"]], start)
        for entry in point["views"]:
            for label in entry["viewers"]:
                sent = msgspec.json.encode(game.view(state, viewers[label]))
                assert sent == as_sent(entry["view"]), (path.stem, label)
                decoded = msgspec.json.decode(sent, type=view_type(meta["game"]))
                assert msgspec.json.encode(decoded) == sent
                checked += 1
    assert checked >= 4


def test_a_view_of_the_wrong_shape_is_refused_by_its_type() -> None:
    kind = view_type("vertigo")
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"turn": "one"}', type=kind)
