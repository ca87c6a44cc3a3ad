"""`/chroma score`: the best-scoring reading of a winning hand (seed 002).

Every complete reading of the hand (silver as any of its faces, riichi wildcards as theirs, melds as any valid
reading) is scored by the `mahjong` package; each after-win (gold) tile then lets the winner read one tile of such
a winning reading as another face, every other tile keeping its reading (`GoldReading.STRICT`; `LOOSE` lets the
others be read afresh), as long as the hand after is complete with a yaku too. On top of the package's result come
the chroma parts: +1 han per red (HAN) tile, the Rainbow yaku, the seed's alternative abilities, and chips.
The payment comes from `engine.table.score`, which also applies the non-positive han rule.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib.metadata import version
from itertools import product

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as LibraryMeld

from engine.chroma import bounds, gold, search
from engine.chroma.hand import CHI, KAN, PON, MeldReading, check_hand, meld_readings_of, split
from engine.chroma.rules import Ability, ChromaRules, GoldReading, count_ability, readings
from engine.chroma.tiles import HONOURS, TERMINALS_AND_HONOURS, Meld, Tile
from engine.chroma.words import words
from engine.chroma.words import yaku as yaku_named
from engine.errors import IllegalMove
from engine.table import KAZOE_LIMIT, HandValue, Payment, TableOptions
from engine.table import score as table_score
from engine.text import N_, Ref, command

# Interpreted tiles make five or more of a face possible (seed 002, "Interpret"); the package's hand divider
# refuses more than four of a face before dividing, though its division works for any count. Widen that check.
assert version("mahjong") == "2.1.0", "check that HandDivider._validate_tiles is still the only limit"
HandDivider._validate_tiles = staticmethod(  # type: ignore[method-assign]  # widened on purpose, as above
    lambda tiles_34: all(0 <= count <= 8 for count in tiles_34))

WINDS = (EAST, SOUTH, WEST, NORTH)
WIND_NAMES = ("East", "South", "West", "North")
_ANY = frozenset(range(34))
_ANY_BEFORE = ("any",)  # a loose gold's origin: some reading before wins with a yaku
_LIB_MELD = {CHI: LibraryMeld.CHI, PON: LibraryMeld.PON, KAN: LibraryMeld.KAN}


@dataclass(frozen=True)
class Situation:
    tsumo: bool = False
    riichi: bool = False
    ippatsu: bool = False
    dora: tuple[Tile, ...] = ()  # indicators
    ura: tuple[Tile, ...] = ()
    seat: int = 0  # 0 East (dealer) .. 3 North
    round: int = 0
    honba: int = 0
    table: TableOptions = field(default_factory=TableOptions)
    sanma: bool = False


@dataclass(frozen=True)
class YakuLine:
    said: Ref  # the yaku, for render/ to word (engine/chroma/words.py)
    han: int | None  # None for a yakuman (its count is in the name)

    @property
    def name(self) -> str:
        return self.said.english


@dataclass(frozen=True)
class Reading:
    """What a tile was read as in the chosen result."""

    tile: Tile
    face: int
    by_gold: bool = False  # changed by an after-win tile


@dataclass(frozen=True)
class ScoreReport:
    han: int
    fu: int
    yakuman: int  # 0 unless a yakuman
    yaku: tuple[YakuLine, ...]
    payment: Payment
    chips: int
    readings: tuple[Reading, ...]  # only tiles read as another face, or changed by gold
    final_faces: tuple[int, ...]  # the concealed hand as scored, in the given order
    melds: tuple[MeldReading, ...]
    win_face: int

    @property
    def value(self) -> int:
        """What the winner receives before honba and sticks (negative when they pay)."""
        return _payment_value(self.payment)


def _payment_value(p: Payment) -> int:
    if p.ron:
        return p.ron
    return p.dealer_pays + p.others_pay * (2 if p.dealer_pays else 3)


def score(concealed: Sequence[Tile], win_index: int, melds: Sequence[Meld], rules: ChromaRules,
          situation: Situation) -> ScoreReport:
    sets = check(concealed, win_index, melds, rules, situation)
    scorer = _Scorer(list(concealed), win_index, list(melds), rules, situation, sets)
    return scorer.best()


def check(concealed: Sequence[Tile], win_index: int, melds: Sequence[Meld], rules: ChromaRules,
          situation: Situation) -> int:
    """The quick refusals of `score` (tile counts, the situation), before any search; the hand's set count."""
    sets = check_hand(concealed, melds, winning=True, others=[situation.dora, situation.ura])
    _check_situation(concealed, win_index, melds, rules, situation)
    return sets


def _check_situation(concealed: Sequence[Tile], win_index: int, melds: Sequence[Meld], rules: ChromaRules,
                     s: Situation) -> None:
    if any(t.live for t in concealed) and not s.riichi:
        raise IllegalMove(N_("A tile marked `!` was drawn during riichi, but this win has no riichi."),
                          N_("Set `riichi: True`, or write the tile with `*`."))
    if not s.tsumo and concealed[win_index].live:
        raise IllegalMove(N_("A ron tile is someone else's discard, so it can't be marked `!` (drawn during riichi): "
                             "other players' riichi wildcards can't be interpreted."),
                          N_("For a ron, write the winning tile with `*`; for your own draw, set `tsumo: True`."))
    if s.ippatsu and not s.riichi:
        raise IllegalMove(N_("Ippatsu needs riichi."), N_("Set `riichi: True`, or leave out ippatsu."))
    if s.riichi:
        for meld in melds:
            if not all(r.closed for r in meld_readings_of(meld, rules)):
                raise IllegalMove(N_("Riichi needs a closed hand, and the meld `{meld}` is open."),
                                  N_("Only closed kans and melds holding a closed-meld (blue) tile keep a hand "
                                     "closed."), meld=str(meld))


class _Scorer:
    def __init__(self, concealed: list[Tile], win_index: int, melds: list[Meld], rules: ChromaRules,
                 situation: Situation, sets: int) -> None:
        self.tiles, self.win, self.melds, self.rules, self.s, self.sets = (concealed, win_index, melds, rules,
                                                                           situation, sets)
        everything = concealed + [t for m in melds for t in m.tiles]
        self.chroma_count = sum(t.chroma is not None for t in everything)
        self.red_han = count_ability(everything, rules, Ability.HAN)
        self.golds = count_ability(everything, rules, Ability.AFTER_WIN)
        self.zero_yaku = count_ability(everything, rules, Ability.ZERO_HAN_YAKU)
        self.trade_offs = count_ability(everything, rules, Ability.TRADE_OFF)
        self.terminal_blocks = count_ability(everything, rules, Ability.TERMINAL_BLOCKS)
        self.sum_mod_3 = count_ability(everything, rules, Ability.SUM_MOD_3)
        self.meld_options = _meld_products([meld_readings_of(m, rules) for m in melds])
        self.cache: dict[tuple, ScoreReport | None] = {}
        self.completions: dict[tuple, frozenset[search.Added]] = {}
        self.before: list[tuple[int, ...]] = []
        self.bounds: dict[tuple, tuple] = {}  # each distinct final hand: its bound
        self.suit_bounds: dict[tuple, tuple] = {}  # the bound of hands alike but for the order of the suits
        self.held_bounds: dict[tuple, tuple] = {}  # (held counts, completions): (the best bound, each hand's)
        self.found: tuple | None = None  # (preference, report, faces, gold positions)
        self.numbered = 0
        self.choice = 0  # choices of gold tiles met so far
        self.batch = 0  # candidates picked together (`_pick`) so far
        self.prune = True
        self.payments: dict[tuple[int, int, int], Payment] = {}
        self.part_preferences: dict[tuple[int, int, int], tuple] = {}
        self.configs: dict[bool, HandConfig] = {}
        self.any_before: bool | None = None
        dora = tuple(bounds.dora_face(t.face, situation.sanma) for t in (*situation.dora, *situation.ura))
        self.setting = bounds.Setting(riichi=situation.riichi, ippatsu=situation.ippatsu, tsumo=situation.tsumo,
                                      seat_wind=27 + situation.seat, round_wind=27 + situation.round, dora=dora,
                                      open_tanyao=rules.open_tanyao)
        self.number_dora = any(face < HONOURS for face in dora)

    # -- readings ---------------------------------------------------------------------------------------

    def _complete_readings(self, gold_positions: Sequence[int],
                           keep: Callable[[tuple[int, ...], Collection[search.Added]],
                                          Collection[search.Added]] | None = None) -> set[tuple[int, ...]]:
        """Full concealed faces of every complete reading, with `gold_positions` read as any face (with `keep`, as
        `search.completions_by_multisets`: only the hands it keeps, where that search is used)."""
        hand = split(self.tiles, self.rules, keep_apart=[self.win, *gold_positions])
        options = list(hand.wild_readings)
        kinds: list[object] = list(options)
        # A gold reading as a face one of the chosen tiles could already take is reachable with fewer golds;
        # leaving those faces out keeps each final hand to the one smallest choice of tiles.
        gold = _ANY.difference(*(readings(self.tiles[p], self.rules) for p in gold_positions))
        for i, position in enumerate(hand.wild_positions):
            if position == self.win:
                kinds[i] = "win"
            elif position in gold_positions:
                options[i], kinds[i] = gold, "gold"
        faces = [t.face for t in self.tiles]
        out: set[tuple[int, ...]] = set()
        # a gold's face that no gold can take here is one its tile reads, so fewer golds reach that hand
        keep_first = all(kind == "gold" or len(o) == len(_ANY) for o, kind in zip(options, kinds, strict=True)
                         if len(o) > search.FEW)
        for assignment in search.completions_by_multisets(hand.counts, options, self.sets, kinds, keep, keep_first):
            for position, face in zip(hand.wild_positions, assignment, strict=True):
                faces[position] = face
            out.add(tuple(faces))
        return out

    def best(self, *, prune: bool = True) -> ScoreReport:
        """Every complete reading is a candidate; each is scored by the package only if its bound (`bounds.py`) could
        beat the best scored so far. Candidates are taken in order of their bound, so the search stops at the first
        whose bound can't: every later one is no better. The readings before any gold go first, and their best
        then lets the gold search (`gold.py`) drop most hands unlisted. Ties go to the fewest golds, then to the first
        choice and batch met, then to the fewest changed tiles (`_candidate`). `prune=False` scores every candidate
        (for tests and the benchmark's baseline)."""
        before = self.before = sorted(self._complete_readings(()))
        if not before:
            raise IllegalMove(N_("That hand isn't complete under any reading of its tiles."),
                              N_("Give all the tiles in hand, winning tile included; check with {command}."),
                              command=command("chroma waits"))
        self.prune = prune
        self._pick([self._candidate(faces, (), melds, None) for faces in before for melds in self.meld_options])
        if self.golds:  # seed 002, gold: one tile per gold, complete with yaku before and after
            if self.rules.gold_reading is GoldReading.STRICT:
                gold.strict_gold(self, before)
            else:
                gold.loose_gold(self)
        if self.found is None:
            raise IllegalMove(N_("That hand is complete but has no yaku under any reading."),
                              N_("A win needs a yaku (the Rainbow counts; red tiles and dora don't)."))
        _, report, faces, positions = self.found
        changes = tuple(Reading(t, f, i in positions) for i, (t, f) in enumerate(zip(self.tiles, faces, strict=True))
                        if f != t.face or i in positions)
        return replace(report, readings=changes, final_faces=faces)

    def _candidate(self, faces: tuple[int, ...], positions: tuple[int, ...], melds: tuple[MeldReading, ...],
                   origin: tuple | None, bound: tuple | None = None, changed: int | None = None) -> tuple:
        """(key, faces, gold positions, melds, origin): the key is the bound, then -(golds used), -(the choice of gold
        tiles it belongs to: 0 before any gold, then in the order the search meets them), -(the batch it is picked
        in, `_pick`), -(tiles changed) and -(its number)."""
        if bound is None:
            bound = self._key_bound(_counts(faces), melds, faces[self.win])
        if changed is None:
            changed = sum(1 for t, f in zip(self.tiles, faces, strict=True) if f != t.face) + len(positions)
        self.numbered += 1
        key = (*bound, -len(positions), -(self.choice if positions else 0), -self.batch, -changed, -self.numbered)
        return key, faces, positions, melds, origin

    def _key_bound(self, counts: tuple[int, ...], melds: tuple[MeldReading, ...], win_face: int = -1) -> tuple:
        """The hand's bound; given its winning face, a winning honour held three times adds no wait fu, and a yakuman
        hand's bound counts the doubles only where that face makes them (`bounds.counts_bound`)."""
        if win_face >= HONOURS and counts[win_face] == 3:
            return self._won_bound(counts, melds, win_face)
        key = (counts, melds)
        bound = self.bounds.get(key)
        if bound is None:
            bound = self.bounds[key] = self._symmetric_bound(counts, melds)
        if win_face >= 0 and bound[1] >= 13 * (2 + self._rainbow_yakuman()):  # two library yakuman or more
            return self._won_bound(counts, melds, win_face)
        return bound

    def _won_bound(self, counts: tuple[int, ...], melds: tuple[MeldReading, ...], win_face: int) -> tuple:
        key = (counts, melds, win_face)
        bound = self.bounds.get(key)
        if bound is None:
            bound = self.bounds[key] = self._symmetric_bound(counts, melds, win_face)
        return bound

    def _beaten(self, bound: tuple) -> bool:
        """Whether every candidate whose bound starts with `bound` is worse than the best found."""
        return self.prune and self.found is not None and bound < self.found[0][:len(bound)]

    def _outranked(self, prefix: tuple) -> bool:
        """Whether every candidate whose key starts with `prefix` (bound, -golds, -choice) and that is picked in a
        later batch than the best found is worse than it."""
        return self.prune and self.found is not None and prefix <= self.found[0][:len(prefix)]

    def _pick(self, candidates: list[tuple]) -> None:
        """Score the candidates of one batch, best bound first, until one can't beat the best found."""
        self.batch += 1  # candidates made from now on are in the next batch
        candidates.sort(key=lambda c: c[0], reverse=True)
        for bound, faces, positions, melds, origin in candidates:
            if self._beaten(bound):
                break
            if origin is not None and not self._wins_before(origin):
                continue
            report = self._score(faces, melds)
            if report is not None:
                preference = (*_preference(report), *bound[4:])
                if self.found is None or preference > self.found[0]:
                    self.found = (preference, report, faces, positions)

    def _wins_before(self, origin: tuple) -> bool:
        """Whether the hand a gold changed was a win with a yaku (strict: that reading; loose: any reading)."""
        if origin == _ANY_BEFORE:
            if self.any_before is None:
                self.any_before = any(self._score(faces, melds) is not None for faces in sorted(self.before)
                                      for melds in self.meld_options)
            return self.any_before
        return self._score(*origin) is not None

    def _symmetric_bound(self, counts: tuple[int, ...], melds: tuple[MeldReading, ...], win_face: int = -1) -> tuple:
        """`_bound`, shared by hands that differ only in the order of the suits: the bound reads every suit alike
        but for ryuuiisou (sou only, so never with numbers in two suits), dora, called melds and a winning number."""
        if (melds or self.number_dora or 0 <= win_face < HONOURS
                or sum(1 for s in (0, 9, 18) if any(counts[s:s + 9])) < 2):
            return self._bound(counts, melds, win_face)
        key = (*sorted((counts[0:9], counts[9:18], counts[18:27])), counts[27:], win_face)
        bound = self.suit_bounds.get(key)
        if bound is None:
            bound = self.suit_bounds[key] = self._bound(counts, melds, win_face)
        return bound

    def _bound(self, counts: tuple[int, ...], melds: tuple[MeldReading, ...],
               win_face: int = -1) -> tuple[int, int, int, int]:
        """At least `_preference` of the report of the hand of these concealed counts, whatever the package says
        (`bounds.py`)."""
        return max(self._bounds(counts, melds, win_face))

    def _bounds(self, counts: tuple[int, ...], melds: tuple[MeldReading, ...], win_face: int = -1) -> list[tuple]:
        """Preferences such that the report of the hand of these concealed counts is, part by part, at most one."""
        library_yakuman, han, fu = bounds.counts_bound(counts, melds, self.setting, win_face)
        return self._bound_options(library_yakuman, han, fu, self._extra_bound(counts, melds),
                                   bounds.pinfu_shape(counts, melds, self.setting))

    def _part_preference(self, library_yakuman: int, han: int, fu: int) -> tuple:
        """At least the preference of every hand the package gives at most (library yakuman, han, fu)
        (`part_bound.py`), chroma parts at their most."""
        key = (library_yakuman, han, fu)
        if key not in self.part_preferences:
            self.part_preferences[key] = max(self._bound_options(library_yakuman, han, fu, self._most_extra(), False))
        return self.part_preferences[key]

    def _most_extra(self) -> int:
        """The most han `_chroma_han` can add to any hand (`_extra_bound` with the number sum at its most)."""
        return self.red_han + self._rainbow_han() + 7 * self.terminal_blocks + 2 * self.trade_offs + 2 * self.sum_mod_3

    def _bound_options(self, library_yakuman: int, han: int, fu: int, extra: int, pinfu: bool) -> list[tuple]:
        """The preferences a hand bounded by (library yakuman, han, fu) may reach, chroma parts included: a yakuman, and
        unless the Rainbow makes every hand one, the han; with `pinfu` counted in `han`, either pinfu's fixed fu or a
        han less (`bounds.pinfu_shape`)."""
        chips = self.chroma_count + self.trade_offs
        rainbow = self._rainbow_yakuman()
        options = []
        if library_yakuman or rainbow:
            yakuman = library_yakuman + rainbow
            options.append((_payment_value(self._payment(13 * yakuman, fu, yakuman)), 13 * yakuman, fu, chips))
        if not rainbow:
            if pinfu:
                pinfu_fu = 20 if self.s.tsumo else 30
                options.append((self._value(han + extra, pinfu_fu), han + extra, pinfu_fu, chips))
                han -= 1
            options.append((self._value(han + extra, fu), han + extra, fu, chips))
        return options

    def _extra_bound(self, counts: tuple[int, ...], melds: tuple[MeldReading, ...]) -> int:
        """At least the han `_chroma_han` adds: red and Rainbow exactly, the number sum exactly, terminal blocks at
        their most (ceil(13 / 2) for thirteen orphans), every trade-off taken as +2 han."""
        extra = self.red_han + self._rainbow_han() + 7 * self.terminal_blocks + 2 * self.trade_offs
        if self.sum_mod_3:
            numbers = sum(n * (f % 9 + 1) for f, n in enumerate(counts[:27])) + sum(
                f % 9 + 1 for m in melds for f in m.faces if f < 27)
            extra += numbers % 3 * self.sum_mod_3
        return extra

    def _completions(self, kept: tuple[int, ...], changes: int) -> frozenset[search.Added]:
        """The multisets of faces that complete a hand's `kept` tiles again."""
        key = (kept, changes)
        if key not in self.completions:
            self.completions[key] = search.any_face_completions(kept, changes, self.sets)
        return self.completions[key]

    def _held_bounds(self, held: tuple[int, ...], completions: Collection[search.Added]) -> tuple:
        """(the best bound, [(faces added, the bound of that hand)]) of the hands `held` counts and each of
        `completions` make, under their best meld reading; remembered."""
        key = (held, completions)
        entry = self.held_bounds.get(key)
        if entry is None:
            hands = []
            for added in completions:
                counts = list(held)
                for face in added:
                    counts[face] += 1
                hand = tuple(counts)
                hands.append((added, max(self._key_bound(hand, melds) for melds in self.meld_options)))
            entry = self.held_bounds[key] = (max((bound for _, bound in hands), default=()), hands)
        return entry

    def _may_beat(self, held: tuple[int, ...], completions: Collection[search.Added]) -> Collection[search.Added]:
        """Of the faces that complete the hand of `held` counts, those whose hand, under some reading of the melds,
        has a bound that can beat the best found; one look-up while the best beats them all."""
        best, hands = self._held_bounds(held, completions)
        if not hands or self._beaten(best):
            return ()
        return [added for added, bound in hands if not self._beaten(bound)]

    # -- one concrete hand ------------------------------------------------------------------------------

    def _score(self, faces: tuple[int, ...], melds: tuple[MeldReading, ...]) -> ScoreReport | None:
        win_face = faces[self.win]
        key = (tuple(sorted(faces)), win_face, melds)
        if key not in self.cache:
            self.cache[key] = self._evaluate(faces, melds, win_face)
        return self.cache[key]

    def _evaluate(self, faces: tuple[int, ...], melds: tuple[MeldReading, ...], win_face: int) -> ScoreReport | None:
        ids, meld_objects = _library_tiles(faces, melds)
        win_id = next(i for i in ids if i // 4 == win_face)
        config = self._config()
        dora = _indicator_ids(self.s.dora)
        ura = _indicator_ids(self.s.ura)
        result = HandCalculator.estimate_hand_value(ids, win_id, melds=meld_objects, dora_indicators=dora,
                                                    ura_dora_indicators=ura, config=config)
        borrowed = None
        if result.error == HandCalculator.ERR_NO_YAKU and self._chroma_yaku():
            # The package scores only hands with one of its yaku. Borrow haitei/houtei (no fu, 1 han, open or
            # closed) for the count, then take it back out.
            config = self._config(borrowed=True)
            result = HandCalculator.estimate_hand_value(ids, win_id, melds=meld_objects, dora_indicators=dora,
                                                        ura_dora_indicators=ura, config=config)
            borrowed = (config.yaku.haitei if self.s.tsumo else config.yaku.houtei).name
        if result.error:
            return None
        assert result.yaku is not None and result.han is not None and result.fu is not None  # set with no error
        lines: list[YakuLine] = []
        library_yakuman = 0
        for yaku in result.yaku:
            if yaku.name == borrowed:
                continue
            han = yaku.han_open if result.is_open_hand else yaku.han_closed
            if yaku.is_yakuman:
                library_yakuman += han // 13
                lines.append(YakuLine(yaku_named(yaku.name) if han <= 13 else
                                      words(N_("{yaku} (double)"), yaku=yaku_named(yaku.name)), None))
            else:
                lines.append(YakuLine(yaku_named(yaku.name), han))
        han = result.han - (1 if borrowed else 0)
        fu = result.fu
        extra, extra_lines, chip_change = self._chroma_han(faces, melds, han, fu, library_yakuman)
        lines.extend(extra_lines)
        rainbow_yakuman = self._rainbow_yakuman()
        yakuman = (library_yakuman + rainbow_yakuman) if (library_yakuman or rainbow_yakuman) else 0
        if rainbow_yakuman:
            lines.append(YakuLine(words(N_("Rainbow ({count} chroma tiles)"), count=self.chroma_count), None))
        if yakuman:
            lines = [line for line in lines if line.han is None]
            total_han = 13 * yakuman
        else:
            total_han = han + extra
        payment = self._payment(total_han, fu, yakuman)
        return ScoreReport(han=total_han, fu=fu, yakuman=yakuman, yaku=tuple(lines), payment=payment,
                           chips=self.chroma_count + chip_change, readings=(), final_faces=faces,
                           melds=melds, win_face=win_face)

    def _chroma_yaku(self) -> bool:
        return self.zero_yaku > 0 or self._rainbow_han() > 0 or self._rainbow_yakuman() > 0

    def _rainbow_han(self) -> int:
        over = self.chroma_count - self.rules.rainbow_from
        return over + 1 if 0 <= over <= 2 else 0

    def _rainbow_yakuman(self) -> int:
        return 1 if self.chroma_count >= self.rules.rainbow_from + 3 else 0

    def _chroma_han(self, faces: tuple[int, ...], melds: tuple[MeldReading, ...], han: int, fu: int,
                    library_yakuman: int) -> tuple[int, list[YakuLine], int]:
        lines: list[YakuLine] = []
        extra = 0
        if self.red_han:
            lines.append(YakuLine(words(N_("Red tiles ×{count}"), count=self.red_han), self.red_han))
            extra += self.red_han
        rainbow = self._rainbow_han()
        if rainbow:
            lines.append(YakuLine(words(N_("Rainbow ({count} chroma tiles)"), count=self.chroma_count), rainbow))
            extra += rainbow
        if self.zero_yaku:
            lines.append(YakuLine(words(N_("Chroma yaku")), 0))
        all_faces = list(faces) + [f for m in melds for f in m.faces]
        if self.sum_mod_3:
            x = sum(f % 9 + 1 for f in all_faces if f < 27) % 3
            lines.append(YakuLine(words(N_("Number sum mod 3 ×{count}"), count=self.sum_mod_3), x * self.sum_mod_3))
            extra += x * self.sum_mod_3
        if self.terminal_blocks:
            x = _terminal_blocks(faces, melds)
            gain = math.ceil(x / 2) * self.terminal_blocks
            lines.append(YakuLine(words(N_("Terminal blocks ({blocks}) ×{count}"), blocks=x,
                                        count=self.terminal_blocks), gain))
            extra += gain
        chips = 0
        if self.trade_offs and (library_yakuman or self._rainbow_yakuman()):  # han can't change a yakuman
            lines.append(YakuLine(words(N_("Trade-off: {count}× −2 han +1 chip (a yakuman keeps its value)"),
                                        count=self.trade_offs), 0))
            chips = self.trade_offs
        elif self.trade_offs:
            # each such tile: +2 han -1 chip, or -2 han +1 chip; take the most points, counting chips at the
            # channel's chip value, then the most chips
            n, chip = self.trade_offs, self.rules.chip_value
            ups = max(range(n + 1), key=lambda u: (self._value(han + extra + 4 * u - 2 * n, fu) + chip * (n - 2 * u),
                                                   n - 2 * u))
            lines.append(YakuLine(words(N_("Trade-off: {ups}× +2 han −1 chip, {downs}× −2 han +1 chip"), ups=ups,
                                        downs=n - ups), 4 * ups - 2 * n))
            extra += 4 * ups - 2 * n
            chips = n - 2 * ups
        return extra, lines, chips

    def _value(self, han: int, fu: int) -> int:
        return _payment_value(self._payment(han, fu, 0))

    def _payment(self, han: int, fu: int, yakuman: int) -> Payment:
        key = (han, fu, yakuman)
        if key not in self.payments:
            value = HandValue(yakuman=yakuman) if yakuman else HandValue(han=han, fu=fu, nonpositive_han=True)
            self.payments[key] = _table_payment(value, self.s.seat == 0, self.s.tsumo, self.s.honba, self.s.table,
                                                self.s.sanma)
        return self.payments[key]

    def _config(self, *, borrowed: bool = False) -> HandConfig:
        if borrowed not in self.configs:
            self.configs[borrowed] = self._new_config(borrowed)
        return self.configs[borrowed]

    def _new_config(self, borrowed: bool) -> HandConfig:
        s = self.s
        kazoe = KAZOE_LIMIT[s.table.kazoe]
        return HandConfig(is_tsumo=s.tsumo, is_riichi=s.riichi, is_ippatsu=s.ippatsu,
                          is_haitei=borrowed and s.tsumo, is_houtei=borrowed and not s.tsumo,
                          player_wind=WINDS[s.seat], round_wind=WINDS[s.round],
                          options=OptionalRules(has_open_tanyao=self.rules.open_tanyao, has_aka_dora=False,
                                                kiriage=s.table.kiriage, kazoe_limit=kazoe,
                                                is_three_player=s.sanma))


@lru_cache(maxsize=1 << 12)  # shared by every hand: a payment follows from the value and the table's options alone
def _table_payment(value: HandValue, dealer: bool, tsumo: bool, honba: int, options: TableOptions,
                   sanma: bool) -> Payment:
    return table_score(value, dealer=dealer, tsumo=tsumo, honba=honba, options=options, sanma=sanma)


def _preference(report: ScoreReport) -> tuple:
    return (report.value, report.han, report.fu, report.chips)


def _counts(faces: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * 34
    for face in faces:
        counts[face] += 1
    return tuple(counts)


def _meld_products(options: list[list[MeldReading]]) -> list[tuple[MeldReading, ...]]:
    return [tuple(p) for p in product(*options)] if options else [()]


def _library_tiles(faces: Sequence[int], melds: Sequence[MeldReading]) -> tuple[list[int], list[LibraryMeld]]:
    """136-format ids for the package: copies of a face cycle through its four ids (a fifth copy repeats one;
    the package counts faces, so that is harmless)."""
    used: Counter[int] = Counter()

    def take(face: int) -> int:
        tile_id = face * 4 + used[face] % 4
        used[face] += 1
        return tile_id

    meld_objects = []
    meld_ids: list[int] = []
    for meld in melds:
        tiles = [take(f) for f in meld.faces]
        meld_ids.extend(tiles)
        meld_objects.append(LibraryMeld(_LIB_MELD[meld.kind], tiles=sorted(tiles), opened=not meld.closed))
    return [take(f) for f in faces] + meld_ids, meld_objects


def _indicator_ids(tiles: Sequence[Tile]) -> list[int]:
    return [t.face * 4 for t in tiles]


def _terminal_blocks(faces: Sequence[int], melds: Sequence[MeldReading]) -> int:
    """Blocks (sets and pairs) holding a terminal or honour, in the best division of the hand."""
    counts = [0] * 34
    for face in faces:
        counts[face] += 1
    best = 0
    outside = set(TERMINALS_AND_HONOURS)
    from_melds = sum(1 for m in melds if outside & set(m.faces))
    for division in HandDivider.divide_hand(counts):
        best = max(best, sum(1 for block in division if outside & set(block)))
    if counts and all(counts[f] for f in TERMINALS_AND_HONOURS) and sum(counts) == 14:
        best = max(best, 13)  # thirteen orphans: every tile is a terminal or honour
    return best + from_melds
