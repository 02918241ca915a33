"""Jugger TTG: Dogskull Heroes (Stuart Shaw, 2015): the sport Jugger on a 20 x 11 hex board.

Two teams of five heroes (a Qwik and four pompfers with spars) fight for the Jugg, a dog's
skull; the Qwik who plants it in the opposing Mal scores. Stones (rounds) activate the heroes
in Reflex order; focus, stamina and teamplay points pay for every move, attack and defence.
"""

GAME = "tablesports.games.juggerttg.game:JuggerGame"
BOTS = {
    "juggerttg-greedy": "tablesports.games.juggerttg.bot:GreedyBot",
    "juggerttg-mcts": "tablesports.games.juggerttg.search:MCTSBot",
}
FIGURES = "tablesports.games.juggerttg.figures:figures"
