"""Games moved between Plateau and other sites, as pure translations.

They are built on a game's package from outside it: they decide, fold and score whole games
through the package's modules, so no module of the game imports them
(docs/adding-a-game.md, the order of the roles)."""
