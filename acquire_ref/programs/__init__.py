"""The programs that play: the built-in and outside bots, the search bot, batches of games,
ladders of strategies, a game's turning points and the JSON-lines pipe."""
