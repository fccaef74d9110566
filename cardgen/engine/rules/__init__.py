"""The game itself: compiled rule numbers, rulings, game state, decisions, what a player sees, invariants."""
