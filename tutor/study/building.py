"""From a template and a seed to a question the engine has confirmed, with its options; grading.

:func:`question_build` is where a template's prediction meets the engine: the answer stored with a
question is always the engine's (:func:`tutor.study.asks.engine_answer`); a draft whose prediction
disagrees is refused (:class:`Disagreement`), and every wrong option is checked to differ from the
engine's answer, so no distractor can be right by accident.

Also here: authored templates (a scenario with ``"$name"`` placeholders filled from seeded random
variables) and grading a learner's response against the stored question. No Django.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from tutor.study.asks import (
    ORDER_KIND,
    OUTCOME_KEYS,
    PARTS_KIND,
    AskError,
    answer_format,
    answer_text,
    declared,
    engine_answer,
    with_order,
)
from tutor.study.cardpool import card_names, shown
from tutor.study.drafts import Draft, Template
from tutor.study.generators import describe, templates_for
from tutor.study.involvement import involved_topics
from tutor.study.topics import TOPICS

OPTION_KEYS: Final = "abcdefgh"
NONE_KEY: Final = "none"
CHOICES: Final = 4
"""Options of a numeric multiple-choice question: the answer and three wrong ones."""

NON_NEGATIVE: Final = ("poison", "defense", "loyalty", "max_to_defender", "damage")


class Disagreement(AssertionError):
    """A template predicted one answer and the engine computed another."""


@dataclass
class BuiltQuestion:
    """Everything stored on a question row; ``answer`` and the option values never reach the page."""

    source: str
    seed: int
    level: str
    title: str
    topics: list[str]
    prompt: str
    scenario: dict[str, Any]
    ask: dict[str, Any]
    answer: Any
    answer_format: str
    options: list[dict[str, Any]]
    mistakes: list[dict[str, Any]]
    explanation: str
    rules: list[str]
    extra: dict[str, Any] = field(default_factory=dict)

    def stored_fields(self) -> dict[str, Any]:
        """The fields a question row keeps of it (everything but ``extra``): practice, the exam and
        mixed practice store a question the same way."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}


def _names(scenario: Mapping[str, Any]) -> dict[str, str]:
    names = {p["id"]: p.get("name") or p["id"] for p in scenario.get("players", [])}
    names.update({p["id"]: p.get("name") or p["id"] for p in scenario.get("permanents", [])})
    return names


def _dedupe(rules: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(rules))


_CITED = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")


def cited_rules(text: str) -> list[str]:
    """The CR paragraphs a Japanese explanation cites in parentheses: ``(120.4a, 702.2c)``.

    >>> cited_rules("余剰です (120.4a, 702.2c)。手順は (510.4) のとおりです。")
    ['120.4a', '702.2c', '510.4']
    """
    found: list[str] = []
    for group in re.findall(r"[(（]([^()（）]*)[)）]", text):
        found += [m for m in _CITED.findall(group) if "." in m]
    return _dedupe(found)


def question_topics(template: Template, draft: Draft, level: str, rules: Sequence[str]) -> list[str]:
    """The template's topics this draw really involves (:mod:`tutor.study.involvement`)."""
    involved = involved_topics(draft.scenario, draft.ask, rules)
    mine = [t for t in template.topics if t in involved and template.trains(t, level)]
    # A draw that touches none of the template's own topics still counts where it really belongs.
    return mine or [t.slug for t in TOPICS if t.slug in involved]


def make_options(
    *,
    ask: Mapping[str, Any],
    answer: Any,
    mistakes: Sequence[tuple[Any, str]],
    level: str,
    scenario: Mapping[str, Any],
    rng: random.Random,
) -> tuple[str, list[dict[str, Any]]]:
    """The answer format and the options; every wrong option differs from ``answer`` (the engine's)."""
    fmt = answer_format(ask, level)
    kind = ask["kind"]
    if fmt == "number":
        return fmt, []
    if fmt in (ORDER_KIND, PARTS_KIND):
        return fmt, sequence_options(ask, answer, rng)
    if kind == "legal":
        return fmt, [
            {"key": "yes", "label": "適正", "value": True},
            {"key": "no", "label": "不適正", "value": False},
        ]
    if kind == "dies":
        options = [
            {
                "key": p["id"],
                "label": describe(p)
                if p.get("name") in card_names() or p.get("power") is not None
                else p.get("name", p["id"]),
                "value": p["id"],
            }
            for p in scenario.get("permanents", [])
            if "creature" in p.get("types", [])
        ]
        options.append({"key": NONE_KEY, "label": "どれも墓地に置かれない", "value": None})
        return fmt, options
    if kind == "reachable":  # the outcomes offered, each a checkbox (issue 24: what each choice gives)
        return fmt, [
            {"key": key, "label": label, "value": key}
            for key, label in zip(OUTCOME_KEYS, ask["labels"], strict=False)
        ]
    if kind in ("verdict", "chooser"):  # the key and one option per belief's other answer
        picked = [{"value": answer, "label": answer_text(ask, answer, _names(scenario)), "mistake": ""}]
        for value, label in mistakes:
            if all(o["value"] != value for o in picked) and len(picked) < CHOICES:
                picked.append(
                    {"value": value, "label": answer_text(ask, value, _names(scenario)), "mistake": label}
                )
    elif kind == "best_order":
        labels = ask["labels"]
        picked = [
            {"value": i, "label": labels[i], "mistake": next((m for v, m in mistakes if v == i), "")}
            for i in range(len(labels))
        ]
    else:
        picked = [{"value": answer, "label": answer_text(ask, answer), "mistake": ""}]
        seen = {answer}
        for value, label in mistakes:
            if len(picked) >= CHOICES:
                break
            if not isinstance(value, int) or isinstance(value, bool) or value in seen:
                continue
            if kind in NON_NEGATIVE and value < 0:
                continue
            seen.add(value)
            picked.append({"value": value, "label": answer_text(ask, value), "mistake": label})
        step = 1
        while len(picked) < CHOICES:
            for value in (answer + step, answer - step):
                if len(picked) < CHOICES and value not in seen and not (kind in NON_NEGATIVE and value < 0):
                    seen.add(value)
                    picked.append(
                        {"value": value, "label": answer_text(ask, value), "mistake": "計算を誤りました"}
                    )
            step += 1
    rng.shuffle(picked)
    for key, option in zip(OPTION_KEYS, picked, strict=False):
        option["key"] = key
    return fmt, picked


def _checked_options(options: list[dict[str, Any]], answer: Any, fmt: str, kind: str) -> None:
    """Exactly one option is right (single choice); the wrong ones are really wrong."""
    if fmt != "choice":
        return
    right = [o for o in options if o["value"] == answer]
    if len(right) != 1:
        raise Disagreement(f"{kind}: {len(right)} options equal the engine's answer {answer!r}")


def _mistake_list(mistakes: Sequence[tuple[Any, str]], answer: Any) -> list[dict[str, Any]]:
    """Known wrong answers (for explaining a learner's mistake), none equal to the engine's answer."""
    out = []
    seen = set()
    for value, label in mistakes:
        key = repr(value)
        if value == answer or key in seen or part_is_right(value, answer):
            continue
        seen.add(key)
        out.append({"value": value, "label": label})
    return out


def question_build(template: Template, *, seed: int, level: str) -> BuiltQuestion:
    """The question of ``template`` for ``seed`` at ``level``, its answer computed by the engine.

    Raises :class:`Disagreement` if the template's own prediction is not what the engine says, and
    :class:`~tutor.study.asks.AskError` if the engine cannot answer (an invalid board).
    """
    draft: Draft = template.draft(seed, level)
    answer = engine_answer(draft.scenario, draft.ask)
    # ``None``: the template makes no prediction (an order comes only from the engine's stages)
    if draft.predicted is not None and answer != draft.predicted:
        raise Disagreement(
            f"{template.slug}/{level}/{seed}: template says {draft.predicted!r}, engine {answer!r}"
        )
    rng = random.Random(f"options|{template.slug}|{level}|{seed}")
    fmt, options = make_options(
        ask=draft.ask, answer=answer, mistakes=draft.mistakes, level=level, scenario=draft.scenario, rng=rng
    )
    _checked_options(options, answer, fmt, draft.ask["kind"])
    rules = _dedupe([*draft.rules, *cited_rules(draft.explanation)])
    return BuiltQuestion(
        source=f"builtin:{template.slug}",
        seed=seed,
        level=level,
        title=template.title,
        topics=question_topics(template, draft, level, rules),
        prompt=draft.prompt,
        scenario=shown(draft.scenario),
        ask=draft.ask,
        answer=answer,
        answer_format=fmt,
        options=options,
        mistakes=_mistake_list(draft.mistakes, answer),
        explanation=draft.explanation,
        rules=rules,
    )


TOPIC_TRIES: Final = 60
"""Draws tried for one question under a topic (templates that can train it, fresh seeds)."""


class NoTopicQuestion(LookupError):
    """No built-in template made a question involving the topic at this level."""


def question_for_topic(topic: str, level: str, seed: int) -> BuiltQuestion:
    """A built-in question at ``level`` that involves ``topic``, the same one for the same ``seed``.

    The templates that can train the topic are tried in a seeded order with seeded sub-seeds; a draw
    that does not involve the topic (or that the engine refuses) is skipped. The returned question's
    own ``seed`` rebuilds it with :func:`question_build`.
    """
    candidates = templates_for(topic=topic, level=level)
    if not candidates:
        raise NoTopicQuestion(f"{topic}/{level}")
    rng = random.Random(f"topic|{topic}|{level}|{seed}")
    for _ in range(TOPIC_TRIES):
        template = rng.choice(candidates)
        try:
            built = question_build(template, seed=rng.randrange(2**48), level=level)
        except (Disagreement, AskError):
            continue
        if topic in built.topics:
            return built
    raise NoTopicQuestion(f"{topic}/{level}")


# --------------------------------------------------------------------------- authored templates and questions

_PLACEHOLDER = re.compile(r"^\$(?P<name>[A-Za-z_][A-Za-z0-9_]*)$")
VARIABLE_LIMIT: Final = 1000


def variables_draw(spec: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Values for an authored template's variables: ``{"p": {"min": 1, "max": 5}, "c": {"choice": [...]}}``."""
    if not isinstance(spec, Mapping):
        raise AskError('変数は {"名前": {"min": 1, "max": 5}} の形のオブジェクトで書いてください')
    values: dict[str, Any] = {}
    for name, rule in spec.items():
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise AskError(f"変数名「{name}」は英字で始まる英数字にしてください")
        if isinstance(rule, Mapping) and "choice" in rule:
            options = rule["choice"]
            if not isinstance(options, list) or not options:
                raise AskError(f"変数 {name} の choice は空でないリストにしてください")
            values[name] = rng.choice(options)
        elif isinstance(rule, Mapping) and "min" in rule and "max" in rule:
            lo, hi = rule["min"], rule["max"]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi)):
                raise AskError(f"変数 {name} の min と max は整数にしてください")
            if lo > hi or abs(lo) > VARIABLE_LIMIT or abs(hi) > VARIABLE_LIMIT:
                raise AskError(f"変数 {name} は min ≤ max で、±{VARIABLE_LIMIT} 以内にしてください")
            values[name] = rng.randint(lo, hi)
        else:
            raise AskError(f'変数 {name} は {{"min": …, "max": …}} か {{"choice": […]}} で書いてください')
    return values


def substitute(value: Any, values: Mapping[str, Any]) -> Any:
    """Replace every string ``"$name"`` in a JSON value by the variable's value."""
    if isinstance(value, str):
        match = _PLACEHOLDER.match(value)
        if match:
            name = match.group("name")
            if name not in values:
                raise AskError(f"「{value}」: 変数 {name} が定義されていません")
            return values[name]
        return value
    if isinstance(value, list):
        return [substitute(v, values) for v in value]
    if isinstance(value, Mapping):
        return {k: substitute(v, values) for k, v in value.items()}
    return value


class _Strict(dict[str, str]):
    def __missing__(self, key: str) -> str:
        raise AskError(f"問題文の {{{key}}} が変数にありません")


def prompt_fill(prompt: str, values: Mapping[str, Any]) -> str:
    try:
        return prompt.format_map(_Strict(values))
    except (ValueError, IndexError, AttributeError) as error:
        raise AskError(f"問題文の {{}} の書き方が正しくありません: {error}") from None


def authored_build(
    *,
    source: str,
    title: str,
    topics: list[str],
    level: str,
    prompt: str,
    scenario: Mapping[str, Any],
    ask: Mapping[str, Any],
    explanation: str,
    rules: list[str],
    seed: int = 0,
    variables: Mapping[str, Any] | None = None,
    expected: Any = None,
    wrong: Sequence[Any] = (),
) -> BuiltQuestion:
    """A question from an author's template (``variables`` given) or hand-written question (``expected``)."""
    values: dict[str, Any] = {}
    if variables is not None:
        values = variables_draw(variables, random.Random(f"{source}|{seed}"))
        scenario = substitute(scenario, values)
        prompt = prompt_fill(prompt, values)
    answer = engine_answer(scenario, ask)
    if expected is not None and expected != answer:
        names = _names(scenario)
        raise Disagreement(
            f"保存された答え「{answer_text(ask, expected, names)}」はエンジンの答え"
            f"「{answer_text(ask, answer, names)}」と一致しません"
        )
    mistakes = [(w, "よくある誤答") for w in wrong]
    for w in wrong:
        if w == answer:
            raise Disagreement(
                f"誤答として書かれた「{answer_text(ask, w, _names(scenario))}」はエンジンの答えと同じです"
            )
    rng = random.Random(f"options|{source}|{seed}")
    fmt, options = make_options(
        ask=ask, answer=answer, mistakes=mistakes, level=level, scenario=scenario, rng=rng
    )
    _checked_options(options, answer, fmt, ask["kind"])
    return BuiltQuestion(
        source=source,
        seed=seed,
        level=level,
        title=title,
        topics=list(topics),
        prompt=prompt,
        scenario=dict(scenario),
        ask=dict(ask),
        answer=answer,
        answer_format=fmt,
        options=options,
        mistakes=_mistake_list(mistakes, answer),
        explanation=explanation,
        rules=_dedupe(rules),
        extra={"variables": values} if values else {},
    )


# --------------------------------------------------------------------------- grading


@dataclass(frozen=True)
class Grade:
    correct: bool
    response_text: str
    mistake: str
    parts: tuple[bool, ...] = ()
    """Per part of a ``parts`` question, whether it is right (empty for the other formats)."""


def grade(
    *,
    ask: Mapping[str, Any],
    answer: Any,
    answer_format: str,
    options: Sequence[Mapping[str, Any]],
    mistakes: Sequence[Mapping[str, Any]],
    scenario: Mapping[str, Any],
    response: Any,
) -> Grade:
    """Compare a cleaned response (an option key, a list of keys, or an int) with the engine's answer."""
    names = _names(scenario)
    if answer_format in (ORDER_KIND, PARTS_KIND):
        return sequence_grade(ask=ask, answer=answer, mistakes=mistakes, names=names, response=response)
    if answer_format == "number":
        value = response
    elif answer_format == "multi":
        keys = set(response)
        value = [] if NONE_KEY in keys else sorted(k for k in keys if k != NONE_KEY)
    else:
        option = next((o for o in options if o["key"] == response), None)
        if option is None:
            raise ValueError("unknown option")
        value = option["value"]
        if option.get("mistake") and value != answer:
            return Grade(False, option["label"], option["mistake"])
    correct = value == answer
    text = (
        answer_text(ask, value, names)
        if answer_format != "choice"
        else next((o["label"] for o in options if o["key"] == response), str(value))
    )
    mistake = ""
    if not correct:
        mistake = next((m["label"] for m in mistakes if m["value"] == value), "")
    return Grade(correct, text, mistake)


def outcome_scenario(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> dict[str, Any]:
    """The board whose resolution shows the correct outcome (for the order question: the best order)."""
    if ask.get("kind") == "best_order":
        return with_order(scenario, ask, answer)
    if ask.get("kind") in ("verdict", "chooser"):
        # the declaration made: a legal one resolves, an illegal assignment shows its violations, and an
        # illegal block or target (which the engine refuses to read) shows no stages rather than a board
        # where the asked declaration silently did not happen
        return declared(scenario, ask)
    return dict(scenario)


# --------------------------------------------------------------------------- order and parts (issue 24)


def sequence_options(ask: Mapping[str, Any], answer: Any, rng: random.Random) -> list[dict[str, Any]]:
    """An order question's events in a shuffled order (the page lists them so); a parts question has none."""
    if ask.get("kind") != ORDER_KIND:
        return []
    events = [{"key": e["key"], "label": e["label"], "value": e["key"]} for e in ask.get("events", [])]
    # never shown already in the right order: that would give the answer away
    for _ in range(8):
        rng.shuffle(events)
        if [e["key"] for e in events] != answer:
            break
    return events


def part_is_right(value: Any, answer: Any) -> bool:
    """Whether a parts mistake (``{"part": i, "value": v}``) is in fact that part's right value."""
    if not isinstance(value, Mapping) or not isinstance(answer, list):
        return False
    index = value.get("part")
    return isinstance(index, int) and 0 <= index < len(answer) and answer[index] == value.get("value")


def part_marks(answer: Any, response: Any) -> list[bool]:
    """Each part of a parts question: right or not (a missing or malformed part is wrong)."""
    if not isinstance(answer, list):
        return []
    given = response if isinstance(response, list) else []
    return [n < len(given) and given[n] == right for n, right in enumerate(answer)]


def answer_points(answer_format: str, answer: Any, response: Any, correct: bool) -> float:
    """What one answered question scores in an exam: the fraction of its parts right, else 1 or 0."""
    if answer_format == PARTS_KIND:
        marks = part_marks(answer, response)
        return sum(marks) / len(marks) if marks else 0.0
    return 1.0 if correct else 0.0


def sequence_grade(
    *,
    ask: Mapping[str, Any],
    answer: Any,
    mistakes: Sequence[Mapping[str, Any]],
    names: Mapping[str, str],
    response: Any,
) -> Grade:
    """An order is right only as a whole; parts are right one by one, and the question only when all are."""
    text = answer_text(ask, response, names)
    if ask.get("kind") == ORDER_KIND:
        correct = response == answer
        mistake = "" if correct else next((m["label"] for m in mistakes if m["value"] == response), "")
        return Grade(correct, text, mistake)
    marks = part_marks(answer, response)
    labels = [
        m["label"]
        for m in mistakes
        if isinstance(m["value"], Mapping)
        and isinstance(response, list)
        and 0 <= m["value"].get("part", -1) < len(response)
        and response[m["value"]["part"]] == m["value"].get("value")
    ]
    return Grade(all(marks) and bool(marks), text, " ".join(dict.fromkeys(labels)), tuple(marks))
