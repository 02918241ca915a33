"""One package per game; each package's `__init__` names its Game class and bots as strings."""
