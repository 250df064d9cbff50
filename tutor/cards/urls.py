"""URLs of the card catalogue (``/cards/…``)."""

from django.urls import path

from tutor.cards import views

app_name = "cards"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/place/", views.place, name="place"),
]
