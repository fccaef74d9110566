"""Railroad Ink, the roll-and-write route game of the seed review: content model, rules engine, bots."""
