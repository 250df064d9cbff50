"""URL map: one include per area; every page is a permalink."""

from django.contrib import admin
from django.urls import include, path

from tutor.accounts.views import login_limited
from tutor.common import views as pages
from tutor.embed import views as embed

urlpatterns = [
    path("", pages.home, name="home"),
    path("cr/former/", include("tutor.reader.era_urls")),
    path("cr/", include("tutor.reader.urls")),
    # embeddable boards, oEmbed and share-card previews (tutor.embed)
    path("board/s/<slug:slug>/preview.png", embed.board_preview, name="board_preview"),
    path("embed/", include("tutor.embed.urls")),
    path("oembed", embed.oembed, name="oembed"),
    path("board/", include("tutor.board.urls")),
    path("cards/", include("tutor.cards.urls")),
    path("study/", include("tutor.study.urls")),
    path("accounts/", include("tutor.accounts.urls")),
    # the admin's login shares the address's login budget (tutor.common.ratelimits.LOGIN_RATE)
    path("admin/login/", login_limited(admin.site.login)),
    path("admin/", admin.site.urls),
    path("lessons/", include("tutor.lessons.urls")),
    path("api/", include("tutor.api.urls")),
]

handler400 = "tutor.common.errors.bad_request"
handler403 = "tutor.common.errors.permission_denied"
handler404 = "tutor.common.errors.not_found"
handler500 = "tutor.common.errors.server_error"
