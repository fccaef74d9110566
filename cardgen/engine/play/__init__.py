"""Whole games with bots: the fast loop, the generic loop and the checked driver, and their results."""
