"""Many games and their statistics: the runner, tallies, playability judgement, text and HTML reports."""
