"""Question templates built from real catalogue cards: a judge's situation, named card by card.

Each template sets a scene the way a player tells it ("your 《吸血鬼の夜鷲》 blocks their
《大喰らいのワーム》 and they cast 《巨大化》"): who controls what, what was cast, what attacked and
blocked, and one thing asked. The cards come from :mod:`tutor.study.cardpool` (their power,
toughness, keywords and engine encodings as the catalogue has them). As in
:mod:`tutor.study.generators`, each template predicts the answer with its own small model of the rule
it teaches, and :mod:`tutor.study.building` refuses a draft the engine disagrees with; the engine's
answer is the one stored.

Pure Python: no Django, no engine import.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from rules_core.model.ja import COLOR_JA
from tutor.cards.placement import can_block
from tutor.study.cardpool import COLLARED, card, equip_collar, permanent, power_of, stats, toughness_of
from tutor.study.drafts import Draft, Mistake, Template
from tutor.study.topics import INTRO, L1, L2

YOU: Final = "あなた"
THEM: Final = "対戦相手"

# Cards by the part they play in a scene (a test checks each slug is in the catalogue and fits).
VANILLA: Final = (
    "grizzly-bears",
    "hill-giant",
    "craw-wurm",
    "elite-vanguard",
    "vampire-spawn",
    "rusted-sentinel",
    "ravenous-baloth",
    "elvish-regrower",
    "llanowar-elves",
)
BIG: Final = (
    "craw-wurm",
    "serra-angel",
    "ravenous-baloth",
    "hill-giant",
    "rusted-sentinel",
    "elvish-regrower",
)
DEATHTOUCH: Final = (
    "typhoid-rats",
    "deadly-recluse",
    "ambush-viper",
    "vampire-nighthawk",
    "gifted-aetherborn",
)
FIRST_STRIKERS: Final = ("white-knight", "black-knight", "youthful-knight", "paladin-en-vec")
DOUBLE_STRIKERS: Final = ("boros-swiftblade", "fencing-ace", "mirran-crusader")
TRAMPLERS: Final = ("colossal-dreadmaw", "charging-monstrosaur", "ball-lightning", "blistering-firecat")
LIFELINKERS: Final = ("child-of-night", "vault-skirge", "vampire-nighthawk", "gifted-aetherborn")
BURN: Final = ("lightning-bolt", "shock", "lightning-strike", "flame-slash")
SWEEPERS: Final = ("pyroclasm",)
"""Sweepers whose creatures die (not 《神々の憤怒》, which exiles them instead)."""
WALKERS: Final = ("chandra-torch-of-defiance", "gideon-jura", "sorin-vengeful-bloodlord")
SIEGES: Final = ("invasion-of-gobakhan", "invasion-of-tarkir", "invasion-of-regatha")
INFECTORS: Final = ("glistener-elf", "blighted-agent", "plague-stinger")
TOXIC: Final = ("venerated-rotpriest", "pestilent-syphoner", "skrelv-defector-mite")
WITHER: Final = ("boggart-ram-gang", "stigma-lasher", "kulrath-knight")
REGENERATORS: Final = ("drudge-skeletons", "river-boa", "troll-ascetic")
SHIELDED: Final = ("sanctuary-warden", "falco-spara-pactweaver")
ORDER_DOUBLERS: Final = ("furnace-of-rath", "dictate-of-the-twin-gods")
"""Enchantments that double the damage any source deals (the effect whose order matters against a shield)."""


# --------------------------------------------------------------------------- document helpers


def _players(
    *, a_life: int = 20, b_life: int = 20, a_poison: int = 0, b_poison: int = 0
) -> list[dict[str, Any]]:
    return [
        {"id": "A", "name": YOU, "life": a_life, "poison": a_poison},
        {"id": "B", "name": THEM, "life": b_life, "poison": b_poison},
    ]


def _targeting(spell_slug: str, *targets: str) -> dict[str, Any]:
    """The keys that make a fight or bite spell's targets checked (§ 14.4: 601.2c, 608.2b): its encoding's
    ``spell`` (colours, types; cast by A) and the creatures it targets."""
    return {"spell": dict(card(spell_slug).engine["event"]["spell"]), "targets": list(targets)}


def _doc(
    permanents: Sequence[dict[str, Any]],
    event: dict[str, Any],
    effects: Sequence[dict[str, Any]] = (),
    *,
    players: list[dict[str, Any]] | None = None,
    choices: dict[str, Any] | None = None,
    active: str = "A",
) -> dict[str, Any]:
    return {
        "format": 1,
        "active_player": active,
        "players": players or _players(),
        "permanents": list(permanents),
        "effects": list(effects),
        "event": event,
        "choices": choices or {},
    }


def _attack(attacker: str, defender: str = "B", blockers: Sequence[str] = ()) -> dict[str, Any]:
    return {"attacker": attacker, "defender": defender, "blockers": list(blockers)}


def _combat(attacks: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"type": "combat", "attacks": attacks, **extra}


def _spell(slug: str, controller: str, damage: Sequence[tuple[str, int]], **extra: Any) -> dict[str, Any]:
    """The card's spell from ``controller``: when its text targets (its encoding says so, CR 115.1), every
    recipient but its caster is a target, so the engine checks it as the spell is cast (601.2c)."""
    event: dict[str, Any] = {
        "type": "noncombat",
        "source": card(slug).spell_source(controller),
        "damage": [{"to": to, "amount": amount} for to, amount in damage],
        **extra,
    }
    if card(slug).engine["event"].get("targets"):
        event["targets"] = [to for to, _amount in damage if to != controller]
    return event


def _targetable_by_opponent(doc: dict[str, Any], colors: Sequence[str]) -> bool:
    """Whether an opponent's spell of ``colors`` may target the permanent ``doc`` (CR 702.11b, 702.16b, 702.18a)."""
    keywords = set(doc.get("keywords", []))
    protection = set(doc.get("protection", []))
    return not ({"hexproof", "shroud"} & keywords or "everything" in protection or protection & set(colors))


def _amount(slug: str) -> int:
    """The damage a burn spell's encoding deals to its first recipient (its printed number)."""
    amount: int = card(slug).engine["event"]["damage"][0]["amount"]
    return amount


def _able_blocker(
    rng: random.Random, attacker: dict[str, Any], blocker: dict[str, Any], pool: Sequence[str]
) -> dict[str, Any]:
    """``blocker`` if it may block ``attacker`` (CR 509.1b: flying 702.9b, "can't be blocked" ...), else a
    card of ``pool`` that may, with the same id and controller; the draw is unchanged when it was legal."""
    if can_block(attacker, blocker):
        return blocker
    fits = [s for s in pool if can_block(attacker, permanent(s, blocker["id"], blocker["controller"]))]
    if not fits:
        raise ValueError(f"no card of {pool} may block {attacker['id']}")
    return permanent(rng.choice(fits), blocker["id"], blocker["controller"])


def _able_attacker(
    rng: random.Random, attacker: dict[str, Any], blocker: dict[str, Any], pool: Sequence[str]
) -> dict[str, Any]:
    """``attacker`` if ``blocker`` may block it (CR 509.1b), else a card of ``pool`` that it may block."""
    if can_block(attacker, blocker):
        return attacker
    fits = [s for s in pool if can_block(permanent(s, attacker["id"], attacker["controller"]), blocker)]
    if not fits:
        raise ValueError(f"{blocker['id']} may block no card of {pool}")
    return permanent(rng.choice(fits), attacker["id"], attacker["controller"])


def _name(doc: dict[str, Any]) -> str:
    return f"《{doc['name']}》"


def _draft(
    doc: dict[str, Any],
    prompt: str,
    ask: dict[str, Any],
    predicted: Any,
    explanation: str,
    rules: Sequence[str],
    mistakes: Sequence[Mistake] = (),
) -> Draft:
    return Draft(doc, prompt, ask, predicted, explanation, list(rules), list(mistakes))


# --------------------------------------------------------------------------- a small model of one block


@dataclass
class Fighter:
    """One creature of a one-on-one combat, as this module's own model follows it."""

    pid: str
    controller: str
    power: int
    toughness: int
    marked: int = 0
    minus: int = 0
    keywords: frozenset[str] = frozenset()
    protection: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    shields: int = 0
    regenerates: bool = False
    toxic: int = 0
    alive: bool = True
    in_combat: bool = True
    deathtouched: bool = False
    first_step_striker: bool = field(default=False)

    @classmethod
    def of(cls, doc: dict[str, Any], *, regenerates: bool = False) -> Fighter:
        counters = doc.get("counters") or {}
        return cls(
            pid=doc["id"],
            controller=doc["controller"],
            power=power_of(doc),
            toughness=doc["toughness"] + counters.get("+1/+1", 0),
            marked=doc.get("damage", 0),
            minus=counters.get("-1/-1", 0),
            keywords=frozenset(doc.get("keywords", [])),
            protection=frozenset(q for q in doc.get("protection", []) if isinstance(q, str)),
            colors=frozenset(doc.get("colors", [])),
            shields=counters.get("shield", 0),
            regenerates=regenerates,
            toxic=doc.get("toxic", 0),
        )

    @property
    def lethal(self) -> int:
        """CR 702.19b: lethal damage counts damage already marked."""
        return max(0, self.toughness - self.minus - self.marked)

    def strikes(self, step: int) -> bool:
        """CR 510.4: step 0 is the only combat damage step; 1 and 2 the first-strike and regular ones."""
        first = bool(self.keywords & {"first_strike", "double_strike"})
        if step == 0:
            return True
        if step == 1:
            return first
        return "double_strike" in self.keywords or not self.first_step_striker


@dataclass
class Outcome:
    dead: list[str]
    to_player: int
    gained: dict[str, int]
    poison: int


def _hit(source: Fighter, target: Fighter, amount: int, gained: dict[str, int]) -> None:
    """CR 702.16e, 122.1c, 120.3d-f: one creature's combat damage to the other."""
    if amount <= 0:
        return
    if "everything" in target.protection or source.colors & target.protection:
        return
    if target.shields:
        target.shields -= 1
        return
    if source.keywords & {"infect", "wither"}:
        target.minus += amount
    else:
        target.marked += amount
    if "deathtouch" in source.keywords:
        target.deathtouched = True
    if "lifelink" in source.keywords:
        gained[source.controller] = gained.get(source.controller, 0) + amount


def one_block(attacker: Fighter, blocker: Fighter, *, unblocked_power_bonus: int = 0) -> Outcome:
    """An attacker and its one blocker through the combat damage step(s) (CR 510, 702.19, 704.5)."""
    fighters = (attacker, blocker)
    two_steps = any(f.keywords & {"first_strike", "double_strike"} for f in fighters)
    for f in fighters:
        f.first_step_striker = bool(f.keywords & {"first_strike", "double_strike"})
    gained: dict[str, int] = {}
    to_player = 0
    poison = 0
    for step in (1, 2) if two_steps else (0,):
        hits: list[tuple[Fighter, Fighter, int]] = []
        if attacker.alive and attacker.in_combat and attacker.strikes(step) and attacker.power > 0:
            power = attacker.power
            if blocker.alive and blocker.in_combat:
                lethal = min(1, blocker.lethal) if "deathtouch" in attacker.keywords else blocker.lethal
                to_blocker = min(power, lethal) if "trample" in attacker.keywords else power
                hits.append((attacker, blocker, to_blocker))
                extra = power - to_blocker
            else:
                extra = power if "trample" in attacker.keywords else 0  # 702.19d, 510.1c
            if extra > 0:
                if "infect" in attacker.keywords:
                    poison += extra
                else:
                    to_player += extra
                poison += attacker.toxic
                if "lifelink" in attacker.keywords:
                    gained[attacker.controller] = gained.get(attacker.controller, 0) + extra
        if (
            blocker.alive
            and blocker.in_combat
            and blocker.strikes(step)
            and blocker.power > 0
            and attacker.alive
            and attacker.in_combat
        ):
            hits.append((blocker, attacker, blocker.power))
        for source, target, amount in hits:
            _hit(source, target, amount, gained)
        for f in fighters:
            if not f.alive:
                continue
            if f.toughness - f.minus <= 0:
                f.alive = False  # 704.5f: neither indestructible nor regeneration helps
            elif "indestructible" not in f.keywords and (
                (f.marked > 0 and f.marked >= f.toughness - f.minus) or f.deathtouched
            ):
                if f.regenerates:
                    f.regenerates = False
                    f.marked = 0
                    f.in_combat = False  # 701.19a, 506.4
                else:
                    f.alive = False
            f.deathtouched = False
    return Outcome(sorted(f.pid for f in fighters if not f.alive), to_player, gained, poison)


def _fighters(a: dict[str, Any], b: dict[str, Any], **regen: bool) -> tuple[Fighter, Fighter]:
    return Fighter.of(a, regenerates=regen.get(a["id"], False)), Fighter.of(
        b, regenerates=regen.get(b["id"], False)
    )


def _other(pids: Sequence[str], answer: Sequence[str]) -> list[str]:
    return sorted(set(pids) - set(answer))


# --------------------------------------------------------------------------- 1. burn on a creature


def gen_burn(rng: random.Random, level: str) -> Draft:
    spell = rng.choice(BURN)
    amount = _amount(spell)
    pool = [*VANILLA, "darksteel-myr"] if level != INTRO else list(VANILLA)
    if level == L2:
        pool += ["kor-firewalker", "avacyn-angel-of-hope"]
    target = permanent(rng.choice(pool), "tgt", "B")
    toughness = toughness_of(target)
    marked = rng.randint(0, toughness - 1) if level != INTRO and toughness > 1 and rng.random() < 0.5 else 0
    if marked:
        target["damage"] = marked
    pumped = level == L2 and rng.random() < 0.35
    base = stats(target)
    if pumped:
        target["power"] += 3
        target["toughness"] += 3
    protected = "red" in target.get("protection", [])
    if (
        protected
    ):  # 702.16b: a red spell can't target it; 《紅蓮地獄》 targets nothing (115.10a) and still reaches it
        spell = "pyroclasm"
        amount = _amount(spell)
    indestructible = "indestructible" in target.get("keywords", [])
    dealt = 0 if protected else amount
    dies = not indestructible and dealt > 0 and marked + dealt >= toughness_of(target)
    answer = ["tgt"] if dies else []
    doc = _doc([target], _spell(spell, "A", [("tgt", amount)]))
    response = "対戦相手は対応して《巨大化》（+3/+3）を唱え、それが先に解決しました。" if pumped else ""
    cast = (
        f"あなたは{card(spell).label}（各クリーチャーに{amount}点のダメージ。対象はとりません）を唱えました。"
        if protected
        else f"あなたは{card(spell).label}（{amount}点のダメージ）でそれを対象にしました。"
    )
    prompt = (
        f"対戦相手は{base}をコントロールしています。{cast}"
        f"{response}解決後、状況起因処理で墓地に置かれるクリーチャーをすべて選んでください。"
    )
    rules = ["120.3e", "120.6", "704.5g"]
    text = (
        "クリーチャーが負ったダメージの合計がタフネス以上なら、状況起因処理で破壊されます (120.6, 704.5g)。"
    )
    if marked:
        text += "このターンすでに負っているダメージも数えます。"
    if pumped:
        text += "《巨大化》でタフネスが3上がってから呪文が解決します。"
    if protected:
        text += (
            "プロテクション（赤）を持つクリーチャーは赤の呪文の対象になりませんが、《紅蓮地獄》は対象をとりません (702.16b, 115.10a)。"
            "それでも、赤の発生源からのダメージはすべて軽減されます (702.16e)。"
        )
        rules += ["702.16e", "702.16b"]
    if indestructible:
        text += "ダメージそのものはクリーチャーを破壊しません。破壊するのは状況起因処理で、破壊不能のクリーチャーは致死ダメージでは破壊されません (120.5, 702.12b)。"
        rules += ["120.5", "702.12b"]
    mistakes: list[Mistake] = []
    return _draft(doc, prompt, {"kind": "dies"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 2. a plain block


def gen_block(rng: random.Random, level: str) -> Draft:
    a = permanent(rng.choice(VANILLA), "att", "A")
    b = _able_blocker(rng, a, permanent(rng.choice(VANILLA), "blk", "B"), VANILLA)
    if level == L1 and rng.random() < 0.5:
        b["damage"] = rng.randint(0, toughness_of(b) - 1) or 0
        if not b["damage"]:
            del b["damage"]
    outcome = one_block(*_fighters(a, b))
    prompt = (
        f"あなたの{stats(a)}が攻撃し、対戦相手の{stats(b)}にブロックされました。"
        "戦闘ダメージの後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = (
        "攻撃クリーチャーもブロック・クリーチャーも、戦闘ダメージ・ステップに同時にパワーに等しい戦闘ダメージを与えます (120.2a, 510.2)。"
        "負ったダメージの合計がタフネス以上のクリーチャーは、状況起因処理で破壊されます (120.6, 704.5g)。"
    )
    # Two beliefs about lethal damage, each resolved by the same model on the board as it sees it.
    sturdier = one_block(
        *_fighters(dict(a, toughness=a["toughness"] + 1), dict(b, toughness=b["toughness"] + 1))
    )
    any_damage = one_block(
        *_fighters(*(dict(c, keywords=sorted({*c.get("keywords", []), "deathtouch"})) for c in (a, b)))
    )
    mistakes = [
        (sturdier.dead, "タフネスを超えるダメージを負わないと破壊されないと考えました (120.6, 704.5g)"),
        (any_damage.dead, "ダメージを負ったクリーチャーは必ず破壊されると考えました (704.5g)"),
    ]
    doc = _doc([a, b], _combat([_attack("att", blockers=["blk"])]))
    return _draft(
        doc, prompt, {"kind": "dies"}, outcome.dead, text, ["120.2a", "510.2", "120.6", "704.5g"], mistakes
    )


# --------------------------------------------------------------------------- 3. deathtouch in a block


def gen_deathtouch_block(rng: random.Random, level: str) -> Draft:
    pool = [*BIG, "llanowar-elves", "elite-vanguard"] + (
        ["darksteel-colossus", "avacyn-angel-of-hope"] if level != INTRO else []
    )
    if level == L2:
        pool += [*FIRST_STRIKERS, "glissa-the-traitor"]
    att = permanent(rng.choice(pool), "att", "A")
    att["keywords"] = [k for k in att.get("keywords", []) if k != "trample"]
    blockers = [
        s
        for s in DEATHTOUCH
        if not set(permanent(s, "x", "B").get("colors", [])) & set(att.get("protection", []))
    ]
    dt = _able_blocker(rng, att, permanent(rng.choice(blockers), "dt", "B"), blockers)
    doc = _doc([att, dt], _combat([_attack("att", blockers=["dt"])]))
    outcome = one_block(*_fighters(att, dt))
    prompt = (
        f"あなたの{stats(att)}が攻撃し、対戦相手の{stats(dt)}にブロックされました。"
        "戦闘ダメージの後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    rules = ["702.2b", "704.5h"]
    text = "接死を持つ発生源から1点でもダメージを受けたクリーチャーは、状況起因処理で破壊されます (702.2b, 704.5h)。"
    if "indestructible" in att.get("keywords", []):
        text += "破壊不能のクリーチャーは、接死によっても破壊されません (702.12b)。"
        rules.append("702.12b")
    if att.get("keywords") and set(att["keywords"]) & {"first_strike", "double_strike"}:
        text += "先制攻撃を持つクリーチャーは先にダメージを与えます。1回目のダメージで破壊されたクリーチャーは、2回目にダメージを与えません (510.4)。"
        rules.append("510.4")
    if set(att.get("protection", [])) & set(dt.get("colors", [])):
        text += "プロテクションは、その色の発生源からのダメージを軽減します。軽減されたダメージは与えられていないので、接死も働きません (702.16e, 615.6)。"
        rules += ["702.16e", "615.6"]
    mistakes = [
        (
            sorted(
                {"att", "dt"} if "indestructible" not in att.get("keywords", []) else {"att", "dt"} - {"att"}
            ),
            "接死があれば必ず相打ちになると考えました (702.2b)",
        ),
        (
            one_block(
                *_fighters(att, dict(dt, keywords=[k for k in dt["keywords"] if k != "deathtouch"]))
            ).dead,
            "接死の働きを見落としました (702.2b)",
        ),
    ]
    return _draft(doc, prompt, {"kind": "dies"}, outcome.dead, text, rules, mistakes)


# --------------------------------------------------------------------------- 4. deathtouch + trample: lethal is 1


def gen_collar_trample(rng: random.Random, level: str) -> Draft:
    slug = rng.choice(("colossal-dreadmaw", "charging-monstrosaur"))
    att = permanent(slug, "att", "A")
    att["keywords"] = sorted({*att["keywords"], "deathtouch", "lifelink"})
    n = rng.randint(1, 2) if level == L1 else rng.randint(2, 3)
    blockers = [permanent(s, f"b{i + 1}", "B") for i, s in enumerate(rng.sample(VANILLA, n))]
    power = power_of(att)
    answer = max(0, power - n)
    naive = max(0, power - sum(toughness_of(b) for b in blockers))
    names = "と".join(stats(b) for b in blockers)
    prompt = (
        f"あなたは《バジリスクの首輪》（装備しているクリーチャーは接死と絆魂を持つ）を{stats(permanent(slug, 'x', 'A'))}に"
        f"装備しています。それが攻撃し、対戦相手の{names}にブロックされました。"
        f"{_name(att)}の戦闘ダメージのうち、対戦相手に割り振れるのは最大で何点ですか？"
    )
    text = (
        "トランプルを持つ攻撃クリーチャーは、すべてのブロック・クリーチャーに致死ダメージを割り振れば、残りをプレイヤーに割り振れます (702.19b)。"
        "接死を持つなら、どのブロック・クリーチャーにも1点が致死ダメージです (702.2c)。"
        f"ここではブロック・クリーチャー{n}体に1点ずつ、残り{answer}点を対戦相手に割り振れます。"
    )
    mistakes = [
        (naive, "接死があっても致死ダメージはタフネス分だと考えました (702.2c)"),
        (power, "ブロック・クリーチャーに割り振らずにすべてプレイヤーに割り振れると考えました (702.19b)"),
        (0, "ブロックされたらプレイヤーには割り振れないと考えました (702.19b)"),
    ]
    doc = _doc([att, *blockers], _combat([_attack("att", blockers=[b["id"] for b in blockers])]))
    return _draft(
        doc,
        prompt,
        {"kind": "max_to_defender", "attacker": "att"},
        answer,
        text,
        ["702.19b", "702.2c"],
        mistakes,
    )


# --------------------------------------------------------------------------- 5. trample past protection (and first strike)


def gen_trample_protection(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(8, 20)
    # L1: protection alone (a red trampler into 《コー追われの火歩き》); L2 adds a first or double
    # striker, so the two combat damage steps decide whether the trampler deals damage at all (510.4).
    slug = rng.choice(TRAMPLERS if level == L2 else ("ball-lightning", "blistering-firecat"))
    att = permanent(slug, "att", "A")
    color = att["colors"][0]
    options = {
        "green": ("mirran-crusader",),
        "red": ("paladin-en-vec",) if level == L2 else ("kor-firewalker",),
    }[color]
    blk = permanent(rng.choice(options), "blk", "B")
    outcome = one_block(*_fighters(att, blk))
    answer = b_life - outcome.to_player
    first = bool(set(blk.get("keywords", [])) & {"first_strike", "double_strike"})
    lethal = toughness_of(blk)
    prompt = (
        f"対戦相手のライフは{b_life}点です。あなたの{stats(att)}が攻撃し、対戦相手の{stats(blk)}にブロックされました。"
        "あなたは対戦相手にできるだけ多くのダメージを割り振ります。戦闘ダメージの後、対戦相手のライフは何点ですか？"
    )
    text = (
        f"トランプルを持つ攻撃クリーチャーは、ブロック・クリーチャーに致死ダメージを割り振るまでプレイヤーに割り振れません。"
        f"致死ダメージはプロテクションを考慮しないので、{_name(blk)}がダメージを軽減するとしても{lethal}点を割り振る必要があります (702.19b)。"
    )
    rules = ["702.19b", "702.16e"]
    if first:
        text += "ブロック・クリーチャーが先制攻撃か二段攻撃を持つなら、戦闘ダメージ・ステップは2回になり、1回目で破壊された攻撃クリーチャーはダメージを与えません (510.4)。"
        rules.append("510.4")
    mistakes = [
        (
            b_life - power_of(att),
            "プロテクションを持つブロック・クリーチャーには割り振らなくてよいと考えました (702.19b)",
        ),
        (b_life - max(0, power_of(att) - lethal), "先制攻撃を見落としました (510.4)")
        if first
        else (b_life, "ブロックされたらプレイヤーには割り振れないと考えました (702.19b)"),
        (b_life, "ブロックされたらプレイヤーには割り振れないと考えました (702.19b)"),
    ]
    doc = _doc([att, blk], _combat([_attack("att", blockers=["blk"])]), players=_players(b_life=b_life))
    return _draft(doc, prompt, {"kind": "life", "player": "B"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 6. double strike, trample and lifelink (Loxodon Warhammer)


def gen_warhammer(rng: random.Random, level: str) -> Draft:
    slug = rng.choice(("fencing-ace", "boros-swiftblade", "swiftblade-vindicator"))
    base = permanent(slug, "att", "A")
    att = dict(base, power=base["power"] + 3, keywords=sorted({*base["keywords"], "trample", "lifelink"}))
    blk = permanent(
        rng.choice(("grizzly-bears", "elite-vanguard", "llanowar-elves", "vampire-spawn", "hill-giant")),
        "blk",
        "B",
    )
    a_life = rng.randint(5, 20)
    outcome = one_block(*_fighters(att, blk))
    answer = a_life + outcome.gained.get("A", 0)
    power = power_of(att)
    lethal = toughness_of(blk)
    already = "trample" in base["keywords"]
    prompt = (
        f"あなたのライフは{a_life}点です。あなたの{stats(base)}は《ロクソドンの戦槌》（+3/+0、トランプルと絆魂を得る）を装備して"
        f"{power}/{toughness_of(att)}です。それが攻撃し、対戦相手の{stats(blk)}にブロックされました。"
        "あなたは対戦相手にできるだけ多くのダメージを割り振ります。戦闘ダメージの後、あなたのライフは何点ですか？"
    )
    text = (
        "二段攻撃を持つクリーチャーは、両方の戦闘ダメージ・ステップでダメージを与えます (510.4, 702.4b)。"
        f"1回目はブロック・クリーチャーに致死ダメージ{min(power, lethal)}点を割り振り、残りを対戦相手に割り振れます (702.19b)。"
        "2回目にはブロック・クリーチャーはもういないので、ブロックされていてもトランプルですべてを対戦相手に割り振れます (702.19d)。"
        "絆魂で、与えたダメージすべての分のライフを得ます (702.15b)。"
    )
    rules = ["510.4", "702.4b", "702.19b", "702.19d", "702.15b"]
    if already:
        text += "もともと持っているトランプルに《ロクソドンの戦槌》のトランプルが加わっても、効果は変わりません (702.19g)。"
        rules.append("702.19g")
    # Each value is the life the learner ends with if that one belief were the rule.
    mistakes = [
        (a_life + power, "2回目の戦闘ダメージ・ステップではダメージを与えないと考えました (510.4, 702.4b)"),
        (
            # Step 1 gains only what went past the blocker; step 2 (no blocker left) gains it all.
            a_life + max(0, power - lethal) + power,
            "ブロック・クリーチャーへのダメージでは絆魂が働かないと考えました (702.15b)",
        ),
        (
            a_life + 2 * power_of(base),
            "《ロクソドンの戦槌》の+3/+0を数え忘れました（絆魂は与えたダメージすべての分, 702.15b）",
        ),
    ]
    doc = _doc([att, blk], _combat([_attack("att", blockers=["blk"])]), players=_players(a_life=a_life))
    return _draft(doc, prompt, {"kind": "life", "player": "A"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 7. trample into a planeswalker (702.19f, c, e)


def gen_trample_walker(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(6, 20)
    walker = permanent(rng.choice(WALKERS), "pw", "B")
    blk = permanent(rng.choice(("grizzly-bears", "elite-vanguard", "llanowar-elves")), "blk", "B")
    over = level == L2 and rng.random() < 0.6
    if over:
        att = {
            "id": "att",
            "name": "ビースト・トークン",
            "controller": "A",
            "types": ["creature"],
            "power": rng.randint(5, 8),
            "toughness": 4,
            "colors": ["green"],
            "keywords": ["trample_over_planeswalkers"],
        }
    else:
        att = permanent(rng.choice(TRAMPLERS), "att", "A")
    power = power_of(att)
    loyalty = walker["loyalty"]
    lethal = toughness_of(blk)
    past = max(0, power - lethal)
    to_player = max(0, past - loyalty) if over else 0
    answer = b_life - to_player
    prompt = (
        f"対戦相手のライフは{b_life}点で、{stats(walker)}をコントロールしています。あなたの{stats(att)}が"
        f"{_name(walker)}を攻撃し、対戦相手の{stats(blk)}にブロックされました。あなたはブロック・クリーチャーに"
        "致死ダメージを割り振り、残りはルールが許すかぎり多くを対戦相手に割り振ります（許されない分は"
        f"{_name(walker)}に割り振ります）。戦闘ダメージの後、対戦相手のライフは何点ですか？"
    )
    if over:
        text = (
            "プレインズウォーカー越えトランプルを持つなら、ブロック・クリーチャーに致死ダメージを、攻撃しているプレインズウォーカーに"
            "忠誠度に等しいダメージを割り振れば、残りをそのコントローラーに割り振れます (702.19c)。"
            f"ここでは{_name(walker)}に{min(past, loyalty)}点、対戦相手に{to_player}点です。"
        )
        rules = ["702.19c", "702.19b", "120.3c"]
    else:
        text = (
            "トランプルを持つクリーチャーがプレインズウォーカーを攻撃しているなら、ブロック・クリーチャーを超えたダメージはそのプレインズウォーカーに"
            "割り振ります。忠誠度より多くても、防御プレイヤーには割り振れません (702.19b, 702.19f)。"
        )
        rules = ["702.19f", "702.19b", "120.3c"]
    mistakes = [
        (b_life - max(0, past - loyalty), "忠誠度を超えた分は対戦相手に割り振れると考えました (702.19f)")
        if not over
        else (b_life, "プレインズウォーカー越えトランプルでも対戦相手には割り振れないと考えました (702.19c)"),
        (
            b_life - past,
            "プレインズウォーカーを飛び越えてすべてを対戦相手に割り振れると考えました (702.19c, 702.19f)",
        ),
        (b_life - power, "ブロック・クリーチャーもプレインズウォーカーも無視しました (702.19b)"),
    ]
    doc = _doc([att, walker, blk], _combat([_attack("att", "pw", ["blk"])]), players=_players(b_life=b_life))
    return _draft(doc, prompt, {"kind": "life", "player": "B"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 8. a fight with deathtouch (and lifelink)


def gen_fight(rng: random.Random, level: str) -> Draft:
    mine = permanent(
        rng.choice(DEATHTOUCH if level != INTRO else ("typhoid-rats", "deadly-recluse")), "my", "A"
    )
    theirs = permanent(
        rng.choice(
            [*BIG, "llanowar-elves", "darksteel-colossus"]
            if level == L2
            else [*BIG, "llanowar-elves", "grizzly-bears"]
        ),
        "their",
        "B",
    )
    a_life = rng.randint(5, 20)
    spell = card("prey-upon")
    ask_life = level == L2 and "lifelink" in mine.get("keywords", [])
    event = {
        "type": "fight",
        "name": spell.label,
        "fighters": ["my", "their"],
        **_targeting("prey-upon", "my", "their"),
    }
    doc = _doc([mine, theirs], event, players=_players(a_life=a_life))
    dead = []
    if power_of(theirs) >= toughness_of(mine):
        dead.append("my")
    if power_of(mine) > 0 and "indestructible" not in theirs.get("keywords", []):
        dead.append("their")
    dead.sort()
    prompt = f"あなたのライフは{a_life}点です。あなたは{spell.label}を唱え、あなたの{stats(mine)}と対戦相手の{stats(theirs)}を格闘させました。"
    text = (
        "格闘では、それぞれのクリーチャーが自分のパワーに等しいダメージを相手に与えます (701.14a)。ダメージの発生源は呪文ではなく"
        "クリーチャーなので、そのクリーチャーの接死や絆魂が働きます (120.2b, 120.7)。"
        "接死を持つ発生源から1点でもダメージを受けたクリーチャーは破壊されます (702.2b, 704.5h)。"
    )
    rules = ["701.14a", "120.2b", "120.7", "702.2b", "704.5h"]
    if ask_life:
        gain = power_of(mine)
        prompt += "解決後、あなたのライフは何点ですか？"
        text += f"絆魂により、{_name(mine)}が与えた{gain}点の分のライフを得ます (702.15b)。"
        rules.append("702.15b")
        mistakes: list[Mistake] = [
            (a_life, "呪文がダメージを与えるので絆魂は働かないと考えました (120.7)"),
            (a_life + power_of(theirs), "受けたダメージの分のライフを得ると考えました"),
            (a_life - power_of(theirs), "受けたダメージでライフを失うと考えました"),
        ]
        return _draft(doc, prompt, {"kind": "life", "player": "A"}, a_life + gain, text, rules, mistakes)
    prompt += "解決後、墓地に置かれるクリーチャーをすべて選んでください。"
    if "indestructible" in theirs.get("keywords", []):
        text += "破壊不能のクリーチャーは接死でも破壊されません (702.12b)。"
        rules.append("702.12b")
    # Without deathtouch, each dies only to lethal damage (the belief that the spell deals it).
    plain = sorted(
        [
            pid
            for pid, hit, doc in (("my", theirs, mine), ("their", mine, theirs))
            if power_of(hit) >= toughness_of(doc)
            and (pid == "my" or "indestructible" not in theirs.get("keywords", []))
        ]
    )
    mistakes = [(plain, "呪文がダメージを与えるので接死は働かないと考えました (120.7)")]
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, rules, mistakes)


# --------------------------------------------------------------------------- 9. a bite by a red creature into protection from red (120.7)


def gen_bite_protection(rng: random.Random, level: str) -> Draft:
    red = rng.random() < 0.6
    mine = permanent(
        rng.choice(("hill-giant", "bonecrusher-giant"))
        if red
        else rng.choice(("craw-wurm", "ravenous-baloth", "grizzly-bears")),
        "my",
        "A",
    )
    theirs = permanent("kor-firewalker", "their", "B")
    # L2: a fight (《捕食》) instead of a bite, so the protected creature deals its damage back too
    fight = level == L2
    spell = card("prey-upon" if fight else "rabid-bite")
    prevented = "red" in mine["colors"]
    hits_back = ["my"] if fight and power_of(theirs) >= toughness_of(mine) else []
    dead = sorted(([] if prevented or power_of(mine) < toughness_of(theirs) else ["their"]) + hits_back)
    color = COLOR_JA[mine["colors"][0]]
    if fight:
        prompt = (
            f"あなたは緑の呪文{spell.label}（あなたのクリーチャー1体と対戦相手のクリーチャー1体を格闘させる）を唱え、"
            f"あなたの{color}のクリーチャー{stats(mine)}と対戦相手の{stats(theirs)}を格闘させました。"
            "解決後、墓地に置かれるクリーチャーをすべて選んでください。"
        )
    else:
        prompt = (
            f"あなたは緑の呪文{spell.label}（あなたのクリーチャー1体が、そのパワーに等しいダメージを対戦相手のクリーチャー1体に与える）を唱え、"
            f"あなたの{color}のクリーチャー{stats(mine)}から対戦相手の{stats(theirs)}にダメージを与えさせました。"
            "解決後、墓地に置かれるクリーチャーをすべて選んでください。"
        )
    text = (
        f"ダメージの発生源はそれを与えたオブジェクトです (120.7)。ここでダメージを与えるのは呪文ではなく{_name(mine)}なので、"
        "プロテクション（赤）が軽減するかどうかは、そのクリーチャーの色で決まります (702.16e)。"
    )
    rules = ["120.7", "702.16e", "120.2b"]
    if fight:
        text += (
            f"格闘では2体がそれぞれ自分のパワーに等しいダメージをもう一方に与えます (701.14a)。プロテクションは"
            f"そのクリーチャーが受けるダメージを軽減するだけで、{_name(theirs)}が与えるダメージはそのまま与えられます。"
        )
        rules.append("701.14a")
    mistakes = [
        (
            sorted((["their"] if power_of(mine) >= toughness_of(theirs) else []) + hits_back),
            "呪文の色でプロテクションを判断しました (120.7)",
        )
        if prevented
        else (hits_back, "プロテクション（赤）はどの色の発生源のダメージも軽減すると考えました (702.16e)")
    ]
    event = (
        {
            "type": "fight",
            "name": spell.label,
            "fighters": ["my", "their"],
            **_targeting("prey-upon", "my", "their"),
        }
        if fight
        else {
            "type": "bite",
            "name": spell.label,
            "source": "my",
            "to": "their",
            **_targeting("rabid-bite", "my", "their"),
        }
    )
    doc = _doc([mine, theirs], event)
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, rules, mistakes)


# --------------------------------------------------------------------------- 10. Worship and lifelink in the same damage event (120.4)


def gen_worship_lifelink(rng: random.Random, level: str) -> Draft:
    worship = card("worship")
    lifelinker = permanent(rng.choice(LIFELINKERS), "ll", "A")
    blocked = permanent(rng.choice(("grizzly-bears", "elite-vanguard", "hill-giant")), "b1", "B")
    big = permanent(
        rng.choice(("craw-wurm", "serra-angel", "ravenous-baloth", "colossal-dreadmaw")), "b2", "B"
    )
    big.pop("keywords", None)
    loss = power_of(big)
    gain = power_of(lifelinker)
    # Only boards the CR settles: the 120.4 example says Worship does not apply when the loss and the
    # gain of one event together leave 1 life or more. When they would leave less than 1, the CR does
    # not say how Worship's "reduces it to 1" combines with the gain, so such boards are never drawn.
    a_life = rng.randint(max(1, loss - gain + 1), loss + 2)
    net = a_life - loss + gain
    answer = net
    effects = [worship.effect(0, player="A")]
    prompt = (
        f"あなたのライフは{a_life}点で、{worship.label}（あなたがクリーチャーをコントロールしているなら、あなたのライフを1点未満に減らすダメージは、"
        f"代わりにライフを1点に減らす）と{stats(lifelinker)}をコントロールしています。対戦相手の{stats(blocked)}と{stats(big)}が攻撃し、"
        f"{_name(lifelinker)}が{_name(blocked)}をブロックしました。{_name(big)}はブロックされていません。戦闘ダメージの後、あなたのライフは何点ですか？"
    )
    text = (
        "戦闘ダメージは同時に与えられ、1つのダメージのイベントです。ダメージはまず結果（ライフの喪失と、絆魂によるライフの獲得）に変換され、"
        "それから結果に影響する置換効果が適用されます (120.4, 120.4c)。"
        f"失う{loss}点と得る{gain}点を合わせて、ライフが1点未満になるときだけ{worship.label}が適用されます (120.3a, 120.3f)。"
    )
    mistakes: list[Mistake] = [
        # Forgetting the gain leaves only the loss, which Worship stops at 1 when it goes below 1.
        (max(1, a_life - loss), "絆魂のライフを数え忘れました (702.15b)"),
        (1, "ライフが減るなら必ず1点になると考えました (120.4c)"),
    ]
    if a_life - loss < 1:
        mistakes.insert(0, (1 + gain, "先に《崇拝》で1点にしてから絆魂のライフを得ると考えました (120.4)"))
    doc = _doc(
        [lifelinker, blocked, big],
        _combat([_attack("b1", "A", ["ll"]), _attack("b2", "A")]),
        effects,
        players=_players(a_life=a_life),
        active="B",
    )
    return _draft(
        doc,
        prompt,
        {"kind": "life", "player": "A"},
        answer,
        text,
        ["120.4", "120.4c", "120.3a", "120.3f", "702.15b"],
        mistakes,
    )


# --------------------------------------------------------------------------- 11. Furnace of Rath and a shield: the order (616.1)


def _furnace_loss(amount: int, effects: Sequence[dict[str, Any]], order: Sequence[int]) -> int:
    """Damage that reaches the player when the player applies ``effects`` in ``order`` (616.1)."""
    x = amount
    for index in order:
        effect = effects[index]
        if effect["type"] == "damage_multiplier":
            x *= effect["factor"]
        elif effect["type"] == "prevent_next":
            x -= min(x, effect["amount"])  # 615.7: a shield takes what it can, up to its amount
        elif effect["type"] == "prevent_static":
            x = max(0, x - effect["amount"])
    return x


def _furnace_range(amount: int, effects: Sequence[dict[str, Any]]) -> tuple[tuple[int, ...], int, int]:
    """The order the player picks (least damage) and the least and most damage over all orders."""
    orders = list(itertools.permutations(range(len(effects))))
    losses = [_furnace_loss(amount, effects, order) for order in orders]
    return orders[losses.index(min(losses))], min(losses), max(losses)


def gen_furnace_shield(rng: random.Random, level: str) -> Draft:
    furnace = card("furnace-of-rath")
    salve = card("healing-salve")
    armor = card("urza-s-armor")
    spell = rng.choice(("lightning-bolt", "lightning-strike", "lava-axe"))
    amount = _amount(spell)
    a_life = rng.randint(12, 20)
    effects = [furnace.effect(0), salve.effect(0, to="A")]
    # L2 adds 《ウルザの鎧》 (prevent 1 of each source's damage): three effects, six orders to weigh.
    if level == L2:
        effects.append(armor.effect(0, to="A"))
    order, best, worst = _furnace_range(amount, effects)
    answer = a_life - best
    extra = (
        f"あなたは{armor.label}（発生源があなたにダメージを与えるなら、そのダメージを1点軽減する）をコントロールしています。"
        if level == L2
        else ""
    )
    prompt = (
        f"あなたのライフは{a_life}点です。戦場には{furnace.label}（発生源がパーマネントかプレイヤーにダメージを与えるなら、代わりにその2倍のダメージを与える）"
        f"があります。{extra}あなたは{salve.label}で「このターン、あなたが受ける次の3点のダメージを軽減する」を選んでいます。"
        f"対戦相手が{card(spell).label}（{amount}点）であなたを対象にしました。あなたは失うライフが最も少なくなる順番で効果を適用します。"
        "解決後、あなたのライフは何点ですか？"
    )
    names = {0: furnace.label, 1: salve.label, 2: armor.label}
    text = (
        "1つのダメージに置換効果と軽減効果が複数適用できるなら、ダメージを受けるプレイヤーがどれを先に適用するかを選び、"
        "1つ適用するたびに残りを選び直します (616.1, 120.4b)。"
        f"最善の順番（{'→'.join(names[i] for i in order)}）では{best}点、最悪の順番では{worst}点を受けます。"
        "盾は残っている量まで軽減します (615.7)。"
    )
    rules = ["616.1", "120.4b", "615.7"]
    if level == L2:
        text += f"{armor.label}はダメージのイベントごとに1点を軽減します (615.10)。"
        rules.append("615.10")
    without = {
        i: _furnace_range(amount, [e for j, e in enumerate(effects) if j != i])[1]
        for i in range(len(effects))
    }
    mistakes: list[Mistake] = [
        (a_life - worst, "効果の順番を選べないと考えました (616.1)"),
        (a_life - without[1], "盾を見落としました (615.7)"),
        (a_life - without[0], "《ラースの灼熱洞》を見落としました (616.1)"),
    ]
    if level == L2:
        mistakes.append((a_life - without[2], "《ウルザの鎧》を見落としました (615.10)"))
    doc = _doc(
        [],
        _spell(spell, "B", [("A", amount)]),
        effects,
        players=_players(a_life=a_life),
        choices={"replacement_order": {"A": list(order)}},
        active="B",
    )
    return _draft(doc, prompt, {"kind": "life", "player": "A"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 12. Torbran and Furnace of Rath: the opponent chooses (616.1)


def gen_torbran_furnace(rng: random.Random, level: str) -> Draft:
    torbran = card("torbran-thane-of-red-fell")
    furnace = card("furnace-of-rath")
    spell = rng.choice(("lightning-bolt", "shock", "lightning-strike"))
    amount = _amount(spell)
    b_life = rng.randint(12, 20)
    plus_first = (amount + 2) * 2
    double_first = amount * 2 + 2
    tor = permanent("torbran-thane-of-red-fell", "tor", "A")
    effects = [torbran.effect(0, from_controller="A"), furnace.effect(0)]
    answer = b_life - min(plus_first, double_first)
    prompt = (
        f"対戦相手のライフは{b_life}点です。あなたは{stats(tor)}（あなたがコントロールする赤の発生源が対戦相手かそのパーマネントにダメージを与えるなら、"
        f"代わりにその点数に2を足したダメージを与える）をコントロールし、戦場には{furnace.label}もあります。あなたは{card(spell).label}（{amount}点）で"
        "対戦相手を対象にしました。対戦相手は失うライフが最も少なくなる順番を選びます。解決後、対戦相手のライフは何点ですか？"
    )
    text = (
        "ダメージを受けるプレイヤーが、適用する置換効果の順番を選びます (616.1, 120.4b)。"
        f"先に2を足すと({amount}+2)×2={plus_first}点、先に2倍にすると{amount}×2+2={double_first}点なので、対戦相手は後者を選びます。"
    )
    mistakes = [
        (b_life - plus_first, "効果を出した側（あなた）が順番を選ぶと考えました (616.1)"),
        (b_life - amount - 2, "《ラースの灼熱洞》を見落としました (616.1)"),
        (b_life - amount * 2, "《朱地洞の族長、トーブラン》を見落としました (616.1)"),
    ]
    doc = _doc(
        [tor],
        _spell(spell, "A", [("B", amount)]),
        effects,
        players=_players(b_life=b_life),
        choices={"replacement_order": {"B": [1, 0]}},
    )
    return _draft(
        doc, prompt, {"kind": "life", "player": "B"}, answer, text, ["616.1", "120.4b", "614.1a"], mistakes
    )


# --------------------------------------------------------------------------- 13. Pariah and a shield: redirection, then prevention (616.1, 616.1f)


def gen_pariah_shield(rng: random.Random, level: str) -> Draft:
    pariah = card("pariah")
    salve = card("healing-salve")
    ally = permanent(
        rng.choice(("grizzly-bears", "vampire-spawn", "hill-giant", "elite-vanguard")), "ally", "A"
    )
    spell = rng.choice(("lightning-bolt", "lightning-strike", "shock"))
    amount = _amount(spell)
    a_life = rng.randint(5, 20)
    redirect_first = rng.random() < 0.5
    effects = [pariah.effect(0, to="ally", **{"from": "A"}), salve.effect(0, to="A")]
    order = [0, 1] if redirect_first else [1, 0]
    # Each order's outcome; the belief in each label is the other order's (616.1f, 615.7).
    dies_redirected = ["ally"] if amount >= toughness_of(ally) else []
    dies_prevented = ["ally"] if max(0, amount - 3) >= toughness_of(ally) else []
    dies = dies_redirected if redirect_first else dies_prevented
    first = "先に《最下層民》を適用し" if redirect_first else f"先に{salve.label}の軽減を適用し"
    prompt = (
        f"あなたのライフは{a_life}点です。あなたの{stats(ally)}には{pariah.label}（あなたに与えられるすべてのダメージは、代わりにエンチャントされている"
        f"クリーチャーに与えられる）がついています。あなたは{salve.label}で「このターン、あなたが受ける次の3点のダメージを軽減する」を選んでいます。"
        f"対戦相手が{card(spell).label}（{amount}点）であなたを対象にしました。あなたは{first}ました。"
        "解決後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = (
        "あなたへのダメージに移し替えと軽減の両方が適用できるので、あなたが順番を選びます (616.1, 120.4b)。"
        "先に移し替えると、ダメージはクリーチャーへのダメージになり、あなたへのダメージを軽減する盾はもう適用されません (616.1f, 614.9)。"
        "先に軽減すれば、盾が防いだ分は移し替えられません (615.7)。"
    )
    mistakes = [
        (dies_prevented, "移し替えた後もあなたの盾が軽減すると考えました (616.1f)")
        if redirect_first
        else (dies_redirected, "軽減した後も全部が移し替えられると考えました (615.7)")
    ]
    doc = _doc(
        [ally],
        _spell(spell, "B", [("A", amount)]),
        effects,
        players=_players(a_life=a_life),
        choices={"replacement_order": {"A": order}},
        active="B",
    )
    return _draft(doc, prompt, {"kind": "dies"}, dies, text, ["616.1", "616.1f", "614.9", "615.7"], mistakes)


# --------------------------------------------------------------------------- 14. Harm's Way: 2 of the damage to any target


def gen_harms_way(rng: random.Random, level: str) -> Draft:
    way = card("harm-s-way")
    pool = LIFELINKERS[1:] if level == L2 else ("craw-wurm", "serra-angel", "hill-giant", "ravenous-baloth")
    att = permanent(rng.choice(pool), "att", "B")
    lifelink = "lifelink" in att.get("keywords", [])
    a_life = rng.randint(6, 20)
    b_life = rng.randint(6, 20)
    ask_b = level == L2 or rng.random() < 0.5
    effects = [way.effect(0, source="att", to="B", **{"from": "A"})]
    power = power_of(att)
    moved = min(2, power)
    question = "対戦相手" if ask_b else "あなた"
    prompt = (
        f"あなたのライフは{a_life}点、対戦相手は{b_life}点です。対戦相手の{stats(att)}がブロックされずにあなたを攻撃しています。"
        f"あなたは{way.label}を唱え、発生源として{_name(att)}を、移し替える先として対戦相手を選びました"
        "（このターン、その発生源があなたやあなたのパーマネントに与える次の2点のダメージは、代わりに対戦相手に与えられる）。"
        f"戦闘ダメージの後、{question}のライフは何点ですか？"
    )
    text = (
        f"移し替える効果は置換効果で、ダメージを受ける前に適用されます (614.9, 120.4b)。{_name(att)}の{power}点のうち{moved}点が"
        f"対戦相手に与えられ、残り{power - moved}点があなたに与えられます。移し替えたダメージの発生源は{_name(att)}のままです。"
    )
    rules = ["614.9", "120.4b"]
    if lifelink:
        text += "絆魂は発生源が与えたダメージすべてで働くので、対戦相手に移し替えられた分も含めて、対戦相手がライフを得ます (702.15b, 120.3f)。"
        rules += ["702.15b", "120.3f"]
    doc = _doc(
        [att],
        _combat([_attack("att", "A")]),
        effects,
        players=_players(a_life=a_life, b_life=b_life),
        active="B",
    )
    if ask_b:
        gain = power if lifelink else 0
        mistakes: list[Mistake] = [
            (b_life - moved + (power - moved), "移し替えたダメージでは絆魂が働かないと考えました (702.15b)")
            if lifelink
            else (b_life, "移し替えたダメージは発生源のコントローラーには与えられないと考えました (614.9)"),
            (b_life - power + gain, "すべてのダメージが移し替えられると考えました (614.9)"),
            (b_life + gain, "移し替えられたダメージを受けないと考えました (614.9)"),
        ]
        return _draft(
            doc, prompt, {"kind": "life", "player": "B"}, b_life - moved + gain, text, rules, mistakes
        )
    mistakes = [
        (a_life - power, "《危害のあり方》を見落としました (614.9)"),
        (a_life - max(0, power - 4), "移し替える量を2倍にしました"),
    ]
    return _draft(
        doc, prompt, {"kind": "life", "player": "A"}, a_life - (power - moved), text, rules, mistakes
    )


# --------------------------------------------------------------------------- 15. Palisade Giant takes everything


def gen_palisade(rng: random.Random, level: str) -> Draft:
    giant = permanent("palisade-giant", "giant", "A")
    # L2 adds a 3-point shield on the giant: it applies to the damage the giant now receives,
    # redirected or its own (616.1f), so only the larger boards still kill it.
    shield = 3 if level == L2 else 0
    n = rng.randint(2, 3) if shield else rng.randint(1, 3)
    mine = [
        permanent(s, f"m{i + 1}", "A")
        for i, s in enumerate(
            rng.sample(("grizzly-bears", "llanowar-elves", "elite-vanguard", "vampire-spawn"), n)
        )
    ]
    theirs = permanent(rng.choice(("hill-giant", "grizzly-bears")), "t1", "B")
    a_life = rng.randint(5, 20)
    spell = card("volcanic-fallout")
    total = 2 * (2 + n)
    taken = total - shield
    dead = sorted(["t1"] if toughness_of(theirs) <= 2 else []) + (["giant"] if taken >= 7 else [])
    dead.sort()
    permanents = [giant, *mine, theirs]
    damage = [(p["id"], 2) for p in permanents] + [("A", 2), ("B", 2)]
    effects = [giant_effect(giant)]
    salve = card("healing-salve")
    if shield:
        effects.append(salve.effect(0, to="giant"))
    cast = (
        f"あなたは{salve.label}で「このターン、{_name(giant)}が受ける次の3点のダメージを軽減する」を選んでいます。"
        if shield
        else ""
    )
    listing = "、".join(stats(p) for p in mine)
    prompt = (
        f"あなたは{stats(giant)}（あなたかあなたがコントロールする他のパーマネントに与えられるすべてのダメージは、代わりにこれに与えられる）と{listing}を"
        f"コントロールしています。対戦相手は{stats(theirs)}をコントロールしています。対戦相手が{spell.label}（各クリーチャーと各プレイヤーにそれぞれ2点）を唱えました。"
        f"{cast}解決後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = (
        f"{_name(giant)}の効果は、あなたとあなたの他のパーマネントへのダメージをすべて{_name(giant)}へ移し替えます (614.9, 120.4b)。"
        f"{_name(giant)}自身への2点と合わせて{total}点を受けます。"
        "負ったダメージの合計がタフネス以上なら破壊されます (704.5g)。"
    )
    rules = ["614.9", "120.4b", "704.5g"]
    if shield:
        text += f"移し替えられたダメージにも{_name(giant)}の盾が適用され (616.1f)、3点が軽減されて{taken}点を負います (615.7)。"
        rules += ["616.1f", "615.7"]
    theirs_dead = ["t1"] if toughness_of(theirs) <= 2 else []
    mistakes = [
        # No redirection: each creature takes its own 2 (the giant's 2 leave it alive).
        (
            sorted([*theirs_dead, *[m["id"] for m in mine if toughness_of(m) <= 2]]),
            "移し替えを見落としました (614.9)",
        ),
        # Only your 2 not redirected: the giant takes the rest.
        (
            sorted([*theirs_dead, *(["giant"] if taken - 2 >= 7 else [])]),
            "あなたへのダメージは移し替えられないと考えました (614.9)",
        ),
    ]
    if shield:
        mistakes.append(
            (sorted([*theirs_dead, *(["giant"] if total >= 7 else [])]), "盾を見落としました (615.7)")
        )
    doc = _doc(
        permanents,
        _spell("volcanic-fallout", "B", damage),
        effects,
        players=_players(a_life=a_life),
        active="B",
    )
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, rules, mistakes)


def giant_effect(giant: dict[str, Any]) -> dict[str, Any]:
    """《矢来の巨人》's redirection for the giant on the question's board."""
    return {
        "type": "redirect_damage",
        "from": giant["controller"],
        "and_permanents": True,
        "to": giant["id"],
        "name": "《矢来の巨人》",
    }


# --------------------------------------------------------------------------- 16. excess damage sent elsewhere (120.4a)


def excess_draft(b_life: int, target: dict[str, Any], mine: dict[str, Any] | None = None) -> Draft:
    """CR 120.4a: 《炎の氾濫》 (4 damage to ``target``) or, with ``mine`` (a trampler of A's), 《強行突破》 (its power):
    the damage beyond lethal (marked damage counts; 1 is lethal from deathtouch, 702.2c) is dealt to the
    creature's controller instead. The question: the opponent's life afterwards."""
    toughness = toughness_of(target)
    marked = target.get("damage", 0)
    deathtouch = mine is not None and "deathtouch" in mine.get("keywords", [])
    if mine is not None:
        amount = power_of(mine)
        spell = card("ram-through")
        event: dict[str, Any] = {
            "type": "bite",
            "name": spell.label,
            "source": mine["id"],
            "to": target["id"],
            "excess_to": "controller",
            **_targeting("ram-through", mine["id"], target["id"]),
        }
        permanents = [mine, target]
        collar = COLLARED if deathtouch else ""
        what = (
            f"あなたは{spell.label}（あなたのクリーチャー1体が対戦相手のクリーチャー1体にパワーに等しいダメージを与える。"
            "それがトランプルを持つなら、余剰のダメージは代わりにそのクリーチャーのコントローラーに与えられる）を唱え、"
            f"あなたの{collar}{stats(mine)}から対戦相手の{stats(target)}にダメージを与えさせました。"
        )
    else:
        spell = card("flame-spill")
        amount = _amount("flame-spill")
        event = _spell("flame-spill", "A", [(target["id"], amount)], excess_to="controller")
        permanents = [target]
        what = (
            f"あなたは{spell.label}（クリーチャー1体に{amount}点のダメージを与え、余剰のダメージは代わりにそのコントローラーに"
            f"与えられる）で対戦相手の{stats(target)}を対象にしました。"
        )
    lethal = 1 if deathtouch else toughness - marked
    excess = max(0, amount - lethal)
    prompt = f"対戦相手のライフは{b_life}点です。{what}解決後、対戦相手のライフは何点ですか？"
    text = (
        "余剰のダメージを他に与える効果は、ダメージを受ける前にダメージのイベントを変更します。クリーチャーへの余剰のダメージは、"
        "すでに負っているダメージを考慮した致死ダメージを超える分です (120.4a)。"
    )
    rules = ["120.4a"]
    if deathtouch:
        text += "発生源が接死を持つなら、1点を超える分が余剰です (120.4a, 702.2c)。"
        rules.append("702.2c")
    text += f"ここでは{excess}点が対戦相手に与えられます。"
    mistakes = [
        (
            b_life - max(0, amount - toughness),
            "すでに負っているダメージを余剰の計算に入れませんでした (120.4a)",
        )
        if marked and not deathtouch
        else (
            b_life - max(0, amount - (toughness - marked)),
            "接死があっても致死ダメージはタフネス分だと考えました (120.4a)",
        )
        if deathtouch
        else (b_life - amount, "ダメージがすべてプレイヤーに移ると考えました (120.4a)"),
        (b_life, "余剰のダメージはなくなると考えました (120.4a)"),
        (b_life - amount, "ダメージがすべてプレイヤーに移ると考えました (120.4a)"),
    ]
    doc = _doc(permanents, event, players=_players(b_life=b_life))
    return _draft(doc, prompt, {"kind": "life", "player": "B"}, b_life - excess, text, rules, mistakes)


def gen_flame_spill(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(6, 20)
    target = permanent(
        rng.choice(("grizzly-bears", "hill-giant", "vampire-spawn", "elite-vanguard", "llanowar-elves")),
        "tgt",
        "B",
    )
    toughness = toughness_of(target)
    marked = rng.randint(1, toughness - 1) if toughness > 1 and rng.random() < 0.5 else 0
    if marked:
        target["damage"] = marked
    mine = None
    if level == L2:
        mine = permanent(rng.choice(("colossal-dreadmaw", "charging-monstrosaur")), "my", "A")
        if rng.random() < 0.5:
            equip_collar(mine)
    return excess_draft(b_life, target, mine)


# --------------------------------------------------------------------------- 17. Toralf: a trigger on excess damage (120.10)


def gen_toralf(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(6, 20)
    toralf = permanent("toralf-god-of-fury", "toralf", "A")
    spell = rng.choice(BURN)
    amount = _amount(spell)
    target = permanent(
        rng.choice(("grizzly-bears", "llanowar-elves", "elite-vanguard", "hill-giant", "vampire-spawn")),
        "tgt",
        "B",
    )
    toughness = toughness_of(target)
    marked = rng.randint(1, toughness - 1) if level == L2 and toughness > 1 and rng.random() < 0.6 else 0
    if marked:
        target["damage"] = marked
    excess = max(0, amount - (toughness - marked))
    prompt = (
        f"対戦相手のライフは{b_life}点です。あなたは{stats(toralf)}（対戦相手がコントロールするクリーチャーかプレインズウォーカーが戦闘以外の余剰のダメージを受けるたび、"
        f"その余剰の点数に等しいダメージを他の対象1つに与える）をコントロールしています。あなたは{card(spell).label}（{amount}点）で対戦相手の{stats(target)}を"
        "対象にし、誘発した能力の対象には対戦相手を選びます。すべて解決した後、対戦相手のライフは何点ですか？"
    )
    text = (
        "余剰のダメージを見る誘発型能力は、パーマネントがダメージを受けた後で見ます。致死ダメージ（すでに負っているダメージも考慮）を超えて与えられた分が余剰のダメージです (120.10)。"
        f"ここでは余剰は{excess}点で、"
        + (
            "能力は誘発しません。"
            if excess == 0
            else f"{_name(toralf)}の能力が{excess}点を対戦相手に与えます (603.2)。"
        )
    )
    mistakes = [
        (
            b_life - max(0, amount - toughness),
            "すでに負っているダメージを余剰の計算に入れませんでした (120.10)",
        )
        if marked
        else (b_life - amount, "ダメージ全部が余剰だと考えました (120.10)"),
        (b_life - amount, "ダメージ全部が余剰だと考えました (120.10)"),
        (b_life, "余剰のダメージでは何も起こらないと考えました (120.10)")
        if excess
        else (b_life - 1, "致死ダメージちょうどでも余剰があると考えました (120.10)"),
    ]
    doc = _doc([toralf, target], _spell(spell, "A", [("tgt", amount)]), players=_players(b_life=b_life))
    return _draft(
        doc, prompt, {"kind": "life", "player": "B"}, b_life - excess, text, ["120.10", "603.2"], mistakes
    )


# --------------------------------------------------------------------------- 18. "Whenever ~ is dealt damage" (Boros Reckoner, Spitemare)


def gen_reckoner(rng: random.Random, level: str) -> Draft:
    slug = rng.choice(("boros-reckoner", "spitemare"))
    theirs = permanent(slug, "rk", "B")
    spell = rng.choice(BURN)
    amount = _amount(spell)
    pyro = level == L2 and rng.random() < 0.5
    # L2 adds 《ラースの灼熱洞》: it doubles the spell's damage to the creature and again the damage its
    # ability then deals (both are damage events, 120.4b), so "that much" is the doubled amount.
    furnace = level == L2
    factor = 2 if furnace else 1
    if pyro:
        mine = permanent(rng.choice(("grizzly-bears", "elite-vanguard", "llanowar-elves")), "my", "A")
        event = _spell("pyroclasm", "A", [("rk", 2), ("my", 2)])
        amount = 2
        cast = f"あなたは{card('pyroclasm').label}（各クリーチャーに2点）を唱えました。あなたは{stats(mine)}もコントロールしています。"
        permanents = [theirs, mine]
    else:
        event = _spell(spell, "A", [("rk", amount)])
        cast = f"あなたは{card(spell).label}（{amount}点）でそれを対象にしました。"
        permanents = [theirs]
    dealt = factor * amount
    to_you = factor * dealt
    a_life = rng.randint(to_you + 1, to_you + 12) if furnace else rng.randint(5, 20)
    effects = [card("furnace-of-rath").effect(0)] if furnace else []
    board = (
        f"戦場には{card('furnace-of-rath').label}（発生源がパーマネントかプレイヤーにダメージを与えるなら、代わりにその2倍のダメージを与える）があります。"
        if furnace
        else ""
    )
    prompt = (
        f"あなたのライフは{a_life}点です。{board}対戦相手は{stats(theirs)}（これがダメージを受けるたび、これはその点数に等しいダメージを対象1つに与える）を"
        f"コントロールしています。{cast}対戦相手は誘発した能力の対象にあなたを選びます。すべて解決した後、あなたのライフは何点ですか？"
    )
    text = (
        "ダメージを受けたことで誘発する能力は、ダメージが与えられた時点で誘発し、スタックに置かれるのを待ちます (120.4b, 603.2)。"
        "「その点数」はそのパーマネントが実際に受けたダメージの量です。"
    )
    if furnace:
        text += (
            f"{card('furnace-of-rath').label}で{_name(theirs)}が受けるダメージは{dealt}点になり、能力が与える{dealt}点も"
            f"あなたに与えられるときに2倍の{to_you}点になります (120.4b, 614.1a)。"
        )
    dies = dealt >= toughness_of(theirs)
    if dies:
        text += (
            "そのクリーチャーは致死ダメージを負って状況起因処理で墓地に置かれますが (704.5g)、"
            "すでに誘発した能力はスタックに置かれ、解決します (603.3)。"
        )
    mistakes: list[Mistake] = [
        (a_life, "クリーチャーが墓地に置かれたので能力は解決しないと考えました (603.3)")
        if dies
        else (a_life, "能力を見落としました (120.4b, 603.2)"),
        (
            a_life - factor * power_of(theirs),
            "受けたダメージではなくパワーに等しいダメージを与えると考えました (603.2)",
        ),
    ]
    if furnace:
        mistakes += [
            (a_life - dealt, "能力が与えるダメージにも《ラースの灼熱洞》が働くのを見落としました (120.4b)"),
            (a_life - amount, "《ラースの灼熱洞》を見落としました (120.4b)"),
        ]
    else:
        mistakes.append((a_life - 2 * amount, "ダメージを2回数えました"))
    doc = _doc(permanents, event, effects, players=_players(a_life=a_life))
    return _draft(
        doc,
        prompt,
        {"kind": "life", "player": "A"},
        a_life - to_you,
        text,
        ["120.4b", "603.2"] + (["614.1a"] if furnace else []),
        mistakes,
    )


# --------------------------------------------------------------------------- 19. Spirit Link: only the enchanted creature's damage (120.9)


def gen_spirit_link(rng: random.Random, level: str) -> Draft:
    a_life = rng.randint(5, 20)
    link = card("spirit-link")
    names = rng.sample(("grizzly-bears", "hill-giant", "craw-wurm", "vampire-spawn", "elvish-regrower"), 2)
    linked = permanent(names[0], "ln", "A")
    linked["triggers"] = [
        {"when": "deals_damage", "effect": {"type": "gain_life", "amount": "that_much", "player": "A"}}
    ]
    other = permanent(names[1], "ot", "A")
    blocked = level == L2
    permanents = [linked, other]
    attacks = [_attack("ot")]
    if blocked:
        blk = permanent(rng.choice(("llanowar-elves", "elite-vanguard", "grizzly-bears")), "blk", "B")
        permanents.append(blk)
        attacks.insert(0, _attack("ln", blockers=["blk"]))
        situation = f"{_name(linked)}は対戦相手の{stats(blk)}にブロックされ、{_name(other)}はブロックされませんでした。"
    else:
        attacks.insert(0, _attack("ln"))
        situation = "どちらもブロックされませんでした。"
    gain = power_of(linked)
    prompt = (
        f"あなたのライフは{a_life}点です。あなたの{stats(linked)}には{link.label}（エンチャントされているクリーチャーがダメージを与えるたび、あなたはその点数に等しいライフを得る）が"
        f"ついています。{stats(linked).split('（')[0]}と{stats(other)}が攻撃し、{situation}すべて解決した後、あなたのライフは何点ですか？"
    )
    text = (
        "特定の発生源が与えたダメージで誘発し「その点数」を参照する能力は、その発生源が与えたダメージだけを数えます。"
        "同時に他の発生源が与えたダメージは数えません (120.9)。クリーチャーへのダメージでも誘発します。"
    )
    mistakes = [
        (a_life + gain + power_of(other), "同時に与えられた他のクリーチャーのダメージも数えました (120.9)"),
        (a_life, "ブロックされたので能力は誘発しないと考えました (603.2)")
        if blocked
        else (a_life, "能力を見落としました (603.2)"),
        (a_life + power_of(other), "どちらのダメージを数えるかを取り違えました (120.9)"),
    ]
    doc = _doc(permanents, _combat(attacks), players=_players(a_life=a_life))
    return _draft(
        doc, prompt, {"kind": "life", "player": "A"}, a_life + gain, text, ["120.9", "603.2"], mistakes
    )


# --------------------------------------------------------------------------- 20. Stuffy Doll: dealt damage, not destroyed


def gen_stuffy_doll(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(5, 20)
    doll = permanent("stuffy-doll", "doll", "A")
    spell = rng.choice(("pyroclasm", "anger-of-the-gods"))
    amount = _amount(spell)
    theirs = permanent(rng.choice(("grizzly-bears", "hill-giant", "craw-wurm")), "their", "B")
    # L2 adds 《ラースの灼熱洞》: the doll is dealt double, and its trigger's damage is doubled again.
    furnace = level == L2
    dealt = 2 * amount if furnace else amount
    to_them = 2 * dealt if furnace else dealt
    if furnace:
        b_life = rng.randint(to_them + 1, to_them + 10)
    board = (
        f"戦場には{card('furnace-of-rath').label}（発生源がパーマネントかプレイヤーにダメージを与えるなら、代わりにその2倍のダメージを与える）があります。"
        if furnace
        else ""
    )
    prompt = (
        f"対戦相手のライフは{b_life}点です。{board}あなたは{stats(doll)}（これがダメージを受けるたび、これは選ばれたプレイヤーにその点数のダメージを与える）を"
        f"コントロールし、選ばれたプレイヤーは対戦相手です。対戦相手は{stats(theirs)}をコントロールしています。対戦相手が{card(spell).label}"
        f"（各クリーチャーに{amount}点）を唱えました。すべて解決した後、対戦相手のライフは何点ですか？"
    )
    text = (
        f"ダメージはパーマネントを破壊しません。破壊するのは状況起因処理で (704.5g)、破壊不能の{_name(doll)}は致死ダメージを負っても破壊されません (120.5, 702.12b)。"
        f"ダメージを受けたことで能力が誘発し (120.4b, 603.2)、「その点数」として受けた{dealt}点すべてを対戦相手に与えます。"
    )
    if furnace:
        text += (
            f"{card('furnace-of-rath').label}で{_name(doll)}が受けるダメージは{dealt}点になり、能力のダメージも対戦相手に与えられるときに"
            f"2倍の{to_them}点になります (120.4b, 614.1a)。"
        )
    mistakes: list[Mistake] = [
        (
            b_life,
            "破壊されないので能力は誘発しないと考えました（ダメージを受ければ誘発します, 120.4b, 603.2）",
        ),
    ]
    if furnace:
        mistakes += [
            (b_life - dealt, "能力が与えるダメージにも《ラースの灼熱洞》が働くのを見落としました (120.4b)"),
            (b_life - amount, "《ラースの灼熱洞》を見落としました (120.4b)"),
        ]
    else:
        mistakes += [
            (b_life - 1, "タフネス（1）を超えた分は「その点数」に数えないと考えました (603.2)"),
            (b_life - 2 * amount, f"同時に{_name(theirs)}が受けたダメージも「その点数」に数えました (603.2)"),
        ]
    doc = _doc(
        [doll, theirs],
        _spell(spell, "B", [("doll", amount), ("their", amount)]),
        [card("furnace-of-rath").effect(0)] if furnace else [],
        players=_players(b_life=b_life),
        active="B",
    )
    return _draft(
        doc,
        prompt,
        {"kind": "life", "player": "B"},
        b_life - to_them,
        text,
        ["120.5", "702.12b", "120.4b", "603.2"] + (["614.1a"] if furnace else []),
        mistakes,
    )


# --------------------------------------------------------------------------- 21. a shield counter against deathtouch (122.1c)


def gen_shield_deathtouch(rng: random.Random, level: str) -> Draft:
    mine = permanent(rng.choice(SHIELDED), "sh", "A")
    if level == L1 and rng.random() < 0.4:
        murder = card("murder")
        source = dict(murder.engine["event"]["source"], controller="B", name=murder.label)
        event = {"type": "destroy", "source": source, "targets": ["sh"], "targeted": True}
        prompt = f"あなたは{stats(mine)}をコントロールしています。対戦相手が{murder.label}（クリーチャー1体を破壊する）でそれを対象にしました。解決後、墓地に置かれるクリーチャーをすべて選んでください。"
        text = "盾カウンターは「破壊されるなら、代わりに盾カウンターを1個取り除く」という置換効果でもあります。破壊の効果に対して、盾カウンター1個が取り除かれ、破壊されません (122.1c)。"
        return _draft(
            _doc([mine], event, active="B"),
            prompt,
            {"kind": "dies"},
            [],
            text,
            ["122.1c"],
            [(["sh"], "盾カウンターはダメージしか防がないと考えました (122.1c)")],
        )
    unpreventable = level == L2 and rng.random() < 0.4
    blk = _able_blocker(rng, mine, permanent(rng.choice(DEATHTOUCH), "blk", "B"), DEATHTOUCH)
    others: list[dict[str, Any]] = []
    effects = []
    if unpreventable:
        # the flying attackers can't be blocked by 《探索する獣》 (702.9b): it watches from the battlefield
        others.append(permanent("questing-beast", "qb", "B"))
        effects = [card("questing-beast").effect(0, from_controller="B")]
    mine.pop("keywords", None) if "trample" in mine.get("keywords", []) else None
    dead = []
    if power_of(mine) >= toughness_of(blk) or "deathtouch" in mine.get("keywords", []):
        dead.append("blk")
    if unpreventable:
        dead.append("sh")
    dead.sort()
    prompt = (
        f"あなたの{stats(mine)}が攻撃し、対戦相手の{stats(blk)}にブロックされました。"
        + (
            "対戦相手は《探索する獣》もコントロールしていて、その能力により、対戦相手がコントロールするクリーチャーが与える戦闘ダメージは軽減できません。"
            if unpreventable
            else ""
        )
        + "戦闘ダメージの後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = (
        "盾カウンターは「ダメージを受けるなら、代わりにそのダメージを軽減し、盾カウンターを1個取り除く」という軽減効果です (122.1c)。"
        "軽減されたダメージは与えられていないので、接死も働きません (615.6, 702.2b)。"
    )
    rules = ["122.1c", "615.6", "702.2b", "704.5h"]
    if unpreventable:
        text = (
            "軽減できないダメージにも盾カウンターの効果は適用され、ダメージは軽減されませんが、盾カウンターは取り除かれます (615.12, 122.1c)。"
            "与えられたダメージの発生源が接死を持つので、状況起因処理で破壊されます (702.2b, 704.5h)。"
        )
        rules = ["615.12", "122.1c", "702.2b", "704.5h"]
    mistakes = [
        (sorted(set(dead) - {"sh"}), "軽減できないダメージでも盾カウンターが軽減すると考えました (615.12)")
        if unpreventable
        else (sorted({*dead, "sh"}), "盾カウンターで軽減されたダメージでも接死が働くと考えました (615.6)"),
    ]
    doc = _doc([mine, blk, *others], _combat([_attack("sh", blockers=["blk"])]), effects)
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, rules, mistakes)


# --------------------------------------------------------------------------- 22. damage that can't be prevented (Questing Beast and Fog)


def gen_questing_fog(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(8, 20)
    beast = permanent("questing-beast", "qb", "A")
    fog = card(rng.choice(("fog", "holy-day")))
    effects = [card("questing-beast").effect(0, from_controller="A"), fog.effect(0)]
    beast_text = "（あなたがコントロールするクリーチャーが与える戦闘ダメージは軽減できない）"
    fog_text = "（このターン、与えられるすべての戦闘ダメージを軽減する）"
    if level == L2:
        # L2: the other attacker is blocked; the fog still prevents what the blocker deals (615.12 covers
        # only the damage of the beast's controller's creatures), so the question is who dies
        other = permanent(rng.choice(("craw-wurm", "hill-giant", "grizzly-bears")), "ot", "A")
        blocker = permanent(
            rng.choice(("grizzly-bears", "hill-giant", "ravenous-baloth", "llanowar-elves")), "bk", "B"
        )
        dead = ["bk"] if power_of(other) >= toughness_of(blocker) else []
        both = sorted([*dead, *(["ot"] if power_of(blocker) >= toughness_of(other) else [])])
        prompt = (
            f"あなたの{stats(beast)}{beast_text}と{stats(other)}が攻撃し、"
            f"{_name(beast)}はブロックされず、{_name(other)}は対戦相手の{stats(blocker)}にブロックされました。"
            f"対戦相手は{fog.label}{fog_text}を唱えました。戦闘ダメージの後、墓地に置かれるクリーチャーをすべて選んでください。"
        )
        text = (
            "軽減できないダメージにも軽減効果は適用されますが、ダメージは軽減されません (615.12)。"
            f"{_name(beast)}の能力が及ぶのはあなたがコントロールするクリーチャーの戦闘ダメージだけなので、{_name(other)}が与えるダメージは"
            f"軽減されず、{_name(blocker)}が与えるダメージは{fog.label}で軽減されます (615.1)。"
        )
        mistakes: list[Mistake] = [
            ([], "《探索する獣》の能力を見落としました (615.12)"),
            (
                both,
                "《探索する獣》の能力で対戦相手のクリーチャーのダメージも軽減できなくなると考えました (615.12)",
            ),
        ]
        doc = _doc(
            [beast, other, blocker],
            _combat([_attack("qb"), _attack("ot", blockers=["bk"])]),
            effects,
            players=_players(b_life=b_life),
        )
        return _draft(doc, prompt, {"kind": "dies"}, dead, text, ["615.12", "615.1", "510.2"], mistakes)
    other = permanent(rng.choice(("craw-wurm", "hill-giant", "serra-angel", "grizzly-bears")), "ot", "A")
    prompt = (
        f"対戦相手のライフは{b_life}点です。あなたの{stats(beast)}{beast_text}と"
        f"{stats(other)}がブロックされずに攻撃しました。対戦相手は{fog.label}{fog_text}を唱えました。"
        "戦闘ダメージの後、対戦相手のライフは何点ですか？"
    )
    text = (
        "軽減できないダメージにも軽減効果は適用されますが、ダメージは軽減されません (615.12)。同じ軽減効果が同じダメージに何度も適用されることはありません (615.12a)。"
        f"{_name(beast)}の能力はあなたのクリーチャーすべてに及ぶので、{_name(other)}の戦闘ダメージも軽減されません。"
    )
    answer = b_life - power_of(beast) - power_of(other)
    mistakes = [
        (b_life, "《探索する獣》の能力を見落としました (615.12)"),
        (b_life - power_of(beast), "《探索する獣》自身のダメージだけが軽減できないと考えました (615.12)"),
        (b_life - power_of(other), "軽減できないのは他のクリーチャーのダメージだけだと考えました (615.12)"),
    ]
    doc = _doc(
        [beast, other], _combat([_attack("qb"), _attack("ot")]), effects, players=_players(b_life=b_life)
    )
    return _draft(doc, prompt, {"kind": "life", "player": "B"}, answer, text, ["615.12", "615.12a"], mistakes)


# --------------------------------------------------------------------------- 23. regeneration against burn (701.19)


def gen_regenerate(rng: random.Random, level: str) -> Draft:
    slug = rng.choice(REGENERATORS)
    theirs = permanent(slug, "rg", "B")
    incinerate = rng.random() < 0.5
    spell = "incinerate" if incinerate else rng.choice(("lightning-bolt", "lightning-strike"))
    if not _targetable_by_opponent(theirs, card(spell).spell_source("A").get("colors", [])):
        # 702.11b: your spell can't target 《トロールの苦行者》; another regenerator takes its place
        slug = rng.choice(
            [s for s in REGENERATORS if _targetable_by_opponent(permanent(s, "rg", "B"), ["red"])]
        )
        theirs = permanent(slug, "rg", "B")
    amount = _amount(spell)
    effects = [{"type": "regenerate", "on": "rg", "name": f"《{theirs['name']}》の再生の盾"}]
    extra = {"cant_be_regenerated": True} if incinerate else {}
    event = _spell(spell, "A", [("rg", amount)], **extra)
    dead = ["rg"] if incinerate and amount >= toughness_of(theirs) else []
    prompt = (
        f"対戦相手は{stats(theirs)}をコントロールし、その再生の能力を1回起動しました（このターン、次に破壊されるなら、代わりにタップし、ダメージをすべて取り除き、戦闘から取り除く）。"
        f"あなたは{card(spell).label}（{amount}点"
        + ("。このターン、これによってダメージを受けたクリーチャーは再生できない" if incinerate else "")
        + "）でそれを対象にしました。解決後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = "致死ダメージによる破壊は状況起因処理で、再生の盾はその破壊を置き換えます。ダメージはすべて取り除かれ、タップされます (701.19a, 614.8, 704.5g)。"
    rules = ["701.19a", "614.8", "704.5g"]
    if incinerate:
        text += "再生できないクリーチャーには再生の盾が適用されず、破壊されます (701.19c)。"
        rules.append("701.19c")
    lethal = amount >= toughness_of(theirs)
    mistakes = [
        ([], "《火葬》の「再生できない」を見落としました (701.19c)")
        if incinerate
        else (["rg"] if lethal else [], "再生がダメージによる破壊を置き換えないと考えました (701.19a)")
    ]
    doc = _doc([theirs], event, effects)
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, rules, mistakes)


# --------------------------------------------------------------------------- 24. wither against regeneration (704.5f)


def gen_wither_regenerate(rng: random.Random, level: str) -> Draft:
    att = permanent(rng.choice(WITHER), "wi", "A")
    blk = permanent(rng.choice(REGENERATORS), "rg", "B")
    att = _able_attacker(rng, att, blk, WITHER)
    regen = level == L2
    effects = [{"type": "regenerate", "on": "rg", "name": f"《{blk['name']}》の再生の盾"}] if regen else []
    outcome = one_block(*_fighters(att, blk, rg=regen))
    prompt = (
        f"あなたの{stats(att)}が攻撃し、対戦相手の{stats(blk)}にブロックされました。"
        + (
            "対戦相手は戦闘ダメージの前に、ブロック・クリーチャーの再生の能力を1回起動しました。"
            if regen
            else ""
        )
        + "戦闘ダメージの後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = (
        "萎縮を持つ発生源からクリーチャーが受けたダメージは、負う代わりにその点数の-1/-1カウンターになります (120.3d, 702.80a)。"
        "タフネスが0以下になったクリーチャーは状況起因処理で墓地に置かれます。これは破壊ではないので、再生でも破壊不能でも防げません (704.5f)。"
    )
    # The belief: wither's damage is marked like any other, so regeneration (L2) can save the blocker.
    plain = dict(att, keywords=[k for k in att.get("keywords", []) if k != "wither"])
    mistakes = [
        (
            one_block(*_fighters(plain, blk, rg=regen)).dead,
            "萎縮の-1/-1カウンターを普通のダメージと同じに扱いました (704.5f)",
        )
    ]
    doc = _doc([att, blk], _combat([_attack("wi", blockers=["rg"])]), effects)
    return _draft(
        doc, prompt, {"kind": "dies"}, outcome.dead, text, ["120.3d", "702.80a", "704.5f"], mistakes
    )


# --------------------------------------------------------------------------- 25. infect on a blocker (120.3d)


def gen_infect_block(rng: random.Random, level: str) -> Draft:
    slug = "phyrexian-crusader" if level == L2 else rng.choice(INFECTORS)
    att = permanent(slug, "inf", "A")
    pool = [
        s
        for s in (
            "hill-giant",
            "craw-wurm",
            "ravenous-baloth",
            "rusted-sentinel",
            "vampire-spawn",
            "elvish-regrower",
        )
        if permanent(s, "x", "B")["toughness"] > power_of(att)
        and not set(permanent(s, "x", "B").get("colors", [])) & set(att.get("protection", []))
    ]
    if not any(can_block(att, permanent(s, "blk", "B")) for s in pool):
        # 《荒廃の工作員》 can't be blocked and 《疫病のとげ刺し》 flies over these (509.1b, 702.9b)
        att = permanent("glistener-elf", "inf", "A")
    blk = _able_blocker(rng, att, permanent(rng.choice(pool), "blk", "B"), pool)
    answer = toughness_of(blk) - power_of(att)
    prompt = (
        f"あなたの{stats(att)}が攻撃し、対戦相手の{stats(blk)}にブロックされました。"
        f"戦闘ダメージの後、{_name(blk)}のタフネスはいくつですか？"
    )
    text = "感染を持つ発生源からクリーチャーが受けたダメージは、負う代わりにその点数の-1/-1カウンターになります (120.3d, 702.90c)。"
    rules = ["120.3d", "702.90c"]
    if level == L2:
        text += "先制攻撃を持つので、-1/-1カウンターは1回目の戦闘ダメージ・ステップで置かれます (510.4)。"
        rules += ["510.4"]
    mistakes = [
        (toughness_of(blk), "感染のダメージもダメージとして負うと考えました (120.3d)"),
        (max(0, answer - 1), "1点多く数えました"),
    ]
    doc = _doc([att, blk], _combat([_attack("inf", blockers=["blk"])]))
    return _draft(doc, prompt, {"kind": "toughness", "permanent": "blk"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 26. infect and toxic on a player (120.3b, 120.3g)


def gen_poison_cards(rng: random.Random, level: str) -> Draft:
    poison0 = rng.randint(0, 6)
    b_life = rng.randint(8, 20)
    n = 1 if level == INTRO else 2
    kinds = rng.sample((*INFECTORS, *TOXIC), n)
    attackers = [permanent(s, f"c{i + 1}", "A") for i, s in enumerate(kinds)]
    ask_life = level == L2 and rng.random() < 0.5
    poison = poison0
    life = b_life
    as_power = poison0
    for a in attackers:
        if "infect" in a.get("keywords", []):
            poison += power_of(a)
            as_power += power_of(a)
        else:
            life -= power_of(a)
            poison += a.get("toxic", 0)
            as_power += power_of(a)
    listing = "と".join(stats(a) for a in attackers)
    prompt = (
        f"対戦相手のライフは{b_life}点で、毒カウンターが{poison0}個あります。あなたの{listing}がブロックされずに攻撃しました。"
        + (
            "戦闘ダメージの後、対戦相手のライフは何点ですか？"
            if ask_life
            else "戦闘ダメージの後、対戦相手の毒カウンターは何個ですか？"
        )
    )
    text = (
        "感染を持つ発生源からプレイヤーが受けたダメージは、ライフを減らす代わりに毒カウンターになります (120.3b, 702.90b)。"
        "毒性を持つクリーチャーの戦闘ダメージは普通にライフを減らし、それに加えて毒性の値の毒カウンターを置きます (120.3g, 702.164c)。"
    )
    doc = _doc(
        attackers,
        _combat([_attack(a["id"]) for a in attackers]),
        players=_players(b_life=b_life, b_poison=poison0),
    )
    mistakes: list[Mistake]
    if ask_life:
        ask, answer = {"kind": "life", "player": "B"}, life
        mistakes = [
            (
                b_life - sum(power_of(a) for a in attackers),
                "感染のダメージもライフを減らすと考えました (120.3b)",
            ),
            (b_life, "毒性のダメージはライフを減らさないと考えました (120.3g)"),
        ]
    else:
        ask, answer = {"kind": "poison", "player": "B"}, poison
        mistakes = [
            (as_power, "毒性の値ではなくパワーの分だけ毒カウンターが置かれると考えました (702.164c)"),
            (
                poison0 + sum(power_of(a) for a in attackers if "infect" in a.get("keywords", [])),
                "毒性の毒カウンターを数え忘れました (120.3g)",
            ),
            (poison0, "毒カウンターは置かれないと考えました (120.3b)"),
        ]
    return _draft(doc, prompt, ask, answer, text, ["120.3b", "120.3g", "702.90b", "702.164c"], mistakes)


_SMALL_ATTACKERS: Final = (
    "llanowar-elves",
    "glistener-elf",
    "blighted-agent",
    "elite-vanguard",
    "grizzly-bears",
    "child-of-night",
)


def _small_attackers(rng: random.Random, pool: tuple[str, ...], *, below: int) -> list[dict[str, Any]]:
    """Two unblocked attackers from ``pool`` whose total power stays below ``below`` (the loyalty or
    defense they attack), so the answer is a counter count above 0; one when no pair fits."""
    for _ in range(50):
        attackers = [permanent(s, f"c{i + 1}", "A") for i, s in enumerate(rng.sample(pool, 2))]
        if sum(power_of(a) for a in attackers) < below:
            return attackers
    return attackers[:1]  # pragma: no cover - the pools always have two small attackers


# --------------------------------------------------------------------------- 27. attacking a planeswalker (120.3c)


def gen_walker(rng: random.Random, level: str) -> Draft:
    walker = permanent(rng.choice(WALKERS), "pw", "B")
    loyalty = walker["loyalty"]
    # L2 adds a shield its controller put on the planeswalker: it takes 3 before counters go (615.7).
    shield = 3 if level == L2 else 0
    attackers = _small_attackers(
        rng, (*_SMALL_ATTACKERS[:5], "typhoid-rats", *_SMALL_ATTACKERS[5:]), below=loyalty + shield
    )
    total = sum(power_of(a) for a in attackers)
    event = _combat([_attack(a["id"], "pw") for a in attackers])
    answer = loyalty - max(0, total - shield)
    salve = card("healing-salve")
    listing = "と".join(stats(a) for a in attackers)
    cast = (
        f"対戦相手は{salve.label}で「このターン、そのプレインズウォーカーが受ける次の3点のダメージを軽減する」を選んでいます。"
        if shield
        else ""
    )
    prompt = f"対戦相手は{stats(walker)}をコントロールしています。{cast}あなたの{listing}が{_name(walker)}を攻撃し、ブロックされませんでした。戦闘ダメージの後、{_name(walker)}の忠誠度はいくつですか？"
    text = (
        "プレインズウォーカーが受けたダメージは、その点数に等しい数の忠誠カウンターを取り除きます (120.3c)。"
        "感染を持つ発生源からのダメージでも同じで、毒カウンターや-1/-1カウンターにはなりません (120.3b, 120.3d)。"
    )
    rules = ["120.3c", "120.3b", "120.3d"]
    mistakes: list[Mistake] = [(loyalty, "プレインズウォーカーはダメージを受けないと考えました (120.3c)")]
    if shield:
        text += (
            f"盾はプレインズウォーカーへのダメージのうち{min(shield, total)}点を軽減し、軽減されたダメージは忠誠カウンターを"
            "取り除きません (615.7, 615.6)。"
        )
        rules += ["615.7", "615.6"]
        mistakes.append((max(0, loyalty - total), "盾を見落としました (615.7)"))
    else:
        mistakes.insert(
            0,
            (
                loyalty - sum(power_of(a) for a in attackers if "infect" not in a.get("keywords", [])),
                "感染のダメージでは忠誠カウンターが減らないと考えました (120.3c)",
            ),
        )
    effects = [salve.effect(0, to="pw")] if shield else []
    doc = _doc([walker, *attackers], event, effects)
    return _draft(doc, prompt, {"kind": "loyalty", "permanent": "pw"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 28. attacking a Siege (120.3h)


def gen_siege(rng: random.Random, level: str) -> Draft:
    siege = permanent(rng.choice(SIEGES), "sg", "A", protector="B")
    defense = siege["defense"]
    # L2 adds a shield on the battle cast by its protector: the shield takes damage before the
    # counters are removed (615.7, 120.3h), so the attackers may now total more than the defense.
    shield = 3 if level == L2 else 0
    attackers = _small_attackers(
        rng, (*_SMALL_ATTACKERS[:5], "venerated-rotpriest", *_SMALL_ATTACKERS[5:]), below=defense + shield
    )
    total = sum(power_of(a) for a in attackers)
    answer = defense - max(0, total - shield)
    listing = "と".join(stats(a) for a in attackers)
    salve = card("healing-salve")
    cast = (
        f"対戦相手は{salve.label}で「このターン、そのバトルが受ける次の3点のダメージを軽減する」を選んでいます。"
        if shield
        else ""
    )
    prompt = (
        f"あなたは{stats(siege)}（守る者は対戦相手）をコントロールしています。{cast}あなたの{listing}がそのバトルを攻撃し、"
        "ブロックされませんでした。戦闘ダメージの後、守備カウンターは何個ですか？"
    )
    text = (
        "バトルが受けたダメージは、その点数に等しい数の守備カウンターを取り除きます (120.3h)。感染や毒性はプレイヤーとクリーチャーへのダメージの結果だけを変えるので、"
        "バトルへのダメージはやはり守備カウンターを取り除きます (702.90b, 702.164c)。"
    )
    rules = ["120.3h", "310.6"]
    if shield:
        text += (
            f"盾はバトルへのダメージのうち{min(shield, total)}点を軽減し、軽減されたダメージは守備カウンターを取り除きません "
            "(615.7, 615.6)。"
        )
        rules += ["615.7", "615.6"]
    plain = sum(power_of(a) for a in attackers if "infect" not in a.get("keywords", []))
    mistakes: list[Mistake] = [(defense, "バトルはダメージを受けないと考えました (120.3h)")]
    if shield:
        mistakes += [
            (max(0, defense - total), "盾を見落としました (615.7)"),
        ]
    else:
        mistakes.insert(
            0, (defense - plain, "感染のダメージでは守備カウンターが減らないと考えました (120.3h)")
        )
    effects = [salve.effect(0, to="sg")] if shield else []
    doc = _doc([siege, *attackers], _combat([_attack(a["id"], "sg") for a in attackers]), effects)
    return _draft(doc, prompt, {"kind": "defense", "permanent": "sg"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 29. Circle of Protection: Red, a source of your choice (615.9)


def gen_circle(rng: random.Random, level: str) -> Draft:
    circle = card("circle-of-protection-red")
    a_life = rng.randint(8, 20)
    reds = rng.sample(("hill-giant", "ball-lightning", "bonecrusher-giant", "blistering-firecat"), 2)
    attackers = [permanent(s, f"r{i + 1}", "B") for i, s in enumerate(reds)]
    for a in attackers:
        a["keywords"] = [k for k in a.get("keywords", []) if k != "trample"]
    green = level == L2 and rng.random() < 0.5
    if green:
        attackers.append(permanent(rng.choice(("grizzly-bears", "craw-wurm")), "g1", "B"))
    chosen = attackers[0]
    effects = [circle.effect(0, to="A", source=chosen["id"])]  # 609.7a: the one source chosen on resolution
    total = sum(power_of(a) for a in attackers)
    answer = a_life - (total - power_of(chosen))
    listing = "と".join(stats(a) for a in attackers)
    prompt = (
        f"あなたのライフは{a_life}点で、{circle.label}（このターン、あなたが選んだ赤の発生源1つが次にあなたにダメージを与えるなら、そのダメージを軽減する）"
        f"をコントロールしています。対戦相手の{listing}がブロックされずにあなたを攻撃しました。あなたは戦闘ダメージの前に能力を1回起動し、"
        f"{_name(chosen)}を選びました。戦闘ダメージの後、あなたのライフは何点ですか？"
    )
    text = (
        "多くの軽減効果は、選んだ発生源からのダメージに適用されます (615.2)。発生源は効果が作られるとき、つまり能力が解決するときに"
        "1つだけ選ばれます (609.7a)。特定の条件を持つ発生源からのダメージを軽減する盾は、"
        "その発生源がダメージを与える時点で条件を確かめ、選ばれた1つの発生源のダメージだけを軽減します (615.9)。"
        "軽減されなかったダメージの分だけ、あなたはライフを失います (120.3a)。"
    )
    red_powers = [power_of(a) for a in attackers if "red" in a.get("colors", [])]
    mistakes = [
        (
            a_life - (total - sum(red_powers)),
            "1回の起動ですべての赤の発生源のダメージを軽減できると考えました (615.9)",
        ),
        (a_life - total, "軽減を見落としました (615.9)"),
        (
            a_life - (total - max(red_powers)),
            "選んだ発生源ではなく、一番大きい赤のダメージが軽減されると考えました (609.7a)",
        ),
    ]
    doc = _doc(
        attackers,
        _combat([_attack(a["id"], "A") for a in attackers]),
        effects,
        players=_players(a_life=a_life),
        active="B",
    )
    return _draft(
        doc,
        prompt,
        {"kind": "life", "player": "A"},
        answer,
        text,
        ["615.2", "609.7a", "615.9", "120.3a"],
        mistakes,
    )


# --------------------------------------------------------------------------- 30. a shield cast after the damage (615.4)


def gen_late_shield(rng: random.Random, level: str) -> Draft:
    salve = card("healing-salve")
    mine = permanent(
        rng.choice(("craw-wurm", "serra-angel", "ravenous-baloth", "rusted-sentinel")), "my", "A"
    )
    first = rng.choice(("shock", "lightning-bolt"))
    first_amount = min(_amount(first), toughness_of(mine) - 1)
    if first_amount < _amount(first):
        first = "shock"
        first_amount = 2
    # L2: 《炎の斬りつけ》's 4 is more than the shield's 3, so part of it is marked on top of the first.
    second = "flame-slash" if level == L2 else rng.choice(("shock", "lightning-bolt", "lightning-strike"))
    amount = _amount(second)
    before = stats(mine)
    mine["damage"] = first_amount
    effects = [salve.effect(0, to="my")]
    # The shield counts damage, not events (615.7): it takes what it can of the later spell, no more.
    prevented = min(amount, 3)
    rest = amount - prevented
    marked = first_amount + rest
    dies = marked >= toughness_of(mine)
    ask: dict[str, Any] = {"kind": "dies"} if dies else {"kind": "damage", "permanent": "my"}
    prompt = (
        f"対戦相手は{card(first).label}（{first_amount}点）であなたの{before}を対象にし、それは解決しました。"
        f"その後あなたは{salve.label}で「このターン、そのクリーチャーが受ける次の3点のダメージを軽減する」を選びました。続けて対戦相手は"
        f"{card(second).label}（{amount}点）で同じクリーチャーを対象にしました。"
        + (
            "解決後、墓地に置かれるクリーチャーをすべて選んでください。"
            if ask["kind"] == "dies"
            else f"解決後、{_name(mine)}が負っているダメージは何点ですか？"
        )
    )
    text = (
        "軽減効果はダメージを受けるより前に存在しなければならず、すでに受けたダメージをさかのぼって変えることはできません (615.4)。"
        f"盾は後から来た{amount}点のうち{prevented}点を軽減し (615.7)、"
        + (f"盾には{3 - prevented}点分が残ります。" if prevented < 3 else "盾はこれで尽きます。")
    )
    predicted: Any = (["my"] if dies else []) if ask["kind"] == "dies" else marked
    mistakes: list[Mistake] = (
        [(_other(["my"], predicted), "盾がすでに受けたダメージも取り除くと考えました (615.4)")]
        if ask["kind"] == "dies"
        else [
            (rest, "盾がすでに受けたダメージも取り除くと考えました (615.4)"),
            (first_amount + amount, "盾を見落としました (615.7)"),
            (first_amount, "盾が3点を超えても後のダメージをすべて軽減すると考えました (615.7)"),
        ]
    )
    doc = _doc([mine], _spell(second, "B", [("my", amount)]), effects, active="B")
    return _draft(doc, prompt, ask, predicted, text, ["615.4", "615.7", "120.6"], mistakes)


# --------------------------------------------------------------------------- 31. one shield for each creature (615.11)


def gen_each_shield(rng: random.Random, level: str) -> Draft:
    spell = rng.choice(SWEEPERS)
    amount = _amount(spell)
    n = rng.randint(2, 3)
    mine = [
        permanent(s, f"m{i + 1}", "A")
        for i, s in enumerate(
            rng.sample(
                ("grizzly-bears", "llanowar-elves", "elite-vanguard", "vampire-spawn", "hill-giant"), n
            )
        )
    ]
    shield = rng.randint(1, 2)
    effects = [{"type": "prevent_next", "to": m["id"], "amount": shield} for m in mine]
    # L2: a creature that enters after the effect resolved gets no shield (615.11: one for each
    # creature there as it resolves)
    late = permanent("ambush-viper", "late", "A") if level == L2 else None
    dead = sorted(m["id"] for m in mine if amount - shield >= toughness_of(m))
    listing = "、".join(stats(m) for m in mine)
    entered = ""
    if late is not None:
        mine.append(late)
        dead = sorted([*dead, *(["late"] if amount >= toughness_of(late) else [])])
        entered = f"続けてあなたは瞬速を持つ{stats(late)}を唱え、それは戦場に出ました。"
    prompt = (
        f"対戦相手のターンです。あなたは{listing}をコントロールしています。あなたは「このターン、あなたがコントロールするクリーチャーが受ける次の{shield}点のダメージを軽減する」"
        f"という対象を取らない効果を作りました。{entered}その後、対戦相手が{card(spell).label}（各クリーチャーに{amount}点）を唱えました。"
        "解決後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = (
        f"対象を取らずに複数のクリーチャーの「次の{shield}点」を軽減する効果は、解決したときに影響を受けるクリーチャーそれぞれに盾を作ります (615.11)。"
        f"どのクリーチャーも{amount}点のうち{shield}点を軽減されます (615.7)。"
    )
    if late is not None:
        text = text.replace("どのクリーチャーも", "その時にいたクリーチャーはどれも") + (
            f"盾は効果が解決したときにいたクリーチャーにだけできるので、後から戦場に出た{_name(late)}は{amount}点をすべて受けます (615.11)。"
        )
    wrong = sorted(
        m["id"] for i, m in enumerate(mine) if (amount - shield if i == 0 else amount) >= toughness_of(m)
    )
    mistakes = [(wrong, "盾が全体で1つしかなく、1体のダメージしか軽減しないと考えました (615.11)")]
    if late is not None:
        everyone = sorted(m["id"] for m in mine if amount - shield >= toughness_of(m))
        mistakes.append((everyone, "後から戦場に出たクリーチャーにも盾があると考えました (615.11)"))
    doc = _doc(mine, _spell(spell, "B", [(m["id"], amount) for m in mine]), effects, active="B")
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, ["615.11", "615.7", "704.5g"], mistakes)


# --------------------------------------------------------------------------- 32. trample does nothing outside combat assignment (702.19a)


def gen_trample_fight(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(6, 20)
    mine = permanent(rng.choice(TRAMPLERS), "my", "A")
    theirs = permanent(rng.choice(("grizzly-bears", "llanowar-elves", "elite-vanguard")), "their", "B")
    blocking = level == L2
    if blocking:
        mine["controller"] = "B"
        theirs["controller"] = "A"
        prompt = (
            f"あなたのライフは{b_life}点です。あなたの{stats(theirs)}が攻撃し、対戦相手の{stats(mine)}がそれをブロックしました。"
            "戦闘ダメージの後、あなたのライフは何点ですか？"
        )
        doc = _doc([mine, theirs], _combat([_attack("their", "B", ["my"])]), players=_players(a_life=b_life))
        ask = {"kind": "life", "player": "A"}
        mistakes: list[Mistake] = [
            (
                b_life - max(0, power_of(mine) - toughness_of(theirs)),
                "ブロック・クリーチャーのトランプルでも余ったダメージが攻撃側のプレイヤーに行くと考えました (702.19a)",
            )
        ]
    else:
        spell = card("prey-upon")
        prompt = (
            f"対戦相手のライフは{b_life}点です。あなたは{spell.label}を唱え、あなたの{stats(mine)}と対戦相手の{stats(theirs)}を格闘させました。"
            "解決後、対戦相手のライフは何点ですか？"
        )
        doc = _doc(
            [mine, theirs],
            {
                "type": "fight",
                "name": spell.label,
                "fighters": ["my", "their"],
                **_targeting("prey-upon", "my", "their"),
            },
            players=_players(b_life=b_life),
        )
        ask = {"kind": "life", "player": "B"}
        mistakes = [
            (
                b_life - max(0, power_of(mine) - toughness_of(theirs)),
                "格闘でもトランプルで余ったダメージがプレイヤーに行くと考えました (702.19a)",
            )
        ]
    text = (
        "トランプルは攻撃クリーチャーの戦闘ダメージの割り振りだけを変えます。ブロックしているときや、戦闘ダメージ以外のダメージを与えるときには"
        "何もしません (702.19a)。余ったダメージもそのクリーチャーに与えられるだけです。"
    )
    mistakes.append((b_life - power_of(mine), "ダメージがすべてプレイヤーに行くと考えました (702.19a)"))
    return _draft(
        doc, prompt, ask, b_life, text, ["702.19a", "701.14a" if not blocking else "510.1d"], mistakes
    )


# --------------------------------------------------------------------------- 33. Boon Reflection, Rhox Faithmender and separate life gains (120.4c, 120.4d)


def gen_double_gains(rng: random.Random, level: str) -> Draft:
    a_life = rng.randint(5, 20)
    rhox = permanent("rhox-faithmender", "rhox", "A")
    other = permanent(rng.choice(("child-of-night", "vault-skirge", "vampire-nighthawk")), "ll", "A")
    boon = level == L2
    effects = [card("rhox-faithmender").effect(0, player="A")]
    if boon:
        effects.append(card("boon-reflection").effect(0, player="A"))
    factor = 4 if boon else 2
    gains = [power_of(rhox), power_of(other)]
    answer = a_life + factor * sum(gains)
    prompt = (
        f"あなたのライフは{a_life}点です。あなたは{stats(rhox)}（あなたがライフを得るなら、代わりにその2倍のライフを得る）"
        + (f"と{card('boon-reflection').label}（同じ効果）" if boon else "")
        + f"をコントロールしています。{_name(rhox)}と{stats(other)}がブロックされずに攻撃しました。戦闘ダメージの後、あなたのライフは何点ですか？"
    )
    text = (
        "ダメージは結果に変換され、ライフを得る結果に置換効果が適用されてから (120.4c)、ダメージのイベントが起こります。絆魂によるライフの獲得は"
        "そのイベントの一部として同時に起こります (120.4d)。絆魂を持つ発生源それぞれのライフの獲得は別々のイベントで、それぞれが2倍になります (702.15e)。"
    )
    rules = ["120.4c", "120.4d", "702.15b", "702.15e"]
    if boon:
        text += "2倍にする効果が2つあれば、それぞれが順に適用されて4倍になります (616.1)。"
        rules.append("616.1")
    mistakes = [
        (a_life + sum(gains) * (factor // 2), "2倍にする効果を1つ見落としました (120.4c)"),
        (a_life + sum(gains), "ライフを得る置換効果を見落としました (120.4c)"),
        (a_life + factor * gains[1], f"{_name(rhox)}の絆魂を数え忘れました (702.15b)"),
    ]
    doc = _doc(
        [rhox, other], _combat([_attack("rhox"), _attack("ll")]), effects, players=_players(a_life=a_life)
    )
    return _draft(doc, prompt, {"kind": "life", "player": "A"}, answer, text, rules, mistakes)


# --------------------------------------------------------------------------- 34. a first striker pumped between the steps (510.4)


def gen_first_strike_pump(rng: random.Random, level: str) -> Draft:
    knight = permanent(rng.choice(("white-knight", "youthful-knight", "black-knight")), "fs", "A")
    blockers = ("hill-giant", "craw-wurm", "ravenous-baloth", "elvish-regrower")
    # at L2 the blocker outlives the first strike, so the spells between the steps can target it
    blk = permanent(rng.choice(blockers if level == L2 else (*blockers, "grizzly-bears")), "blk", "B")
    pump_slug = rng.choice(("giant-growth", "might-of-oaks"))
    bonus = 3 if pump_slug == "giant-growth" else 7
    on_knight = rng.random() < 0.5
    target = knight if on_knight else blk
    who = "あなた" if on_knight else "対戦相手"
    between = [
        {
            "type": "pump",
            "creature": target["id"],
            "power": bonus,
            "toughness": bonus,
            "name": card(pump_slug).label,
        }
    ]
    if level == L2:
        return _first_strike_pump_shock(knight, blk, target, who, pump_slug, bonus, between)
    # First step: only the first striker deals damage; then the pump; the regular step: only the blocker.
    blk_marked = power_of(knight)
    blk_t = toughness_of(blk)
    dead: list[str] = []
    if blk_marked >= blk_t:
        dead.append("blk")
    else:
        blk_t += 0 if on_knight else bonus
        knight_t = toughness_of(knight) + (bonus if on_knight else 0)
        blk_p = power_of(blk) + (0 if on_knight else bonus)
        if blk_p >= knight_t:
            dead.append("fs")
    dead.sort()
    prompt = (
        f"あなたの{stats(knight)}が攻撃し、対戦相手の{stats(blk)}にブロックされました。先制攻撃の戦闘ダメージ・ステップの後、"
        f"{who}は{_name(target)}を対象に{card(pump_slug).label}（+{bonus}/+{bonus}）を唱え、それは解決しました。"
        "戦闘が終わったとき、墓地に置かれているクリーチャーをすべて選んでください。"
    )
    text = (
        "先制攻撃を持つクリーチャーは1回目の戦闘ダメージ・ステップでだけダメージを与えます。2回目のステップでは、1回目の開始時に先制攻撃も二段攻撃も"
        "持っていなかったクリーチャーがダメージを与えます (510.4, 702.7b)。ステップの間に唱えた呪文でパワーが上がっても、先制攻撃のクリーチャーは"
        "もう一度ダメージを与えません (510.4)。2回目のダメージは、そのときのパワーに等しい点数です (120.2a)。"
    )
    twice = sorted(
        {*dead, "blk"}
        if power_of(knight) * 2 + (bonus if on_knight else 0)
        >= toughness_of(blk) + (0 if on_knight else bonus)
        else dead
    )
    # Without the pump: the blocker dies to the first strike, or deals its printed power back.
    unpumped = (
        ["blk"]
        if blk_marked >= toughness_of(blk)
        else (["fs"] if power_of(blk) >= toughness_of(knight) else [])
    )
    mistakes = [
        (twice, "強化された先制攻撃のクリーチャーが2回目のステップでもダメージを与えると考えました (510.4)"),
        (sorted(unpumped), "ステップの間に唱えた呪文は2回目の戦闘ダメージに影響しないと考えました (120.2a)"),
    ]
    doc = _doc([knight, blk], _combat([_attack("fs", blockers=["blk"])], between_steps=between))
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, ["510.4", "702.7b", "120.2a"], mistakes)


def _first_strike_pump_shock(
    knight: dict[str, Any],
    blk: dict[str, Any],
    target: dict[str, Any],
    who: str,
    pump_slug: str,
    bonus: int,
    between: list[dict[str, Any]],
) -> Draft:
    """L2 of card-first-strike-pump: after the pump you also 《ショック》 the blocker, whose first-strike
    damage is still marked (120.6), before the regular step."""
    on_knight = target is knight
    shock = card("shock")
    source = shock.spell_source("A")
    source.pop("id", None)
    between = [
        *between,
        {"type": "damage", "name": shock.label, "source": source, "damage": [{"to": "blk", "amount": 2}]},
    ]

    def outcome(*, double: bool, changes: bool) -> list[str]:
        kp, kt, bp, bt = power_of(knight), toughness_of(knight), power_of(blk), toughness_of(blk)
        marked = kp  # the first step: only the first striker deals damage
        if marked >= bt:
            return ["blk"]
        if changes:
            kp, kt = (kp + bonus, kt + bonus) if on_knight else (kp, kt)
            bp, bt = (bp, bt) if on_knight else (bp + bonus, bt + bonus)
            marked += 2
            if marked >= bt:  # 704 after the shock: the blocker is gone before the regular step
                return ["blk"]
        dead = ["fs"] if bp >= kt else []
        if double and marked + kp >= bt:
            dead.append("blk")
        return sorted(dead)

    dead = outcome(double=False, changes=True)
    prompt = (
        f"あなたの{stats(knight)}が攻撃し、対戦相手の{stats(blk)}にブロックされました。先制攻撃の戦闘ダメージ・ステップの後、"
        f"{who}は{_name(target)}を対象に{card(pump_slug).label}（+{bonus}/+{bonus}）を唱え、それは解決しました。"
        f"続けてあなたは{_name(blk)}を対象に{shock.label}（2点）を唱え、それも解決しました。"
        "戦闘が終わったとき、墓地に置かれているクリーチャーをすべて選んでください。"
    )
    text = (
        "先制攻撃を持つクリーチャーは1回目の戦闘ダメージ・ステップでだけダメージを与えます。2回目のステップでは、1回目の開始時に先制攻撃も二段攻撃も"
        "持っていなかったクリーチャーがダメージを与えます (510.4, 702.7b)。ステップの間にはプレイヤーが呪文を唱えられます (510.3)。"
        f"1回目のステップで{_name(blk)}が負ったダメージはターンの終わりまで残るので、{shock.label}の2点と合わせて数えます (120.6)。"
        "その合計がタフネス以上なら、状況起因処理で2回目のステップの前に墓地に置かれ、ダメージを与えません (704.5g)。"
    )
    mistakes = [
        (
            outcome(double=True, changes=True),
            "強化された先制攻撃のクリーチャーが2回目のステップでもダメージを与えると考えました (510.4)",
        ),
        (
            outcome(double=False, changes=False),
            "ステップの間に唱えた呪文は2回目の戦闘ダメージに影響しないと考えました (120.2a)",
        ),
    ]
    doc = _doc([knight, blk], _combat([_attack("fs", blockers=["blk"])], between_steps=between))
    return _draft(
        doc, prompt, {"kind": "dies"}, dead, text, ["510.4", "702.7b", "510.3", "120.6", "704.5g"], mistakes
    )


# --------------------------------------------------------------------------- 35. no life gain (Sulfuric Vortex, Leyline of Punishment)


def gen_no_life_gain(rng: random.Random, level: str) -> Draft:
    a_life = rng.randint(5, 20)
    b_life = rng.randint(6, 20)
    slug = (
        "leyline-of-punishment" if level == L2 else rng.choice(("sulfuric-vortex", "leyline-of-punishment"))
    )
    enchantment = card(slug)
    lifelinker = permanent(rng.choice(LIFELINKERS), "ll", "A")
    effects = [enchantment.effect(i) for i in range(len(enchantment.engine["effects"]))]
    shield = level == L2
    if shield:
        effects.append(card("healing-salve").effect(0, to="B"))
    power = power_of(lifelinker)
    prevented = 0 if slug == "leyline-of-punishment" or not shield else min(3, power)
    ask_b = shield
    prompt = (
        f"あなたのライフは{a_life}点、対戦相手は{b_life}点です。戦場には{enchantment.label}"
        + (
            "（プレイヤーはライフを得られない。ダメージは軽減できない）"
            if slug == "leyline-of-punishment"
            else "（プレイヤーがライフを得るなら、代わりに得ない）"
        )
        + f"があります。あなたの{stats(lifelinker)}がブロックされずに攻撃しました。"
        + (
            f"対戦相手は{card('healing-salve').label}で「このターン、自分が受ける次の3点のダメージを軽減する」を選んでいます。"
            if shield
            else ""
        )
        + (
            "戦闘ダメージの後、対戦相手のライフは何点ですか？"
            if ask_b
            else "戦闘ダメージの後、あなたのライフは何点ですか？"
        )
    )
    if slug == "leyline-of-punishment":
        # "Can't gain life" forbids the event itself (119.7); it replaces nothing, unlike 《硫黄の渦》's "instead".
        text = (
            f"{enchantment.label}の「プレイヤーはライフを得られない」は置換効果ではなく、ライフを得ることの禁止です。"
            "絆魂によるライフの獲得は起こらず、ライフは増えません (119.7, 702.15b)。"
        )
        rules = ["119.7", "702.15b"]
        ignored = f"{enchantment.label}の禁止を見落としました (119.7)"
    else:
        text = (
            f"{enchantment.label}の「ライフを得るなら、代わりに得ない」は置換効果で、ライフを得る結果を修整します。"
            "絆魂でもライフは増えません (120.4c, 614.1a, 702.15b)。"
        )
        rules = ["120.4c", "614.1a", "702.15b"]
        ignored = f"{enchantment.label}の置換効果を見落としました (120.4c)"
    if shield:
        text += "軽減できないダメージにも軽減の盾は適用されますが、ダメージは軽減されず、盾も減りません (615.12)。"
        rules.append("615.12")
        mistakes: list[Mistake] = [
            (b_life - max(0, power - 3), "軽減できないダメージでも盾が軽減すると考えました (615.12)"),
            (b_life, "ダメージがすべて軽減されると考えました"),
        ]
        return _draft(
            _doc(
                [lifelinker],
                _combat([_attack("ll")]),
                effects,
                players=_players(a_life=a_life, b_life=b_life),
            ),
            prompt,
            {"kind": "life", "player": "B"},
            b_life - power + prevented,
            text,
            rules,
            mistakes,
        )
    mistakes = [
        (a_life + power, ignored),
        (a_life - power, "絆魂でライフを失うと考えました"),
    ]
    return _draft(
        _doc([lifelinker], _combat([_attack("ll")]), effects, players=_players(a_life=a_life, b_life=b_life)),
        prompt,
        {"kind": "life", "player": "A"},
        a_life,
        text,
        rules,
        mistakes,
    )


# --------------------------------------------------------------------------- 36. Test of Faith: prevention that adds counters (615.5)


def gen_test_of_faith(rng: random.Random, level: str) -> Draft:
    faith = card("test-of-faith")
    mine = permanent(
        rng.choice(("grizzly-bears", "elite-vanguard", "vampire-spawn", "llanowar-elves")), "my", "A"
    )
    att = permanent(
        rng.choice(("craw-wurm", "avacyn-angel-of-hope", "hill-giant", "ravenous-baloth", "elvish-regrower")),
        "att",
        "B",
    )
    # 《希望の天使アヴァシン》 flies, so none of these can block it (702.9b): the 8/8 《白金の帝像》 comes instead
    att = _able_attacker(rng, att, mine, ("platinum-emperion",))
    effects = [faith.effect(0, to="my")]
    # L2 equips the attacker with 《バジリスクの首輪》: whatever gets past the shield kills by deathtouch.
    collar = level == L2
    if collar:
        att["keywords"] = sorted({*att.get("keywords", []), "deathtouch", "lifelink"})
    power = power_of(att)
    prevented = min(3, power)
    dealt = power - prevented
    toughness = toughness_of(mine) + prevented
    dies = dealt >= toughness or (collar and dealt > 0)
    dead = sorted((["my"] if dies else []) + (["att"] if power_of(mine) >= toughness_of(att) else []))
    equipped = "（《バジリスクの首輪》を装備し、接死と絆魂を持つ）" if collar else ""
    prompt = (
        f"対戦相手の{stats(att)}{equipped}が攻撃し、あなたの{stats(mine)}がブロックしました。あなたは{faith.label}（このターン、クリーチャー1体が受ける次の3点のダメージを軽減し、"
        "軽減した1点につき+1/+1カウンター1個をそのクリーチャーの上に置く）をそのクリーチャーに唱えました。戦闘ダメージの後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    text = (
        "軽減の盾は次の3点を軽減します (615.7)。軽減した量を参照する追加の効果は、本来のイベントの直後に起こります (615.5)。"
        f"+1/+1カウンター{prevented}個が置かれてから状況起因処理が確かめられるので、タフネス{toughness}に対して負っているダメージは{dealt}点です (704.5g)。"
    )
    # The belief: state-based actions see the creature before its counters, at its printed toughness.
    att_dies = ["att"] if power_of(mine) >= toughness_of(att) else []
    wrong = sorted((["my"] if dealt >= toughness_of(mine) or (collar and dealt > 0) else []) + att_dies)
    mistakes: list[Mistake] = [
        (wrong, "+1/+1カウンターが置かれる前に状況起因処理が行われると考えました (615.5)")
    ]
    if collar:
        text += "盾を超えて1点でも与えられれば、接死で破壊されます (702.2b, 704.5h)。"
        # Without deathtouch only lethal damage counts, against the toughness the counters raised.
        mistakes.append(
            (sorted((["my"] if dealt >= toughness else []) + att_dies), "接死を見落としました (702.2b)")
        )

    doc = _doc([mine, att], _combat([_attack("att", "A", ["my"])]), effects, active="B")
    return _draft(doc, prompt, {"kind": "dies"}, dead, text, ["615.5", "615.7", "704.5g"], mistakes)


# --------------------------------------------------------------------------- 37. a trigger on prevented damage: once per prevention effect (615.13)


def gen_prevented_trigger(rng: random.Random, level: str) -> Draft:
    a_life = rng.randint(5, 20)
    token = {
        "id": "tok",
        "name": "兵士・トークン",
        "controller": "A",
        "types": ["creature"],
        "power": 2,
        "toughness": 2,
        "colors": ["white"],
        "triggers": [
            {"when": "damage_prevented", "watch": "self", "effect": {"type": "gain_life", "amount": 1}}
        ],
    }
    n = rng.randint(2, 3)
    blockers = [permanent(s, f"b{i + 1}", "B") for i, s in enumerate(rng.sample(VANILLA, n))]
    fog = card(rng.choice(("fog", "holy-day")))
    effects = [fog.effect(0)]
    listing = "と".join(stats(b) for b in blockers)
    prompt = (
        f"あなたのライフは{a_life}点です。あなたは「このクリーチャーに与えられるダメージが軽減されるたび、あなたは1点のライフを得る」"
        f"という能力を持つ{stats(token)}をコントロールしています。それが攻撃し、対戦相手の{listing}にブロックされました。"
        f"対戦相手は戦闘ダメージの前に{fog.label}（このターン、与えられるすべての戦闘ダメージを軽減する）を唱えました。"
        "戦闘ダメージの後、その能力がすべて解決したとき、あなたのライフは何点ですか？"
    )
    text = (
        "ダメージが軽減されたときに誘発する能力は、軽減効果1つが1つ以上の同時のダメージのイベントに適用され、その一部か全部を軽減したときに"
        f"1回誘発します (615.13)。ブロック・クリーチャー{n}体のダメージは同時で、軽減したのは{fog.label}の効果1つなので、能力は1回だけ誘発します。"
    )
    mistakes = [
        (a_life + n, "ダメージを与えたクリーチャーごとに誘発すると考えました (615.13)"),
        (a_life + sum(power_of(b) for b in blockers), "軽減された点数の分だけライフを得ると考えました"),
        (a_life, "軽減されたダメージでは何も誘発しないと考えました (615.6)"),
    ]
    doc = _doc(
        [token, *blockers],
        _combat([_attack("tok", blockers=[b["id"] for b in blockers])]),
        effects,
        players=_players(a_life=a_life),
    )
    return _draft(
        doc, prompt, {"kind": "life", "player": "A"}, a_life + 1, text, ["615.13", "615.6"], mistakes
    )


# --------------------------------------------------------------------------- the catalogue of card templates


CARD_TEMPLATES: Final[tuple[Template, ...]] = (
    Template("card-burn", "火力呪文とクリーチャー", ("704.5", "120.3"), (INTRO, L1, L2), gen_burn),
    Template("card-block", "ブロックと戦闘ダメージ", ("704.5", "510.1"), (INTRO, L1), gen_block),
    Template(
        "card-deathtouch-block",
        "接死を持つブロック・クリーチャー",
        ("deathtouch", "704.5", "510.4"),
        (INTRO, L1, L2),
        gen_deathtouch_block,
        (("510.4", (L2,)),),
    ),
    Template(
        "card-collar-trample",
        "接死とトランプル（《バジリスクの首輪》）",
        ("trample", "deathtouch", "702.19b"),
        (L1, L2),
        gen_collar_trample,
    ),
    Template(
        "card-trample-protection",
        "トランプルとプロテクション",
        ("trample", "702.19b", "510.4"),
        (L1, L2),
        gen_trample_protection,
        (("510.4", (L2,)),),
    ),
    Template(
        "card-warhammer",
        "二段攻撃・トランプル・絆魂（《ロクソドンの戦槌》）",
        ("trample", "lifelink", "510.4", "702.19b"),
        (L2,),
        gen_warhammer,
    ),
    Template(
        "card-trample-walker",
        "トランプルとプレインズウォーカー",
        ("trample", "planeswalker", "702.19b"),
        (L1, L2),
        gen_trample_walker,
    ),
    Template(
        "card-fight",
        "格闘と接死（《捕食》）",
        ("deathtouch", "lifelink", "704.5"),
        (INTRO, L1, L2),
        gen_fight,
        (("lifelink", (L2,)),),
    ),
    Template(
        "card-bite-protection",
        "ダメージの発生源とプロテクション（《狂気の一咬み》）",
        ("615", "704.5"),
        (L1, L2),
        gen_bite_protection,
    ),
    Template("card-worship-lifelink", "《崇拝》と絆魂", ("120.4", "lifelink"), (L2,), gen_worship_lifelink),
    Template(
        "card-furnace-shield",
        "《ラースの灼熱洞》と軽減の盾の順番",
        ("616.1", "615.7", "120.4"),
        (L1, L2),
        gen_furnace_shield,
    ),
    Template(
        "card-torbran-furnace",
        "《朱地洞の族長、トーブラン》と《ラースの灼熱洞》",
        ("616.1", "120.4"),
        (L2,),
        gen_torbran_furnace,
    ),
    Template(
        "card-pariah-shield", "《最下層民》と軽減の盾", ("616.1", "615.7", "120.4"), (L2,), gen_pariah_shield
    ),
    Template(
        "card-harms-way",
        "《危害のあり方》の移し替え",
        ("120.4", "lifelink"),
        (L1, L2),
        gen_harms_way,
        (("lifelink", (L2,)),),
    ),
    Template("card-palisade", "《矢来の巨人》と全体ダメージ", ("120.4", "704.5"), (L1, L2), gen_palisade),
    Template(
        "card-flame-spill",
        "余剰のダメージ（《炎の氾濫》《強行突破》）",
        ("120.4", "trample", "deathtouch"),
        (L1, L2),
        gen_flame_spill,
        (("trample", (L2,)), ("deathtouch", (L2,))),
    ),
    Template(
        "card-toralf",
        "余剰のダメージで誘発する能力（《怒りの神、トラルフ》）",
        ("120.9",),
        (L1, L2),
        gen_toralf,
    ),
    Template("card-reckoner", "ダメージを受けるたびに誘発する能力", ("120.4",), (L1, L2), gen_reckoner),
    Template("card-spirit-link", "《魂の絆》と同時のダメージ", ("120.9",), (L1, L2), gen_spirit_link),
    Template("card-stuffy-doll", "《ぬいぐるみ人形》と全体ダメージ", ("120.4",), (L1, L2), gen_stuffy_doll),
    Template(
        "card-shield-deathtouch",
        "盾カウンターと接死",
        ("deathtouch", "704.5", "615"),
        (L1, L2),
        gen_shield_deathtouch,
    ),
    Template(
        "card-questing-fog", "軽減できないダメージ（《探索する獣》）", ("615",), (L1, L2), gen_questing_fog
    ),
    Template("card-regenerate", "再生と火力", ("704.5",), (L1,), gen_regenerate),
    Template(
        "card-wither-regenerate", "萎縮と再生", ("wither", "704.5", "120.3"), (L1, L2), gen_wither_regenerate
    ),
    Template(
        "card-infect-block",
        "感染を持つクリーチャーとブロック",
        ("infect", "120.3"),
        (L1, L2),
        gen_infect_block,
    ),
    Template(
        "card-poison",
        "感染と毒性（実在のカード）",
        ("infect", "toxic", "120.3"),
        (INTRO, L1, L2),
        gen_poison_cards,
    ),
    Template(
        "card-walker",
        "プレインズウォーカーへの攻撃",
        ("planeswalker", "120.3", "infect"),
        (INTRO, L1, L2),
        gen_walker,
    ),
    Template("card-circle", "《赤の防御円》と選んだ発生源", ("615", "120.3"), (L1, L2), gen_circle),
    Template("card-late-shield", "後から張った盾", ("615", "615.7"), (L1, L2), gen_late_shield),
    Template("card-each-shield", "クリーチャーそれぞれの盾", ("615.7", "704.5"), (L1, L2), gen_each_shield),
    Template("card-trample-fight", "トランプルが働かないとき", ("trample",), (L1, L2), gen_trample_fight),
    Template(
        "card-double-gains",
        "ライフの獲得を2倍にする効果と絆魂",
        ("lifelink", "120.4", "616.1"),
        (L1, L2),
        gen_double_gains,
        (("616.1", (L2,)),),
    ),
    Template(
        "card-first-strike-pump",
        "ステップの間の強化と先制攻撃",
        ("510.4", "704.5"),
        (L1, L2),
        gen_first_strike_pump,
    ),
    Template(
        "card-no-life-gain",
        "ライフを得られない効果と絆魂",
        ("lifelink", "120.4", "615"),
        (L1, L2),
        gen_no_life_gain,
        # 120.4c only for 《硫黄の渦》's replacement (L1); 《処罰の力線》's prohibition is 119.7.
        (("615", (L2,)), ("120.4", (L1,))),
    ),
    Template(
        "card-test-of-faith",
        "《信仰の試練》と追加の効果",
        ("615", "615.7", "704.5"),
        (L1, L2),
        gen_test_of_faith,
    ),
    Template(
        "card-prevented-trigger",
        "軽減されたときに誘発する能力",
        ("615", "510.1"),
        (L2,),
        gen_prevented_trigger,
    ),
    Template("card-siege", "包囲戦への攻撃", ("battle", "120.3", "infect"), (INTRO, L1, L2), gen_siege),
)
