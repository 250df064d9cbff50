"""``/api/v1/``: the API's routes (ninja builds them from :mod:`tutor.api.endpoints`)."""

from django.urls import path

from tutor.api.endpoints import api

urlpatterns = [path("v1/", api.urls)]
