"""A board as JSON: export a stored one, import one pasted or uploaded (at most 200 KB)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from tutor.board import services
from tutor.board.forms.io import ImportForm
from tutor.board.views.flow import board_load, page_url
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


@require_safe
def export_json(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    board = board_load(slug)
    assert board.scenario is not None
    response = HttpResponse(
        services.scenario_export(scenario=board.scenario), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="scenario-{board.scenario.slug}.json"'
    return response


@board_write_limit
@require_http_methods(["GET", "HEAD", "POST"])
def import_json(request: HtmxHttpRequest) -> HttpResponse:
    """Paste or upload a scenario document; errors name the bad field, and the text stays."""
    if request.method in ("GET", "HEAD"):
        return render(request, "board/import.html", {"nav": "board", "form": ImportForm()})
    form = ImportForm(request.POST, request.FILES)
    error = None
    if form.is_valid():
        text = form.cleaned_data.get("text") or ""
        upload = form.cleaned_data.get("file")
        if upload is not None:
            if upload.size > services.IMPORT_MAX_BYTES:
                error = services.ImportRefused(
                    f"ファイルが大きすぎます({services.IMPORT_MAX_BYTES // 1024} KB まで)"
                )
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
                return redirect(page_url(scenario))
        form = ImportForm({"text": text})
        form.is_valid()
        where = f"{error.field}: " if error.field else ""
        form.add_error("text", f"読み込めませんでした。{where}{error.message}")
    return render(request, "board/import.html", {"nav": "board", "form": form}, status=422)
