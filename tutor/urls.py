"""URL map: one include per area; every page is a permalink."""

from django.contrib import admin
from django.urls import include, path

from tutor.views import pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("cr/", include("tutor.urls_reader")),
    path("board/", include("tutor.urls_board")),
    path("study/", include("tutor.urls_study")),
    path("accounts/", include("tutor.urls_accounts")),
    path("admin/", admin.site.urls),
]

handler400 = "tutor.errors.bad_request"
handler403 = "tutor.errors.permission_denied"
handler404 = "tutor.errors.not_found"
handler500 = "tutor.errors.server_error"
