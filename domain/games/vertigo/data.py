"""Vertigo component data and price tables (spec section 7), as plain constants."""

from __future__ import annotations

# the rules version (`domain.rules`): 2, the agenda's tasks stored as events (`TasksQueued`)
RULES = 2

REGIONS = ("R", "C", "L")  # right, centre, left: also the pollution test order (D4)
PROVINCES_PER_REGION = 10
PROVINCE_COUNT = len(REGIONS) * PROVINCES_PER_REGION
COLORS = ("blue", "yellow", "red", "green")
UN = "UN"

STARTING_MONEY = 40
TREASURY_PER_PLAYER = 25
TURN_CAP = 31  # the game ends at the start of this turn (D46)
END_CHECK_FROM = 11

# The 3-4-3 honeycomb of one region (D5), by province number 1..10.
ADJACENCY: dict[int, tuple[int, ...]] = {
    1: (2, 4, 5),
    2: (1, 3, 5, 6),
    3: (2, 6, 7),
    4: (1, 5, 8),
    5: (1, 2, 4, 6, 8, 9),
    6: (2, 3, 5, 7, 9, 10),
    7: (3, 6, 10),
    8: (4, 5, 9),
    9: (5, 6, 8, 10),
    10: (6, 7, 9),
}

# Factory kinds and their numbers.
POLLUTING, CLEAN, TREATMENT = "polluting", "clean", "treatment"
KINDS = (POLLUTING, CLEAN, TREATMENT)
ENGINEERS = {POLLUTING: 1, CLEAN: 2, TREATMENT: 2}
BUILD_PRICE = {POLLUTING: 5, CLEAN: 10, TREATMENT: 10}
SETUP_FACTORY_PRICE = {POLLUTING: 5, CLEAN: 10, TREATMENT: 10}
PRODUCTION = {POLLUTING: 10, CLEAN: 5, TREATMENT: 0}
SUPPLY = {POLLUTING: 20, CLEAN: 28, TREATMENT: 12}
POPULATION_SUPPLY = 90
SCHOLARS_PER_COLOR = 25

SETUP_POPULATION_PRICE = 1
SETUP_SCHOLAR_PRICE = 5
POPULATION_PRICE = 5
TRAIN_PRICE = 5
TRANSFORM_PRICE = 5
MOVE_OTHER_REGION_PRICE = 1
TRAINING_MIN_POPULATION = 5
OVERPOPULATED_MIN = 5

DEPOLLUTE_WITH_PLANT_IN_REGION = 1
DEPOLLUTE_WITH_PLANT_IN_COUNTRY = 5
DEPOLLUTE_WITHOUT_PLANT = 10

# The pollution die: three suns, one cloud, two clouds, cloud + arrow.
SUN, ONE_CLOUD, TWO_CLOUDS, CLOUD_ARROW = "sun", "one_cloud", "two_clouds", "cloud_arrow"
DIE_FACES = (SUN, SUN, SUN, ONE_CLOUD, TWO_CLOUDS, CLOUD_ARROW)

MAX_LEVEL = 10  # planetary pollution in tens of percent


def witness_threshold(seats: int) -> int:
    return 4 if seats == 4 else 3


# Laws (section 4.7).
LAWS = (1, 2, 3, 4, 5)
LAW_NAMES = {
    1: "Development aid",
    2: "Stop pollution!",
    3: "Exceptional bonus",
    4: "International solidarity",
    5: "Subsidies",
}
LAW_BONUS = 10
AID_PER_FACTORY = 5
FINE_PER_FACTORY = 10
BONUS_PER_DIPLOMAT = 3
VOTE_CHOICES = ("yes", "no", "abstain")


def province_id(index: int) -> str:
    """`C5` for index 14: region letter then number 1..10."""
    return f"{REGIONS[index // PROVINCES_PER_REGION]}{index % PROVINCES_PER_REGION + 1}"


PROVINCE_IDS = tuple(province_id(i) for i in range(PROVINCE_COUNT))
PROVINCE_INDEX = {pid: i for i, pid in enumerate(PROVINCE_IDS)}
REGION_INDEX = {r: i for i, r in enumerate(REGIONS)}

# Neighbours by global province index (same region only).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (i // PROVINCES_PER_REGION) * PROVINCES_PER_REGION + n - 1
        for n in ADJACENCY[i % PROVINCES_PER_REGION + 1]
    )
    for i in range(PROVINCE_COUNT)
)


def region_of(index: int) -> int:
    return index // PROVINCES_PER_REGION


def region_range(region: int) -> range:
    return range(region * PROVINCES_PER_REGION, (region + 1) * PROVINCES_PER_REGION)
