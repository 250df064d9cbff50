"""Search that answers: ranked, kana-, width- and case-insensitive, every word required, the same on
SQLite and PostgreSQL (``scripts/with_postgres.sh`` runs this module on PostgreSQL)."""

import pytest

from tutor.reader import selectors

pytestmark = pytest.mark.django_db


def first(query: str, count: int = 1) -> list[tuple[str, str]]:
    return [(r.kind, r.number) for r in selectors.search(query=query).results[:count]]


@pytest.mark.parametrize("query", ["トランプル 2体", "トランプル 複数 ブロック", "とらんぷる　２体"])
def test_a_question_about_trample_and_two_blockers_finds_702_19b_first(query):
    assert first(query) == [("条文", "702.19b")]


@pytest.mark.parametrize(
    ("query", "rule"),
    [("飛行", "702.9"), ("威迫", "702.111"), ("呪禁", "702.11"), ("トランプル", "702.19"), ("Flying", "702.9"),
     ("ﾄﾗﾝﾌﾟﾙ", "702.19"), ("ＴＲＡＭＰＬＥ", "702.19"), ("再生", "701.19"), ("接死", "702.2")],
)  # fmt: skip
def test_a_keyword_finds_the_rule_that_defines_it_first_then_its_entry(query, rule):
    results = selectors.search(query=query).results
    assert (results[0].kind, results[0].number) == ("条文", rule)
    assert results[0].url.endswith(f"#cr-{rule}")
    assert results[1].kind == "用語"
    # the keyword's own paragraphs come before passing mentions elsewhere
    paragraphs = [r.number for r in results if r.kind in ("条文", "English") and r.number != rule]
    assert paragraphs and paragraphs[0].startswith(rule)


def test_several_words_are_all_required_and_close_ones_rank_first():
    results = selectors.search(query="攻撃 ブロック ダメージ").results
    assert results
    for result in results:
        assert all(word in result.source for word in ("攻撃", "ブロック", "ダメージ")) or result.kind in (
            "用語",
            "English",
        )
    assert selectors.search(query="トランプル 飛行機").total == 0


def test_the_same_answers_on_either_database():
    """Fixed answers (the first results of several queries), so that a run on SQLite and one on
    PostgreSQL both compare with the same list."""
    expected = {
        "トランプル 2体": [("条文", "702.19b")],
        "統率者": [("用語", "")],
        "120.4a": [("条文", "120.4a")],
        "ダメージ 軽減": [("条文", "615.6")],
    }
    for query, answer in expected.items():
        assert first(query, len(answer)) == answer, query
    counts = {
        q: selectors.search(query=q).total for q in ("熊", "trample", "ＸＸＸ存在しない", "盾カウンター")
    }
    assert (
        counts["ＸＸＸ存在しない"] == 0
        and counts["熊"] > 3
        and counts["trample"] > 10
        and counts["盾カウンター"] >= 3
    )
