"""URLs of the reader area (``/cr/…``). Fixed words first; a CR number last (validated in the view)."""

from django.urls import path

from tutor.reader import views as reader

app_name = "reader"
urlpatterns = [
    path("", reader.index, name="index"),
    path("search/", reader.search, name="search"),
    path("glossary/", reader.glossary, name="glossary"),
    path("glossary/<str:name>/", reader.term, name="term"),
    path("cards/", reader.cards, name="cards"),
    path("cards/<str:name>/", reader.card, name="card"),
    path("<str:number>/", reader.section, name="section"),
    path("<str:number>/paragraph/", reader.paragraph, name="paragraph"),
    path("<str:number>/diff/", reader.diff, name="diff"),
]
