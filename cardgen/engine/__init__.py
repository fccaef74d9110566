"""Rules engine: game state, bots, replay and simulation, all driven by the content model."""
