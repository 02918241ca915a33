"""The procedures of the match, one small module each, in the order they run."""
