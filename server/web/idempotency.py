"""`Idempotency-Key` on create and join: a retried request returns the first answer, and
creates nothing twice, whichever process serves each try.

- Create: the first try keeps, under the key (hashed), the request's digest and the game id
  it chose, in the agenda (`Agenda.claim`: Redis with an expiry, or the SQLite file). Every
  try creates the game under the kept id; the store's expected version 0 lets only the first
  append land, and a later one answers with the id.
- Join: no token is ever stored, so the seat's token is derived from the key and the game
  with the deployment's secret (an HMAC keyed by `server.store.deployment_secret`, the same in every
  process): a retry presents the same token, finds the seat it holds, and answers with it;
  the seat claim's command id is derived from the key too, so two tries in flight at once
  append one claim. Without the secret, a key gives nobody the token offline; but a retry
  answers with it, so the key must still be as hard to guess as a token (16 to 128
  characters; a UUID4 will do).

A key used again with another request (another body, another name) is refused. Keys are
never logged.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import uuid
from collections.abc import Mapping

from domain.kernel import Reason, Rejected
from projections.live import SERVER_APPEND
from server.store.agenda import Agenda
from server.store.deployment_secret import DeploymentSecret
from server.table.lifecycle import REUSED_KEY
from server.table.service import GameService

HEADER = "idempotency-key"
KEY = re.compile(r"^[\x21-\x7e]{16,128}$")  # printable ASCII, no spaces
TTL_S = 24 * 3600  # how long a create's answer is kept (Redis expires it)


def key_of(headers: Mapping[str, str]) -> str | None:
    """The request's Idempotency-Key, or None; Rejected for a malformed one."""
    key = headers.get(HEADER)
    if key is None:
        return None
    if not KEY.match(key):
        raise Rejected(
            Reason.BAD_REQUEST, "Idempotency-Key: 16 to 128 printable ASCII characters, no spaces"
        )
    return key


def _digest(*parts: bytes) -> str:
    return hashlib.sha256(b"\0".join(parts)).hexdigest()


async def create(
    service: GameService, secret: DeploymentSecret, agenda: Agenda, raw: bytes, key: str
) -> tuple[str, str]:
    """The game created for `raw` under `key`, and its host token (each try derives the
    same, as a join's seat token)."""
    service.opening(raw)  # a bad request is refused before the key keeps anything
    asked = _digest(b"create-request", raw)
    fresh = f"{asked}:{uuid.uuid4().hex[:12]}".encode()
    kept = (await agenda.claim(_digest(b"create", key.encode()), fresh, TTL_S)).decode()
    digest, _, game_id = kept.partition(":")
    if not hmac.compare_digest(digest, asked):
        raise Rejected(Reason.BAD_REQUEST, REUSED_KEY)
    host = join_token(
        await secret.get(), key, game_id + "/host"
    )  # "/" is in no game id: no seat's token
    return await service.create(raw, game_id=game_id, host_token=host), host


def join_token(secret: bytes, key: str, game_id: str) -> str:
    """The token of the seat a join with `key` claims in `game_id` (neither holds a NUL)."""
    message = b"\0".join((b"plateau join token", game_id.encode(), key.encode()))
    mac = hmac.new(secret, message, hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()


async def join(
    service: GameService, secret: DeploymentSecret, game_id: str, raw: bytes, key: str
) -> tuple[int, str]:
    claim_id = SERVER_APPEND + "join-" + _digest(b"join", game_id.encode(), key.encode())[:32]
    token = join_token(await secret.get(), key, game_id)
    return await service.join(game_id, raw, token=token, command_id=claim_id)
