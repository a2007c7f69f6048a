"""Folds stored events into per-viewer views: the live game, replay at a version, the lobby."""
