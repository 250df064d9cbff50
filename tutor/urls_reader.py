"""URLs of the reader area."""

app_name = "reader"
urlpatterns: list = []
