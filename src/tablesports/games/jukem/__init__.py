"""Jukem Soccer: the card game of possessions, penalties, saves and the unstoppable JUKEM."""

GAME = "tablesports.games.jukem.game:JukemGame"
BOTS = {
    "jukem-greedy": "tablesports.games.jukem.bot:GreedyAgent",
    "jukem-counter": "tablesports.games.jukem.bot_counter:CounterAgent",
}
INFERENCE = {"jukem-greedy": "tablesports.games.jukem.inference:GreedyInference"}
FIGURES = "tablesports.games.jukem.figures:figures"
