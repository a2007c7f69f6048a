"""The immutable state of an 18ZOO game."""

from __future__ import annotations

import msgspec

from domain.games.zoo18.messages import Board, Flow, Options


class Player(msgspec.Struct, frozen=True):
    name: str
    cash: int
    penalty: int = 0


class Family(msgspec.Struct, frozen=True):
    sym: str
    cash: int = 0
    parred: bool = False
    row: int = -1
    col: int = -1
    arrival: int = 0  # order of arrival in its market cell (operating-order tie break)
    tokens_used: int = 0  # placed tokens, home included
    marks: tuple[str, ...] = ()  # power markers: "wheat:HEX", "barrel", "wings", ...


class Share(msgspec.Struct, frozen=True):
    id: str  # "GI_0" (40% president) .. "GI_4" (the cousin)
    family: str
    percent: int
    owner: str  # "ipo", "market" or "p<seat>"


class Holding(msgspec.Struct, frozen=True):
    """A power or a ZOOTicket: who holds it and its counters."""

    id: str
    owner: str  # "bank", "p<seat>", a family sym, or "closed"
    uses: int = 0
    data: str = ""


class TrainCard(msgspec.Struct, frozen=True):
    id: str  # "3S Long-0"
    name: str  # "3S Long"
    owner: str  # "depot", a family sym, "discard", "rusted", "aside"
    variant: str = ""
    obsolete: bool = False
    operated: bool = False
    disabled: int = 0  # WHATSUP: 1 = skip the family's next OR turn


class State(msgspec.Struct, frozen=True):
    seats: int
    options: Options
    map: str = ""
    players: tuple[Player, ...] = ()
    families: tuple[Family, ...] = ()
    shares: tuple[Share, ...] = ()
    powers: tuple[Holding, ...] = ()
    tickets: tuple[Holding, ...] = ()
    deck: tuple[str, ...] = ()
    trains: tuple[TrainCard, ...] = ()
    phase: str = "2S"
    board: Board | None = None
    flow: Flow = Flow()
    priority: tuple[int, ...] = ()
    arrivals: int = 0
    par_order: tuple[str, ...] = ()  # families in the order they were opened
    bank_flow: int = 0  # money the bank paid out minus money it received
    last_run: tuple[str, int, int] = ("", 0, 0)
    ended: str = ""
    # share ids, the latest moved last: 18xx.games keeps each holder's certificates in the
    # order they came, and a presidency swap hands back the first ones (rules 2)
    acquired: tuple[str, ...] = ()

    # ---- lookups
    def family(self, sym: str) -> Family:
        for f in self.families:
            if f.sym == sym:
                return f
        raise KeyError(sym)

    def power(self, pid: str) -> Holding:
        for p in self.powers:
            if p.id == pid:
                return p
        for t in self.tickets:
            if t.id == pid:
                return t
        raise KeyError(pid)

    def share(self, sid: str) -> Share:
        for s in self.shares:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def train(self, tid: str) -> TrainCard:
        for t in self.trains:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def family_shares(self, sym: str) -> tuple[Share, ...]:
        return tuple(s for s in self.shares if s.family == sym)

    def percent_of(self, owner: str, sym: str) -> int:
        total = 0
        for s in self.shares:
            if s.owner == owner and s.family == sym:
                total += s.percent
        return total

    def president(self, sym: str) -> int | None:
        for s in self.shares:
            if s.family == sym and s.percent == 40 and s.owner.startswith("p"):
                return int(s.owner[1:])
        return None

    def family_trains(self, sym: str) -> tuple[TrainCard, ...]:
        return tuple(t for t in self.trains if t.owner == sym)

    def owned_powers(self, owner: str) -> tuple[Holding, ...]:
        return tuple(p for p in self.powers if p.owner == owner)

    def owned_tickets(self, owner: str) -> tuple[Holding, ...]:
        return tuple(t for t in self.tickets if t.owner == owner)
