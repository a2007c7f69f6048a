"""E-mail notices end to end, against a real SMTP server (aiosmtpd) started here: each notice
arrives once per id, its id in `X-Plateau-Notice` and in a `Message-ID` every try shares."""

from __future__ import annotations

import email
import email.policy
from collections.abc import AsyncIterator, Iterator
from email.message import EmailMessage
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from server.table.mail import message_id
from tests.server.conftest import Running, running
from tests.server.test_notices import channels_of, derived, play_settled
from tools.redis_server import free_port

ADDRESS = "ada@example.com"


class Inbox:
    def __init__(self) -> None:
        self.mails: list[tuple[list[str], EmailMessage]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.mails.append((list(envelope.rcpt_tos), parsed))
        return "250 OK"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    kept, port = Inbox(), free_port()
    controller = Controller(kept, hostname="127.0.0.1", port=port)
    controller.start()
    yield kept, port
    controller.stop()


@pytest.fixture(params=["sqlite", "redis"])
async def mailing(
    request: pytest.FixtureRequest, inbox: tuple[Inbox, int]
) -> AsyncIterator[Running]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    smtp = {"smtp_host": "127.0.0.1", "smtp_port": inbox[1], "smtp_security": "none"}
    async with running(url, notice_grace_s=0, smtp_from="plateau@example.org", **smtp) as run:
        run.state.notifier.sweep_s = 0.05
        run.state.notifier.pace = (1000, 10)
        yield run


async def add_email(run: Running, game_id: str, token: str, address: str) -> httpx.Response:
    async with httpx.AsyncClient() as http:
        return await http.post(
            f"{run.url}/api/games/{game_id}/channels",
            json={"email": address},
            headers={"authorization": f"Bearer {token}"},
        )


async def test_every_notice_is_mailed_once_with_its_id(
    mailing: Running, inbox: tuple[Inbox, int]
) -> None:
    run, (kept, _) = mailing, inbox
    game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
    made = await add_email(run, game_id, tokens[0], ADDRESS)
    assert made.status_code == 201, made.text
    listed = await channels_of(run, game_id, tokens[0])
    assert [(c["kind"], c["host"]) for c in listed] == [("email", "example.com")]
    sealed = await run.state.notifier.outbox.channels(game_id)
    assert all(b"ada@" not in value for value in sealed.values())  # kept sealed
    watched_from = await run.stored(game_id)
    await run.lobby.start(game_id, tokens[0])
    await play_settled(run, game_id, 2)
    notices = {n.id: n for n in await derived(run, game_id, watched_from) if n.seat == 0}
    assert {n.kind for n in notices.values()} == {"started", "turn", "over"}
    by_id = {mail["X-Plateau-Notice"]: (to, mail) for to, mail in kept.mails}
    assert len(by_id) == len(kept.mails) and set(by_id) == set(notices)
    for notice_id, (to, mail) in by_id.items():
        assert to == [ADDRESS] and mail["To"] == ADDRESS
        assert mail["From"] == "plateau@example.org"
        assert mail["Message-ID"] == message_id(notices[notice_id])
        assert str(mail["Subject"]).strip().startswith("Rock paper scissors")  # maybe folded
        assert f"/#/game/{game_id}" in mail.get_content()


async def test_an_address_is_refused_when_malformed_or_no_server_is_configured(
    mailing: Running,
) -> None:
    game_id, tokens = await mailing.seated_game("rock_paper_scissors", 2, start=False)
    for bad in ("ada", "ada@example.com, eve@example.com", "ada@example.com\r\nBcc: eve@x.org"):
        answer = await add_email(mailing, game_id, tokens[0], bad)
        assert answer.status_code == 400, bad
    async with running(None) as plain:
        game_id, tokens = await plain.seated_game("rock_paper_scissors", 2, start=False)
        answer = await add_email(plain, game_id, tokens[0], ADDRESS)
        assert answer.status_code == 400 and "no e-mail" in answer.json()["detail"]
