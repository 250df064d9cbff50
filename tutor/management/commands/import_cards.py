"""Build ``fixtures/cards.json``, the card catalogue (a maintainer task; the app never reads the sources).

``manage.py import_cards --source ../shared --output fixtures`` reads ``cards/cards.json`` (the cards
the rules text names), ``cards/catalogue.json`` (damage-relevant cards from Forge scripts) and
``cards/jpnames.json`` (official Japanese names), plus the cards we added ourselves
(``fixtures/card_sources/extra_cards.json``, each checked the same way) and our encodings for the
engine (``_card_engine.py``), and writes one record per card, sorted by its URL name, so the same
sources give a byte-identical file. ``--check`` compares instead of writing (exit status 1 when
stale). Every encoding is parsed and resolved by the engine before anything is written.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

import rules_core
from tutor.cards.keywords import KEYWORD_JA, keyword_ja
from tutor.cards.placement import scenario_of
from tutor.management.commands._card_engine import BEAR_B, CLASSIFICATION, ENGINE, GIANT_B
from tutor.management.commands._cr_notes import CARD_ALIASES, CARD_REMARKS
from tutor.management.commands._fixture_files import dump, is_current, write

PROJECT = Path(__file__).resolve().parents[3]
EXTRA_CARDS = PROJECT / "fixtures" / "card_sources" / "extra_cards.json"
OLD_SNAPSHOT = "018fe1145c82948b6fe4393b45363f88e3822ab1"
"""The older Forge snapshot whose wording the catalogue's README says can lag today's Oracle."""

NOT_RECHECKED = {
    "Ravenous Baloth",
    "Goblin Sledder",
    "Grizzly Bears",
    "Circle of Protection: Red",
    "Shining Shoal",
    "Flame Spill",
}
"""cards.json's Oracle texts taken from older Forge scripts and not re-checked (its README)."""

CURRENT_ORACLE = {
    "Doubling Season": (
        "If an effect would create one or more tokens under your control, it creates twice that many of those "
        "tokens instead.\nIf an effect would put one or more counters on a permanent you control, it puts twice "
        "that many of those counters on that permanent instead."
    ),
    "Llanowar Elves": "{T}: Add {G}.",
    "Rusted Sentinel": "This creature enters tapped.",
    "Seal of Fire": "Sacrifice this enchantment: It deals 2 damage to any target.",
}
"""Today's Oracle wording where the sources have none (cards.json ``null``) or only an outdated one ("Add {G}
to your mana pool", "target creature or player", a card naming itself): the Oracle's own words, so no note."""

OLDER_WORDING_NOTE = (
    "この英語の文章は、カード・データ（Forge）の古い版から取ったもので、現在のオラクルより古い書き方"
    "（カード名で自分を指す、「enters the battlefield」など）の可能性があります。"
)
REMARKS = {
    **CARD_REMARKS,
    "エルフの再生家": "日本語名は英日のカード名対応表で確認しました。CR 510.1c の例では《エルフの再生<》と崩れた表記になっています。",
    "赤の防御円": "《防御円》はサイクル全体の呼び名です。CR の《防御円》はこのカード（Circle of Protection: Red）につないでいます。",
}

CARD_TYPES = {
    "Legendary",
    "Basic",
    "Snow",
    "Artifact",
    "Creature",
    "Enchantment",
    "Instant",
    "Sorcery",
    "Land",
    "Planeswalker",
    "Battle",
    "Kindred",
    "Tribal",
}
COLOR_OF = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
WUBRG = ["white", "blue", "black", "red", "green"]
ENGINE_KEYWORDS = {
    "Deathtouch": "deathtouch", "Double Strike": "double_strike", "First Strike": "first_strike",
    "Indestructible": "indestructible", "Infect": "infect", "Lifelink": "lifelink", "Trample": "trample",
    "Wither": "wither", "Hexproof": "hexproof", "Shroud": "shroud",
    "Flying": "flying", "Reach": "reach", "Menace": "menace", "Defender": "defender",
}  # fmt: skip
SHOWN_KEYWORDS = re.compile(
    r"^(Flying|Vigilance|Haste|Reach|Flash|Hexproof|Prowess|Islandwalk|Deathtouch|Double Strike|First Strike"
    r"|Indestructible|Infect|Lifelink|Trample|Wither|Shroud|Ward \d+|Protection from \w+|Toxic \d+|Equip \d+|Enchant creature"
    r"|Morph|Monstrosity \d+|Flashback)$"
)
UNBLOCKED_ATTACKERS = {"Islandwalk"}
"""Evasion the engine does not check (landwalk): a card with it attacks unblocked, never blocked illegally."""

DEFAULT_BLOCKS: tuple[tuple[dict[str, Any], ...], ...] = ((BEAR_B,), (GIANT_B,), (BEAR_B, GIANT_B))
"""The blocks a creature's own board tries, in order: the first that its restrictions allow is taken
(702.111b: menace meets two), else it attacks unblocked (a flyer: neither can block it, 702.9b)."""


CANT_BE_BLOCKED_BY_POWER = re.compile(r"CantBeBlockedBy Creature\.powerLE(\d+)")
"""Forge's "can't be blocked by creatures with power N or less" (《探索する獣》)."""


def slug_of(en_name: str) -> str:
    """The card's URL name, from its English name.

    >>> slug_of("Circle of Protection: Red")
    'circle-of-protection-red'
    """
    return re.sub(r"[^a-z0-9]+", "-", en_name.lower()).strip("-")


def type_line_of(forge_types: str) -> str:
    """Forge's ``Types:`` with the dash before the subtypes, as printed.

    >>> type_line_of("Legendary Creature Elder Dragon")
    'Legendary Creature — Elder Dragon'
    >>> type_line_of("Instant")
    'Instant'
    """
    words = forge_types.split()
    cut = next((i for i, word in enumerate(words) if word not in CARD_TYPES), len(words))
    head, tail = " ".join(words[:cut]), " ".join(words[cut:])
    return f"{head} — {tail}" if tail else head


def shown_keyword(forge: str) -> str | None:
    """A Forge ``K:`` line as the keyword printed on the card, or ``None`` for Forge-internal lines.

    >>> [shown_keyword(k) for k in ("Toxic:1", "Unblockable", "Morph:R R", "Monstrosity 3:5 R R", "Equip:2")]
    ['Toxic 1', None, 'Morph', 'Monstrosity 3', 'Equip 2']
    """
    text = forge.replace(":", " ", 1) if forge.startswith(("Toxic:", "Equip:", "Ward:")) else forge
    text = text.split(":", 1)[0] if text.startswith(("Morph", "Monstrosity")) else text
    text = "Flashback" if text.startswith("Flashback ") else text
    return text if SHOWN_KEYWORDS.match(text) else None


def colors_of(mana_cost: str | None) -> list[str]:
    found = {COLOR_OF[c] for c in re.findall(r"[WUBRG]", mana_cost or "")}
    return [c for c in WUBRG if c in found]


def own_permanent(card: dict[str, Any], forge_keywords: list[str]) -> dict[str, Any] | None:
    """The permanent the card becomes on the battlefield, or ``None`` for a card the engine has no
    permanent type for (instants, sorceries, non-creature enchantments, artifacts and lands)."""
    words = card["type_line"].replace("—", " ").split()
    types = [t for t in ("creature", "planeswalker", "battle") if t.capitalize() in words]
    if not types:
        return None
    types += [t for t in ("artifact", "enchantment") if t.capitalize() in words]
    cut = next((i for i, w in enumerate(words) if w not in CARD_TYPES), len(words))
    permanent: dict[str, Any] = {
        "id": "card", "name": card["ja_name"] or card["en_name"], "controller": "A", "types": types,
        "subtypes": words[cut:][:20], "colors": colors_of(card["mana_cost"]),
    }  # fmt: skip
    if "creature" in types:
        permanent["power"] = int(card["power"]) if (card["power"] or "").lstrip("-").isdigit() else 0
        permanent["toughness"] = (
            int(card["toughness"]) if (card["toughness"] or "").lstrip("-").isdigit() else 0
        )
    if "planeswalker" in types:
        permanent["loyalty"] = int(card["loyalty"])
    if "battle" in types:
        permanent["defense"] = int(card["defense"])
    keywords: list[str] = []
    protection: list[str | dict[str, str]] = []
    for forge in forge_keywords:
        if forge in ENGINE_KEYWORDS:
            keywords.append(ENGINE_KEYWORDS[forge])
        elif forge.startswith("Toxic:"):
            permanent["toxic"] = int(forge.split(":")[1])
        elif forge.startswith("Ward:") and forge.split(":")[1].isdigit():
            permanent["ward"] = "{" + forge.split(":")[1] + "}"  # 702.21a: a generic mana cost
        elif forge.startswith("Protection from "):
            quality = forge.removeprefix("Protection from ").lower()
            if quality in WUBRG or quality == "everything":
                protection.append(quality)
            elif quality in CREATURE_TYPE_QUALITIES:  # 702.16a: a creature type (§ 16.2)
                protection.append({"subtype": CREATURE_TYPE_QUALITIES[quality]})
        elif forge == "Unblockable":
            permanent["cant_be_blocked"] = True  # 509.1b
        elif match := CANT_BE_BLOCKED_BY_POWER.fullmatch(forge):
            permanent["cant_be_blocked_by"] = [{"power_at_most": int(match[1])}]  # 509.1b
        elif forge.startswith("etbCounter:SHIELD:"):
            permanent["counters"] = {"shield": int(forge.rsplit(":", 1)[1])}
    if keywords:
        permanent["keywords"] = sorted(keywords)
    if protection:
        permanent["protection"] = protection
    return permanent


CREATURE_TYPE_QUALITIES = {"demons": "Demon", "dragons": "Dragon", "goblins": "Goblin", "zombies": "Zombie"}
"""Forge's "Protection from Demons" and the like: the creature type a protection names (702.16a, § 16.2)."""


def default_attack(
    permanent: dict[str, Any], forge_keywords: list[str]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A creature's own board: it attacks the opponent, blocked by vanilla creatures it could meet (the
    parser refuses a block that breaks a restriction, CR 509.1b), or unblocked when none can."""
    unblocked = {"type": "combat", "attacks": [{"attacker": "card", "defender": "B", "blockers": []}]}
    if UNBLOCKED_ATTACKERS & set(forge_keywords) or "defender" in permanent.get("keywords", []):
        return [], unblocked
    for blockers in DEFAULT_BLOCKS:
        event = {
            "type": "combat",
            "attacks": [{"attacker": "card", "defender": "B", "blockers": [b["id"] for b in blockers]}],
        }
        try:
            rules_core.parse_scenario(scenario_of({"permanents": [permanent, *blockers], "event": event}))
        except rules_core.ScenarioError:
            continue
        return list(blockers), event
    return [], unblocked


def unmodelled_keywords(shown: list[str]) -> list[str]:
    engine_words = set(ENGINE_KEYWORDS) | {"Enchant creature"}
    return [
        k for k in shown if k not in engine_words and not k.startswith(("Toxic", "Ward", "Protection from"))
    ]


def encode(
    card: dict[str, Any], forge_keywords: list[str], shown: list[str]
) -> tuple[dict[str, Any], str, str]:
    """``(engine fragment, our summary, the note on what is not modelled)`` for one card."""
    spec = copy.deepcopy(ENGINE.get(card["en_name"], {}))
    permanent = own_permanent(card, forge_keywords)
    fragment: dict[str, Any] = {"kind": spec.get("kind", "permanent")}
    permanents: list[dict[str, Any]] = []
    if permanent is not None and fragment["kind"] == "permanent":
        permanents.append({**permanent, **spec.get("card", {})})
    elif fragment["kind"] == "permanent" or not spec:
        raise CommandError(
            f"{card['en_name']}: no encoding for a card that is not a permanent the engine has"
        )
    if "event" in spec:
        permanents += spec.get("permanents", [])
        event = spec["event"]
    elif permanents:
        blockers, event = default_attack(permanents[0], forge_keywords)
        permanents += spec.get("permanents", []) + blockers
    else:
        permanents += spec.get("permanents", [])
        event = {}
    fragment["permanents"] = permanents
    fragment["effects"] = spec.get("effects", [])
    fragment["event"] = event
    for key in ("active_player", "players"):
        if key in spec:
            fragment[key] = spec[key]
    notes = [spec["note"]] if spec.get("note") else []
    missing = unmodelled_keywords(shown)
    if missing:
        notes.append(
            f"{'・'.join(KEYWORD_JA.get(k, k) for k in missing)}は盤面では扱いません（ダメージのルールには関わりません）。"
        )
    summary = spec.get("summary") or creature_summary(card, shown)
    return fragment, summary, "".join(notes)


def creature_summary(card: dict[str, Any], shown: list[str]) -> str:
    if card["power"] is None:
        return ""
    head = f"{card['power']}/{card['toughness']}のクリーチャーです。"
    return head + (f"{'・'.join(keyword_ja(k) for k in shown)}を持ちます。" if shown else "")


def build_cards(source: Path) -> list[dict[str, Any]]:
    cards_dir = source / "cards"
    quoted = json.loads((cards_dir / "cards.json").read_text(encoding="utf-8"))
    catalogue = json.loads((cards_dir / "catalogue.json").read_text(encoding="utf-8"))
    jpnames: dict[str, str] = {}
    for pair in json.loads((cards_dir / "jpnames.json").read_text(encoding="utf-8")):
        if pair["jpname"] != "undefined":
            jpnames.setdefault(pair["name"], pair["jpname"])
    extra = json.loads(EXTRA_CARDS.read_text(encoding="utf-8"))
    by_name: dict[str, dict[str, Any]] = {}
    for entry in [*catalogue, *extra]:
        if entry["en_name"] in by_name:
            raise CommandError(f"{entry['en_name']} twice")
        is_extra = "older_wording" in entry
        if is_extra and jpnames.get(entry["en_name"]) != entry["ja_name"]:
            raise CommandError(f"{entry['en_name']}: {entry['ja_name']} is not its official Japanese name")
        older = entry.get("older_wording", OLD_SNAPSHOT in entry["source"])
        by_name[entry["en_name"]] = {
            **{k: entry[k] for k in ("en_name", "ja_name", "mana_cost", "power", "toughness", "loyalty", "defense", "oracle_text", "categories", "rules")},
            "type_line": type_line_of(entry["type_line"]),
            "forge_keywords": entry["keywords"],
            "ja_type_line": None, "ja_text": None, "aliases": [], "remark_key": entry["ja_name"],
            "oracle_note": OLDER_WORDING_NOTE if older and entry["oracle_text"] else "",
            "sources": [entry["source"]],
        }  # fmt: skip
    for entry in quoted:
        card = by_name.get(entry["en_name"])
        aliases = list(CARD_ALIASES.get(entry["ja_name"], []))
        if card is None:
            extra_keys = CLASSIFICATION[entry["en_name"]]
            card = by_name[entry["en_name"]] = {
                "en_name": entry["en_name"], "ja_name": entry["ja_name"], "mana_cost": entry["mana_cost"],
                "power": entry["power"], "toughness": entry["toughness"], "loyalty": entry["loyalty"], "defense": None,
                "oracle_text": None, "categories": extra_keys["categories"], "rules": extra_keys["rules"],
                "type_line": entry["type_line"], "forge_keywords": None, "shown_keywords": extra_keys["keywords"],
                "oracle_note": "", "sources": [], "remark_key": entry["ja_name"],
            }  # fmt: skip
        elif card["ja_name"] != entry["ja_name"]:
            aliases.append(entry["ja_name"])  # the CR's 《防御円》 is the cycle; the entry is its red card
        card["aliases"] = aliases
        card["ja_type_line"], card["ja_text"] = entry["ja_type_line"], entry["ja_text"]
        card["type_line"] = entry["type_line"] or card["type_line"]
        card["mana_cost"] = entry["mana_cost"] or card["mana_cost"]
        card["remark_key"] = entry["ja_name"]
        if entry["oracle_text"] is not None:
            card["oracle_text"] = entry["oracle_text"]
            card["oracle_note"] = OLDER_WORDING_NOTE if entry["en_name"] in NOT_RECHECKED else ""
        card["sources"] = sorted(set(card["sources"]) | set(entry["source"]))
    for name, text in CURRENT_ORACLE.items():
        by_name[name]["oracle_text"], by_name[name]["oracle_note"] = text, ""
    records = []
    for pk, card in enumerate(sorted(by_name.values(), key=lambda c: slug_of(c["en_name"])), start=1):
        if card["forge_keywords"] is not None:
            shown: list[str] | None = [k for k in map(shown_keyword, card["forge_keywords"]) if k]
        else:
            shown = card.get("shown_keywords")
        # a card only cards.json has gives its printed keywords (flying is checked, 702.9b)
        forge = card["forge_keywords"] if card["forge_keywords"] is not None else list(shown or [])
        fragment, summary, note = encode(card, forge, shown or [])
        check_encoding(card["en_name"], fragment)
        remark_name = card["remark_key"] if card["remark_key"] in REMARKS else card["ja_name"]
        records.append(
            {
                "model": "tutor.card",
                "pk": pk,
                "fields": {
                    "slug": slug_of(card["en_name"]),
                    "ja_name": card["ja_name"],
                    "en_name": card["en_name"],
                    "aliases": card["aliases"],
                    "mana_cost": card["mana_cost"],
                    "type_line": card["type_line"],
                    "ja_type_line": card["ja_type_line"],
                    "oracle_text": card["oracle_text"],
                    "oracle_note": card["oracle_note"],
                    "ja_text": card["ja_text"],
                    "ja_explanation": "" if card["ja_text"] else summary,
                    "power": card["power"],
                    "toughness": card["toughness"],
                    "loyalty": card["loyalty"],
                    "defense": card["defense"],
                    "keywords": shown,
                    "categories": card["categories"],
                    "rules": card["rules"],
                    "engine": fragment,
                    "engine_note": note,
                    "sources": card["sources"],
                    "remark": REMARKS.get(remark_name, ""),
                },
            }
        )
    return records


def check_encoding(name: str, fragment: dict[str, Any]) -> None:
    try:
        rules_core.resolve(rules_core.parse_scenario(scenario_of(fragment)))
    except rules_core.ScenarioError as err:
        raise CommandError(f"{name}: the engine refuses its encoding: {err}") from err


class Command(BaseCommand):
    help = "カードの資料（cards.json, catalogue.json, jpnames.json）から fixtures/cards.json を作る（保守用）"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--source", required=True, help="cards/ のあるディレクトリ（../shared）")
        parser.add_argument("--output", default="fixtures", help="書き出し先（fixtures）")
        parser.add_argument(
            "--check", action="store_true", help="書き出さずに比較だけする（違えば終了コード1）"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        source, output = Path(options["source"]), Path(options["output"])
        if not (source / "cards" / "catalogue.json").is_file():
            raise CommandError(
                f"{source}/cards/catalogue.json がありません（--source には ../shared を指定）"
            )
        payload = dump(build_cards(source))
        path = output / "cards.json"
        if options["check"]:
            if not is_current(path, payload):
                raise CommandError("fixtures are stale: cards.json (run manage.py import_cards)")
            self.stdout.write("cards.json is up to date")
            return
        write(path, payload)
        self.stdout.write(f"cards: {payload.count('"model": "tutor.card"')}")
