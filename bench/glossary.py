"""What the report's words mean: each scenario's measure and each floor's, with no result in them.

The report (`bench/report.py`) states every result from a run's JSON; what stays the same from
run to run (what a scenario measures, what a floor leaves out, what its missing a limit says)
lives here, keyed by the names the run's data uses, so nothing here is dated or measured.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bench.procs import ROOT

# What each scenario measures, by its key in the run's data (its size is in its title).
SCENARIOS = {
    "action_to_view": "the time from a move to its update reaching every connection of the game "
    "(p50, p99), against boardgame.io and the round trip of a raw websockets echo",
    "many_games": "actions per second and the p99 latency of many games played at once, "
    "against boardgame.io",
    "fanout": "views delivered per second when each action goes to every player and spectator, "
    "against boardgame.io and `websockets.broadcast()` sending the same bytes to as many sockets",
    "replay": "stored events folded into state per CPU second, against a bare msgspec decode of "
    "the same bytes; the targets are the counter game's, and its 18ZOO rows fold a whole game "
    "its five greedy bots played (a few hundred moves) again and again, to show what a real "
    "game's rules cost per event beside the counter's",
    "time_travel": "the CPU time to rebuild the state and a view at a random version from the "
    "nearest checkpoint, against folding from the start, and the websocket's `seek` frame with "
    "its redacted log; the targets are the counter game's, and its 18ZOO rows seek in the bots' "
    "game of scenario 4, which is short, so a fold from the start is cheap and building seat "
    "0's view of the board is most of what a seek costs",
    "idle": "memory per idle websocket, and whether every connection is accepted and stays open, "
    "against a bare websockets server",
    "embedded_store": "scenario 2 on the embedded SQLite store; no target of its own, so scenario "
    "2's apply",
    "cold_start": "the seconds from spawning a server over a SQLite store full of games to its "
    "first lobby answer and to a first websocket hello's snapshot, and its resident memory "
    "with ten times the finished games stored, against the same start over a store of one "
    "game",
    "notices": "scenario 2's closed loop on Redis with every seat and every table subscribed to "
    "a webhook (a local sink), against the same loop without, in the same run: what deriving and "
    "sending notices costs the commands",
    "real_games": "the games people play, beside the counter in the same run: 18ZOO and Vertigo "
    "replaying moves their greedy bots chose before the run, one game alone and many at once, "
    "each watched by 20 spectators: actions per second, the time from a move to every viewer's "
    "update, the server's CPU per command and the bytes of an update per viewer",
}


@dataclass(frozen=True)
class Floor:
    """A floor under Plateau: the same measure, in the same run, for less of Plateau's work."""

    rank: int  # how much of Plateau's work it does: a floor of a lower rank does less
    called: str  # how a sentence names it
    what: str  # what it runs, for the list of floors
    misses: str  # what it says when it misses the target's limit
    meets: str  # what it says when it meets it (beside a floor doing more that misses)


FLOORS = {
    "no store": Floor(
        0,
        "the relay storing nothing",
        "`bench/relay.py` with the store `none`: each command answered at once with its ack "
        "and one `broadcast()`. What is left is the closed loop itself: the driver's clients "
        "and one server process sharing the machine's cores",
        "so the closed loop's clients bound it, whatever a server does per command",
        "so the closed loop allows it",
    ),
    "bare relay": Floor(
        1,
        "the bare relay",
        "`bench/relay.py`: a bare `websockets` server on uvloop speaking Plateau's protocol; "
        "per action it decodes the command, appends one event through Plateau's own Redis "
        "store and sends the ack and one shared update with `broadcast()`. No game, no fold, "
        "no per-viewer view, no pump",
        "so this stack (websockets and one append per action) misses it with no game at all",
        "so this stack allows it with no game",
    ),
    "bare SQLite relay": Floor(
        1,
        "the bare SQLite relay",
        "the bare relay appending through Plateau's SQLite store",
        "so this stack on SQLite misses it with no game at all",
        "so this stack on SQLite allows it with no game",
    ),
    "lean server": Floor(
        2,
        "the lean server",
        "`bench/lean.py`: the bare relay running the code a Plateau server runs per command "
        "(`GameService.submit`, the fold, one update per distinct viewer built as the server "
        "builds it), without uvicorn, Starlette, the pump or per-socket queues",
        "so this game's work per viewer on this stack falls short",
        "so what Plateau adds around the game's work (uvicorn, Starlette, the pump, "
        "per-socket queues) is what falls short",
    ),
    "lean server on SQLite": Floor(
        2,
        "the lean server on SQLite",
        "the lean server appending through Plateau's SQLite store",
        "so this game's work per viewer on this stack falls short",
        "so what Plateau adds around the game's work is what falls short",
    ),
    "1 live game stored": Floor(
        0,
        "the same start over a store of one game",
        "the same server started over a store holding a single live game: the interpreter, "
        "the imports and the server's own start, with nothing stored to read",
        "so the process's start alone misses it on this machine, whatever is stored",
        "so what the stored games add is what falls short",
    ),
    "decode + an untouched reducer": Floor(
        0,
        "decoding for a reducer that changes nothing",
        "the bare decode plus one call per event to a reducer that changes nothing",
        "so the decode and a call per event already fall short",
        "so the decode and the call are not what costs it",
    ),
    "decode + evolve": Floor(
        1,
        "the least fold (decode + evolve, nothing else)",
        "each stored event decoded and passed to the game's `evolve`, with no checks and "
        "nothing kept: the least any fold of this game does",
        "so no fold of this game reaches it in this interpreter",
        "so what the fold adds to decode and evolve (checks, the kept log, checkpoints) is "
        "what falls short",
    ),
}


def floor(name: str) -> Floor:
    """The floor of that name; one this module does not know is named as the data names it."""
    return FLOORS.get(
        name,
        Floor(9, f"the floor '{name}'", "", "so it misses by what that floor leaves in", ""),
    )


def peer_version() -> str:
    """boardgame.io's version as the bench pins it for npm."""
    try:
        package = json.loads((ROOT / "bench" / "peer" / "package.json").read_text())
        return str(package["dependencies"]["boardgame.io"])
    except (OSError, KeyError, ValueError):
        return "(version unknown)"


def setup() -> str:
    return (
        "Every server runs in its own process and one Node process (`bench/peer/driver.js`) "
        "drives them all with the same games and pacing: in each game the seat whose turn it "
        "is moves as soon as every connection of the game has the previous update (a closed "
        "loop). Latency runs from the move's send to its update reaching every connection; "
        "'mover' is the moving player's own update. Plateau is `plateau serve` through "
        "`python -m bench.serve`, which registers the benchmark game `bench_counter` (4 "
        "players bump a public counter, each holding a secret hand redacted for the others) "
        "and lifts the per-socket rate limit. Redis runs privately with AOF (`appendfsync "
        f"everysec`). The peer is boardgame.io {peer_version()} with a game of the same shape "
        "(`bench/peer/server.js`, `NODE_ENV=production`). Within a scenario the systems run "
        "interleaved, round after round; a figure is the median of its rounds and a ratio "
        "compares systems of the same run."
    )


BESIDE = (
    "The targets above were set for the counter game, whose view is a few hundred bytes. The "
    "games people play are heavier: beside the counter's figure for each target of scenarios 4 "
    "and 5 stands 18ZOO's for the same measure (not a target: no limit was set for it), and "
    "scenario 8 plays 18ZOO, Vertigo and the counter through the same server, each game watched "
    "by 20 spectators, one game alone and many at once."
)

FLOOR_RULE = (
    "A floor is the same measure, in the same run, for something that does only part of "
    "Plateau's work, judged by the target's own limit. A floor that misses a target bounds "
    "Plateau there when Plateau does no better than it (beyond how far the target moved since "
    "the run before, or {noise} without one): the target is then out of reach, on this "
    "machine, of anything built on what that floor stands for."
)

HOW_TO = """\
- `make bench` (or `python -m bench`): every scenario at full size, 5 interleaved rounds,
  py-spy profiles of the server; writes this file, `docs/benchmarks.json` (every round) and
  `docs/benchmarks.png`, and keeps the run before as `docs/benchmarks-previous.json`.
- `python -m bench --quick`: every scenario at a small size, 1 round, no profile; it writes
  `bench/.peer/benchmarks-quick.md` unless `--out` says otherwise.
- `--only 1,4` picks scenarios (7 comes with 2), `--rounds N` overrides the rounds,
  `--no-profile` and `--no-plot` skip py-spy and matplotlib.
- `python -m bench.report docs/benchmarks.json` writes this file again from a run's data,
  running nothing (`python -m bench --render JSON` does the same and redraws the plot).
- Full runs start the Python servers on the fastest CPython 3.11+ on the machine
  (`bench/interpreter.py`); `--python own` keeps the bench's own, `PLATEAU_BENCH_PYTHON`
  names one. The first run installs boardgame.io with npm and matplotlib and py-spy with pip
  into the git-ignored `bench/.peer/`; the project's virtualenv is not touched.
- `python -m bench.ab OTHER_TREE [--rounds 6] [--store redis|sqlite]`: an interleaved A/B of
  this tree's server and another tree's under scenario 2's closed loop.
- `python -m bench.opcount OTHER_TREE`: the Python bytecodes each tree's server runs per
  command under the same closed loop, a count the machine's load does not move, with the
  functions that moved most.
- What was tried before and what it decided: `docs/benchmarks-history.md`; every run, the git
  history of `docs/benchmarks.json`."""
