"""Predict, then reveal on a stored board: the form before resolving, Japanese field errors (never a
500), the session keeping the prediction, and the last stage marking each one right or wrong."""

import re

import pytest

from tutor.board.predicting import SESSION_KEY

pytestmark = pytest.mark.django_db

BOARD = "/board/s/cr-lesson-01/"
"""《二股の稲妻》: 1 damage to the opponent and 1 to their 《灰色熊》 (CR 120.3a, 120.3e)."""
HX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "play"}


def _text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_form_is_offered_before_resolving(client):
    html = client.get(BOARD).content.decode()
    assert 'id="form-prediction"' in html
    assert (
        "対戦相手のライフ" in html
        and "《灰色熊》は戦場を離れる" in html
        and "《灰色熊》が負うダメージ" in html
    )


def test_no_form_on_a_draft_or_the_empty_board(client):
    assert 'id="form-prediction"' not in client.get("/board/").content.decode()


def test_bad_input_comes_back_with_japanese_field_errors(client):
    response = client.post(BOARD + "predict/", {"life_1": "abc", "poison_1": "-1", "damage_0": "99999"})
    assert response.status_code == 422
    text = _text(response)
    assert "対戦相手のライフには整数を入力してください。" in text
    assert "対戦相手の毒カウンターは 0 以上の数にしてください。" in text
    assert "《灰色熊》が負うダメージは 999 以下の数にしてください。" in text
    assert SESSION_KEY not in client.session


def test_bad_input_with_htmx_swaps_play_only(client):
    response = client.post(BOARD + "predict/", {"life_1": "x"}, **HX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#play"
    assert "対戦相手のライフには整数を入力してください。" in _text(response)


def test_a_prediction_is_kept_and_judged_at_the_last_stage(client):
    response = client.post(BOARD + "predict/", {"life_1": "18", "damage_0": "1", "leaves_0": "on"})
    assert response.status_code == 302 and response["Location"] == BOARD + "?stage=1"
    assert "最後の段階で答え合わせ" in _text(client.get(BOARD + "?stage=1"))
    text = _text(client.get(BOARD + "?stage=all"))
    # CR 120.3a: the opponent loses 1 life (19); CR 120.3e, 704.5g: 1 damage on a 2/2 is not lethal.
    assert "3個中1個が当たり" in text
    assert "はずれ 対戦相手のライフ : 予想 18、実際は 19" in text
    assert "当たり 《灰色熊》が負うダメージ : 予想 1点" in text
    assert "はずれ 《灰色熊》は戦場を離れるか : 予想 戦場を離れる、実際は 戦場に残る" in text
    html = client.get(BOARD + "?stage=all").content.decode()
    assert 'href="/board/s/cr-lesson-01/?stage=4"' in html  # 120.4d: where life and damage change


def test_htmx_prediction_swaps_the_first_stage_in(client):
    response = client.post(BOARD + "predict/", {"life_1": "19"}, **HX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == BOARD + "?stage=1"
    assert "段階 1" in _text(response)


def test_the_form_keeps_the_last_prediction_and_clear_forgets_it(client):
    client.post(BOARD + "predict/", {"life_1": "17"})
    assert 'value="17"' in client.get(BOARD).content.decode()
    response = client.post(BOARD + "predict/clear/")
    assert response.status_code == 302
    assert 'value="17"' not in client.get(BOARD).content.decode()


def test_unknown_board_and_get_are_not_500(client):
    assert client.post("/board/s/crnosuchboard/predict/", {}).status_code == 404
    assert client.get(BOARD + "predict/").status_code in (303, 405)  # never a 500


def test_a_tampered_session_is_ignored(client):
    session = client.session
    session[SESSION_KEY] = {"cr-lesson-01": {"life": {"B": "lots"}}}
    session.save()
    assert client.get(BOARD + "?stage=all").status_code == 200
