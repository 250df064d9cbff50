"""The effect kinds of the scenario format (``scenario-format.md``, table "Effects") as value objects.

Each effect knows how to write itself back as a contract document
(:meth:`to_dict`). How they apply lives in :mod:`rules_core.damage.prevention`
(CR 614, 615, 616: stage 120.4b) and :mod:`rules_core.damage.results` (stage 120.4c).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, cast

from .ja import COLOR_JA, PREVENT_THEN_JA


class _Document:
    """Writes a value object back as its contract document (:meth:`to_dict`): the ``type`` of an effect
    first, then every field in declaration order, a required one (or one named in ``ALWAYS``) always,
    an optional one only when set (not None, False or empty). ``from_`` is written as ``from``."""

    __slots__ = ()
    ALWAYS: ClassVar[frozenset[str]] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        kind = getattr(type(self), "type", None)
        doc: dict[str, Any] = {} if kind is None else {"type": kind}
        for name, key, always in _layout(type(self)):
            value = getattr(self, name)
            if always or not (value is None or value is False or value == ()):
                doc[key] = _plain(value)
        return doc


_LAYOUTS: dict[type, tuple[tuple[str, str, bool], ...]] = {}


def _layout(cls: type[_Document]) -> tuple[tuple[str, str, bool], ...]:
    """(field name, document key, always written) for each field of ``cls``, worked out once per class."""
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = tuple(
            (
                field.name,
                field.name.rstrip("_"),
                (field.default is MISSING and field.default_factory is MISSING) or field.name in cls.ALWAYS,
            )
            for field in fields(cast(Any, cls))
        )
        _LAYOUTS[cls] = layout
    return layout


def _plain(value: Any) -> Any:
    if isinstance(value, _Document):
        return value.to_dict()
    if isinstance(value, tuple):
        return list(value)
    return value


@dataclass(frozen=True, slots=True)
class TargetFilter(_Document):
    """``to_filter`` of ``prevent_static``: a permanent matching every given condition (CR 615.10 example)."""

    controller: str | None = None
    subtype: str | None = None
    types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PreventNext(_Document):
    """CR 615.7: a shield that prevents the next ``amount`` damage to ``to``."""

    type: ClassVar[str] = "prevent_next"
    to: str
    amount: int
    used: bool = False
    name: str | None = None


@dataclass(frozen=True, slots=True)
class PreventNextFromSource(_Document):
    """CR 615.8: prevents the next instance of damage from ``source``, however much;
    with ``gain_life_to``, that player then gains life equal to the damage prevented (CR 615.5, Awe Strike)."""

    type: ClassVar[str] = "prevent_next_from_source"
    source: str
    gain_life_to: str | None = None
    used: bool = False
    name: str | None = None


@dataclass(frozen=True, slots=True)
class PreventAll(_Document):
    """Prevent all damage (Fog-like), optionally only to ``to``, only from ``from_``, only combat damage."""

    type: ClassVar[str] = "prevent_all"
    to: str | None = None
    from_: str | None = None
    combat_only: bool = False
    name: str | None = None


@dataclass(frozen=True, slots=True)
class PreventStatic(_Document):
    """CR 615.10: a static ability preventing ``amount`` of each applicable damage event, separately."""

    type: ClassVar[str] = "prevent_static"
    amount: int
    to: str | None = None
    to_filter: TargetFilter | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class PreventFromColor(_Document):
    """CR 615.9, 609.7b: prevents damage to ``to`` from sources of ``color``, the colour being checked
    again when the damage would be dealt; with ``next_only`` a one-shot shield not used up on a mismatch.
    With ``source``, only that one source, chosen when the effect was created (609.7a: Circle of
    Protection: Red, 《赤の防御円》, "a red source of your choice"), and only while it still has the colour."""

    type: ClassVar[str] = "prevent_from_color"
    color: str
    to: str
    next_only: bool = False
    used: bool = False
    name: str | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class DamageMultiplier(_Document):
    """CR 614 (120.4b): a replacement effect multiplying damage by ``factor`` (2 doubles)."""

    type: ClassVar[str] = "damage_multiplier"
    factor: int
    from_controller: str | None = None
    to: str | None = None
    to_opponents_of: str | None = None
    """Only damage to an opponent of this player or a permanent an opponent controls (Gisela)."""
    name: str | None = None


@dataclass(frozen=True, slots=True)
class LifeGainMultiplier(_Document):
    """120.4c: ``player`` gains ``factor`` times the life instead (Boon Reflection, 《加護の反射》)."""

    type: ClassVar[str] = "life_gain_multiplier"
    player: str
    factor: int
    name: str | None = None


@dataclass(frozen=True, slots=True)
class NoLifeGain(_Document):
    """120.4c: ``player`` (every player if None) can't gain life (Sulfuric Vortex, 《硫黄の渦》)."""

    type: ClassVar[str] = "no_life_gain"
    player: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class LifeFloor(_Document):
    """120.4c: damage that would reduce ``player``'s life below ``floor`` reduces it to ``floor`` instead
    (Worship, 《崇拝》, with ``if_controls_creature``)."""

    type: ClassVar[str] = "life_floor"
    ALWAYS: ClassVar[frozenset[str]] = frozenset({"floor"})
    player: str
    floor: int = 1
    if_controls_creature: bool = False
    name: str | None = None
    condition: ControlCondition | None = None
    """Extension: a condition other than "controls a creature" (:class:`ControlCondition`)."""
    if_life_at_least: int | None = None
    """拡張: it applies only while the player has at least this much life, checked before the event
    (《古鱗のワーム》: "as long as you have 7 or more life, … to less than 7 reduces it to 7 instead")."""


@dataclass(frozen=True, slots=True)
class NoCounters(_Document):
    """120.4c: no counters can be put on ``on`` (Tatterkite, 《破れ翼トビ》)."""

    type: ClassVar[str] = "no_counters"
    on: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class CounterMultiplier(_Document):
    """120.4c, 614.1a: counters put (by ``by_controller``, if given) are multiplied by ``factor``; with
    ``on_controlled_by``, only counters put on a permanent that player controls, whoever puts them
    (Doubling Season, 《倍増の季節》: "a permanent you control"; never a player's poison counters)."""

    type: ClassVar[str] = "counter_multiplier"
    factor: int
    by_controller: str | None = None
    name: str | None = None
    on_controlled_by: str | None = None

    def covers(self, putter: str | None, holder: str | None) -> bool:
        """Whether counters that ``putter`` puts apply to this effect; ``holder`` is the controller of the
        permanent getting them, None for a player (CR 122.6: a card's words decide whose permanents)."""
        if self.by_controller is not None and self.by_controller != putter:
            return False
        return self.on_controlled_by is None or self.on_controlled_by == holder


@dataclass(frozen=True, slots=True)
class CantBePrevented(_Document):
    """CR 615.12: damage (from ``from_``, from sources ``from_controller`` controls, combat only) can't be prevented."""

    type: ClassVar[str] = "cant_be_prevented"
    from_: str | None = None
    from_controller: str | None = None
    combat_only: bool = False
    name: str | None = None


@dataclass(frozen=True, slots=True)
class ControlCondition(_Document):
    """``condition`` of ``life_floor``: the player controls at least ``at_least`` permanents on the
    battlefield having every listed type, the subtype and every listed colour (checked before the event)."""

    types: tuple[str, ...] = ()
    subtype: str | None = None
    colors: tuple[str, ...] = ()
    at_least: int = 1

    def to_dict(self) -> dict[str, Any]:
        controls: dict[str, Any] = {}
        if self.types:
            controls["types"] = list(self.types)
        if self.subtype is not None:
            controls["subtype"] = self.subtype
        if self.colors:
            controls["colors"] = list(self.colors)
        return {"controls": controls, "at_least": self.at_least}


@dataclass(frozen=True, slots=True)
class Regenerate(_Document):
    """CR 701.19a: a regeneration shield for ``on`` (used the next time it would be destroyed this turn);
    with ``static``, CR 701.19b: a static ability regenerating it each time it would be destroyed."""

    type: ClassVar[str] = "regenerate"
    on: str
    static: bool = False
    used: bool = False
    name: str | None = None


@dataclass(frozen=True, slots=True)
class CantBeRegenerated(_Document):
    """CR 701.19c: regeneration shields are not applied to ``on`` (every permanent if None)."""

    type: ClassVar[str] = "cant_be_regenerated"
    on: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class LifeCantChange(_Document):
    """``player``'s life total can't change: they can't gain or lose life (CR 119.7, 119.8;
    Platinum Emperion, 《白金の帝像》). Damage to them is still dealt."""

    type: ClassVar[str] = "life_cant_change"
    player: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class NoLossForLife(_Document):
    """``player`` doesn't lose the game for having 0 or less life (CR 704.5a doesn't apply to them); with
    ``damage_as_infect``, as long as they have 0 or less life, damage is dealt to them as though its source
    had infect (CR 120.3b; Phyrexian Unlife, 《ファイレクシアの非生》)."""

    type: ClassVar[str] = "no_loss_for_life"
    player: str
    damage_as_infect: bool = False
    name: str | None = None


@dataclass(frozen=True, slots=True)
class AssignByToughness(_Document):
    """CR 510.1a changed: each creature (each one ``controller`` controls, if given) assigns combat damage
    equal to its toughness rather than its power (《包囲の塔、ドラン》; 《好戦的なブロントドン》 with ``controller``).

    It changes only the combat damage assignment; the creatures' power stays what it is.
    """

    type: ClassVar[str] = "assign_by_toughness"
    controller: str | None = None
    name: str | None = None

    def applies_to(self, controller: str) -> bool:
        """Whether a creature controlled by ``controller`` assigns by toughness under this effect."""
        return self.controller is None or self.controller == controller


# --------------------------------------------------------------------------- effects2: redirection (614.9),
# prevention with additional effects (615.5), damage modifiers that are not multiplications (614, 615)


@dataclass(frozen=True, slots=True)
class RedirectDamage(_Document):
    """CR 614.9: damage that would be dealt to ``from_`` is dealt to ``to`` instead (Pariah, 《最下層民》).

    ``and_permanents``: also damage to the permanents the player ``from_`` controls other than ``to``
    (Palisade Giant, 《矢来の巨人》). ``amount``: only the next N damage, a shield like 615.7 (Harm's Way,
    《危害のあり方》); ``source``: only damage from that source (a source of your choice, 609.7a).
    """

    type: ClassVar[str] = "redirect_damage"
    from_: str
    to: str
    and_permanents: bool = False
    amount: int | None = None
    source: str | None = None
    used: bool = False
    name: str | None = None

    def summary(self, name_of: Callable[[str], str]) -> str:
        what = f"次の{self.amount}点のダメージ" if self.amount is not None else "ダメージ"
        whose = f"{name_of(self.source)}からの" if self.source is not None else ""
        to = f"{name_of(self.from_)}" + ("とそのパーマネント" if self.and_permanents else "")
        return f"{to}への{whose}{what}を{name_of(self.to)}に移し替える効果"


@dataclass(frozen=True, slots=True)
class Dealer(_Document):
    """The object that deals the damage of an additional effect (Deflecting Palm, 《跳ね返す掌》)."""

    controller: str
    name: str | None = None
    colors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PreventAnd(_Document):
    """CR 615.5: prevent damage to ``to``, then an additional effect counting the damage prevented.

    Which damage: with ``amount``, the next N (a shield, 615.7: Test of Faith, 《信仰の試練》); with
    ``source``, the next time that source would deal damage (615.8: Deflecting Palm, 《跳ね返す掌》);
    with neither, all damage (a static ability: Phyrexian Hydra, 《ファイレクシアのハイドラ》).
    ``then``: ``plus_counters``/``minus_counters`` on ``to`` for each 1 prevented; ``deal_damage``:
    ``dealer`` deals that much damage to the source's controller; ``draw``: ``player`` (default: the
    source's controller, Swans of Bryn Argoll, 《ブリン・アーゴルの白鳥》) draws that many cards.
    """

    type: ClassVar[str] = "prevent_and"
    to: str
    then: str
    amount: int | None = None
    source: str | None = None
    dealer: Dealer | None = None
    player: str | None = None
    used: bool = False
    name: str | None = None

    def summary(self, name_of: Callable[[str], str]) -> str:
        if self.amount is not None:
            what = f"{name_of(self.to)}への次の{self.amount}点"
        elif self.source is not None:
            what = f"{name_of(self.source)}から{name_of(self.to)}への次のダメージ"
        else:
            what = f"{name_of(self.to)}へのダメージすべて"
        return f"{what}を軽減し、{PREVENT_THEN_JA[self.then]}効果"


@dataclass(frozen=True, slots=True)
class DamagePlus(_Document):
    """CR 614.1a: a replacement effect: the damage is that much plus ``amount`` instead (Torbran,
    《朱地洞の族長、トーブラン》: red sources ``from_controller`` controls, to opponents and their permanents)."""

    type: ClassVar[str] = "damage_plus"
    amount: int
    from_controller: str | None = None
    source_color: str | None = None
    to_opponents: bool = False
    to: str | None = None
    name: str | None = None

    def summary(self, name_of: Callable[[str], str]) -> str:
        return f"ダメージを{self.amount}点増やす効果"


@dataclass(frozen=True, slots=True)
class PreventHalf(_Document):
    """CR 615: prevent half of each damage to ``player`` or a permanent they control, rounded up
    (Gisela, Blade of Goldnight, 《黄金夜の刃、ギセラ》)."""

    type: ClassVar[str] = "prevent_half"
    player: str
    name: str | None = None

    def summary(self, name_of: Callable[[str], str]) -> str:
        return f"{name_of(self.player)}とそのパーマネントへのダメージの半分(端数切り上げ)を軽減する効果"


@dataclass(frozen=True, slots=True)
class PreventAllBut(_Document):
    """CR 615, 609.7b: the next time the unblocked creature ``source`` would deal combat damage to ``to``,
    prevent all but ``leave`` of it (Forcefield)."""

    type: ClassVar[str] = "prevent_all_but"
    ALWAYS: ClassVar[frozenset[str]] = frozenset({"leave"})
    to: str
    source: str
    leave: int = 1
    used: bool = False
    name: str | None = None

    def summary(self, name_of: Callable[[str], str]) -> str:
        return f"{name_of(self.source)}から{name_of(self.to)}への次の戦闘ダメージを{self.leave}点を残して軽減する効果"


@dataclass(frozen=True, slots=True)
class TokenSpec(_Document):
    """The creature token an :class:`ExileInstead` effect makes its controller create (Kalitas's 2/2 Zombie)."""

    power: int
    toughness: int
    name: str | None = None
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ExileInstead(_Document):
    """CR 614.1a, 614.6: a permanent that would be put into a graveyard is exiled instead, so a creature doesn't
    die (700.4) and no "dies" ability triggers (603.6c, 603.10a).

    Rest in Peace (《安らかなる眠り》): every card or token. Kalitas, Traitor of Ghet (《ゲトの裏切り者、カリタス》):
    ``creatures`` and ``nontoken`` and ``opponents`` (controlled by an opponent of ``controller``), and
    ``controller`` creates ``token`` each time it applies.
    """

    type: ClassVar[str] = "exile_instead"
    controller: str
    creatures: bool = False
    nontoken: bool = False
    opponents: bool = False
    token: TokenSpec | None = None
    name: str | None = None
    on: tuple[str, ...] = ()
    """Only these permanents (the creatures a spell dealt damage to: Anger of the Gods, ``exile_if_dies``)."""

    def summary(self, name_of: Callable[[str], str]) -> str:
        if self.on:
            return f"{'、'.join(name_of(x) for x in self.on)}が死亡するなら代わりに追放する効果"
        what = "クリーチャー" if self.creatures else "パーマネント"
        if self.nontoken:
            what = f"トークンでない{what}"
        if self.opponents:
            what = f"{name_of(self.controller)}の対戦相手がコントロールする{what}"
        return f"{what}が墓地に置かれるなら代わりに追放する効果"


EFFECTS2 = (RedirectDamage, PreventAnd, DamagePlus, PreventHalf, PreventAllBut)
"""The effect kinds of :mod:`rules_core.damage.redirection` (stage 120.4b)."""


Effect = (
    PreventNext
    | PreventNextFromSource
    | PreventAll
    | PreventStatic
    | PreventFromColor
    | DamageMultiplier
    | LifeGainMultiplier
    | NoLifeGain
    | LifeFloor
    | NoCounters
    | CounterMultiplier
    | CantBePrevented
    | Regenerate
    | CantBeRegenerated
    | LifeCantChange
    | NoLossForLife
    | AssignByToughness
    | RedirectDamage
    | PreventAnd
    | DamagePlus
    | PreventHalf
    | PreventAllBut
    | ExileInstead
)

DAMAGE_EFFECTS = (
    PreventNext,
    PreventNextFromSource,
    PreventAll,
    PreventStatic,
    PreventFromColor,
    DamageMultiplier,
    *EFFECTS2,
)
"""Effects that modify the damage itself (stage 120.4b)."""

RESULT_EFFECTS = (LifeGainMultiplier, NoLifeGain, LifeFloor, NoCounters, CounterMultiplier)
"""Effects that modify the results of damage (stage 120.4c)."""

PREVENTION_EFFECTS = (
    PreventNext,
    PreventNextFromSource,
    PreventAll,
    PreventStatic,
    PreventFromColor,
    PreventAnd,
    PreventHalf,
    PreventAllBut,
)
"""Effects that use the word "prevent" (CR 615.1a)."""

EFFECT_TYPES: dict[str, type] = {
    cls.type: cls
    for cls in (
        PreventNext,
        PreventNextFromSource,
        PreventAll,
        PreventStatic,
        PreventFromColor,
        DamageMultiplier,
        LifeGainMultiplier,
        NoLifeGain,
        LifeFloor,
        NoCounters,
        CounterMultiplier,
        CantBePrevented,
        Regenerate,
        CantBeRegenerated,
        LifeCantChange,
        NoLossForLife,
        AssignByToughness,
        *EFFECTS2,
        ExileInstead,
    )
}
"""Every effect kind the engine reads (``effects[].type``); the board offers each (``tutor`` has a form and
a sentence for each)."""

DESTRUCTION_EFFECTS = (Regenerate, CantBeRegenerated)
"""Effects on destruction (CR 701.19, :mod:`rules_core.damage.shields`)."""

ZONE_EFFECTS = (ExileInstead,)
"""Effects that replace a permanent's move to a graveyard (CR 614.6, :mod:`rules_core.sba.zones`)."""

LIFE_RULE_EFFECTS = (LifeCantChange, NoLossForLife)
"""Effects that change the life-total rules themselves (:mod:`rules_core.damage.life`)."""


def effect_summary(effect: Effect, name_of: Callable[[str], str] = str) -> str:
    """A short Japanese description of what ``effect`` does, for notes; ``name_of`` names a player or permanent id.

    >>> effect_summary(PreventNext(to="bear", amount=3))
    '次の3点を軽減する盾'
    >>> effect_summary(PreventAll(from_="bolt", combat_only=True), {"bolt": "稲妻"}.get)
    '稲妻からの戦闘ダメージをすべて軽減する効果'
    """
    if isinstance(effect, (*EFFECTS2, ExileInstead)):
        return effect.summary(name_of)
    if isinstance(effect, PreventNext):
        return f"次の{effect.amount}点を軽減する盾"
    if isinstance(effect, PreventNextFromSource):
        return f"{name_of(effect.source)}からの次のダメージを軽減する効果"
    if isinstance(effect, PreventAll):
        source = f"{name_of(effect.from_)}からの" if effect.from_ is not None else ""
        to = f"{name_of(effect.to)}への" if effect.to is not None else ""
        what = "戦闘ダメージ" if effect.combat_only else "ダメージ"
        return f"{source}{to}{what}をすべて軽減する効果"
    if isinstance(effect, PreventStatic):
        return f"ダメージを{effect.amount}点ずつ軽減する常在型能力"
    if isinstance(effect, PreventFromColor):
        color = COLOR_JA[effect.color]
        if effect.source is not None:
            return f"選ばれた{color}の発生源{name_of(effect.source)}からの次のダメージを軽減する盾"
        if effect.next_only:
            return f"{color}の発生源からの次のダメージを軽減する盾"
        return f"{color}の発生源からのダメージを軽減する効果"
    if isinstance(effect, DamageMultiplier):
        return f"ダメージを{effect.factor}倍にする効果"
    if isinstance(effect, LifeGainMultiplier):
        return f"得るライフを{effect.factor}倍にする効果"
    if isinstance(effect, NoLifeGain):
        return "ライフを得られなくする効果"
    if isinstance(effect, LifeFloor):
        return f"ライフが{effect.floor}点未満にならない効果"
    if isinstance(effect, NoCounters):
        return "カウンターを置けなくする効果"
    if isinstance(effect, CounterMultiplier):
        if effect.on_controlled_by is not None:
            return f"{name_of(effect.on_controlled_by)}がコントロールするパーマネントに置かれるカウンターを{effect.factor}倍にする効果"
        return f"カウンターを{effect.factor}倍にする効果"
    if isinstance(effect, Regenerate):
        if effect.static:
            return f"{name_of(effect.on)}を再生する常在型能力"
        return f"{name_of(effect.on)}の再生の盾"
    if isinstance(effect, CantBeRegenerated):
        return f"{name_of(effect.on)}を再生できなくする効果" if effect.on else "再生できなくする効果"
    if isinstance(effect, LifeCantChange):
        return f"{name_of(effect.player)}のライフの総量が変化しなくなる効果"
    if isinstance(effect, NoLossForLife):
        return f"{name_of(effect.player)}がライフが0点以下でも敗北しなくなる効果"
    if isinstance(effect, AssignByToughness):
        whose = f"{name_of(effect.controller)}がコントロールする" if effect.controller is not None else ""
        return f"{whose}各クリーチャーがタフネスに等しい戦闘ダメージを割り振る効果"
    return "ダメージを軽減できなくする効果"


def effect_label(effect: Effect, index: int, name_of: Callable[[str], str] = str) -> str:
    """How a note names an effect: its ``name`` if it has one, else 「効果N（what it does）」.

    ``index`` is the effect's place in ``effects``, counting from 0 as ``choices``
    does; a learner reads it counting from 1, as the board numbers effects.

    >>> effect_label(PreventNext(to="bear", amount=3), 0)
    '効果1（次の3点を軽減する盾）'
    >>> effect_label(LifeGainMultiplier(player="A", factor=2, name="《加護の反射》"), 1)
    '《加護の反射》'
    """
    if effect.name:
        return effect.name
    return f"効果{index + 1}（{effect_summary(effect, name_of)}）"
