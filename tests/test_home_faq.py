"""「よくある質問」 on the home page (issue 26 item 3): ten questions, each a link to a curated board of
real cards opened at the stage that shows the answer, with the answer in one line."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import rules_core
from tutor.common.faq import QUESTIONS

pytestmark = pytest.mark.django_db

SOURCES = Path(__file__).resolve().parents[1] / "fixtures" / "curated_sources" / "s30_faq.json"
CARDS = Path(__file__).resolve().parents[1] / "fixtures" / "cards.json"


def _boards() -> dict[str, dict]:
    return {e["slug"]: e for e in json.loads(SOURCES.read_text(encoding="utf-8"))}


def test_the_home_page_lists_the_ten_questions_with_their_answers(client):
    page = client.get("/").content.decode()
    links = re.findall(r'<dt><a href="([^"]+)" id="faq-[^"]+">([^<]+)</a></dt>\s*<dd>([^<]+)</dd>', page)
    assert len(links) == len(QUESTIONS) == 10
    for (href, question, answer), q in zip(links, QUESTIONS, strict=True):
        assert html.unescape(href) == f"/board/s/{q.slug}/?stage={q.stage}#play"
        assert html.unescape(question) == q.question
        assert answer.endswith("。") and re.search(r"\(\d{3}\.\d+[a-z]?\)", answer), answer


def test_every_board_is_made_of_catalogue_cards_with_legal_blocks_and_the_cr_result():
    names = {f"《{c['fields']['ja_name']}》" for c in json.loads(CARDS.read_text(encoding="utf-8"))}
    boards = _boards()
    assert {q.slug for q in QUESTIONS} == set(boards)
    for board in boards.values():
        for permanent in board["document"]["permanents"]:
            assert permanent["name"] in names, permanent["name"]  # named in 《》 as on every board
        result = rules_core.resolve_document(board["document"])  # a refused block would raise here

        def within(part, whole):
            if isinstance(part, dict):
                return all(within(v, whole[k]) for k, v in part.items())
            return part == whole

        assert within(board["expect"], result["final"]), board["slug"]


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.slug)
def test_each_link_opens_its_board_at_the_stage_that_shows_the_rule_of_the_answer(client, question):
    response = client.get(question.url.split("#")[0])
    assert response.status_code == 200
    page = response.content.decode()
    rule = re.search(r"\((\d{3}\.\d+[a-z]?)\)", question.answer).group(1)
    current = re.search(r'<article class="stage[^"]*" id="stage-\d+".*?</article>', page, re.S)
    assert current, question.slug
    assert rule in current.group(0), (question.slug, rule)
