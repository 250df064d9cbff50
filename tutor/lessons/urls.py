"""URLs of the course (``/lessons/…``)."""

from django.urls import path

from tutor.lessons import views

app_name = "lessons"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/predict/", views.predict, name="predict"),
    path("<slug:slug>/predict/clear/", views.predict_clear, name="predict_clear"),
]
