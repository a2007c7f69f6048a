"""The powers deck: ordered like 18xx.games orders it from a recorded seed, or from our Rng."""

from __future__ import annotations

import re

from domain.chance import Rng, number, shuffle
from domain.games.zoo18.data import POWERS

_MOD = 2**31  # the site's LCG works modulo 2**31: larger seeds deal as their remainder


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


def draw_seed(rng: Rng) -> int:
    """A seed for `lcg_deck`, from the game's secret draws (rules 2)."""
    return number(rng, _MOD)


def random_deck(rng: Rng) -> tuple[str, ...]:
    """Rules 1: our own shuffle (no seed, so 18xx.games cannot deal the same deck)."""
    return shuffle(rng, [power for power, _, _ in POWERS])
