"""Juggers Fallout: penny football on a table, played in nine baseball-like innings.

Coins (the Juggers) are flicked across a real 2D physics table (pymunk, imported only when a
flick is resolved); characters with life points, stamina, charisma and a supermove come from
data files.
"""

GAME = "tablesports.games.juggers.game:JuggersGame"
BOTS = {"juggers-aim": "tablesports.games.juggers.bot:AimBot"}
FIGURES = "tablesports.games.juggers.figures:figures"
