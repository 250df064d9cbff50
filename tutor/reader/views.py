"""The CR reader: thin function views over ``tutor.reader.selectors``; htmx requests get partials."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from tutor.common.content_cache import cache_content_page
from tutor.common.htmx import HtmxHttpRequest, render_page, render_partial, vary
from tutor.reader import selectors
from tutor.reader.forms import SearchForm
from tutor.reader.text import is_rule_number

MAX_EN_PARAMS = 50
JUMP_LIST_FROM = 12
"""Sections with at least this many paragraphs get a list of their numbers to jump to."""


def _base_context(**extra: Any) -> dict[str, Any]:
    if "revisions" not in extra:
        extra["revisions"] = selectors.revisions_current()
    return {"nav": "cr", **extra}


def _english_choice(request: HtmxHttpRequest) -> bool | set[str]:
    if request.GET.get("lang") == "both":
        return True
    return {n for n in request.GET.getlist("en")[:MAX_EN_PARAMS] if is_rule_number(n)}


@cache_content_page
@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    edition = selectors.edition_get(language="ja")
    context = _base_context(
        chapters=selectors.chapter_list(),
        introduction=edition.introduction.splitlines() if edition else [],
        form=SearchForm(),
    )
    return render(request, "reader/index.html", context)


@cache_content_page
@require_safe
def section(request: HtmxHttpRequest, number: str) -> HttpResponse:
    """``/cr/120/`` shows a section; ``/cr/120.4a/`` redirects to its section at ``#cr-120.4a``."""
    if not is_rule_number(number):
        raise Http404("not a CR number")
    found = selectors.section_get(number=number)
    if found is None:
        holder = selectors.paragraph_locate(number=number)
        if holder is None:
            raise Http404("no such paragraph")
        query = request.GET.urlencode()
        url = reverse("reader:section", args=[holder]) + (f"?{query}" if query else "") + f"#cr-{number}"
        return HttpResponseRedirect(url)
    english = _english_choice(request)
    revisions = selectors.revisions_current()
    page = selectors.section_page(section=found, english=english, revisions=revisions)
    before, after = selectors.section_neighbours(section=found)
    parent = selectors.section_get(number=found.number.split(".")[0]) if "." in found.number else None
    section_url = reverse("reader:section", args=[found.number])
    for item in page.items:
        toggled = set(english) ^ {item.number} if isinstance(english, set) else set()
        query = urlencode([("en", n) for n in sorted(toggled)])
        item.toggle_url = f"{section_url}{'?' + query if query else ''}#{item.anchor}"
    context = _base_context(
        revisions=revisions,
        page=page,
        both=english is True,
        before=before,
        after=after,
        parent=parent,
        section_url=section_url,
        linker=SimpleLazyObject(selectors.link_context_build),  # only for text edited in the admin
        compare=request.GET.get("compare") == "1",
        jump_list_from=JUMP_LIST_FROM,
        defined_terms=selectors.terms_defined_by(number=found.number),
    )
    return render_page(request, "reader/section.html", context, partials=("cr-body",))


@require_safe
def paragraph(request: HtmxHttpRequest, number: str) -> HttpResponse:
    """One paragraph as a fragment (the per-paragraph language toggle); without htmx, a redirect."""
    if not is_rule_number(number):
        raise Http404("not a CR number")
    english = request.GET.get("lang") == "both"
    if not request.htmx:
        holder = selectors.paragraph_locate(number=number)
        if holder is None:
            raise Http404("no such paragraph")
        query = "?" + urlencode([("en", number)]) if english else ""
        return redirect(reverse("reader:section", args=[holder]) + query + f"#cr-{number}")
    item = selectors.paragraph_item(number=number, english=english)
    if item is None:
        raise Http404("no such paragraph")
    section_url = reverse("reader:section", args=[item.section_number])
    item.toggle_url = f"{section_url}{'' if english else '?' + urlencode([('en', number)])}#{item.anchor}"
    context = _base_context(item=item, both=False, linker=SimpleLazyObject(selectors.link_context_build))
    return render_partial(request, "reader/section.html", "paragraph", context)


@cache_content_page
@require_safe
def diff(request: HtmxHttpRequest, number: str) -> HttpResponse:
    found = selectors.section_get(number=number)
    if found is None:
        raise Http404("no such section")
    result = selectors.revision_diff(section=found)
    if result is None:
        raise Http404("this section has one revision only")
    old_label, new_label, rows = result
    context = _base_context(section=found, old_label=old_label, new_label=new_label, rows=rows)
    return render(request, "reader/diff.html", context)


SEARCH_CACHED_LENGTH = 40
"""Searches up to this many characters are cached (common words); longer ones are rendered each time,
so that arbitrary queries cannot fill the cache."""


@require_safe
def search(request: HtmxHttpRequest) -> HttpResponse:
    """Search the CR text; short queries come from the content cache."""
    if len(request.GET.get("q", "")) <= SEARCH_CACHED_LENGTH:
        return _search_cached(request)
    return _search(request)


def _search(request: HtmxHttpRequest) -> HttpResponse:
    form = SearchForm(request.GET or None)
    results = None
    if form.is_bound and form.is_valid():
        results = selectors.search(query=form.cleaned_data["q"])
    context = _base_context(form=form, results=results)
    return render_page(request, "reader/search.html", context, partials=("search-results",))


_search_cached = cache_content_page(_search)


@cache_content_page
@require_safe
def glossary(request: HtmxHttpRequest) -> HttpResponse:
    context = _base_context(
        groups=selectors.term_groups(), linker=SimpleLazyObject(selectors.link_context_build)
    )
    return render(request, "reader/glossary.html", context)


@cache_content_page
@require_safe
def term(request: HtmxHttpRequest, name: str) -> HttpResponse:
    found = selectors.term_get(name=name)
    if found is None:
        raise Http404("no such term")
    if found.name_ja != name:
        return redirect("reader:term", found.name_ja)
    popover = bool(request.htmx)
    senses = selectors.term_senses(term=found)
    context = _base_context(
        term=found,
        senses=senses,
        # the popover stays a definition; the page also says where the term is at work
        related=None if popover else selectors.term_related(senses=senses),
        linker=selectors.link_context_build(),
        popover=popover,
    )
    if popover:
        return render_partial(request, "reader/term.html", "term", context)
    return vary(render(request, "reader/term.html", context))


@cache_content_page
@require_safe
def cards(request: HtmxHttpRequest) -> HttpResponse:
    """The reader's old card list: the catalogue (``/cards/``) has every card now."""
    return redirect("cards:index", permanent=True)


@cache_content_page
@require_safe
def card(request: HtmxHttpRequest, name: str) -> HttpResponse:
    """A card by its Japanese name: the popover with htmx, otherwise the catalogue's card page."""
    found = selectors.card_get(name=name)
    if found is None:
        raise Http404("no such card")
    if not request.htmx:
        return vary(redirect("cards:detail", found.slug))
    context = _base_context(card=found, mentions=selectors.card_mentions(card=found), popover=True)
    return render_partial(request, "reader/card.html", "card", context)
