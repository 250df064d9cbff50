"""The forms that add and edit the board's pieces: players and permanents."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import HTML, Div, Field, Fieldset, Layout
from django import forms

from rules_core.model import protection as pr
from rules_core.model.ja import subtype_ja
from tutor.board.forms.base import (
    COLOR_CHOICES,
    ERRORS,
    LIFE_MAX,
    PERMANENT_KEYWORD_CHOICES,
    SMALL_MAX,
    TYPE_CHOICES,
    BoardForm,
    _choice,
    _flag,
    _int,
    _multi,
    _printable,
    _text,
    more_disclosure,
)

QUALITY_CHOICES = [(q, pr.quality_ja(q)) for q in pr.QUALITIES]
"""CR 702.16a, j: the qualities a protection can name (colours, multicoloured, monocoloured, card types, everything)."""
PERMANENT_TYPES = ("creature", "planeswalker", "battle", "artifact", "enchantment")
PERMANENT_TYPE_CHOICES = [*TYPE_CHOICES, ("artifact", "アーティファクト"), ("enchantment", "エンチャント")]


def _protection_split(entries: Any) -> tuple[list[str], list[str], list[str]]:
    """A document's ``protection`` list as the form shows it: plain qualities, players, and the qualities
    (or ``player:<id>``) gained after blockers were declared (509.1h)."""
    plain: list[str] = []
    players: list[str] = []
    late: list[str] = []
    for entry in entries or []:
        if isinstance(entry, str):
            plain.append(entry)
            continue
        if not isinstance(entry, Mapping):
            continue
        if "subtype" in entry:  # read by _protection_kinds
            continue
        if "player" in entry:
            players.append(str(entry["player"]))
            quality = pr.player_quality(str(entry["player"]))
        else:
            quality = str(entry.get("from"))
            plain.append(quality)
        if entry.get("after_blocks"):
            late.append(quality)
    return plain, players, late


def _protection_kinds(entries: Any) -> list[str]:
    """The creature types of a ``protection`` list (702.16a: protection from Goblins is ``{"subtype": "Goblin"}``),
    in Japanese as the form shows them (ゴブリン)."""
    return [
        subtype_ja(str(entry["subtype"]))
        for entry in entries or []
        if isinstance(entry, Mapping) and "subtype" in entry
    ]


def _protection_join(
    plain: list[str], players: list[str], late: list[str], kinds: list[str] | None = None
) -> list[Any]:
    qualities = list(
        pr.sort_qualities(
            [*plain, *(pr.subtype_quality(k) for k in kinds or []), *(pr.player_quality(p) for p in players)]
        )
    )
    return pr.protection_doc(qualities, [q for q in late if q in qualities])


class BoardTitleForm(BoardForm):
    """The board's own name and a few words on what it shows (both optional)."""

    form_name = "title"

    title = _text("盤面の名前", required=False, max_length=200, help_text="例: トランプルと接死の練習")
    description = forms.CharField(
        label="説明",
        required=False,
        max_length=2000,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="この盤面で確かめたいこと。共有した相手にも表示されます。",
        error_messages={"max_length": "説明は%(limit_value)d文字以内にしてください。"},
    )


class PlayerForm(BoardForm):
    form_name = "player"

    name = _text("名前")
    life = _int("ライフ", lo=-LIFE_MAX, hi=LIFE_MAX, initial=20)
    poison = _int("毒カウンター", initial=0)
    protection = _multi(
        "プロテクション", QUALITY_CHOICES, help_text="702.16j。例: 《テフェリーの防御》は「すべて」"
    )
    protection_players = _multi(
        "プロテクション(プレイヤー)", [], help_text="そのプレイヤーがコントロールする発生源から(702.16k)"
    )
    protection_subtypes = _text(
        "プロテクション(クリーチャー・タイプ)",
        required=False,
        max_length=300,
        help_text="日本語か英語で。読点・カンマ・空白で区切る。例: ゴブリン(702.16a)",
    )
    left = _flag(
        "このプレイヤーはすでにゲームから抜けている(800.4a)",
        help_text="3人以上の対戦で、ダメージのイベントより前に敗北して抜けたプレイヤー。",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["protection_players"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = self.player_choices()

    def layout(self) -> Layout:
        return self._with_id(
            Layout(
                Div(Field("name"), css_class="row-1"),
                Div(
                    Div(Field("life"), css_class="col"),
                    Div(Field("poison"), css_class="col"),
                    css_class="row",
                ),
                Field("protection", css_class="checks"),
                Field("protection_players", css_class="checks"),
                "protection_subtypes",
                Field("left"),
                self.buttons(),
            )
        )

    def clean_name(self) -> str:
        return _printable(self.cleaned_data["name"], "名前")

    def clean_protection_subtypes(self) -> list[str]:
        raw = _printable(
            self.cleaned_data.get("protection_subtypes") or "", "プロテクション(クリーチャー・タイプ)"
        )
        items = [s for s in re.split(r"[\s,、，]+", raw) if s]
        if len(items) > 20 or any(len(item) > 64 for item in items):
            raise forms.ValidationError("クリーチャー・タイプは20個まで、1つ64文字までです。")
        return list(dict.fromkeys(items))

    def to_player(self) -> dict[str, Any]:
        data = self.cleaned_data
        doc = {"name": data["name"], "life": data["life"], "poison": data["poison"]}
        protection = _protection_join(
            list(data.get("protection") or []),
            list(data.get("protection_players") or []),
            [],
            list(data.get("protection_subtypes") or []),
        )
        if protection:
            doc["protection"] = protection
        if data.get("left"):
            doc["left"] = True
        return doc

    @classmethod
    def initial_from(cls, player: Mapping[str, Any]) -> dict[str, Any]:
        plain, players, _late = _protection_split(player.get("protection"))
        return {
            "name": player.get("name") or player.get("id"),
            "life": player.get("life", 20),
            "poison": player.get("poison", 0),
            "protection": plain,
            "protection_subtypes": "、".join(_protection_kinds(player.get("protection"))),
            "protection_players": players,
            "left": bool(player.get("left")),
        }


def _additional_initial(value: Any) -> int:
    """``additional_blocks`` as the form shows it: ``"any"`` (any number) as the largest count it takes."""
    if value == "any":
        return 1000
    return value if isinstance(value, int) else 0


class PermanentForm(BoardForm):
    """Creatures, planeswalkers, battles and creature planeswalkers: one form, fieldsets by type."""

    form_name = "permanent"

    name = _text("名前", help_text="カード名なら《》で囲むと読みやすくなります。例: 《灰色熊》")
    controller = _choice("コントローラー", [])
    types = forms.MultipleChoiceField(
        label="カード・タイプ",
        choices=PERMANENT_TYPE_CHOICES,
        required=True,
        widget=forms.CheckboxSelectMultiple,
        error_messages={**ERRORS, "required": "1つ以上選んでください。"},
    )
    power = _int("パワー", lo=-SMALL_MAX, required=False, initial=2)
    toughness = _int("タフネス", lo=-SMALL_MAX, required=False, initial=2)
    damage = _int("負っているダメージ", required=False)
    plus_counters = _int("+1/+1カウンター", required=False)
    minus_counters = _int("-1/-1カウンター", required=False)
    keywords = _multi(
        "キーワード能力",
        PERMANENT_KEYWORD_CHOICES,
        help_text="飛行・到達・威迫・防衛は、攻撃とブロックの指定で確かめます(702.9b、702.17b、702.111b、702.3b)",
    )
    toxic = _int("毒性", required=False, help_text="毒性N の N(702.164)。なければ 0")
    shield_counters = _int(
        "盾カウンター",
        required=False,
        hi=1_000_000,
        help_text="ダメージを受けるなら、そのダメージを軽減して1個取り除きます(122.1c)",
    )
    tapped = _flag("タップしている")
    ward = _text(
        "護法のコスト",
        required=False,
        max_length=40,
        help_text="護法を持つなら、そのコスト。例: {2}。対戦相手の呪文や能力の対象になると、そのコストが支払われない限り打ち消します(702.21a)",
    )
    protection = _multi(
        "プロテクション",
        QUALITY_CHOICES,
        help_text="選んだ性質を持つ発生源からのダメージは軽減されます(702.16e)",
    )
    protection_players = _multi(
        "プロテクション(プレイヤー)", [], help_text="そのプレイヤーがコントロールする発生源から(702.16k)"
    )
    protection_subtypes = _text(
        "プロテクション(クリーチャー・タイプ)",
        required=False,
        max_length=300,
        help_text="日本語か英語で。読点・カンマ・空白で区切る。例: ゴブリン(702.16a)",
    )
    token = _flag(
        "トークン", "カードでなくトークン(111.1)。《ゲトの裏切り者、カリタス》はトークンを追放しません"
    )
    protection_after_blocks = _multi(
        "ブロック・クリーチャー指定のあとで得たプロテクション",
        [],
        help_text="ブロックは取り消されません(509.1h)。上で選んだもののうち、あとから得たもの",
    )
    may_assign_as_though_unblocked = _flag(
        "ブロックされていないかのように戦闘ダメージを割り振ってもよい",
        "《茨の精霊》のような能力(510.1c)。ブロックされていても、すべてを攻撃先に割り振れます",
    )
    cant_block = _flag("ブロックできない", "《離反ダニ、スクレルヴ》のような能力(509.1b)")
    cant_be_blocked = _flag("ブロックされない", "《荒廃の工作員》のような能力(509.1b)")
    min_blockers = _int(
        "この数以上のクリーチャーでなければブロックされない",
        required=False,
        hi=1000,
        help_text="「N体以上のクリーチャーにしかブロックされない」の N(509.1b)。なければ 0。威迫はキーワード能力で選びます",
    )
    additional_blocks = _int(
        "追加でブロックできる攻撃クリーチャーの数",
        required=False,
        hi=1000,
        help_text="「追加でクリーチャー1体をブロックできる」なら 1(509.1a)。なければ 0",
    )
    colors = _multi("色", COLOR_CHOICES)
    subtypes = _text(
        "サブタイプ",
        required=False,
        max_length=300,
        help_text="日本語か英語で。読点・カンマ・空白で区切る。例: クレリック(Cleric と同じ)",
    )
    loyalty = _int("忠誠度", required=False, initial=3)
    defense = _int("守備値", required=False, initial=5)
    protector = _choice("守る者", [], required=False, help_text="バトルを守るプレイヤー(310.8)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("controller", self.player_choices())
        self.choices_set("protector", self.player_choices("(コントローラー)"))
        players = self.player_choices()
        for name, choices in (
            ("protection_players", players),
            (
                "protection_after_blocks",
                [
                    *QUALITY_CHOICES,
                    *((pr.player_quality(p), f"プレイヤー「{label}」") for p, label in players),
                ],
            ),
        ):
            field = self.fields[name]
            assert isinstance(field, forms.MultipleChoiceField)
            field.choices = choices

    def layout(self) -> Layout:
        return self._with_id(
            Layout(
                Fieldset("基本", "name", "controller", Field("types", css_class="js-types")),
                Fieldset(
                    "クリーチャー",
                    Div(
                        Div(Field("power"), css_class="col"),
                        Div(Field("toughness"), css_class="col"),
                        css_class="row",
                    ),
                    Div(
                        Div(Field("damage"), css_class="col"),
                        Div(Field("plus_counters"), css_class="col"),
                        Div(Field("minus_counters"), css_class="col"),
                        css_class="row",
                    ),
                    more_disclosure(
                        "may_assign_as_though_unblocked",
                        "cant_block",
                        "cant_be_blocked",
                        "min_blockers",
                        "additional_blocks",
                    ),
                    "may_assign_as_though_unblocked",
                    "cant_block",
                    "cant_be_blocked",
                    "min_blockers",
                    "additional_blocks",
                    HTML("</details>"),
                    css_class="js-for-type",
                    data_for_type="creature",
                ),
                Fieldset(
                    "プレインズウォーカー", "loyalty", css_class="js-for-type", data_for_type="planeswalker"
                ),
                Fieldset("バトル", "defense", "protector", css_class="js-for-type", data_for_type="battle"),
                Fieldset(
                    "特性と能力",
                    Field("keywords", css_class="checks"),
                    "toxic",
                    "shield_counters",
                    "ward",
                    Field("protection", css_class="checks"),
                    Field("colors", css_class="checks"),
                    more_disclosure(
                        "protection_players",
                        "protection_after_blocks",
                        "tapped",
                        "subtypes",
                        "protection_subtypes",
                    ),
                    Field("protection_players", css_class="checks"),
                    "protection_subtypes",
                    Field("protection_after_blocks", css_class="checks"),
                    "tapped",
                    "token",
                    "subtypes",
                    HTML("</details>"),
                ),
                self.buttons(),
            )
        )

    def clean_name(self) -> str:
        return _printable(self.cleaned_data["name"], "名前")

    def clean_ward(self) -> str:
        return _printable(self.cleaned_data.get("ward") or "", "護法のコスト")

    def clean_protection_subtypes(self) -> list[str]:
        return self._kinds("protection_subtypes", "プロテクション(クリーチャー・タイプ)")

    def clean_subtypes(self) -> list[str]:
        return self._kinds("subtypes", "サブタイプ")

    def _kinds(self, name: str, label: str) -> list[str]:
        raw = _printable(self.cleaned_data.get(name) or "", label)
        items = [s for s in re.split(r"[\s,、，]+", raw) if s]
        if len(items) > 20:
            raise forms.ValidationError("サブタイプは20個までです。")
        for item in items:
            if len(item) > 64:
                raise forms.ValidationError("サブタイプは1つ64文字までです。")
        return list(dict.fromkeys(items))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        types = data.get("types") or []
        if "creature" in types:
            for key in ("power", "toughness"):
                if data.get(key) is None and key not in self.errors:
                    self.add_error(key, "クリーチャーには必要です。数を入力してください(0でもかまいません)。")
        if "planeswalker" in types and data.get("loyalty") is None and "loyalty" not in self.errors:
            self.add_error("loyalty", "プレインズウォーカーには必要です。忠誠度の数を入力してください。")
        if "battle" in types and data.get("defense") is None and "defense" not in self.errors:
            self.add_error("defense", "バトルには必要です。守備値の数を入力してください。")
        if types and not set(types) & {"creature", "planeswalker", "battle"} and "types" not in self.errors:
            self.add_error(
                "types",
                "アーティファクトやエンチャントは、クリーチャー・プレインズウォーカー・バトルのどれかと一緒に選んでください。",
            )
        chosen = {
            *(data.get("protection") or []),
            *(pr.player_quality(p) for p in data.get("protection_players") or []),
        }
        stray = [q for q in data.get("protection_after_blocks") or [] if q not in chosen]
        if stray and "protection_after_blocks" not in self.errors:
            self.add_error("protection_after_blocks", "上のプロテクションで選んだものから選んでください。")
        for flag in ("may_assign_as_though_unblocked", "cant_block", "cant_be_blocked"):
            if data.get(flag) and "creature" not in types:
                self.add_error(
                    flag,
                    "クリーチャーだけが持てます。「カード・タイプ」でクリーチャーを選ぶか、このチェックを外してください。",
                )
        for count in ("min_blockers", "additional_blocks"):
            if data.get(count) and "creature" not in types:
                self.add_error(
                    count, "クリーチャーだけが持てます。0 にするか、クリーチャーを選んでください。"
                )
        return data

    def to_permanent(self) -> dict[str, Any]:
        data = self.cleaned_data
        types = [t for t in PERMANENT_TYPES if t in data["types"]]
        doc: dict[str, Any] = {"name": data["name"], "controller": data["controller"], "types": types}
        if "creature" in types:
            doc["power"] = data["power"]
            doc["toughness"] = data["toughness"]
        if "planeswalker" in types:
            doc["loyalty"] = data["loyalty"]
        if "battle" in types:
            doc["defense"] = data["defense"]
            if data.get("protector"):
                doc["protector"] = data["protector"]
        doc["damage"] = data.get("damage") or 0
        doc["counters"] = {"+1/+1": data.get("plus_counters") or 0, "-1/-1": data.get("minus_counters") or 0}
        if data.get("shield_counters"):
            doc["counters"]["shield"] = data["shield_counters"]
        if data.get("tapped"):
            doc["tapped"] = True
        if data.get("may_assign_as_though_unblocked"):
            doc["may_assign_as_though_unblocked"] = True
        if "creature" in types:
            for flag in ("cant_block", "cant_be_blocked"):
                if data.get(flag):
                    doc[flag] = True
            for count in ("min_blockers", "additional_blocks"):
                if data.get(count):
                    doc[count] = data[count]
        doc["keywords"] = list(data.get("keywords") or [])
        doc["toxic"] = data.get("toxic") or 0
        if data.get("ward"):
            doc["ward"] = data["ward"]
        doc["protection"] = _protection_join(
            list(data.get("protection") or []),
            list(data.get("protection_players") or []),
            list(data.get("protection_after_blocks") or []),
            list(data.get("protection_subtypes") or []),
        )
        if data.get("token"):
            doc["token"] = True
        doc["colors"] = list(data.get("colors") or [])
        doc["subtypes"] = data.get("subtypes") or []
        return doc

    @classmethod
    def initial_from(cls, permanent: Mapping[str, Any]) -> dict[str, Any]:
        counters = permanent.get("counters") or {}
        plain, players, late = _protection_split(permanent.get("protection"))
        return {
            "name": permanent.get("name") or permanent.get("id"),
            "controller": permanent.get("controller"),
            "types": list(permanent.get("types", [])),
            "power": permanent.get("power"),
            "toughness": permanent.get("toughness"),
            "damage": permanent.get("damage", 0),
            "plus_counters": counters.get("+1/+1", 0),
            "minus_counters": counters.get("-1/-1", 0),
            "keywords": list(permanent.get("keywords", [])),
            "toxic": permanent.get("toxic", 0),
            "ward": permanent.get("ward") or "",
            "protection": plain,
            "protection_players": players,
            "protection_after_blocks": late,
            "protection_subtypes": "、".join(_protection_kinds(permanent.get("protection"))),
            "token": bool(permanent.get("token")),
            "shield_counters": counters.get("shield", 0),
            "tapped": bool(permanent.get("tapped")),
            "may_assign_as_though_unblocked": bool(permanent.get("may_assign_as_though_unblocked")),
            "cant_block": bool(permanent.get("cant_block")),
            "cant_be_blocked": bool(permanent.get("cant_be_blocked")),
            "min_blockers": permanent.get("min_blockers") or 0,
            "additional_blocks": _additional_initial(permanent.get("additional_blocks")),
            "colors": list(permanent.get("colors", [])),
            "subtypes": "、".join(subtype_ja(str(t)) for t in permanent.get("subtypes", [])),
            "loyalty": permanent.get("loyalty"),
            "defense": permanent.get("defense"),
            "protector": permanent.get("protector") or "",
        }


# --------------------------------------------------------------------------- effects
# --------------------------------------------------------------------------- the event

# --------------------------------------------------------------------------- combat damage assignment

# --------------------------------------------------------------------------- import
