"""Whole games with bots: the fast loop and the checked driver over the same rules, and their results."""
