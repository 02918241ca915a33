"""Where the ball is: its square on the flat pitch and one of these states."""

NO_BALL = "none"
"""Before the kick and between drives."""
IN_AIR = "air"
"""Kicked, not landed yet (the kick-off event happens meanwhile)."""
ON_GROUND = "ground"
HELD = "held"
OUT = "out"
"""Off the pitch during the kick-off: a touchback follows."""
BALL_STATES = (NO_BALL, IN_AIR, ON_GROUND, HELD, OUT)
