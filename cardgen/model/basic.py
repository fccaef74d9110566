"""The value types every game's content schema is made of: an id, a text in every language, a strict model.

Shared by the games and the component kit (cardgen.render.components), so a component's label is the
same kind of text as a card's.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardgen.languages import LANGS

MAX_TEXT = 1000          #: characters of one player-visible text

#: an id: what names a station, a section, a card kind or a component
Id = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")]


#: a mapping key that is not an id (labels, file stems)
Key = Annotated[str, Field(max_length=40)]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Text(Model):
    """A player-visible string in both languages."""

    zh: str = Field(min_length=1, max_length=MAX_TEXT, description="Simplified Chinese text; not blank.")
    en: str = Field(min_length=1, max_length=MAX_TEXT, description="English text; not blank.")

    @field_validator("zh", "en")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        # A whitespace-only string would print an empty card; treat it like a missing one.
        if not value.strip():
            raise ValueError("text is blank (only spaces)")
        return value

    def __call__(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


if tuple(Text.model_fields) != LANGS:  # pragma: no cover - a language added to one and not the other
    raise TypeError(f"Text's fields {tuple(Text.model_fields)} are not cardgen.languages.LANGS {LANGS}")
