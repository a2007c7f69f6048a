"""HTTP routes of undo by consent (`server.table.undo`), each for the seat the request acts
for (its token as Bearer, or `?seat=N` of the signed-in account: `server.web.acting_seat`):
`POST /api/games/{id}/undo` asks (its body, optional: `{"command": <the command sent>}`),
`.../undo/accept` and `.../undo/refuse` answer."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.table import undo
from server.web.acting_seat import request_seat
from server.web.http import body, refusals, state_of


@refusals
async def ask_undo(request: Request) -> Response:
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await request_seat(request, state, game_id)
    version = await undo.ask(state.service, game_id, seat, await body(request))
    return JSONResponse({"version": version}, status_code=201)


@refusals
async def accept_undo(request: Request) -> Response:
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await request_seat(request, state, game_id)
    return JSONResponse({"version": await undo.answer(state.service, game_id, seat, True)})


@refusals
async def refuse_undo(request: Request) -> Response:
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await request_seat(request, state, game_id)
    return JSONResponse({"version": await undo.answer(state.service, game_id, seat, False)})


ROUTES = [
    Route("/api/games/{game_id}/undo", ask_undo, methods=["POST"]),
    Route("/api/games/{game_id}/undo/accept", accept_undo, methods=["POST"]),
    Route("/api/games/{game_id}/undo/refuse", refuse_undo, methods=["POST"]),
]
