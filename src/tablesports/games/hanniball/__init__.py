"""HanniBall (Christian Freeling and Arty Sandler, 2009): a football game on a 9 x 13 field.

Horses, Elephants, Lions and a Monkey (the keeper) move and shoot the ball; a turn is up to four
steps; the ball shot or carried into the opponent's goal wins.
"""

GAME = "tablesports.games.hanniball.game:HanniBallGame"
BOTS = {"hanniball-greedy": "tablesports.games.hanniball.bot:GreedyBot"}
FIGURES = "tablesports.games.hanniball.figures:figures"
