"""Matches, many matches, and their statistics."""
