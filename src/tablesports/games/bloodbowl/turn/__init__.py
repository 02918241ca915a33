"""The team turn: activations, Move with Rush/Dodge/pick-up, Block and Blitz with
push-backs, Pass, Hand-off, Foul, armour/injury/casualty, turnovers and re-rolls."""
