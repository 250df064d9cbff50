"""URLs of the study area."""

app_name = "study"
urlpatterns: list = []
