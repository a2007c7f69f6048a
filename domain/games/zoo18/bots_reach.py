"""18ZOO bots for the differential harness only (tools/zoo18_oracle.py, issue 25 item 3): styles
that steer a game into what the production bots rarely reach, so the reference engine judges
it there. None is offered to players (domain.seat_bots.LEVELS); like every bot they pick
only among the legal commands, so their games stay legal.

- `eager` uses a power whenever one is legal, buys powers (in the draft, the SR, and from the
  players into its families in an OR) and pushes share prices up: it always pays out, buys a
  depot train whenever it can (the first train of a turn moves the price right), buys shares of
  the families it holds (a family sold out goes up a row) and moves its own family with DAYS
  OFF. The aim is a family in the market's END cell, the trigger no other bot reached.
- `reckless` spends: it pays out every time (no money kept for trains), spends its cash on
  shares, never buys a train unless forced and then the dearest one, so its families run out
  of trains with empty treasuries, and its presidents pay, sell in emergency and, with nothing
  left, leave the bank the rest (18ZOO's bankruptcy, a penalty for the player).

- `pump` climbs one family to the END cell of the market (the game's second end trigger):
  its players buy the shares of the best priced family they can (so it is sold out at the SR's
  end and goes up a row), never sell unless forced, always pay out, buy a depot train every
  OR turn they can (the first train of a turn moves the price right, the first of a type once
  more), give their tickets to their families for it, and use DAYS OFF and WHATSUP on them.

- `explore` plays no plan at all (issue 42 item 3): at each decision it draws a kind of move
  among the kinds `legal` offers (a pass, a lay, a lay by each power, a token, a purchase, a
  sale, a use of each power...), each kind alike (a pass half as often), so a rare kind is
  drawn as often as a common one, then one move of that kind, each alike (every tile,
  rotation, city, price bound).
  A run is drawn among the routes the search scores for each train (any shape, or none), and
  is the best run only when none drawn is accepted.

Each follows its bias most of the time and otherwise plays as the bot it leans on (greedy for
`eager` and `pump`, random for `reckless`), so the games stay varied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.bots import NO_DRAWS, random_bot
from domain.chance import Rng, choice, number
from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, game
from domain.games.zoo18 import operating as op
from domain.games.zoo18.board.graph import reach
from domain.games.zoo18.bots import greedy
from domain.games.zoo18.ctx import operating_order, train_limit
from domain.games.zoo18.data import TRAIN_TYPES
from domain.games.zoo18.messages import (
    Assign,
    Bid,
    BuyPower,
    BuyShares,
    BuyTrain,
    Command,
    Dividend,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    ProtectTrain,
    RouteClaim,
    RunRoutes,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.games.zoo18.state import State
from domain.games.zoo18.trains import counted, depot_offer, list_price
from domain.kernel import Game, Rejected

CLIMBER_CASH = 100  # what the other families top the climber's treasury up to
BIAS = 85  # percent of decisions a style takes its own way when it has one

Bot = Callable[[Game[Any, Any, Any], Any, int, Sequence[Any], Rng], Any]


def _power_uses(legal: Sequence[Any]) -> list[Any]:
    """The legal commands that use a power (a lay, a token, an assignment or a use naming it;
    PATCH saving a train)."""
    named = [c for c in legal if isinstance(c, UsePower | Assign | LayTile | PlaceToken)]
    out = [c for c in named if c.power]
    return out + [c for c in legal if isinstance(c, ProtectTrain) and c.train is not None]


def _held_families(state: State, seat: int) -> set[str]:
    return {f.sym for f in state.families if f.parred and state.percent_of(f"p{seat}", f.sym)}


def _eager_pick(state: State, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    uses = _power_uses(legal)
    if uses:
        # DAYS OFF on a family the seat holds, the highest priced first
        days = [c for c in uses if isinstance(c, UsePower) and c.power == "DAYS_OFF"]
        mine = [c for c in days if c.family in _held_families(state, seat)]
        if mine:
            return max(mine, key=lambda c: _price_rank(state, c.family or ""))
        return choice(rng, uses)
    buys = [c for c in legal if isinstance(c, Bid | BuyPower) and c.price > 0]
    if buys:
        # a power at the dearest price offered (the list price): the seller is a player too
        return max(buys, key=lambda c: c.price)
    payout = [c for c in legal if isinstance(c, Dividend) and c.kind == "payout"]
    if payout:
        return payout[0]
    depot = [c for c in legal if isinstance(c, BuyTrain) and _from_depot(state, c)]
    if depot:
        return min(depot, key=lambda c: c.price)
    tickets = [c for c in legal if isinstance(c, SellTicket) and c.price is not None]
    if tickets and state.flow.round == "or":  # the family's money for its next train
        return max(tickets, key=lambda c: c.price or 0)
    # the shares of the seat's best priced family: all sold out, it goes up a row
    held = sorted(_held_families(state, seat), key=lambda f: _price_rank(state, f))
    for sym in reversed(held):
        shares = [c for c in legal if isinstance(c, BuyShares) and _family_of(c) == sym]
        if shares:
            return choice(rng, shares)
    return None


def _reckless_pick(state: State, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    payout = [c for c in legal if isinstance(c, Dividend) and c.kind == "payout"]
    if payout:
        return payout[0]
    trains = [c for c in legal if isinstance(c, BuyTrain)]
    if trains:
        if any(isinstance(c, Pass) for c in legal):
            return Pass()  # not forced: keep no train the family could do without
        sales = [c for c in legal if isinstance(c, SellShares)]
        if sales:  # the forced train, paid as far as the president can
            return choice(rng, sales)
        return max(trains, key=lambda c: c.price)
    spend = [c for c in legal if isinstance(c, BuyShares | Par)]
    if spend:
        return choice(rng, spend)
    return None


def _climber(state: State) -> str:
    """The family the pump climbs: the first opened (its players bought it out in SR 1)."""
    return state.par_order[0] if state.par_order else ""


def _pump_pick(state: State, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    climber = _climber(state)
    flow = state.flow
    acting = flow.order[flow.index] if flow.round == "or" and flow.index < len(flow.order) else ""
    lays = [c for c in legal if isinstance(c, LayTile) and not c.power]
    if lays and acting and climber:  # every family lays for the climber's run
        better = _best_lay(state, seat, climber, lays)
        if better is not None:
            return better
    moves = [
        c
        for c in legal
        if isinstance(c, UsePower)
        and c.power in ("DAYS_OFF", "WHATSUP")
        and c.family == climber
        and (c.power == "DAYS_OFF" or _whatsup_pays(state, climber))
    ]
    if moves:
        return min(moves, key=lambda c: c.power != "DAYS_OFF")
    wasted = any(isinstance(c, UsePower) and c.power == "WHATSUP" for c in legal)
    buys = [
        c
        for c in legal
        if isinstance(c, Bid | BuyPower) and c.power in ("DAYS_OFF", "WHATSUP") and c.price > 0
    ]
    if buys:
        return min(buys, key=lambda c: c.price)
    if flow.round == "or" and acting:
        return _pump_operate(state, acting, climber, legal)
    # the climber's shares first (sold out, it goes up a row), then the other families' from
    # the IPO: their treasuries buy the climber's trains
    order = [climber, *(f for f in operating_order(state) if f != climber)]
    for sym in order:
        shares = [c for c in legal if isinstance(c, BuyShares) and _family_of(c) == sym]
        ipo = [c for c in shares if state.share(c.shares[0]).owner == "ipo"]
        if ipo or (shares and sym == climber):
            return (ipo or shares)[0]
    pars = [c for c in legal if isinstance(c, Par)]
    if pars:  # another family: its treasury's money goes to the climber's trains
        return max(pars, key=lambda c: c.price)
    passing = any(isinstance(c, Pass) for c in legal)
    if any(isinstance(c, SellShares) for c in legal) and passing:
        return Pass()  # never sell when not forced
    if wasted and passing:
        return Pass()  # WHATSUP is kept for the climber
    return None


def _pump_operate(state: State, acting: str, climber: str, legal: Sequence[Any]) -> Any:
    """An OR turn: the climber pays out and buys a depot train each turn (the first of a type
    once more); the other families keep their money and spend it on the climber's trains."""
    flow = state.flow
    passing = any(isinstance(c, Pass) for c in legal)
    tickets = [c for c in legal if isinstance(c, SellTicket) and c.price is not None]
    if tickets and _ticket_time(state, acting, climber):  # the bank pays the family its value
        return max(tickets, key=lambda c: c.price or 0)
    dividends = [c for c in legal if isinstance(c, Dividend)]
    if dividends:
        kind = "payout" if acting == climber else "withhold"
        return next((c for c in dividends if c.kind == kind), dividends[0])
    trains = [c for c in legal if isinstance(c, BuyTrain)]
    if not trains:
        return None
    depot = [c for c in trains if _from_depot(state, c)]
    if acting == climber:
        if not flow.train_bonus_used and depot:  # every turn's first moves it right
            return min(depot, key=lambda c: (not _fires_event(state, c), c.price))
        events = [c for c in depot if _fires_event(state, c)]
        if events:  # the first of a type once more
            return min(events, key=lambda c: c.price)
        plain = [c for c in depot if _hastens_event(state, climber, c)]
        if plain:  # the depot's next event train comes closer, with the money kept for it
            return min(plain, key=lambda c: c.price)
        return Pass() if passing else min(trains, key=lambda c: c.price)
    # the climber's trains: money into its treasury and a free slot for its next purchase
    sold = [t for t in state.family_trains(climber) if not t.obsolete and t.name != "1S"]
    if len(sold) >= 2:
        worst = min(sold, key=lambda t: (TRAIN_TYPES[t.name].price, t.id))
        offers = [c for c in trains if c.train == worst.id]
        if offers:
            want = max(1, CLIMBER_CASH - state.family(climber).cash)
            return min(offers, key=lambda c: abs(c.price - want))
    plain = [c for c in depot if not _fires_event(state, c)]
    if plain:  # the depot's plain trains go: the next type's first comes to the climber sooner
        return min(plain, key=lambda c: c.price)
    if passing:
        return Pass()
    return min(depot or trains, key=lambda c: c.price)


def _ticket_time(state: State, acting: str, climber: str) -> bool:
    """A ticket is worth more each OR (5 on Monday, 18 in the last): a family sells its
    president's at the train step, the climber when short of the depot's next train, the
    others from Wednesday on (their money goes to the climber's trains)."""
    flow = state.flow
    if flow.step != "buy_train":
        return False
    if acting != climber:
        return flow.turn >= 3
    prices = [list_price(t, None) for t in depot_offer(state)[:1]]
    return bool(prices) and prices[0] > state.family(acting).cash


def _hastens_event(state: State, sym: str, command: BuyTrain) -> bool:
    """Whether the climber should buy a plain train beyond its first: room after it, and the
    money for the depot's next event train still there."""
    if _fires_event(state, command) or counted(state, sym) + 1 >= train_limit(state):
        return False
    queue = [t for t in state.trains if t.owner == "depot"]
    sold = {t.name for t in state.trains if t.owner not in ("depot", "aside")}
    coming = [t for t in queue if TRAIN_TYPES[t.name].event and t.name not in sold]
    if not coming:
        return False
    return state.family(sym).cash - command.price >= TRAIN_TYPES[coming[0].name].price


def _whatsup_pays(state: State, sym: str) -> bool:
    """WHATSUP's train sits its next OR turn out: worth it with another train to run (or none
    yet, the first turn's run lost anyway)."""
    return len(state.family_trains(sym)) != 1


def _best_lay(state: State, seat: int, sym: str, lays: list[LayTile]) -> Any:
    """The lay after which `sym`'s trains (the depot's next when it has none) earn the most,
    then reach the most stops and track; None when none does better than the board as it
    is. With no run in reach, the climber's own first lay of a turn looks at the second."""
    best: Any = None
    best_worth = _lay_worth(state, sym)
    after: list[tuple[LayTile, State]] = []
    for command in lays:
        try:
            events = game.decide(state, seat, command, NO_DRAWS)
        except Rejected:
            continue
        laid = game.fold(events, state)
        after.append((command, laid))
        worth = _lay_worth(laid, sym)
        if worth > best_worth:
            best, best_worth = command, worth
    own = state.flow.order[state.flow.index] == sym
    if best_worth[0] > 0 or not own or state.flow.laid_hexes:
        return best
    best_second = 0  # what the best second lay makes the climber's run worth
    for command, laid in after:
        seconds = [c for c in game.legal(laid, seat) if isinstance(c, LayTile) and not c.power]
        for second in seconds:
            try:
                events = game.decide(laid, seat, second, NO_DRAWS)
            except Rejected:
                continue
            second_worth = _run_worth(game.fold(events, laid), sym)
            if second_worth > best_second:
                best, best_second = command, second_worth
    return best


def _lay_worth(state: State, sym: str) -> tuple[int, int, int]:
    if state.board is None:
        return (0, 0, 0)
    reached = reach(state.board, sym)
    return (_run_worth(state, sym), len(reached.nodes), len(reached.paths))


def _run_worth(state: State, sym: str) -> int:
    if state.board is None:
        return 0
    cards = [t for t in state.family_trains(sym) if not t.obsolete]
    # with no train yet, the depot's next one: the train it will run
    cards = cards or [t for t in state.trains if t.owner == "depot"][:1]
    trains = tuple(B.Train(t.id, t.variant or t.name) for t in cards)
    if not trains:
        return 0
    colours = boardlink.colours(state.phase)
    m = boardlink.map_def(state)
    mods = op.modifiers(state, sym)
    specs = B.best_routes(state.board, m, sym, trains, colours, mods)
    if not specs:
        return 0
    try:
        return B.route_revenue(state.board, m, sym, trains, specs, colours, mods).revenue
    except Rejected:
        return 0


def _fill(state: State) -> bool:
    """Whether the other families should buy the depot's plain trains: when the climber
    holds as many as it can (its next bonus waits for a rust)."""
    climber = _climber(state)
    return bool(climber) and len(state.family_trains(climber)) >= train_limit(state)


def _fires_event(state: State, command: BuyTrain) -> bool:
    """A depot train of a type none of which was sold yet, whose first fires an event."""
    name = next(t.name for t in state.trains if t.id == command.train)
    kind = TRAIN_TYPES.get(name)
    sold = any(t.name == name and t.owner not in ("depot", "aside") for t in state.trains)
    return kind is not None and kind.event and not sold


def _sold_out(state: State, sym: str) -> bool:
    return not state.percent_of("ipo", sym) and not state.percent_of("market", sym)


def _styled(
    pick: Callable[[State, int, Sequence[Any], Rng], Any], base: Bot, bias: int = BIAS
) -> Bot:
    def bot(
        game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng
    ) -> Any:
        if number(rng, 100) < bias:
            chosen = pick(state, seat, legal, rng)
            if chosen is not None:
                return chosen
        return base(game, state, seat, legal, rng)

    return bot


def _from_depot(state: State, command: BuyTrain) -> bool:
    return any(t.id == command.train and t.owner in ("depot", "discard") for t in state.trains)


def _family_of(command: BuyShares) -> str:
    return command.shares[0].split("_")[0]


def _price_rank(state: State, sym: str) -> tuple[int, int]:
    """A family's place in the market: higher row first (row 0 is the top), then column."""
    family = state.family(sym)
    return (-family.row, family.col)


def _kind(command: Command) -> str:
    """The kind of a move for the explorer: its command, and the power or ticket it uses."""
    used = getattr(command, "power", None) or getattr(command, "ticket", None)
    return f"{type(command).__name__} {used or ''}"


EXPLORE_TRIES = 6  # drawn runs tried before the best one is run


def explore(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng
) -> Any:
    kinds: dict[str, list[Any]] = {}
    for command in legal:
        kinds.setdefault(_kind(command), []).append(command)
    # a pass is one kind, drawn half as often as each other: passes alone end a game early
    drawn = [kind for kind in sorted(kinds) for _ in range(1 if kind.startswith("Pass") else 2)]
    picked = choice(rng, kinds[choice(rng, drawn)])
    if isinstance(picked, RunRoutes):
        return _any_run(game, state, seat, rng) or picked
    return picked


def _any_run(game: Game[Any, Any, Any], state: State, seat: int, rng: Rng) -> RunRoutes | None:
    """A run drawn among each train's scored routes (or none for it) that `decide` accepts."""
    flow = state.flow
    sym = flow.order[flow.index]
    if state.board is None:
        return None
    trains = [
        B.Train(t.id, t.variant or t.name) for t in state.family_trains(sym) if not t.operated
    ]
    colours = boardlink.colours(state.phase)
    mods = op.modifiers(state, sym)
    shapes = [B.route_shapes(state.board, sym, train, colours, mods) for train in trains]
    for _ in range(EXPLORE_TRIES):
        drawn = [choice(rng, [None, *routes]) for routes in shapes]
        claims = tuple(RouteClaim(r.train, r.connections) for r in drawn if r is not None)
        if not claims:
            continue
        try:
            game.decide(state, seat, RunRoutes(claims), NO_DRAWS)
        except Rejected:
            continue
        return RunRoutes(claims)
    return None


eager = _styled(_eager_pick, greedy)
reckless = _styled(_reckless_pick, random_bot)
pump = _styled(_pump_pick, greedy, bias=100)  # greedy only where it has no way of its own

STYLES: dict[str, Bot] = {
    "eager": eager,
    "reckless": reckless,
    "pump": pump,
    "explore": explore,
}
