"""Accounts, optional: people who sign in with passkeys, the seats they hold, their sessions.

Accounts are event-sourced in the game store (`domain.accounts`, folded by `book`); passkeys are
checked by the `webauthn` library (`passkeys`); a session is a signed cookie value (`sessions`)
that signing out everywhere revokes. It imports table (the names' rules), store and ops.
"""
