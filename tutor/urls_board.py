"""URLs of the board area."""

app_name = "board"
urlpatterns: list = []
