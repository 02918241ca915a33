"""Blood Bowl (2025 edition): the match and the drive sequence, kick-off to end of drive.

The state is a flat 26 x 15 pitch, a list of players and a stack of small procedures
(`procedures/`), each pushed by its parent in the order the seed gives.
"""

GAME = "tablesports.games.bloodbowl.game:BloodBowlGame"
# The first bot is the game's heuristic (the one training measures against).
BOTS = {
    "bloodbowl-scripted": "tablesports.games.bloodbowl.bot:ScriptedBot",
    "bloodbowl-planner": "tablesports.games.bloodbowl.planner:PlannerBot",
    "bloodbowl-runner": "tablesports.games.bloodbowl.runner_bot:RunnerBot",
}
FIGURES = "tablesports.games.bloodbowl.figures:figures"
