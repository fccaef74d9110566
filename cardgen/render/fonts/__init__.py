"""Fonts: the card font stack, static instances of variable fonts, glyph metrics and subsets."""
