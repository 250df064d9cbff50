"""The interactive board: thin function views over services (edits), selectors (reads) and presenters.

State lives in the URL: ``/board/`` is an empty board, ``/board/s/<slug>/`` a stored one. Every edit
is a POST that builds a new scenario document, stores it (same content → same slug) and redirects to
its permalink (with htmx: the board is swapped in place and the new URL pushed). Query parameters
only choose what to show (``?add=creature``, ``?edit=<id>``, ``?stage=3``), never what the board is.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_core import (
    ScenarioError,
    parse_scenario,
    resolve_document,
)
from tutor.board import assignment_panel as assignment
from tutor.board import documents, selectors, services
from tutor.board.forms.assignment import AssignmentForm
from tutor.board.forms.base import PERMANENT_KIND_JA, PERMANENT_KINDS
from tutor.board.forms.effects import EFFECT_HELP, EFFECT_TYPE_CHOICES, EffectForm
from tutor.board.forms.event import CombatForm, NoncombatForm
from tutor.board.forms.io import ImportForm
from tutor.board.forms.pieces import PermanentForm, PlayerForm
from tutor.models import Scenario
from tutor.results.choices import choices_compare
from tutor.results.effects import effects_present
from tutor.results.event import event_describe
from tutor.results.links import linked_text, rule_link, section_of
from tutor.results.names import TYPE_JA, Names, keywords_ja, source_key
from tutor.results.stages import resolution_present, stage_navigation
from tutor.results.table import assignment_amounts, power_toughness, stage_amounts, table_present

TEMPLATE = "board/board.html"
PARTIALS = {"board-app": "app", "editor": "editor", "play": "play"}


# --------------------------------------------------------------------------- helpers


def _base(slug: str | None) -> tuple[Scenario | None, dict[str, Any]]:
    """The stored scenario and its document, or the starter board for ``/board/``."""
    if slug is None:
        return None, copy.deepcopy(documents.STARTER_DOCUMENT)
    scenario = selectors.scenario_get(slug=slug)
    if scenario is None:
        raise Http404("no such board")
    return scenario, scenario.document


def _page_url(scenario: Scenario | None) -> str:
    return reverse("board:scenario", args=[scenario.slug]) if scenario else reverse("board:index")


def _urls(scenario: Scenario | None) -> dict[str, str]:
    base = _page_url(scenario)
    actions = {
        "player_add": "players/add/", "player_edit": "players/edit/", "player_remove": "players/remove/",
        "active_set": "players/active/", "permanent_add": "permanents/add/", "permanent_edit": "permanents/edit/",
        "permanent_remove": "permanents/remove/", "effect_add": "effects/add/", "effect_remove": "effects/remove/",
        "noncombat": "event/noncombat/", "combat": "event/combat/", "event_clear": "event/clear/",
        "assignment": "assignment/", "assignment_check": "assignment/check/", "choices": "choices/",
        "choices_clear": "choices/clear/",
    }
    urls = {name: base + path for name, path in actions.items()}
    urls["page"] = base
    urls["export"] = reverse("board:export", args=[scenario.slug]) if scenario else ""
    urls["import"] = reverse("board:import")
    urls["examples"] = reverse("board:examples")
    urls["new"] = reverse("board:index")
    return urls


def _vary(response: HttpResponse) -> HttpResponse:
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return response


def _partial(request: HttpRequest) -> str | None:
    htmx = getattr(request, "htmx", None)
    if not htmx or htmx.history_restore_request:
        return None
    return PARTIALS.get(htmx.target or "")


def _parsed(document: Mapping[str, Any]) -> Any:
    """The engine's Scenario for a complete board; None for a draft or a document the engine refuses."""
    if documents.document_is_draft(document):
        return None
    try:
        return parse_scenario(document)
    except ScenarioError:
        return None


def _stage_param(params: QueryDict) -> int | str | None:
    raw = params.get("stage")
    if raw is None:
        return None
    if raw == "all":
        return "all"
    try:
        return max(0, min(int(raw), 10_000))
    except ValueError:
        return 0


# --------------------------------------------------------------------------- combat assignment


def _assignment_context(document: Mapping[str, Any], parsed: Any, *, form: AssignmentForm | None = None,
                        checked: bool = False, sections: Mapping[str, str] | None = None) -> dict[str, Any] | None:
    """The assignment panel: the steppers (grouped by combat damage step when there are two) and the
    engine's verdict on the assignment shown (the posted one, or the stored one completed by default)."""
    plan = assignment.plan_of(document, parsed)
    rows = assignment.rows_of(document, parsed, plan)
    if not rows:
        return None
    if form is None:
        form = AssignmentForm(rows=rows)
    candidate = _with_assignment(document, form) if checked or form.is_bound else document
    for row in form.rows:
        for recipient in row["recipients"]:
            recipient["bf"] = form[recipient["field"]]
    groups = [{"step": None, "title": "", "rows": form.rows}]
    if plan.two_steps:
        groups = [{"step": n, "title": assignment.STEP_TITLES[n], "rows": [r for r in form.rows if r["step"] == n]}
                  for n in (1, 2)]
    violations = assignment.violations_of(candidate, sections)
    event = document.get("event") or {}
    rules = selectors.rule_sections(numbers={"510.4", "506.4"}) if plan.two_steps else {}
    return {"form": form, "rows": form.rows, "groups": [g for g in groups if g["rows"]],
            "two_steps": plan.two_steps, "two_steps_note": linked_text(assignment.TWO_STEPS_NOTE, rules),
            "gone_rule": linked_text("506.4", rules),
            "violations": violations, "explicit": any(event.get(key) for key in assignment.KEYS),
            "legal": not violations, "checked": checked or form.is_bound}


def _with_assignment(document: Mapping[str, Any], form: AssignmentForm) -> dict[str, Any]:
    return documents.assignment_set(document=document, tables=form.tables(raw=True))


# --------------------------------------------------------------------------- the page


_EVENTS: dict[str, tuple[type[NoncombatForm] | type[CombatForm], str, str]] = {
    "noncombat": (NoncombatForm, "呪文・能力によるダメージ(120.2b)", "ダメージのイベントを決めました。"),
    "combat": (CombatForm, "戦闘(攻撃とブロック)", "攻撃とブロックを決めました。"),
}
"""The damage event's forms (the key is also the name of the URL they post to): form, title, message."""


def _editor(params: QueryDict, document: Mapping[str, Any], urls: Mapping[str, str]) -> dict[str, Any]:
    """The editor panel chosen by the query string: a form to add or edit something, or the menu."""
    add, edit, event = params.get("add"), params.get("edit"), params.get("event")
    if add == "player":
        return {"mode": "form", "title": "プレイヤーを追加", "form": PlayerForm(document=document,
                                                                          action=urls["player_add"])}
    if add in PERMANENT_KINDS:
        first = (document.get("players") or [{}])[-1].get("id")
        form = PermanentForm(document=document, action=urls["permanent_add"],
                             initial={"types": PERMANENT_KINDS[add], "controller": first})
        return {"mode": "form", "title": f"{PERMANENT_KIND_JA[add]}を追加", "form": form}
    if add == "effect":
        kind = params.get("type")
        if kind in EFFECT_HELP:
            form = EffectForm(document=document, action=urls["effect_add"], effect_type=kind)
            return {"mode": "form", "title": f"効果を追加: {dict(EFFECT_TYPE_CHOICES)[kind]}", "form": form}
        return {"mode": "effect_types", "title": "効果を追加", "choices": [
            {"type": t, "label": label, "help": EFFECT_HELP[t]} for t, label in EFFECT_TYPE_CHOICES]}
    if edit:
        for player in document.get("players", []):
            if player["id"] == edit:
                form = PlayerForm(document=document, action=urls["player_edit"], edit_id=edit,
                                  initial=PlayerForm.initial_from(player))
                return {"mode": "form", "title": f"{player.get('name') or edit}を編集", "form": form, "edit_id": edit}
        for permanent in document.get("permanents", []):
            if permanent["id"] == edit:
                form = PermanentForm(document=document, action=urls["permanent_edit"], edit_id=edit,
                                     initial=PermanentForm.initial_from(permanent))
                return {"mode": "form", "title": f"{permanent.get('name') or edit}を編集", "form": form,
                        "edit_id": edit}
    if event in _EVENTS:
        form_class, title, _message = _EVENTS[event]
        form = form_class(document=document, action=urls[event], initial=form_class.initial_from(document))
        return {"mode": "form", "title": title, "form": form}
    return {"mode": "menu"}


def _page_context(request: HttpRequest, *, scenario: Scenario | None, document: dict[str, Any],
                  editor: dict[str, Any] | None = None, assignment_form: AssignmentForm | None = None,
                  assignment_checked: bool = False, params: QueryDict | None = None) -> dict[str, Any]:
    """Everything the board page shows. ``params`` (default: the query string) chooses the editor panel
    and the stage; the document alone decides the board."""
    urls = _urls(scenario)
    parsed = _parsed(document)
    draft = documents.document_is_draft(document)
    broken = not draft and parsed is None
    params = request.GET if params is None else params
    stage_param = _stage_param(params) if parsed is not None else None

    result = None
    resolution = None
    stage_index: int | None = None
    if stage_param is not None:
        result = resolve_document(document)
        numbers = {r for step in result.get("steps", []) for st in step.get("stages", []) for r in st.get("rules", [])}
        numbers |= {c.get("rule") for step in result.get("steps", []) for st in step.get("stages", [])
                    for c in st.get("changes", [])}
        numbers |= {v.get("rule") for v in result.get("violations", [])}
        sections = selectors.rule_sections(numbers={n for n in numbers if n})
        resolution = resolution_present(document, result, sections=sections)
        if resolution["count"]:
            stage_index = -1 if stage_param == "all" else min(int(stage_param), resolution["count"] - 1)
    else:
        sections = {}

    amounts = stage_amounts(result, stage_index) if result is not None and stage_index is not None else None
    if amounts is None:
        amounts = _declared_amounts(document, parsed)
    table = table_present(document, result=result if stage_index is not None else None,
                                     stage=stage_index, amounts=amounts)
    final_effects = (result or {}).get("final", {}).get("effects") if stage_index == -1 or (
        resolution and stage_index is not None and stage_index == resolution["count"] - 1) else None
    table["effects"] = effects_present(document, final_effects=final_effects, shields=table["shields"],
                                                  sections=sections)

    current = None
    if resolution and stage_index is not None and resolution["stages"]:
        current = resolution["stages"][stage_index] if stage_index >= 0 else None
    stage_nav = stage_navigation(resolution["count"], stage_index) if resolution else None
    announce = ""
    if resolution is not None:
        if not resolution["legal"]:
            announce = "この割り振りは不適正です。" + "".join(v["plain"] for v in resolution["violations"])
        elif current is not None:
            announce = f"段階{stage_nav['number']}/{stage_nav['count']}: {current['summary']}"
        elif stage_nav and stage_nav["all"]:
            announce = f"全{stage_nav['count']}段階を表示しています。"

    choices = None
    if resolution is not None and resolution["legal"] and stage_nav and stage_nav["at_end"]:
        choices = choices_compare(document=document, assignment=_declared_tables(document, parsed))
        for decision in choices:
            decision["rule_link"] = rule_link(decision["rule"], sections)

    illustrates = None
    if scenario is not None and scenario.illustrates:
        illustrates = rule_link(scenario.illustrates,
                                           selectors.rule_sections(numbers={scenario.illustrates}))
        if scenario.example_position is not None:
            illustrates["example"] = scenario.example_position + 1

    return {
        "nav": "board",
        "scenario": scenario,
        "document": document,
        "urls": urls,
        "permalink": request.build_absolute_uri(urls["page"]) if scenario else "",
        "draft": draft,
        "broken": broken,
        "is_combat": (document.get("event") or {}).get("type") == "combat",
        "event_lines": event_describe(document),
        "table": table,
        "result": resolution,
        "current": current,
        "stage_nav": stage_nav,
        "announce": announce,
        "choices": choices,
        "editor": editor or _editor(params, document, urls),
        "pieces": _pieces(document),
        "assignment": _assignment_context(document, parsed, form=assignment_form, checked=assignment_checked,
                                          sections=sections) if parsed is not None else None,
        "illustrates": illustrates,
        "permanent_kinds": PERMANENT_KIND_JA,
    }


def _declared_tables(document: Mapping[str, Any], parsed: Any) -> tuple[dict, dict]:
    """Each creature's assignment for the first step in which it deals damage (stored, else the engine's)."""
    tables = assignment.effective_tables(document, parsed)
    return tables["assignments"], tables["blocker_assignments"]


def _declared_amounts(document: Mapping[str, Any], parsed: Any) -> dict[tuple[str, str], int]:
    event = document.get("event") or {}
    if event.get("type") == "combat" and parsed is not None:
        return assignment_amounts(*_declared_tables(document, parsed))
    if event.get("type") == "noncombat":
        key = source_key(event.get("source"))
        return {(key, d["to"]): d["amount"] for d in event.get("damage", [])}
    return {}


def _pieces(document: Mapping[str, Any]) -> dict[str, Any]:
    names = Names(document)
    players = [{"id": p["id"], "name": names(p["id"]), "life": p.get("life", 20), "poison": p.get("poison", 0),
                "active": p["id"] == document.get("active_player")} for p in document.get("players", [])]
    permanents = []
    for p in document.get("permanents", []):
        size = "/".join(map(str, power_toughness(p))) if "creature" in p.get("types", []) else ""
        extra = []
        if "planeswalker" in p.get("types", []):
            extra.append(f"忠誠度{p.get('loyalty')}")
        if "battle" in p.get("types", []):
            extra.append(f"守備値{p.get('defense')}")
        permanents.append({"id": p["id"], "name": names(p["id"]), "controller": names(p.get("controller")),
                           "size": size, "extra": "・".join(extra),
                           "types": "・".join(TYPE_JA.get(t, t) for t in p.get("types", [])),
                           "keywords": "・".join(keywords_ja(p))})
    return {"players": players, "permanents": permanents}


def _render_page(request: HttpRequest, context: dict[str, Any], *, status: int = 200) -> HttpResponse:
    partial = _partial(request)
    template = f"{TEMPLATE}#{partial}" if partial else TEMPLATE
    context["oob"] = partial == "play"
    return _vary(render(request, template, context, status=status))


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """``/board/``: an empty board (two players). Nothing is stored until the first edit."""
    scenario, document = _base(None)
    return _render_page(request, _page_context(request, scenario=scenario, document=document))


@require_GET
def scenario_page(request: HttpRequest, slug: str) -> HttpResponse:
    """``/board/s/<slug>/``: a stored board; ``?stage=N`` / ``?stage=all`` shows the result."""
    scenario, document = _base(slug)
    return _render_page(request, _page_context(request, scenario=scenario, document=document))


# --------------------------------------------------------------------------- edits (POST → new document)


def _saved(request: HttpRequest, document: dict[str, Any], message: str, *, query: str = "") -> HttpResponse:
    scenario = services.scenario_save(document=document)
    url = _page_url(scenario) + query
    if getattr(request, "htmx", None):
        messages.success(request, message)
        context = _page_context(request, scenario=scenario, document=scenario.document,
                                params=QueryDict(query.lstrip("?")))
        response = render(request, f"{TEMPLATE}#app", context)
        response["HX-Retarget"] = "#board-app"
        response["HX-Reswap"] = "outerHTML"
        response["HX-Push-Url"] = url
        return _vary(response)
    messages.success(request, message)
    return redirect(url)


def _saved_or_refused(request: HttpRequest, scenario: Scenario | None, document: dict[str, Any],
                      new: dict[str, Any], message: str, *, query: str = "") -> HttpResponse:
    """For edits without a form: store ``new``, or say why the engine refuses it (the board stays as it was)."""
    try:
        return _saved(request, new, message, query=query)
    except ScenarioError as error:
        return _refused(request, scenario, document, error)


def _form_error(request: HttpRequest, *, scenario: Scenario | None, document: dict[str, Any],
                editor: dict[str, Any]) -> HttpResponse:
    """The form again with its errors and everything typed: alone for htmx, else the whole page (422)."""
    if getattr(request, "htmx", None):
        response = render(request, f"{TEMPLATE}#editor-form", {"editor": editor})
        response["HX-Retarget"] = f"#{editor['form'].helper.form_id}"
        response["HX-Reswap"] = "outerHTML"
        return _vary(response)
    context = _page_context(request, scenario=scenario, document=document, editor=editor)
    return _render_page(request, context, status=422)


def _scenario_error(form: Any, error: ScenarioError, field_map: Mapping[str, str] | None = None) -> None:
    """Put the engine's refusal on the form, on the field it names when we know it."""
    for suffix, field in (field_map or {}).items():
        if error.field.endswith(suffix) and field in form.fields:
            form.add_error(field, error.message)
            return
    form.add_error(None, error.message)


_PERMANENT_FIELDS = {".power": "power", ".toughness": "toughness", ".loyalty": "loyalty", ".defense": "defense",
                     ".name": "name", ".damage": "damage", ".toxic": "toxic", ".controller": "controller",
                     ".protector": "protector"}
_PLAYER_FIELDS = {".name": "name", ".life": "life", ".poison": "poison"}
_EFFECT_FIELDS = {".to": "to", ".amount": "amount", ".source": "source", ".player": "player", ".factor": "factor",
                  ".on": "on", ".floor": "floor"}


def _posted_id(request: HttpRequest) -> str:
    ident = request.POST.get("id", "")
    if not ident or len(ident) > 64:
        raise Http404("no such piece")
    return ident


def _posted_piece(request: HttpRequest, document: Mapping[str, Any], key: str) -> str:
    """The posted ``id`` of one of the document's ``players`` or ``permanents`` (404 for any other)."""
    ident = _posted_id(request)
    if not any(p["id"] == ident for p in document.get(key, [])):
        raise Http404(f"no such piece in {key}")
    return ident


def _form_saved(request: HttpRequest, scenario: Scenario | None, document: dict[str, Any], form: Any, *,
                title: str, build: Callable[[Any], dict[str, Any]], message: str,
                field_map: Mapping[str, str] | None = None, edit_id: str | None = None) -> HttpResponse:
    """A posted editor form: store the document ``build(form)`` makes, or show the form again with its errors
    (the engine's refusal on the field it names). ``message`` is formatted with the cleaned data."""
    if form.is_valid():
        try:
            return _saved(request, build(form), message.format(**form.cleaned_data))
        except ScenarioError as error:
            _scenario_error(form, error, field_map)
    editor = {"mode": "form", "title": title, "form": form}
    if edit_id is not None:
        editor["edit_id"] = edit_id
    return _form_error(request, scenario=scenario, document=document, editor=editor)


@dataclass(frozen=True)
class _Piece:
    """How the board adds and edits one kind of piece with its form."""

    form: type[PlayerForm] | type[PermanentForm]
    url: str
    label: str
    added: str
    fields: Mapping[str, str]
    put: Callable[[Mapping[str, Any], Any, str | None], dict[str, Any]]


_PIECES = {
    "players": _Piece(PlayerForm, "player", "プレイヤー", "{name}を追加しました。", _PLAYER_FIELDS,
                      lambda doc, form, ident: documents.player_put(document=doc, data=form.to_player(),
                                                                   player_id=ident)),
    "permanents": _Piece(PermanentForm, "permanent", "パーマネント", "{name}を置きました。", _PERMANENT_FIELDS,
                         lambda doc, form, ident: documents.permanent_put(document=doc, data=form.to_permanent(),
                                                                         permanent_id=ident)),
}


def _piece_saved(request: HttpRequest, slug: str | None, key: str, *, edit: bool) -> HttpResponse:
    """Add a player or permanent (``key``: "players", "permanents") from its form, or edit the posted one."""
    scenario, document = _base(slug)
    piece = _PIECES[key]
    ident = _posted_piece(request, document, key) if edit else None
    action = _urls(scenario)[f"{piece.url}_{'edit' if edit else 'add'}"]
    form = piece.form(request.POST, document=document, action=action, edit_id=ident)
    return _form_saved(request, scenario, document, form, title=f"{piece.label}を{'編集' if edit else '追加'}",
                       field_map=piece.fields, build=lambda f: piece.put(document, f, ident),
                       message="{name}を変更しました。" if edit else piece.added, edit_id=ident)


@require_POST
def player_add(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _piece_saved(request, slug, "players", edit=False)


@require_POST
def player_edit(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _piece_saved(request, slug, "players", edit=True)


@require_POST
def permanent_add(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _piece_saved(request, slug, "permanents", edit=False)


@require_POST
def permanent_edit(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _piece_saved(request, slug, "permanents", edit=True)


def _changed(request: HttpRequest, slug: str | None, change: Callable[[dict[str, Any]], dict[str, Any]],
             message: str, *, query: str = "") -> HttpResponse:
    """An edit without a form: store ``change(document)`` or say why the engine refuses it. ``change``
    raising KeyError or ValueError (an unknown id or index in the post) is a 404."""
    scenario, document = _base(slug)
    try:
        new = change(document)
    except (KeyError, ValueError):
        raise Http404("no such piece") from None
    return _saved_or_refused(request, scenario, document, new, message, query=query)


@require_POST
def player_remove(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _changed(request, slug, lambda doc: documents.player_remove(document=doc, player_id=_posted_id(request)),
                    "プレイヤーを取り除きました。")


@require_POST
def active_set(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    ident = _posted_piece(request, document, "players")
    new = documents.active_player_set(document=document, player_id=ident)
    message = "アクティブ・プレイヤーを変更しました。"
    if (document.get("event") or {}).get("type") == "combat" and new["event"] == {}:
        message += "攻撃するのはアクティブ・プレイヤーのクリーチャーなので、戦闘は取り消しました(508.1)。"
    return _saved_or_refused(request, scenario, document, new, message)


def _refused(request: HttpRequest, scenario: Scenario | None, document: dict[str, Any],
             error: ScenarioError) -> HttpResponse:
    """An edit the engine refuses although every form field was fine (e.g. removing the last player)."""
    messages.error(request, f"できませんでした: {error.field}: {error.message}")
    if getattr(request, "htmx", None):
        context = _page_context(request, scenario=scenario, document=document)
        response = render(request, f"{TEMPLATE}#app", context, status=200)
        response["HX-Retarget"] = "#board-app"
        response["HX-Reswap"] = "outerHTML"
        return _vary(response)
    return redirect(_page_url(scenario))


@require_POST
def permanent_remove(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _changed(request, slug, lambda doc: documents.permanent_remove(document=doc, permanent_id=_posted_id(request)),
                    "パーマネントを取り除きました。")


@require_POST
def effect_add(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    kind = request.POST.get("type", "")
    if kind not in EFFECT_HELP:
        return HttpResponseBadRequest("効果の種類が正しくありません。".encode())
    form = EffectForm(request.POST, document=document, action=_urls(scenario)["effect_add"], effect_type=kind)
    return _form_saved(request, scenario, document, form, title=f"効果を追加: {dict(EFFECT_TYPE_CHOICES)[kind]}",
                       field_map=_EFFECT_FIELDS, message="効果を置きました。",
                       build=lambda f: documents.effect_add(document=document, effect=f.to_effect()))


@require_POST
def effect_remove(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _changed(request, slug, lambda doc: documents.effect_remove(document=doc, index=int(request.POST.get("index", ""))),
                    "効果を取り除きました。")


def _event_saved(request: HttpRequest, slug: str | None, kind: str) -> HttpResponse:
    """The damage event from its form (``kind``: "noncombat" or "combat")."""
    scenario, document = _base(slug)
    form_class, title, message = _EVENTS[kind]
    form = form_class(request.POST, document=document, action=_urls(scenario)[kind])
    return _form_saved(request, scenario, document, form, title=title, message=message,
                       build=lambda f: documents.event_set(document=document, event=f.to_event()))


@require_POST
def event_noncombat(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _event_saved(request, slug, "noncombat")


@require_POST
def event_combat(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _event_saved(request, slug, "combat")


@require_POST
def event_clear(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _changed(request, slug, lambda doc: documents.event_clear(document=doc), "ダメージのイベントを取り消しました。")


# --------------------------------------------------------------------------- assignment


def _assignment_form(request: HttpRequest, document: dict[str, Any], parsed: Any) -> AssignmentForm:
    """The posted assignment; ``fill`` replaces it with the default or the most damage, ``nudge`` steps one number."""
    rows = assignment.rows_of(document, parsed)
    data = request.POST.copy()
    fill = data.get("fill")
    if fill in ("default", "max"):
        tables = assignment.filled(document, parsed, rows, fill)
        for r, row in enumerate(rows):
            source = tables[row["key"]].get(row["id"], {})
            for k, recipient in enumerate(row["recipients"]):
                data[f"a_{r}_{k}"] = str(source.get(recipient["id"], 0))
    nudge = data.get("nudge", "")
    if ":" in nudge:
        name, _, step = nudge.partition(":")
        if name in {f"a_{r}_{k}" for r, row in enumerate(rows) for k in range(len(row["recipients"]))}:
            delta = 1 if step == "+1" else -1 if step == "-1" else 0
            try:
                value = int(data.get(name, "0") or 0)
            except ValueError:
                value = 0
            data[name] = str(max(0, min(999, value + delta)))
    return AssignmentForm(data, rows=_typed_rows(document, parsed, rows, data))


def _typed_rows(document: dict[str, Any], parsed: Any, rows: list[dict[str, Any]],
                data: QueryDict) -> list[dict[str, Any]]:
    """The rows on the board the typed first step leaves (the second step's gone marks, power and
    counts follow what is typed, not what is stored). A second-step row that gains recipients there
    gets the engine's default for them where nothing was posted."""
    if not any(row["step"] == 2 for row in rows):
        return rows
    typed = documents.assignment_set(document=document, tables=AssignmentForm(data, rows=rows).tables(raw=True))
    typed_parsed = assignment.parse_or_none(typed)
    if typed_parsed is None:
        return rows
    fresh = assignment.rows_of(typed, typed_parsed)
    if [(r["key"], r["id"]) for r in fresh] != [(r["key"], r["id"]) for r in rows]:
        return rows
    for r, row in enumerate(fresh):
        for k, recipient in enumerate(row["recipients"] if row["step"] == 2 else []):
            data.setdefault(f"a_{r}_{k}", str(recipient["initial"]))
    return fresh


@require_POST
def assignment_check(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Check an assignment without storing it (htmx: on every change; without JS: the 確認 button)."""
    scenario, document = _base(slug)
    parsed = _parsed(document)
    if parsed is None or (document.get("event") or {}).get("type") != "combat":
        return HttpResponseBadRequest("戦闘ではありません。".encode())
    form = _assignment_form(request, document, parsed)
    context = _page_context(request, scenario=scenario, document=document, assignment_form=form,
                            assignment_checked=True)
    if getattr(request, "htmx", None):
        if request.POST.get("fill") or request.POST.get("nudge"):
            return _vary(render(request, f"{TEMPLATE}#assignment", context))
        # the second step's rows follow the typed first step: their marks and counts (or the whole
        # row, when the creature leaves or stays on the battlefield) go out of band with the feedback
        context["assignment"]["oob"] = [
            {**row, "index": r, "reshaped": bool(row["recipients"]) != any(k.startswith(f"a_{r}_") for k in request.POST)}
            for r, row in enumerate(form.rows) if row["step"] == 2]
        response = render(request, f"{TEMPLATE}#assignment-feedback", context)
        response["HX-Retarget"] = "#assignment-feedback"
        response["HX-Reswap"] = "innerHTML"
        return _vary(response)
    return _render_page(request, context)


@require_POST
def assignment_save(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Store the assignment (legal or not: an illegal one resolves to the violations) or reset it."""
    scenario, document = _base(slug)
    parsed = _parsed(document)
    if parsed is None or (document.get("event") or {}).get("type") != "combat":
        return HttpResponseBadRequest("戦闘ではありません。".encode())
    if request.POST.get("reset"):
        new = documents.assignment_set(document=document)
        return _saved_or_refused(request, scenario, document, new, "割り振りを既定に戻しました。")
    form = _assignment_form(request, document, parsed)
    if form.is_valid():
        new = documents.assignment_set(document=document, tables=form.tables())
        try:
            return _saved(request, new, "割り振りを保存しました。", query="?stage=0" if request.POST.get("resolve") else "")
        except ScenarioError as error:
            form.add_error(None, f"{error.field}: {error.message}")
    context = _page_context(request, scenario=scenario, document=document, assignment_form=form,
                            assignment_checked=True)
    if getattr(request, "htmx", None):
        response = render(request, f"{TEMPLATE}#assignment", context)
        response["HX-Retarget"] = "#assignment"
        response["HX-Reswap"] = "outerHTML"
        return _vary(response)
    return _render_page(request, context, status=422)


# --------------------------------------------------------------------------- choices (616.1, 615.7)


@require_POST
def choices_save(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    _scenario, document = _base(slug)
    kind = request.POST.get("kind")
    try:
        if kind == "replacement_order":
            affected = request.POST["affected"]
            order = [item if item == "protection" else int(item)
                     for item in request.POST["order"].split(",") if item != ""]
            new = documents.choices_set(document=document, replacement_order={affected: order})
        elif kind == "shield_allocation":
            index = int(request.POST["effect"])
            division = {}
            for part in request.POST["allocation"].split(","):
                source, _, amount = part.rpartition(":")
                division[source] = int(amount)
            new = documents.choices_set(document=document, shield_allocation={str(index): division})
        else:
            return HttpResponseBadRequest("選択の種類が正しくありません。".encode())
        return _saved(request, new, "選択を記録しました。", query="?stage=all")
    except (KeyError, ValueError, ScenarioError):
        return HttpResponseBadRequest("選択が正しくありません。".encode())


@require_POST
def choices_clear(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    return _changed(request, slug, lambda doc: documents.choices_clear(document=doc), "選択を取り消しました。",
                    query="?stage=all")


# --------------------------------------------------------------------------- import / export / examples


@require_GET
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    scenario, _document = _base(slug)
    assert scenario is not None
    response = HttpResponse(services.scenario_export(scenario=scenario), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="scenario-{scenario.slug}.json"'
    return response


@require_http_methods(["GET", "POST"])
def import_json(request: HttpRequest) -> HttpResponse:
    """Paste or upload a scenario document (at most 200 KB); errors name the bad field, the text stays."""
    if request.method == "GET":
        return render(request, "board/import.html", {"nav": "board", "form": ImportForm()})
    form = ImportForm(request.POST, request.FILES)
    error = None
    if form.is_valid():
        text = form.cleaned_data.get("text") or ""
        upload = form.cleaned_data.get("file")
        if upload is not None:
            if upload.size > services.IMPORT_MAX_BYTES:
                error = services.ImportRefused(f"ファイルが大きすぎます({services.IMPORT_MAX_BYTES // 1024} KB まで)")
            else:
                try:
                    text = upload.read().decode("utf-8-sig")
                except UnicodeDecodeError:
                    error = services.ImportRefused("ファイルが UTF-8 のテキストではありません")
        if error is None:
            try:
                scenario = services.scenario_import(text=text)
            except services.ImportRefused as refused:
                error = refused
            else:
                messages.success(request, "シナリオを読み込みました。")
                return redirect(_page_url(scenario))
        form = ImportForm({"text": text})
        form.is_valid()
        where = f"{error.field}: " if error.field else ""
        form.add_error("text", f"読み込めませんでした。{where}{error.message}")
    return render(request, "board/import.html", {"nav": "board", "form": form}, status=422)


@require_GET
def examples(request: HttpRequest) -> HttpResponse:
    """The curated boards, grouped by the section of the paragraph they illustrate."""
    scenarios = selectors.scenario_list_curated()
    sections = selectors.rule_sections(numbers={s.illustrates for s in scenarios if s.illustrates})
    groups: dict[str, dict[str, Any]] = {}
    for s in scenarios:
        section = sections.get(s.illustrates) or section_of(s.illustrates or "")
        group = groups.setdefault(section, {"section": section, "items": []})
        group["items"].append({"scenario": s, "rule": rule_link(s.illustrates, sections)
                               if s.illustrates else None,
                               "example": s.example_position + 1 if s.example_position is not None else None})
    return render(request, "board/examples.html", {"nav": "board", "groups": list(groups.values())})
