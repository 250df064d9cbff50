"""The API's request and response models (pydantic, through ninja's ``Schema``): the OpenAPI schema
is generated from them, and every answer is checked against its model before it is sent."""

from __future__ import annotations

from typing import Any, Literal

from ninja import Schema
from pydantic import BaseModel, ConfigDict, Field


class ErrorOut(Schema):
    """Every error, whatever its status."""

    object: Literal["error"] = "error"
    status: int = Field(description="The HTTP status, repeated.")
    code: str = Field(description="A short English code: not_found, invalid, rate_limited, too_large, …")
    details: str = Field(description="What went wrong, in Japanese.")
    field: str | None = Field(None, description="The refused field's path (permanents[0].power), if any.")


class TextOut(Schema):
    text: str
    revision: str = Field(description="The date of the edition this text is from.")
    number_printed: str = Field(description="The number this edition prints (differs where it lags).")


class ExampleOut(Schema):
    ja: str | None
    en: str | None


class ParagraphOut(Schema):
    number: str
    ja: TextOut | None
    en: TextOut | None
    examples: list[ExampleOut]
    cites: list[str] = Field(description="The rules this paragraph's text and examples refer to.")
    cited_by: list[str] = Field(description="The paragraphs whose text or examples refer to this one.")
    permalink: str


class RuleOut(Schema):
    object: Literal["rule"] = "rule"
    number: str
    kind: Literal["paragraph", "section"]
    section: str = Field(description="The section (page) that holds it.")
    title_ja: str
    title_en: str
    editions: dict[str, str] = Field(description='Each edition\'s date: {"ja": "2026-01-16", "en": …}.')
    paragraph: ParagraphOut | None = Field(description="The paragraph itself (for a section: its own line).")
    paragraphs: list[ParagraphOut] = Field(
        description="A section's paragraphs in order (empty for a paragraph)."
    )
    permalink: str


class SearchHitOut(Schema):
    kind: str = Field(description="条文 / 例 / 用語 / English")
    number: str
    title: str
    lang: str
    url: str


class SearchOut(Schema):
    object: Literal["list"] = "list"
    query: str
    total: int
    data: list[SearchHitOut]


class TermSenseOut(Schema):
    name_ja: str
    reading: str
    name_en: str
    definition_ja: str
    definition_en: str
    rule: str
    aliases: list[str]
    url: str


class TermOut(Schema):
    object: Literal["term"] = "term"
    query: str
    match: Literal["exact", "fuzzy"]
    senses: list[TermSenseOut]
    suggestions: list[str] = Field(description="Other close names (fuzzy matches only).")


class CardOut(Schema):
    object: Literal["card"] = "card"
    slug: str
    name_ja: str | None = Field(description="The official Japanese name; null when not confirmed.")
    name_en: str
    mana_cost: str | None
    type_line: str | None
    type_line_ja: str | None
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None
    keywords: list[str] | None
    oracle_text: str | None
    text_ja: str | None
    rules: list[str]
    engine: dict[str, Any] | None = Field(
        description="The scenario fragment the engine uses for the card; null: not verified."
    )
    engine_note: str
    url: str


# The engine's result keeps keys these models do not list: plain pydantic models with extra="allow"
# (ninja's Schema reads its input as attributes, which drops them).
class StageOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    stage: str
    rules: list[str]
    notes: list[str] = Field(description="What happens, in Japanese, with the rule in parentheses.")
    changes: list[dict[str, Any]]
    events: list[dict[str, Any]]


class StepOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: str
    stages: list[StageOut]


class ResultOut(BaseModel):
    """The engine's result document (docs/scenario-format.md), exactly as ``python -m rules_core``
    prints it; keys not listed here (a variant's own) are kept."""

    model_config = ConfigDict(extra="allow")

    legal: bool
    violations: list[dict[str, Any]]
    steps: list[StepOut]
    final: dict[str, Any]


class ResolutionOut(Schema):
    object: Literal["resolution"] = "resolution"
    result: ResultOut


class BoardOut(Schema):
    object: Literal["board"] = "board"
    slug: str
    title: str
    description: str
    illustrates: str = Field(description="The CR paragraph a curated board illustrates, else empty.")
    is_curated: bool
    url: str
    document: dict[str, Any]
    result: ResultOut | None = Field(description="null when today's engine refuses the stored document.")
    refusal: ErrorOut | None = None


class OptionOut(Schema):
    key: str
    label: str


class CitedRuleOut(Schema):
    number: str
    url: str | None


class CardRefOut(Schema):
    name_ja: str | None
    name_en: str
    url: str


class AnswerOut(Schema):
    keys: list[str] = Field(
        description="The right options' keys (one for choice, any for multi, none for number)."
    )
    value: Any = Field(description="The engine's answer (a number, an id, true/false, or null).")
    text: str
    explanation: str
    citations: list[str]


class QuestionOut(Schema):
    """A generated question, in the fields a RulesGuru-style client reads."""

    object: Literal["question"] = "question"
    id: str = Field(description="source:level:seed; the same id always gives the same question.")
    topic: str
    level: str
    seed: int
    title: str
    question: str
    answer_format: Literal["choice", "multi", "number"]
    options: list[OptionOut]
    answer: AnswerOut
    cited_rules: list[CitedRuleOut]
    included_cards: list[CardRefOut]
    scenario: dict[str, Any]
    url: str


class TodayQuestionOut(Schema):
    question: str
    answer_url: str
    predict_url: str


class TodayOut(Schema):
    object: Literal["board_of_the_day"] = "board_of_the_day"
    date: str
    board: BoardOut
    question: TodayQuestionOut
    url: str
