"""Every registered game has its entries for the shared tests (tests/per_game.py), whole and
of the right types, so a shared test never meets a game it knows nothing of."""

from __future__ import annotations

import msgspec
import pytest

from domain import games
from tests.per_game import ENTRIES, FORK_KIND_NAMES, FUNCTIONS, TWIN_KIND_NAMES, registered, shared


@pytest.mark.parametrize("name", registered())
def test_every_game_has_its_entries_for_the_shared_tests(name: str) -> None:
    try:
        module = shared(name)
    except ModuleNotFoundError as missing:
        pytest.fail(
            f"{name} has no tests/domain/{games.package(name)}/shared.py "
            f"(docs/adding-a-game.md, 'The tests'): {missing}"
        )
    absent = [entry for entry in ENTRIES if not hasattr(module, entry)]
    assert not absent, f"{module.__name__} lacks {absent}"
    wrong = [
        entry for entry, kind in ENTRIES.items() if not isinstance(getattr(module, entry), kind)
    ]
    assert not wrong, f"{module.__name__}: {wrong} are not {[ENTRIES[e] for e in wrong]}"
    for function in FUNCTIONS:
        assert callable(getattr(module, function, None)), f"{module.__name__} lacks {function}"
    game = games.get(name)
    assert game.min_seats <= module.SEATS <= game.max_seats
    assert all(game.min_seats <= n <= game.max_seats for n in module.REDEAL_SEATS)
    assert set(module.TWIN_KINDS) <= TWIN_KIND_NAMES
    assert set(module.FORK_KINDS) <= FORK_KIND_NAMES
    tags = {kind.__struct_config__.tag for kind in _members(game.event_type)}
    assert tags >= module.SECRET_EVENTS, module.SECRET_EVENTS - tags
    state = game.initial(module.SEATS, msgspec.convert({}, game.options_type))
    assert set(module.JUDGED.split()) <= set(type(state).__struct_fields__)


def _members(union: object) -> list[type]:
    return list(getattr(union, "__args__", (union,)))
