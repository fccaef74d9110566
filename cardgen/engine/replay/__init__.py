"""Scripted games: read a replay script, play it through the checked path, record every round."""
