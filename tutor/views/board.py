"""The interactive board: thin function views over services (edits), selectors (reads) and presenters.

State lives in the URL: ``/board/`` is an empty board, ``/board/s/<slug>/`` a stored one. Every edit
is a POST that builds a new scenario document, stores it (same content → same slug) and redirects to
its permalink (with htmx: the board is swapped in place and the new URL pushed). Query parameters
only choose what to show (``?add=creature``, ``?edit=<id>``, ``?stage=3``), never what the board is.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_core import (
    ScenarioError,
    check_assignment,
    count_assignments,
    default_assignment,
    max_damage_assignment,
    parse_scenario,
    resolve_document,
)
from tutor import presenters, selectors, services
from tutor.forms import (
    EFFECT_HELP,
    EFFECT_TYPE_CHOICES,
    PERMANENT_KIND_JA,
    PERMANENT_KINDS,
    AssignmentForm,
    CombatForm,
    EffectForm,
    ImportForm,
    NoncombatForm,
    PermanentForm,
    PlayerForm,
)
from tutor.models import Scenario

TEMPLATE = "board/board.html"
PARTIALS = {"board-app": "app", "editor": "editor", "play": "play"}


# --------------------------------------------------------------------------- helpers


def _base(slug: str | None) -> tuple[Scenario | None, dict[str, Any]]:
    """The stored scenario and its document, or the starter board for ``/board/``."""
    if slug is None:
        return None, copy.deepcopy(services.STARTER_DOCUMENT)
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
    if services.document_is_draft(document):
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


def _effective_assignment(document: Mapping[str, Any], parsed: Any) -> tuple[dict, dict]:
    """The assignment as stored, completed with the engine's default for creatures without one."""
    event = document.get("event") or {}
    if event.get("type") != "combat" or parsed is None:
        return {}, {}
    defaults = default_assignment(parsed)
    assignments = {**(defaults.get("assignments") or {}), **(event.get("assignments") or {})}
    blockers = {**(defaults.get("blocker_assignments") or {}), **(event.get("blocker_assignments") or {})}
    return assignments, blockers


def _assignment_rows(document: Mapping[str, Any], parsed: Any,
                     values: tuple[dict, dict] | None = None) -> list[dict[str, Any]]:
    """One row per attacker (and per blocker that blocks several attackers) with its recipients."""
    event = document.get("event") or {}
    if event.get("type") != "combat" or parsed is None:
        return []
    names = presenters.Names(document)
    permanents = {p["id"]: p for p in document.get("permanents", [])}
    assignments, blocker_assignments = values or _effective_assignment(document, parsed)
    rows = []
    blocking: dict[str, list[str]] = {}
    for attack in event.get("attacks", []):
        attacker = attack["attacker"]
        me = permanents.get(attacker, {})
        keywords = set(me.get("keywords", []))
        tramples = bool(keywords & {"trample", "trample_over_planeswalkers"})
        blockers = list(attack.get("blockers", []))
        for b in blockers:
            blocking.setdefault(b, []).append(attacker)
        if blockers:
            recipients = [*blockers, attack["defender"]]
        elif attack.get("blocked"):
            recipients = [attack["defender"]] if tramples else []
        else:
            recipients = [attack["defender"]]
        defender = permanents.get(attack["defender"])
        if defender and "trample_over_planeswalkers" in keywords and "planeswalker" in defender.get("types", []):
            recipients.append(defender["controller"])
        if not recipients:
            continue
        current = assignments.get(attacker, {})
        count = None
        power = _power(me)
        try:
            count = _count_text(count_assignments(parsed, attacker))
        except (ValueError, KeyError):
            count = None
        rows.append({
            "role": "attacker", "id": attacker, "label": names(attacker), "power": power,
            "tramples": tramples, "count": count,
            "recipients": [{"id": r, "label": names(r), "initial": current.get(r, 0),
                            "is_blocker": r in blockers} for r in recipients],
        })
    for blocker, attackers in blocking.items():
        if len(attackers) < 2:
            continue
        current = blocker_assignments.get(blocker, {})
        rows.append({
            "role": "blocker", "id": blocker, "label": names(blocker), "power": _power(permanents.get(blocker, {})),
            "tramples": False, "count": None,
            "recipients": [{"id": a, "label": names(a), "initial": current.get(a, 0), "is_blocker": False}
                           for a in attackers],
        })
    return rows


def _count_text(count: int) -> str:
    """「12」, or 「10の15乗以上」 for counts too long to read."""
    return f"{count:,}" if count < 10**15 else "10の15乗以上"


def _power(permanent: Mapping[str, Any]) -> int:
    counters = permanent.get("counters") or {}
    return (permanent.get("power") or 0) + counters.get("+1/+1", 0) - counters.get("-1/-1", 0)


def _assignment_context(document: Mapping[str, Any], parsed: Any, *, form: AssignmentForm | None = None,
                        checked: bool = False, sections: Mapping[str, str] | None = None) -> dict[str, Any] | None:
    rows = _assignment_rows(document, parsed)
    if not rows:
        return None
    if form is None:
        form = AssignmentForm(rows=rows)
    violations = []
    if checked or form.is_bound:
        candidate = _with_assignment(document, form)
        violations = _violations(candidate, sections)
    else:
        violations = _violations(document, sections)
    for row in form.rows:
        for recipient in row["recipients"]:
            recipient["bf"] = form[recipient["field"]]
    explicit = bool((document.get("event") or {}).get("assignments") or
                    (document.get("event") or {}).get("blocker_assignments"))
    return {"form": form, "rows": form.rows, "violations": violations, "explicit": explicit,
            "legal": not violations, "checked": checked or form.is_bound}


def _with_assignment(document: Mapping[str, Any], form: AssignmentForm) -> dict[str, Any]:
    return services.assignment_set(document=document, assignments=form.raw_table("attacker"),
                                   blocker_assignments=form.raw_table("blocker"))


def _violations(document: Mapping[str, Any], sections: Mapping[str, str] | None) -> list[dict[str, Any]]:
    try:
        parsed = parse_scenario(document)
    except ScenarioError as error:
        return [{"message": f"{error.field}: {error.message}", "rule": None}]
    return [{"message": v.message, "rule": presenters.rule_link(v.rule, sections) if v.rule else None}
            for v in check_assignment(parsed)]


# --------------------------------------------------------------------------- the page


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
    if event == "noncombat":
        form = NoncombatForm(document=document, action=urls["noncombat"], initial=NoncombatForm.initial_from(document))
        return {"mode": "form", "title": "呪文・能力によるダメージ(120.2b)", "form": form}
    if event == "combat":
        form = CombatForm(document=document, action=urls["combat"], initial=CombatForm.initial_from(document))
        return {"mode": "form", "title": "戦闘(攻撃とブロック)", "form": form}
    return {"mode": "menu"}


def _page_context(request: HttpRequest, *, scenario: Scenario | None, document: dict[str, Any],
                  editor: dict[str, Any] | None = None, assignment_form: AssignmentForm | None = None,
                  assignment_checked: bool = False, params: QueryDict | None = None) -> dict[str, Any]:
    """Everything the board page shows. ``params`` (default: the query string) chooses the editor panel
    and the stage; the document alone decides the board."""
    urls = _urls(scenario)
    parsed = _parsed(document)
    draft = services.document_is_draft(document)
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
        resolution = presenters.resolution_present(document, result, sections=sections)
        if resolution["count"]:
            stage_index = -1 if stage_param == "all" else min(int(stage_param), resolution["count"] - 1)
    else:
        sections = {}

    if result is not None and stage_index is not None:
        amounts = presenters.stage_amounts(result, stage_index)
    else:
        amounts = None
    if amounts is None:
        amounts = _declared_amounts(document, parsed)
    table = presenters.table_present(document, result=result if stage_index is not None else None,
                                     stage=stage_index, amounts=amounts)
    final_effects = (result or {}).get("final", {}).get("effects") if stage_index == -1 or (
        resolution and stage_index is not None and stage_index == resolution["count"] - 1) else None
    table["effects"] = presenters.effects_present(document, final_effects=final_effects, shields=table["shields"],
                                                  sections=sections)

    current = None
    if resolution and stage_index is not None and resolution["stages"]:
        current = resolution["stages"][stage_index] if stage_index >= 0 else None
    stage_nav = presenters.stage_navigation(resolution["count"], stage_index) if resolution else None
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
        choices = services.choices_compare(document=document, assignment=_effective_assignment(document, parsed))
        for decision in choices:
            decision["rule_link"] = presenters.rule_link(decision["rule"], sections)

    illustrates = None
    if scenario is not None and scenario.illustrates:
        illustrates = presenters.rule_link(scenario.illustrates,
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
        "event_lines": presenters.event_describe(document),
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


def _declared_amounts(document: Mapping[str, Any], parsed: Any) -> dict[tuple[str, str], int]:
    event = document.get("event") or {}
    if event.get("type") == "combat" and parsed is not None:
        return presenters.assignment_amounts(*_effective_assignment(document, parsed))
    if event.get("type") == "noncombat":
        key = presenters.source_key(event.get("source"))
        return {(key, d["to"]): d["amount"] for d in event.get("damage", [])}
    return {}


def _pieces(document: Mapping[str, Any]) -> dict[str, Any]:
    names = presenters.Names(document)
    players = [{"id": p["id"], "name": names(p["id"]), "life": p.get("life", 20), "poison": p.get("poison", 0),
                "active": p["id"] == document.get("active_player")} for p in document.get("players", [])]
    permanents = []
    for p in document.get("permanents", []):
        size = f"{_power(p)}/{_power({**p, 'power': p.get('toughness')})}" if "creature" in p.get("types", []) else ""
        extra = []
        if "planeswalker" in p.get("types", []):
            extra.append(f"忠誠度{p.get('loyalty')}")
        if "battle" in p.get("types", []):
            extra.append(f"守備値{p.get('defense')}")
        permanents.append({"id": p["id"], "name": names(p["id"]), "controller": names(p.get("controller")),
                           "size": size, "extra": "・".join(extra),
                           "types": "・".join(presenters.TYPE_JA.get(t, t) for t in p.get("types", [])),
                           "keywords": "・".join(presenters.keywords_ja(p))})
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


def _posted_id(request: HttpRequest) -> str:
    ident = request.POST.get("id", "")
    if not ident or len(ident) > 64:
        raise Http404("no such piece")
    return ident


@require_POST
def player_add(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    urls = _urls(scenario)
    form = PlayerForm(request.POST, document=document, action=urls["player_add"])
    if form.is_valid():
        try:
            return _saved(request, services.player_put(document=document, data=form.to_player()),
                          f"{form.cleaned_data['name']}を追加しました。")
        except ScenarioError as error:
            _scenario_error(form, error, _PLAYER_FIELDS)
    return _form_error(request, scenario=scenario, document=document,
                       editor={"mode": "form", "title": "プレイヤーを追加", "form": form})


@require_POST
def player_edit(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    ident = _posted_id(request)
    if not any(p["id"] == ident for p in document.get("players", [])):
        raise Http404("no such player")
    urls = _urls(scenario)
    form = PlayerForm(request.POST, document=document, action=urls["player_edit"], edit_id=ident)
    if form.is_valid():
        try:
            return _saved(request, services.player_put(document=document, data=form.to_player(), player_id=ident),
                          f"{form.cleaned_data['name']}を変更しました。")
        except ScenarioError as error:
            _scenario_error(form, error, _PLAYER_FIELDS)
    return _form_error(request, scenario=scenario, document=document,
                       editor={"mode": "form", "title": "プレイヤーを編集", "form": form, "edit_id": ident})


@require_POST
def player_remove(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    ident = _posted_id(request)
    try:
        new = services.player_remove(document=document, player_id=ident)
    except KeyError:
        raise Http404("no such player") from None
    return _saved_or_refused(request, scenario, document, new, "プレイヤーを取り除きました。")


@require_POST
def active_set(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    ident = _posted_id(request)
    if not any(p["id"] == ident for p in document.get("players", [])):
        raise Http404("no such player")
    new = services.active_player_set(document=document, player_id=ident)
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
def permanent_add(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    urls = _urls(scenario)
    form = PermanentForm(request.POST, document=document, action=urls["permanent_add"])
    if form.is_valid():
        try:
            return _saved(request, services.permanent_put(document=document, data=form.to_permanent()),
                          f"{form.cleaned_data['name']}を置きました。")
        except ScenarioError as error:
            _scenario_error(form, error, _PERMANENT_FIELDS)
    return _form_error(request, scenario=scenario, document=document,
                       editor={"mode": "form", "title": "パーマネントを追加", "form": form})


@require_POST
def permanent_edit(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    ident = _posted_id(request)
    if not any(p["id"] == ident for p in document.get("permanents", [])):
        raise Http404("no such permanent")
    urls = _urls(scenario)
    form = PermanentForm(request.POST, document=document, action=urls["permanent_edit"], edit_id=ident)
    if form.is_valid():
        try:
            new = services.permanent_put(document=document, data=form.to_permanent(), permanent_id=ident)
            return _saved(request, new, f"{form.cleaned_data['name']}を変更しました。")
        except ScenarioError as error:
            _scenario_error(form, error, _PERMANENT_FIELDS)
    return _form_error(request, scenario=scenario, document=document,
                       editor={"mode": "form", "title": "パーマネントを編集", "form": form, "edit_id": ident})


@require_POST
def permanent_remove(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    ident = _posted_id(request)
    try:
        new = services.permanent_remove(document=document, permanent_id=ident)
    except KeyError:
        raise Http404("no such permanent") from None
    return _saved_or_refused(request, scenario, document, new, "パーマネントを取り除きました。")


@require_POST
def effect_add(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    kind = request.POST.get("type", "")
    if kind not in EFFECT_HELP:
        return HttpResponseBadRequest("効果の種類が正しくありません。".encode())
    urls = _urls(scenario)
    form = EffectForm(request.POST, document=document, action=urls["effect_add"], effect_type=kind)
    if form.is_valid():
        try:
            return _saved(request, services.effect_add(document=document, effect=form.to_effect()), "効果を置きました。")
        except ScenarioError as error:
            _scenario_error(form, error, {".to": "to", ".amount": "amount", ".source": "source", ".player": "player",
                                          ".factor": "factor", ".on": "on", ".floor": "floor"})
    return _form_error(request, scenario=scenario, document=document,
                       editor={"mode": "form", "title": f"効果を追加: {dict(EFFECT_TYPE_CHOICES)[kind]}",
                               "form": form})


@require_POST
def effect_remove(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    try:
        index = int(request.POST.get("index", ""))
        new = services.effect_remove(document=document, index=index)
    except (ValueError, KeyError):
        raise Http404("no such effect") from None
    return _saved_or_refused(request, scenario, document, new, "効果を取り除きました。")


@require_POST
def event_noncombat(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    urls = _urls(scenario)
    form = NoncombatForm(request.POST, document=document, action=urls["noncombat"])
    if form.is_valid():
        try:
            return _saved(request, services.event_set(document=document, event=form.to_event()),
                          "ダメージのイベントを決めました。")
        except ScenarioError as error:
            _scenario_error(form, error)
    return _form_error(request, scenario=scenario, document=document,
                       editor={"mode": "form", "title": "呪文・能力によるダメージ(120.2b)", "form": form})


@require_POST
def event_combat(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    urls = _urls(scenario)
    form = CombatForm(request.POST, document=document, action=urls["combat"])
    if form.is_valid():
        try:
            return _saved(request, services.event_set(document=document, event=form.to_event()),
                          "攻撃とブロックを決めました。")
        except ScenarioError as error:
            _scenario_error(form, error)
    return _form_error(request, scenario=scenario, document=document,
                       editor={"mode": "form", "title": "戦闘(攻撃とブロック)", "form": form})


@require_POST
def event_clear(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    return _saved_or_refused(request, scenario, document, services.event_clear(document=document),
                             "ダメージのイベントを取り消しました。")


# --------------------------------------------------------------------------- assignment


def _assignment_form(request: HttpRequest, document: dict[str, Any], parsed: Any) -> AssignmentForm:
    """The posted assignment; ``fill`` replaces it with the default or the most damage, ``nudge`` steps one number."""
    rows = _assignment_rows(document, parsed)
    data = request.POST.copy()
    fill = data.get("fill")
    if fill in ("default", "max"):
        assignments, blockers = _effective_assignment(services.assignment_set(
            document=document, assignments=None, blocker_assignments=None), parsed)
        for r, row in enumerate(rows):
            source = (assignments if row["role"] == "attacker" else blockers).get(row["id"], {})
            if fill == "max" and row["role"] == "attacker":
                with contextlib.suppress(ValueError, KeyError):
                    source = max_damage_assignment(parsed, row["id"])
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
    return AssignmentForm(data, rows=rows)


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
        whole = bool(request.POST.get("fill") or request.POST.get("nudge"))
        response = render(request, f"{TEMPLATE}#{'assignment' if whole else 'assignment-feedback'}", context)
        if not whole:
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
        new = services.assignment_set(document=document, assignments=None, blocker_assignments=None)
        return _saved_or_refused(request, scenario, document, new, "割り振りを既定に戻しました。")
    form = _assignment_form(request, document, parsed)
    if form.is_valid():
        new = services.assignment_set(document=document, assignments=form.table("attacker"),
                                      blocker_assignments=form.table("blocker"))
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
            new = services.choices_set(document=document, replacement_order={affected: order})
        elif kind == "shield_allocation":
            index = int(request.POST["effect"])
            division = {}
            for part in request.POST["allocation"].split(","):
                source, _, amount = part.rpartition(":")
                division[source] = int(amount)
            new = services.choices_set(document=document, shield_allocation={str(index): division})
        else:
            return HttpResponseBadRequest("選択の種類が正しくありません。".encode())
        return _saved(request, new, "選択を記録しました。", query="?stage=all")
    except (KeyError, ValueError, ScenarioError):
        return HttpResponseBadRequest("選択が正しくありません。".encode())


@require_POST
def choices_clear(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    scenario, document = _base(slug)
    return _saved_or_refused(request, scenario, document, services.choices_clear(document=document),
                             "選択を取り消しました。", query="?stage=all")


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
        section = sections.get(s.illustrates) or presenters.section_of(s.illustrates or "")
        group = groups.setdefault(section, {"section": section, "items": []})
        group["items"].append({"scenario": s, "rule": presenters.rule_link(s.illustrates, sections)
                               if s.illustrates else None,
                               "example": s.example_position + 1 if s.example_position is not None else None})
    return render(request, "board/examples.html", {"nav": "board", "groups": list(groups.values())})
