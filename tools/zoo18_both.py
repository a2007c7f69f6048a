"""Both directions (issue 42 item 2): at every position of a harness game, what the reference
18ZOO engine offers the acting entity is compared with Plateau's `legal`, kind by kind.

`tools/zoo18_legal.rb` follows the exported game in one ruby process and lists, at each
position, the candidates the site's steps offer (its keys: `lay HEX TILE ROTATION`, `token HEX
CITY`, `train ID VARIANT MIN-MAX`, `buy CORP SOURCE PERCENT`, `sell CORP PERCENT`, `par CORP
PRICE`, `company ID MIN-MAX`, `dividend KIND`, `power COMPANY TYPE`, `type TYPE`); `keys` here
names Plateau's legal commands the same way. A key one side has and the other has not is tried
on the reference (in a forked copy of its game): a candidate the site lists and its engine
refuses is not allowed there (its views list some lays the track restrictions refuse), one
Plateau offers that the engine accepts is allowed though not listed; every other difference is
a divergence, with its position and kind. At a run, the run Plateau's `legal` offers must be
accepted by the reference and reach its walk's `best` (its A TIP OF SUGAR over-count aside)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from domain.bots import NO_DRAWS
from domain.exchange.zoo18.exporter import to_action
from domain.exchange.zoo18.recover import Step
from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, game
from domain.games.zoo18.legal import _first_rotation, legal
from domain.games.zoo18.messages import (
    Assign,
    Bid,
    BuyPower,
    BuyShares,
    BuyTrain,
    Command,
    DiscardTrain,
    Dividend,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    ProtectTrain,
    RunRecorded,
    RunRoutes,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.state import State
from domain.kernel import Rejected

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools/zoo18_legal.rb"
PRICED = ("train", "company")  # keys naming a price range: compared by their bounds


def keys(state: State, commands: list[Command]) -> dict[str, Command]:
    """Plateau's legal commands by the reference tool's keys (a priced move once, its price
    range in the key; the first command of each key stands for it)."""
    out: dict[str, Command] = {}
    prices: dict[str, list[int]] = {}
    for command in commands:
        key = _key(state, command)
        if key is None:
            continue
        if key.startswith(PRICED):
            price = getattr(command, "price", None) or 0
            prices.setdefault(key, []).append(price)
        out.setdefault(key, command)
    return {
        f"{key} {min(prices[key])}-{max(prices[key])}" if key in prices else key: command
        for key, command in out.items()
    }


def _key(state: State, command: Command) -> str | None:
    match command:
        case Pass() | ProtectTrain(train=None):
            return "type pass"
        case ProtectTrain():
            return "type choose"
        case DiscardTrain():
            return "type discard_train"
        case RunRoutes():
            return "type run_routes"
        case LayTile(power=str(power)) | PlaceToken(power=str(power)):
            kind = "lay_tile" if isinstance(command, LayTile) else "place_token"
            return f"power {power} {kind}"
        case LayTile(hex=hex_, tile=tile, rotation=rotation):
            return f"lay {hex_} {B.maps.tile_name(tile)} {rotation}"
        case PlaceToken(city=city):
            assert state.board is not None
            hex_, index = B.city_at(state.board, boardlink.map_def(state), city)
            return f"token {hex_} {index}"
        case BuyTrain(train=train, variant=variant):
            card = state.train(train)
            return f"train {train} {variant or card.variant or card.name}"
        case BuyShares(shares=(first, *_)):
            share = state.share(first)
            source = "ipo" if share.owner == "ipo" else "market"
            return f"buy {share.family} {source} {share.percent}"
        case SellShares(shares=shares, percent=percent):
            family = state.share(shares[0]).family
            whole = sum(state.share(s).percent for s in shares)
            return f"sell {family} {whole if percent is None else percent}"
        case Par(family=family, price=price):
            return f"par {family} {price}"
        case Bid(power=power) | BuyPower(power=power):
            return f"company {power}"
        case Dividend(kind=kind):
            return f"dividend {kind}"
        case UsePower(power=power):
            return f"power {power} choose_ability"
        case SellTicket(ticket=ticket):
            return f"power {ticket} choose_ability"
        case Assign(power=power):
            return f"power {power} assign"
    return None


def site_key(key: str) -> str:
    """A reference key in Plateau's form: a lay at the lowest rotation giving the same track."""
    kind, *rest = key.split(" ")
    if kind == "lay":
        hex_, tile, rotation = rest
        return f"lay {hex_} {tile} {_first_rotation(tile, int(rotation))}"
    return key


class Reference:
    """One `zoo18_legal.rb` process following one exported game."""

    def __init__(self, oracle: Path, exported: Path) -> None:
        self.process = subprocess.Popen(
            ["ruby", str(TOOL), str(oracle), str(exported)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, line: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        return json.loads(answer) if answer else {"error": "no answer"}

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()
        if self.process.stdout is not None:  # or an unclosed pipe warns (warnings are errors)
            self.process.stdout.close()


def compare(
    steps: list[Step],
    lines: list[dict[str, Any]],
    oracle: Path,
    exported: Path,
    sugar: Callable[[State, str, int], bool],
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Every difference between the two engines' offers at each position the reference agreed
    with (`lines`, the replay's), and counts per kind of the keys compared."""
    found: list[dict[str, Any]] = []
    counted: dict[str, int] = {}
    reference = Reference(oracle, exported)
    try:
        for index, step in enumerate(steps):
            line = lines[index] if index < len(lines) else {}
            if "state" not in line:
                break
            found += _position(index, step, line, reference, sugar, counted)
            if not reference.ask("next").get("ok"):
                break
    finally:
        reference.close()
    return found, counted


def _position(
    index: int,
    step: Step,
    line: dict[str, Any],
    reference: Reference,
    sugar: Callable[[State, str, int], bool],
    counted: dict[str, int],
) -> list[dict[str, Any]]:
    state = step.before
    seat = acting_seat(state)
    offered = reference.ask("offer")
    if seat is None or "keys" not in offered:
        return [{"index": index, "kind": "offer", "reference": offered.get("error")}]
    ours = keys(state, legal(state, seat))
    theirs = {site_key(k): a for k, a in offered["keys"].items()}
    for key in ours.keys() | theirs.keys():
        kind = key.split(" ")[0]
        counted[kind] = counted.get(kind, 0) + 1
    out: list[dict[str, Any]] = []
    for key in sorted(theirs.keys() - ours.keys()):
        answer = reference.ask("try " + json.dumps(theirs[key]))
        if answer.get("ok"):
            out.append({"index": index, "kind": key.split(" ")[0], "only": "reference", "key": key})
    for key in sorted(ours.keys() - theirs.keys()):
        answer = reference.ask("try " + json.dumps(_site_action(step, ours[key])))
        if not answer.get("ok"):
            out.append(
                {
                    "index": index,
                    "kind": key.split(" ")[0],
                    "only": "plateau",
                    "key": key,
                    "reference": answer.get("error"),
                }
            )
    if line.get("type") == "run_routes" and line.get("best") is not None:
        out += _run(index, state, seat, ours, line["best"], sugar)
        run = ours.get("type run_routes")
        if run is not None:
            answer = reference.ask("try " + json.dumps(_site_action(step, run)))
            if not answer.get("ok"):
                out.append({"index": index, "kind": "run", "reference": answer.get("error")})
    return out


def _run(
    index: int,
    state: State,
    seat: int,
    ours: dict[str, Command],
    best: int,
    sugar: Callable[[State, str, int], bool],
) -> list[dict[str, Any]]:
    """The run `legal` offers against the reference walk's `best`."""
    run = ours.get("type run_routes")
    revenue = None
    if run is not None:
        events = game.decide(state, seat, run, NO_DRAWS)
        recorded = next((e for e in events if isinstance(e, RunRecorded)), None)
        revenue = recorded.revenue if recorded is not None else None
        if recorded is not None and best > (revenue or 0) and sugar(state, recorded.family, best):
            return []
    if revenue is not None and revenue >= best:  # `best` is a floor: the walk may miss
        return []
    return [{"index": index, "kind": "run", "plateau": revenue, "reference": best}]


def _site_action(step: Step, command: Command) -> dict[str, Any]:
    """Plateau's command as the site's action at this position."""
    try:
        events = game.decide(step.before, step.seat, command, NO_DRAWS)
    except Rejected:
        events = ()
    seat = acting_seat(step.before)
    return to_action(Step(seat if seat is not None else step.seat, command, step.before, events), 0)
