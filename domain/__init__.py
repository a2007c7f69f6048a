"""Pure game rules: the kernel, the wire protocol and one package per game.

Imports nothing but the standard library and msgspec (tests/test_domain_purity.py enforces it).
"""
