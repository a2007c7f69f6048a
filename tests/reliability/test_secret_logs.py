"""What the new routes handle never reaches a server's log, even at debug level: seat tokens
(those a keyed join derives included), their hashes, and Idempotency-Keys; nor the moves the
server's bots choose."""

from __future__ import annotations

import uuid

import httpx

from server.table.tokens import token_hash
from tests.reliability.processes import ServerProcess
from tests.reliability.test_table_bots import hand_over, until_over
from tools.redis_server import RedisServer


def test_keys_tokens_and_bot_moves_stay_out_of_the_log() -> None:
    redis = RedisServer().start()
    server = ServerProcess(redis.url, PLATEAU_LOG_LEVEL="debug").start().wait_ready()
    try:
        secrets: list[str] = []
        with httpx.Client(base_url=server.url) as http:
            create_key = str(uuid.uuid4())
            body = {"game": "eiffel_mania", "seats": 3, "bots": [1, 2], "clock": {"initial_s": 60}}
            headers = {"idempotency-key": create_key}
            game_id = http.post("/api/games", json=body, headers=headers).json()["game_id"]
            join_key = str(uuid.uuid4())
            joined = http.post(
                f"/api/games/{game_id}/seats",
                json={"name": "Ada"},
                headers={"idempotency-key": join_key},
            ).json()
            secrets += [create_key, join_key, joined["token"], token_hash(joined["token"])]
            wrong = http.post(
                f"/api/games/{game_id}/seats/0/bot",
                headers={"authorization": "Bearer forged-1"},
                json={},
            )
            assert wrong.status_code == 401
            secrets.append("forged-1")
            hand_over(http, game_id, joined["token"])
        until_over(server.url, game_id)
        log = server.log_text()
        assert game_id in log  # the log is there, and says which game
        assert [secret for secret in secrets if secret in log] == []
        assert "commit_stance" in log  # a command's type is logged (at debug) ...
        for word in ("collaborate", "betray"):  # ... never what a bot chose, a secret stance
            assert word not in log, word
    finally:
        server.stop()
        redis.stop()
