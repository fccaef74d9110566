"""Rail Journey's face families: every card, back and board it prints, from its content."""
