"""The account's fold (`domain.accounts`): what its events make of it, and the stored form
they keep."""

from __future__ import annotations

import msgspec
import pytest

from domain import accounts
from domain.accounts import (
    AccountCreated,
    AnyAccountEvent,
    NameClaimed,
    NameReleased,
    PasskeyAdded,
    PasskeyRemoved,
    PasskeyUsed,
    SeatAttached,
    SignedOutEverywhere,
)

CREATED = AccountCreated("acc1", "Alice", 10)
KEY_A = PasskeyAdded(b"a", b"public a", 0, 11)
KEY_B = PasskeyAdded(b"b", b"public b", 3, 12)


def test_an_account_folds_its_passkeys_epoch_and_seats() -> None:
    account = accounts.fold(
        [
            CREATED,
            KEY_A,
            KEY_B,
            PasskeyUsed(b"b", 4),
            PasskeyRemoved(b"a"),
            SignedOutEverywhere(13),
            SeatAttached("g1", 2),
            SeatAttached("g2", 0),
            SeatAttached("g1", 2),  # attached twice: held once
            SignedOutEverywhere(14),
        ]
    )
    assert (account.account_id, account.name, account.created_ms) == ("acc1", "Alice", 10)
    assert [(p.credential_id, p.sign_count) for p in account.passkeys] == [(b"b", 4)]
    assert account.passkey(b"a") is None and account.passkey(b"b") is not None
    assert account.epoch == 2
    assert account.seats == (("g1", 2), ("g2", 0))
    assert account.holds("g2", 0) and not account.holds("g2", 1)


def test_a_stream_not_starting_with_the_creation_is_refused() -> None:
    with pytest.raises(ValueError):
        accounts.fold([])
    with pytest.raises(ValueError):
        accounts.fold([KEY_A])
    with pytest.raises(ValueError):
        accounts.fold([CREATED, CREATED])


def test_the_stored_form_of_each_event_is_kept() -> None:
    # events are a storage format: these bytes must keep decoding to the same events
    stored = {
        b'{"type":"account_created","account_id":"acc1","name":"Alice","at_ms":10}': CREATED,
        b'{"type":"passkey_added","credential_id":"YQ==","public_key":"cHVibGljIGE=",'
        b'"sign_count":0,"at_ms":11}': KEY_A,
        b'{"type":"passkey_used","credential_id":"Yg==","sign_count":4}': PasskeyUsed(b"b", 4),
        b'{"type":"passkey_removed","credential_id":"YQ=="}': PasskeyRemoved(b"a"),
        b'{"type":"signed_out_everywhere","at_ms":13}': SignedOutEverywhere(13),
        b'{"type":"seat_attached","game_id":"g1","seat":2}': SeatAttached("g1", 2),
    }
    decoder = msgspec.json.Decoder(AnyAccountEvent)
    for data, event in stored.items():
        assert decoder.decode(data) == event
        assert msgspec.json.encode(event) == data


def test_a_name_is_held_by_its_last_claim() -> None:
    assert accounts.holder([]) is None
    assert accounts.holder([NameClaimed("acc1")]) == "acc1"
    assert accounts.holder([NameClaimed("acc1"), NameReleased("acc1")]) is None
    assert accounts.holder([NameClaimed("a"), NameReleased("a"), NameClaimed("b")]) == "b"
