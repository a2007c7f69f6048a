"""18ZOO: the 18xx of animal families on six maps, as played at 18xx.games.

The package follows docs/adding-a-game.md (`data` holds the game's facts). Its rule modules are
the rounds (`rounds`), the stock round (`stock`, `market`), the operating round (`operating`,
`trains`), the powers (`powers`, `patch`), the powers deck (`deck`) and the board engine
(`board/`, reached through `boardlink`), dispatched by `commands.judge`; `ctx` is the decision
context they emit into. `decide` also holds `explain`. The 18xx.games import and export are
outside, in domain/exchange/zoo18/.
"""

from __future__ import annotations

from domain.games.zoo18.data import RULES
from domain.games.zoo18.decide import decide, explain
from domain.games.zoo18.evolve import evolve
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import Command, Event, Options
from domain.games.zoo18.position import positions
from domain.games.zoo18.redeal import redeal
from domain.games.zoo18.reveals import reveals
from domain.games.zoo18.scoring import is_over, result
from domain.games.zoo18.setup import initial, setup
from domain.games.zoo18.state import State
from domain.games.zoo18.view import redact, view
from domain.kernel import Game

game: Game[State, Command, Event] = Game(
    name="18zoo",
    title="18ZOO",
    min_seats=2,
    max_seats=5,
    options_type=Options,
    command_type=Command,
    event_type=Event,
    initial=initial,
    setup=setup,
    decide=decide,
    evolve=evolve,
    is_over=is_over,
    result=result,
    legal=legal,
    view=view,
    redact=redact,
    explain=explain,
    redeal=redeal,
    reveals=reveals,
    positions=positions,
    choice_fields=("price", "rotation"),  # a train's price, a ticket's, a tile's rotation
    range_fields=("price",),
    rules=RULES,
    one_view=True,  # the view hides nothing (only the powers deck's order, from everyone)
)
