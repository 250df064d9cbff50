"""The board's forms and sentences for the keys of issue 23's team part: ``counter_multiplier``'s
``on_controlled_by`` (《倍増の季節》, CR 614.1a, 122.6) and ``prevent_from_color``'s chosen ``source``
(《赤の防御円》, CR 609.7a, 615.9)."""

import pytest

from rules_core import resolve_document
from tutor.models import Scenario
from tutor.results.effects import effect_describe
from tutor.results.names import Names

pytestmark = pytest.mark.django_db

BOARD = "/board/s/cr120-4-ex1/"  # attacker (A, lifelink, wither) blocked by blocker (B)
NAMES = Names(
    {
        "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}],
        "permanents": [{"id": "giant", "name": "丘巨人"}],
    }
)


@pytest.mark.parametrize(
    ("kind", "posted", "expected"),
    [
        (
            "counter_multiplier",
            {"factor": "2", "on_controlled_by": "B"},
            {"factor": 2, "on_controlled_by": "B"},
        ),
        (
            "prevent_from_color",
            {"color": "red", "to": "B", "next_only": "on", "source": "attacker"},
            {"color": "red", "to": "B", "next_only": True, "source": "attacker"},
        ),
    ],
)
def test_the_new_keys_are_placed_by_the_effect_form(client, kind, posted, expected):
    form = client.get(f"{BOARD}?add=effect&type={kind}").content.decode()
    assert 'id="form-effect"' in form
    response = client.post(f"{BOARD}effects/add/", {"type": kind, "name": "試しの効果", **posted})
    assert response.status_code == 302, response.content.decode()[:3000]
    effect = Scenario.objects.get(slug=response["Location"].split("/")[3]).document["effects"][-1]
    assert effect == {"type": kind, "name": "試しの効果", **expected}


def test_doubling_season_by_the_blockers_controller_doubles_the_wither_counters(client):
    """614.1a, 122.6: on this board A's wither attacker is blocked by B's creature; B's 《倍増の季節》 doubles."""
    response = client.post(
        f"{BOARD}effects/add/", {"type": "counter_multiplier", "factor": "2", "on_controlled_by": "B"}
    )
    slug = response["Location"].split("/")[3]
    board = Scenario.objects.get(slug=slug).document
    plain = resolve_document({**board, "effects": board["effects"][:-1]})["final"]["permanents"]["blocker"]
    doubled = resolve_document(board)["final"]["permanents"]["blocker"]
    assert doubled["counters"]["-1/-1"] == 2 * plain["counters"]["-1/-1"]


def test_an_unknown_player_for_whose_permanents_is_refused_in_japanese(client):
    response = client.post(
        f"{BOARD}effects/add/", {"type": "counter_multiplier", "factor": "2", "on_controlled_by": "Z"}
    )
    assert response.status_code == 422
    assert "選べない値です" in response.content.decode()


@pytest.mark.parametrize(
    ("effect", "sentence"),
    [
        (
            {"type": "counter_multiplier", "factor": 2, "on_controlled_by": "A"},
            "あなたがコントロールするパーマネントにカウンターを置くなら、代わりにその2倍の個数を置きます。",
        ),
        (
            {"type": "prevent_from_color", "color": "red", "to": "A", "next_only": True, "source": "giant"},
            "このターン、選ばれた発生源丘巨人が次にあなたに与えるダメージを、その時点で赤であれば軽減します。",
        ),
    ],
)
def test_the_sentences_say_whose_permanents_and_which_source(effect, sentence):
    assert effect_describe(effect, NAMES) == sentence
