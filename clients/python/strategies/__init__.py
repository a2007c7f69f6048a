"""Smarter bots, one module per game, each exposing `greedy`."""
