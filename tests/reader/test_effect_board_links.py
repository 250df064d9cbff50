"""Each kind of issue 11 has a curated board, linked 「盤面で試す」 from the paragraph it illustrates."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

LINKS = [
    # (reader page, paragraph, curated board): what the board shows
    ("/cr/122/", "122.1c", "cr122-1c"),  # shield counters (122.1c)
    ("/cr/614/", "614.9", "cr614-9"),  # redirection: Pariah (614.9)
    ("/cr/702.16/", "702.16j", "cr702-16j"),  # protection from everything (702.16j)
    ("/cr/615/", "615.5", "cr615-5-a"),  # prevention with an additional effect (615.5)
    ("/cr/701.19/", "701.19a", "cr701-19a"),  # regeneration (701.19a)
    ("/cr/701.19/", "701.19c", "cr701-19c"),  # can't be regenerated, a destroy event (701.19c)
    ("/cr/119/", "119.7", "cr119-7"),  # life total can't change (119.7)
    ("/cr/119/", "119.8", "cr119-8"),
    ("/cr/510/", "510.1a", "cr510-1a-doran"),  # Doran: combat damage by toughness (510.1a)
    ("/cr/510/", "510.1c", "cr510-1c-thorn"),  # Thorn Elemental: as though unblocked (510.1c)
    ("/cr/616/", "616.1", "cr616-1"),  # the order of Pariah and a prevention shield (616.1)
    ("/cr/616/", "616.1", "cr616-1-a"),  # the order of Torbran and a doubler (616.1)
    ("/cr/615/", "615.1a", "cr615-1a"),  # Gisela: prevent half (615.1a)
    ("/cr/615/", "615.1a", "cr615-1a-a"),  # Forcefield: prevent all but 1
    ("/cr/704/", "704.5a", "cr704-5a"),  # Phyrexian Unlife (704.5a)
]


@pytest.mark.parametrize(("url", "number", "slug"), LINKS)
def test_the_paragraph_links_its_curated_board(url, number, slug):
    response = Client().get(url)
    assert response.status_code == 200
    page = response.content.decode()
    start = page.index(f'id="cr-{number}"')
    article = page[start : page.index("</article>", start)]
    assert f'href="/board/s/{slug}/"' in article
    assert "盤面で試す" in article
    board = Client().get(f"/board/s/{slug}/?stage=all")
    assert board.status_code == 200
