"""Every event of simulated games, in all four games, read through the log's wording in the
page: each event type has words of its own, and no line shows a raw identifier (a tag, a share
or power id, a card code, an entity id) or a broken value."""

from __future__ import annotations

import random
import re
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain import games
from domain.bots import strategy
from tests.browser.conftest import Pages

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve"]

# (game, seats, bots, seeds): random bots reach the odd corners, greedy ones finish games.
PLAYS = [
    ("eiffel_mania", 3, ("random", "greedy"), range(4)),
    ("eiffel_mania", 4, ("random", "greedy"), range(4)),
    ("bienvenue_a_bord", 2, ("random", "greedy"), range(3)),
    ("vertigo", 3, ("random", "greedy"), range(3)),
    ("vertigo", 4, ("random",), range(2)),
    ("18zoo", 3, ("random", "greedy"), range(3)),
    ("18zoo", 4, ("random",), range(2)),
]

RAW = [
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a snake_case tag"),
    (re.compile(r"\b[A-Z]+_[A-Z_]+\b"), "an upper-case id"),
    (re.compile(r"\b[A-Z]{2}_\d\b"), "a share id"),
    (re.compile(r"\bp\d\b"), "a player id"),
    (re.compile(r"\b(PAS|CAB|OBJ)\d+"), "a card code"),
    (re.compile(r"\b[EO]\d\b"), "a stopover or objective code"),
    (re.compile(r"\bPlayer \d\b"), "an imported player name"),
    (re.compile(r"\bseat \d\b"), "a seat number instead of a name"),
    (re.compile(r"undefined|\bnull\b|NaN|\[object"), "a broken value"),
    (re.compile(r"\(\w+: "), "the generic 'field: value' wording"),
    (
        re.compile(r"\b1 (cards|moves|shares|stops|betrayals|points|lots|uses|players)\b"),
        "a plural",
    ),
]


def simulated_events(game_name: str, seats: int, bot: str, seed: int) -> list[dict[str, Any]]:
    game = games.get(game_name)
    played = play(
        game,
        seats,
        msgspec.convert({}, game.options_type),
        [strategy(game_name, bot)] * seats,
        random.Random(seed),
        max_commands=1500 if game_name == "18zoo" else 20_000,
    )
    events: list[dict[str, Any]] = msgspec.to_builtins(played.events)
    return events


def collect() -> dict[str, list[list[dict[str, Any]]]]:
    streams: dict[str, list[list[dict[str, Any]]]] = {}
    for game_name, seats, bots, seeds in PLAYS:
        for bot in bots:
            for seed in seeds:
                try:
                    events = simulated_events(game_name, seats, bot, seed)
                except Exception:  # a run cut short (TooLong): its events so far still count
                    continue
                streams.setdefault(game_name, []).append(events)
    return streams


def test_every_simulated_event_reads_as_words(pages: Pages) -> None:
    streams = collect()
    assert set(streams) == {"eiffel_mania", "bienvenue_a_bord", "vertigo", "18zoo"}
    page = pages.open("/")
    lines: list[dict[str, Any]] = page.evaluate(
        """async ({ streams, names }) => {
            const { boardFor } = await import("/static/js/boards/index.js");
            const { eventWords } = await import("/static/js/wording.js");
            const out = [];
            for (const [game, runs] of Object.entries(streams)) {
                const board = await boardFor(game);
                for (const events of runs) {
                    const seats = names.slice(0, 5);
                    events.forEach((event, i) => {
                        const around = { prev: events[i - 1], next: events[i + 1] };
                        let own = null;
                        try {
                            own = board.describeEvent
                                ? board.describeEvent(event, seats, around) : null;
                        } catch (error) { own = `THREW ${error}`; }
                        out.push({ game, type: event.type, own,
                                   words: eventWords(board, event, seats, around, []) });
                    });
                }
            }
            return out;
        }""",
        {"streams": streams, "names": NAMES},
    )
    assert len(lines) > 2000
    missing = sorted({(line["game"], line["type"]) for line in lines if line["own"] is None})
    assert not missing, f"event types with no words of their own: {missing}"
    threw = [line for line in lines if str(line["own"]).startswith("THREW")]
    assert not threw, threw[:5]
    problems: dict[str, str] = {}
    for line in lines:
        words = line["words"]
        for pattern, what in RAW:
            found = pattern.search(words)
            if found:
                problems.setdefault(f"{line['game']} {line['type']}: {what}", words)
    assert not problems, "\n".join(f"{k} -> {v!r}" for k, v in sorted(problems.items()))
    # Every game has lines left in the log: the hidden bookkeeping is the exception.
    for game in streams:
        shown = [line for line in lines if line["game"] == game and line["words"]]
        assert len(shown) > 20, game


def test_the_checks_catch_raw_identifiers(pages: Pages) -> None:
    """The patterns above do find what they are meant to find."""
    samples = [
        "Power ZOOTicket 1 - Player 1 → closed",
        "PE_1 → Alice",
        "Alice takes objective O3",
        "Bob puts PAS08 alone",
        "Flow changed (flow: round sr)",
        "Cy gets 1 cards",
        "seat 2 wins",
    ]
    for sample in samples:
        assert any(pattern.search(sample) for pattern, _ in RAW), sample


def test_18zoo_log_groups_start_where_a_round_begins_in_either_form(pages: Pages) -> None:
    """Rules 1-10 store the whole flow at each change, rules 11 the round begun: the log's
    headings read the same from both."""
    page = pages.open("/")
    titles = page.evaluate(
        """async () => {
            const { heading } = await import("/static/js/boards/zoo18_words.js");
            return [
                heading({ type: "round_begun", kind: "or", turn: 2, number: 1, order: ["GI"] }),
                heading({ type: "flow_changed", flow: { round: "or", turn: 2, or_num: 1 } }),
                heading({ type: "round_begun", kind: "sr", turn: 1, number: 0, order: ["0"] }),
                heading({ type: "game_ended", reason: "fixed_round" }),
                heading({ type: "step_begun", step: "token" }),
            ];
        }"""
    )
    assert titles == [
        "Operating round 2.1 · Tuesday",
        "Operating round 2.1 · Tuesday",
        "Stock round · Monday",
        "Game over",
        None,
    ]
