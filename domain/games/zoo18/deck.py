"""The powers deck: ordered like 18xx.games orders it from a recorded seed, or from our Rng."""

from __future__ import annotations

import re

from domain.chance import Rng, shuffle
from domain.games.zoo18.facts import POWERS

_MOD = 2**31


def seed_of(game_id: object, settings_seed: object) -> int:
    """18xx.games seed rule: settings.seed if given, else the first integer in the game id."""
    if settings_seed not in (None, ""):
        return int(str(settings_seed))
    found = re.search(r"\d+", str(game_id))
    return int(found.group()) if found else 0


def lcg_deck(seed: int) -> tuple[str, ...]:
    """One LCG key per power in list order, powers sorted by key (spec 18.1)."""
    state = seed % _MOD
    keyed = []
    for power, _, _ in POWERS:
        state = (1103515245 * state + 12345) % _MOD
        keyed.append((state, power))
    return tuple(power for _, power in sorted(keyed))


def random_deck(rng: Rng) -> tuple[str, ...]:
    return shuffle(rng, [power for power, _, _ in POWERS])
