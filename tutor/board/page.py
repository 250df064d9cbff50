"""The board page as data: everything ``board/board.html`` shows, in one typed :class:`BoardPage`.

:func:`build_board_page` needs no request: the view passes the stored row, its document, the engine's
``Scenario`` (parsed once per request), the query parameters that choose the panel and the stage,
and the action URLs. Nothing here decides a rule: ``rules_core`` does, and ``tutor.results`` puts
its answers into words and drawings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from rules_core import Scenario, resolve
from rules_core.model.ja import TYPE_JA
from tutor.board import assignment_panel as assignment
from tutor.board import card_picker, documents, selectors
from tutor.board.era_compare import era_summary, eras_present
from tutor.board.events_editor import events_editor
from tutor.board.forms.assignment import AssignmentForm
from tutor.board.forms.base import PERMANENT_KIND_JA, PERMANENT_KINDS
from tutor.board.forms.destroy import DestroyForm
from tutor.board.forms.effects import EFFECT_HELP, EFFECT_TYPE_CHOICES, EffectForm
from tutor.board.forms.event import CombatForm, NoncombatForm
from tutor.board.forms.pieces import BoardTitleForm, PermanentForm, PlayerForm
from tutor.board.forms.power_events import BiteForm, FightForm, PowerDamageForm
from tutor.models import Scenario as StoredScenario
from tutor.results.choices import choices_compare
from tutor.results.effects import effects_present
from tutor.results.event import event_describe
from tutor.results.links import linked_text, rule_link
from tutor.results.names import Names, keywords_ja, source_key
from tutor.results.stages import resolution_present, stage_navigation
from tutor.results.table import assignment_amounts, power_toughness, stage_amounts, table_present
from tutor.results.triggers import counterable_triggers, trigger_sentence

EventForm = (
    type[NoncombatForm]
    | type[CombatForm]
    | type[DestroyForm]
    | type[FightForm]
    | type[BiteForm]
    | type[PowerDamageForm]
)
EVENTS: dict[str, tuple[EventForm, str, str]] = {
    "noncombat": (NoncombatForm, "呪文・能力によるダメージ(120.2b)", "ダメージのイベントを決めました。"),
    "combat": (CombatForm, "戦闘(攻撃とブロック)", "攻撃とブロックを決めました。"),
    "destroy": (DestroyForm, "呪文・能力による破壊(701.8)", "破壊のイベントを決めました。"),
    "fight": (FightForm, "格闘(701.14)", "格闘を決めました。"),
    "bite": (BiteForm, "パワーに等しいダメージを一方的に与える", "ダメージのイベントを決めました。"),
    "power_damage": (
        PowerDamageForm,
        "それぞれがパワーに等しいダメージを与える",
        "ダメージのイベントを決めました。",
    ),
}
"""The damage event's forms (``event_<kind>`` is the name of the URL they post to): form, title, message."""


@dataclass
class BoardPage:
    """What the board page shows; ``context()`` is the template's context."""

    scenario: StoredScenario | None
    """The stored board (None: the empty board of ``/board/``)."""
    document: Mapping[str, Any]
    urls: Mapping[str, str]
    """The page, its actions (by URL name) and the other board pages."""
    permalink: str
    draft: bool
    """No damage event chosen yet."""
    broken: bool
    """A stored document the engine no longer reads."""
    is_combat: bool
    event_lines: list[str]
    table: dict[str, Any]
    editor: dict[str, Any]
    pieces: dict[str, Any]
    result: dict[str, Any] | None = None
    current: dict[str, Any] | None = None
    stage_nav: dict[str, Any] | None = None
    announce: str = ""
    """What the screen reader's live region says after this page (or swap). ``#play`` carries it too
    (``data-announce``): when htmx swaps that part alone, board.js puts it in the live region."""
    choices: list[dict[str, Any]] | None = None
    counterable: list[dict[str, Any]] | None = None
    """拡張 (§ 16.5): the triggered abilities of the result, each with whether a spell counters it (701.6a)."""
    assignment: dict[str, Any] | None = None
    illustrates: dict[str, Any] | None = None
    eras: dict[str, Any] | None = None
    """拡張: 「この盤面を旧ルールで」, the board under each era (``?eras=1``, ``tutor.board.era_compare``)."""
    era: dict[str, Any] | None = None
    """拡張: the board's own era and what its document carries for it (``tutor.board.era_compare``)."""
    permanent_kinds: Mapping[str, str] = field(default_factory=lambda: PERMANENT_KIND_JA)
    nav: str = "board"

    def context(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def default_controller(document: Mapping[str, Any]) -> str | None:
    """Who controls a new permanent by default: the active player while they control nothing (the
    first creature you add is yours), then a player who controls nothing yet (the next one is your
    opponent's), then the last player.

    >>> players = [{"id": "A"}, {"id": "B"}]
    >>> default_controller({"players": players, "permanents": []})
    'A'
    >>> default_controller({"players": players, "permanents": [{"controller": "A"}]})
    'B'
    >>> default_controller({"players": players, "permanents": [{"controller": "A"}, {"controller": "B"}]})
    'B'
    """
    ids = [p.get("id") for p in document.get("players") or [] if p.get("id")]
    if not ids:
        return None
    active = document.get("active_player") or ids[0]
    controlling = {p.get("controller") for p in document.get("permanents") or []}
    for candidate in [active, *ids]:
        if candidate in ids and candidate not in controlling:
            return str(candidate)
    return str(ids[-1])


BOARD_PARAMS: Final = ("stage", "eras", "add", "edit", "event", "type", "card", "card_q", "permanent")
"""Every query parameter the board page reads. The page is built from these alone (:func:`board_params`),
so a permalink's cached page is keyed by them too: a query with other keys is the same page, and no
variation of the URL can make a worker build a board page again."""


def board_params(query: Mapping[str, str]) -> dict[str, str]:
    """The query's :data:`BOARD_PARAMS` (the last value of each, as ``QueryDict.get`` reads it).

    >>> board_params({"stage": "all", "junk": "1"})
    {'stage': 'all'}
    """
    return {key: query[key] for key in BOARD_PARAMS if key in query}


def stage_param(params: Mapping[str, str]) -> int | str | None:
    """The stage index (from 0) for ``?stage=N``, ``?stage=all``, or None (the board before the event).

    The URL counts stages as the page does, from 1 (``?stage=2`` is 「段階 2」); ``?stage=0``, the
    first stage in links made before, still opens the first stage.

    >>> stage_param({"stage": "3"}), stage_param({"stage": "1"}), stage_param({"stage": "0"})
    (2, 0, 0)
    >>> stage_param({"stage": "all"}), stage_param({"stage": "x"}), stage_param({})
    ('all', 0, None)
    """
    raw = params.get("stage")
    if raw is None:
        return None
    if raw == "all":
        return "all"
    try:
        return max(0, min(int(raw), 10_000) - 1)
    except ValueError:
        return 0


def editor_panel(
    params: Mapping[str, str], document: Mapping[str, Any], urls: Mapping[str, str]
) -> dict[str, Any]:
    """The editor panel chosen by the query string: a form to add or edit something, or the menu."""
    add, edit, event = params.get("add"), params.get("edit"), params.get("event")
    if add == "title":
        return {
            "mode": "form",
            "title": "盤面の名前と説明",
            "form": BoardTitleForm(
                document=document,
                action=urls["title_save"],
                initial={"title": document.get("title", ""), "description": document.get("description", "")},
            ),
        }
    if add == "player":
        return {
            "mode": "form",
            "title": "プレイヤーを追加",
            "form": PlayerForm(document=document, action=urls["player_add"]),
        }
    if add in PERMANENT_KINDS:
        first = default_controller(document)
        form = PermanentForm(
            document=document,
            action=urls["permanent_add"],
            # Every battle printed so far is a Siege (310.11b); the learner may change the subtype.
            initial={"types": PERMANENT_KINDS[add], "controller": first}
            | ({"subtypes": "Siege"} if add == "battle" else {}),
        )
        return {"mode": "form", "title": f"{PERMANENT_KIND_JA[add]}を追加", "form": form}
    if add == "effect":
        kind = params.get("type")
        if kind in EFFECT_HELP:
            effect_form = EffectForm(document=document, action=urls["effect_add"], effect_type=kind)
            return {
                "mode": "form",
                "title": f"効果を追加: {dict(EFFECT_TYPE_CHOICES)[kind]}",
                "form": effect_form,
            }
        return {
            "mode": "effect_types",
            "title": "効果を追加",
            "choices": [
                {"type": t, "label": label, "help": EFFECT_HELP[t]} for t, label in EFFECT_TYPE_CHOICES
            ],
        }
    extra = events_editor(params, document, urls) or card_picker.card_panel(params, document, urls)
    if extra is not None:
        return extra
    if edit:
        for player in document.get("players", []):
            if player["id"] == edit:
                player_form = PlayerForm(
                    document=document,
                    action=urls["player_edit"],
                    edit_id=edit,
                    initial=PlayerForm.initial_from(player),
                )
                return {
                    "mode": "form",
                    "title": f"{player.get('name') or edit}を編集",
                    "form": player_form,
                    "edit_id": edit,
                }
        for permanent in document.get("permanents", []):
            if permanent["id"] == edit:
                form = PermanentForm(
                    document=document,
                    action=urls["permanent_edit"],
                    edit_id=edit,
                    initial=PermanentForm.initial_from(permanent),
                )
                return {
                    "mode": "form",
                    "title": f"{permanent.get('name') or edit}を編集",
                    "form": form,
                    "edit_id": edit,
                }
    if event in EVENTS:
        form_class, title, _message = EVENTS[event]
        event_form = form_class(
            document=document, action=urls[f"event_{event}"], initial=form_class.initial_from(document)
        )
        return {"mode": "form", "title": title, "form": event_form}
    return {"mode": "menu", "picker": card_picker.picker_context(params, document)}


def assignment_context(
    document: Mapping[str, Any],
    parsed: Scenario | None,
    *,
    form: AssignmentForm | None = None,
    checked: bool = False,
    sections: Mapping[str, str] | None = None,
    plan: assignment.Plan | None = None,
) -> dict[str, Any] | None:
    """The assignment panel: the steppers (grouped by combat damage step when there are two) and the
    engine's verdict on the assignment shown (the posted one, or the stored one completed by default).
    ``plan``: the combat's steps (``assignment.plan_of``) when the caller has them already."""
    plan = plan if plan is not None else assignment.plan_of(document, parsed)
    if form is None:
        form = AssignmentForm(rows=assignment.rows_of(document, parsed, plan))
    if not form.rows:
        return None
    posted = checked or form.is_bound
    candidate = (
        documents.assignment_set(document=document, tables=form.tables(raw=True)) if posted else document
    )
    for row in form.rows:
        for recipient in row["recipients"]:
            recipient["bf"] = form[recipient["field"]]
    groups: list[dict[str, Any]] = [{"step": None, "title": "", "rows": form.rows}]
    if plan.two_steps:
        groups = [
            {"step": n, "title": assignment.STEP_TITLES[n], "rows": [r for r in form.rows if r["step"] == n]}
            for n in (1, 2)
        ]
    # an entry that is not a whole number from 0 is said on its field, never read as 0 (issue 26)
    entry_errors = [
        {"field": rec["field"], "label": rec["bf"].label, "message": " ".join(rec["bf"].errors)}
        for row in form.rows
        for rec in row["recipients"]
        if form.is_bound and rec["bf"].errors
    ]
    violations = (
        []
        if entry_errors
        else assignment.violations_of(candidate, sections, parsed=None if posted else parsed)
    )
    event = document.get("event") or {}
    rules = selectors.rule_sections(numbers={"510.4", "506.4"}) if plan.two_steps else {}
    return {
        "form": form,
        "rows": form.rows,
        "groups": [g for g in groups if g["rows"]],
        "two_steps": plan.two_steps,
        "two_steps_note": linked_text(assignment.TWO_STEPS_NOTE, rules),
        "gone_rule": linked_text("506.4", rules),
        "violations": violations,
        "explicit": any(event.get(key) for key in assignment.KEYS),
        "legal": not violations and not entry_errors,
        "entry_errors": entry_errors,
        "checked": posted,
        "refused": list(form.non_field_errors()) if form.is_bound else [],
    }


def declared_tables(
    document: Mapping[str, Any], parsed: Scenario | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each creature's assignment for the first step in which it deals damage (stored, else the engine's)."""
    tables = assignment.effective_tables(document, parsed)
    return tables["assignments"], tables["blocker_assignments"]


def declared_amounts(document: Mapping[str, Any], parsed: Scenario | None) -> dict[tuple[str, str], Any]:
    """The damage the event declares, by (source, recipient): what the drawing's arrows say before resolving."""
    event = document.get("event") or {}
    if event.get("type") == "combat" and parsed is not None:
        return assignment_amounts(*declared_tables(document, parsed))
    if event.get("type") == "noncombat":
        key = source_key(event.get("source"))
        return {(key, d["to"]): d["amount"] for d in event.get("damage", [])}
    return {}


def pieces_present(document: Mapping[str, Any]) -> dict[str, Any]:
    """The players and permanents as the editor lists them."""
    names = Names(document)
    players = [
        {
            "id": p["id"],
            "name": names(p["id"]),
            "life": p.get("life", 20),
            "poison": p.get("poison", 0),
            "active": p["id"] == document.get("active_player"),
            "team": next(
                (i + 1 for i, team in enumerate(document.get("teams") or []) if p["id"] in team), None
            ),
        }
        for p in document.get("players", [])
    ]
    permanents = []
    for p in document.get("permanents", []):
        size = "/".join(map(str, power_toughness(p))) if "creature" in p.get("types", []) else ""
        extra = []
        if "planeswalker" in p.get("types", []):
            extra.append(f"忠誠度{p.get('loyalty')}")
        if "battle" in p.get("types", []):
            extra.append(f"守備値{p.get('defense')}")
        permanents.append(
            {
                "id": p["id"],
                "name": names(p["id"]),
                "controller": names(p.get("controller")),
                "size": size,
                "extra": "・".join(extra),
                "types": "・".join(TYPE_JA.get(t, t) for t in p.get("types", [])),
                "keywords": "・".join(keywords_ja(p)),
                "triggers": [
                    trigger_sentence(t, names, p.get("controller", "")) for t in p.get("triggers", [])
                ],
                "owner": names(p["owner"]) if p.get("owner") else "",
            }
        )
    return {
        "players": players,
        "permanents": permanents,
        "two_headed_giant": bool(document.get("variant")),
        "between_steps": bool((document.get("event") or {}).get("between_steps")),
    }


def _rule_numbers(result: Mapping[str, Any]) -> set[str]:
    """Every paragraph the result cites (to look up their sections in one query)."""
    stages = [st for step in result.get("steps", []) for st in step.get("stages", [])]
    numbers = {r for st in stages for r in st.get("rules", [])}
    numbers |= {c.get("rule") for st in stages for c in st.get("changes", [])}
    numbers |= {v.get("rule") for v in result.get("violations", [])}
    return {n for n in numbers if n}


def _announcement(
    resolution: Mapping[str, Any] | None,
    current: Mapping[str, Any] | None,
    stage_nav: Mapping[str, Any] | None,
) -> str:
    if resolution is None:
        return ""
    if not resolution["legal"]:
        return "この割り振りは不適正です。" + "".join(v["plain"] for v in resolution["violations"])
    if current is not None and stage_nav is not None:
        return f"段階{stage_nav['number']}/{stage_nav['count']}: {current['summary']}"
    if stage_nav and stage_nav["all"]:
        return f"全{stage_nav['count']}段階を表示しています。"
    return ""


def build_board_page(
    *,
    scenario: StoredScenario | None,
    document: Mapping[str, Any],
    parsed: Scenario | None,
    params: Mapping[str, str],
    urls: Mapping[str, str],
    permalink: str = "",
    editor: dict[str, Any] | None = None,
    assignment_form: AssignmentForm | None = None,
    assignment_checked: bool = False,
    results_only: bool = False,
) -> BoardPage:
    """Everything the board page shows. ``parsed`` is the engine's reading of ``document`` (None for a
    draft or a document it refuses); ``params`` choose the editor panel and the stage, never the board.
    With ``results_only``, the drawing and the resolution alone (a lesson's step in place): no
    assignment panel and no paragraph the board illustrates."""
    draft = documents.document_is_draft(document)
    wanted_stage = stage_param(params) if parsed is not None else None

    result = None
    resolution = None
    resolved = None
    stage_index: int | None = None
    sections: Mapping[str, str] = {}
    if parsed is not None and wanted_stage is not None:
        resolved = resolve(parsed)
        result = resolved.to_dict()
        sections = selectors.rule_sections(numbers=_rule_numbers(result))
        count = sum(len(step.get("stages", [])) for step in result.get("steps", []))
        if count:
            stage_index = -1 if wanted_stage == "all" else min(int(wanted_stage), count - 1)
        resolution = resolution_present(
            document, result, sections=sections, shown="all" if stage_index == -1 else (stage_index or 0)
        )

    amounts = stage_amounts(result, stage_index) if result is not None and stage_index is not None else None
    if amounts is None:
        amounts = declared_amounts(document, parsed)
    table = table_present(
        document, result=result if stage_index is not None else None, stage=stage_index, amounts=amounts
    )
    at_last_stage = stage_index == -1 or (
        resolution is not None and stage_index is not None and stage_index == resolution["count"] - 1
    )
    final_effects = (result or {}).get("final", {}).get("effects") if at_last_stage else None
    table["effects"] = effects_present(
        document, final_effects=final_effects, shields=table["shields"], sections=sections
    )

    current = None
    if resolution and stage_index is not None and resolution["stages"]:
        current = resolution["stages"][stage_index] if stage_index >= 0 else None
    stage_nav = stage_navigation(resolution["count"], stage_index) if resolution else None

    choices = None
    if resolution is not None and resolution["legal"] and stage_nav and stage_nav["at_end"]:
        choices = choices_compare(
            document=document,
            assignment=declared_tables(document, parsed),
            scenario=parsed,
            resolution=resolved,
        )
        for decision in choices:
            decision["rule_link"] = rule_link(decision["rule"], sections)
    counterable = (
        counterable_triggers(document, result) if choices is not None and result is not None else None
    )

    illustrates: dict[str, Any] | None = None
    if scenario is not None and scenario.illustrates and not results_only:
        illustrates = dict(
            rule_link(scenario.illustrates, selectors.rule_sections(numbers={scenario.illustrates}))
        )
        if scenario.example_position is not None:
            illustrates["example"] = scenario.example_position + 1

    return BoardPage(
        scenario=scenario,
        document=document,
        urls=urls,
        permalink=permalink,
        draft=draft,
        broken=not draft and parsed is None,
        is_combat=(document.get("event") or {}).get("type") == "combat",
        event_lines=event_describe(document),
        table=table,
        result=resolution,
        current=current,
        stage_nav=stage_nav,
        announce=_announcement(resolution, current, stage_nav),
        choices=choices,
        counterable=counterable,
        editor=editor or editor_panel(params, document, urls),
        pieces=pieces_present(document),
        assignment=assignment_context(
            document, parsed, form=assignment_form, checked=assignment_checked, sections=sections
        )
        if parsed is not None and not results_only
        else None,
        illustrates=illustrates,
        eras=eras_present(document, parsed, sections=sections)
        if resolution is not None and params.get("eras") == "1"
        else None,
        era=era_summary(document),
    )
