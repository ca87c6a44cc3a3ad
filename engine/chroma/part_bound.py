"""An upper bound of what the `mahjong` package can give any complete hand that a part of a hand may still become
(issue 19), so that the gold searches (`gold.py`) can drop a whole choice of gold tiles before listing its hands.

A part is: held tiles by face (those of the faces in `fixed` stay; up to `changes` of the others may still be
changed by golds, each then a free tile of any face); `jokers` free tiles of any face; wildcards, each read as one of
its faces; and the called melds. Hands are bounded by plan, the kind of division the package scores:

- RUNS: four sets and a pair with a run (PINFU: every set a run, no value pair; the package's pinfu leaves only the
  base fu: 20 on a tsumo, 30 on a ron); TRIPLETS: every set a triplet or kan; PAIRS: seven pairs; ORPHANS: thirteen
  orphans. A plan the part can't reach (`shapes.py`) gives no option.
- Tile classes (tanyao, chanta or junchan, honitsu or chinitsu) count where every tile that must stay, every
  wildcard and every meld allows them and the tiles that would have to go are within `changes`.
- Yaku that need given blocks (sanshoku, ittsu, iipeikou, ryanpeikou, doukou, value triplets, shousangen) are
  claimed together: the blocks they need must fit in the sets left and, face by face, in the held tiles and the
  free tiles (each wildcard filling only a face it reads), and they must agree with the tile class.
- Fu: the base, tsumo and wait, the best value pair, the melds and the concealed triplets the plan can hold.
- Yakuman: each one whose tiles and blocks the part can still reach, added up.

Each option is (plan, library yakuman, han, fu): every hand of that plan is at most that, part by part.
`tests/engine/chroma/test_part_bound.py` checks this against the package on random parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.chroma import shapes
from engine.chroma.bounds import Setting
from engine.chroma.hand import CHI, KAN, MeldReading
from engine.chroma.tiles import HONOURS, TERMINALS_AND_HONOURS

RUNS, PINFU, TRIPLETS, PAIRS, ORPHANS = "runs", "pinfu", "triplets", "pairs", "orphans"
PLANS = frozenset((RUNS, PINFU, TRIPLETS, PAIRS, ORPHANS))
Option = tuple[str, int, int, int]  # plan, library yakuman, han, fu
Class = tuple[int, bool, bool, int, bool]  # han, tanyao, chanta, flush suit (-1 none), honours allowed
RunClaim = tuple[int, int, int, int, int, bool, bool, int, tuple[int, ...]]
SetClaim = tuple[int, int, int, int, bool, bool, bool, bool, tuple[int, ...]]
ANY_WIN, JOKER_WIN = -1, -2  # the winning tile: a wildcard (or not known), or a free tile of any face

_OUT = tuple(face in TERMINALS_AND_HONOURS for face in range(34))
_DRAGONS = (31, 32, 33)
_WINDS = (27, 28, 29, 30)
_RUN_STARTS = tuple(s for s in range(HONOURS) if s % 9 <= 6)


def _mask(faces: Iterable[int]) -> int:
    mask = 0
    for face in faces:
        mask |= 1 << face
    return mask


_NUMBERS = (1 << HONOURS) - 1
_SIMPLE = _mask([f for f in range(34) if not _OUT[f]])
_NO_456 = _mask([f for f in range(34) if f >= HONOURS or not 3 <= f % 9 <= 5])
_OUTSIDE = _mask([f for f in range(34) if _OUT[f]])
_HONOUR = _mask(range(HONOURS, 34))
_GREEN = _mask((19, 20, 21, 23, 25, 32))
_SUITS = tuple(_mask(range(9 * s, 9 * s + 9)) for s in range(3))


_DOUKOU = tuple((n, 9 + n, 18 + n) for n in range(9))  # the faces of each sanshoku doukou


@lru_cache(maxsize=64)
def _run_groups(meld_runs: tuple[int, ...]) -> list[tuple[int, int, tuple[int, ...], bool, bool, int]]:
    """(han, open han, the runs still to make, tanyao ok, chanta ok, suit) of sanshoku (one per number) and ittsu (one
    per suit), given the starts of the runs called."""
    have = [0, 0, 0]
    for start in meld_runs:
        have[start // 9] |= 1 << (start % 9)
    groups = [(2, 1, tuple(x * 9 + p for x in range(3) if not have[x] >> p & 1), 1 <= p <= 5, p in (0, 6), -2)
              for p in range(7)]
    groups += [(2, 1, tuple(x * 9 + p for p in (0, 3, 6) if not have[x] >> p & 1), False, False, x) for x in range(3)]
    return groups


@lru_cache(maxsize=1 << 12)  # shared by every hand: which tiles must stay recurs
def _ryanpeikou(must: tuple[tuple[int, int], ...], tanyao: bool, chanta: bool, flush: int) -> bool:
    """`Work.ryanpeikou`: whether two runs (of the class's starts), each twice, and a pair can hold the (face, count)
    held tiles in `must`: at most one face holds more than its runs do, by at most the pair's two."""
    starts = [x for x in _RUN_STARTS if (not tanyao or 1 <= x % 9 <= 5) and (not chanta or x % 9 in (0, 6))
              and (flush < 0 or x // 9 == flush)]
    numbers = [f for f, _ in must if f < HONOURS]
    if len(must) - len(numbers) > 1:
        return False
    if not numbers:
        return bool(starts)
    firsts = [x for x in starts if x <= numbers[0] <= x + 2 or (len(numbers) > 1 and x <= numbers[1] <= x + 2)]
    for x in firsts:
        left = [f for f in numbers if not x <= f <= x + 2]
        seconds = [y for y in starts if y <= left[0] <= y + 2 or (len(left) > 1 and y <= left[1] <= y + 2)] \
            if left else [x]
        for y in seconds:
            over = 0  # faces holding more than the runs' two copies each
            fits = True
            for f, n in must:
                room = (2 if x <= f <= x + 2 else 0) + (2 if y <= f <= y + 2 else 0)
                if n > room:
                    over += 1
                    if over > 1 or n > room + 2:
                        fits = False
                        break
            if fits:
                return True
    return False


@lru_cache(maxsize=1 << 10)
def _value_sets(values: tuple[tuple[int, int, int, int], ...]) -> list[tuple[int, int, int, int, int, tuple[int, ...]]]:
    """(han, triplets, missing tiles, of which wildcard faces, dragons, faces) of each set of value triplets."""
    out = []
    for chosen in range(1 << len(values)):
        han = used = needed = on_wild = dragons = 0
        faces = []
        for i, (v, m, w, face) in enumerate(values):
            if chosen >> i & 1:
                han += v
                used += 1
                needed += m
                on_wild += w
                dragons += face in _DRAGONS
                faces.append(face)
        out.append((han, used, needed, on_wild, dragons, tuple(faces)))
    return out


@dataclass(frozen=True)
class Part:
    counts: tuple[int, ...]  # held tiles by face
    fixed: int  # bit mask of the faces whose held tiles all stay
    changes: int  # held tiles of other faces that may still be changed (each a free tile after)
    jokers: int  # free tiles of any face
    wilds: tuple[int, ...]  # each wildcard's faces, as a bit mask
    melds: tuple[MeldReading, ...]
    win: int = ANY_WIN  # the winning tile: its face if a held tile, JOKER_WIN if one of the jokers


class PartBound:
    def __init__(self, setting: Setting, limit: int = 5) -> None:
        """`limit`: the han from which the package's han alone sets a hand's value (a mangan: 5 less the han that
        the caller adds on top)."""
        self.s = setting
        self.limit = limit
        value = [0] * 34
        for face in (*_DRAGONS, setting.seat_wind, setting.round_wind):
            value[face] += 1
        self.value = value  # han of a triplet of the face
        self.value_faces = tuple(f for f in range(HONOURS, 34) if value[f])
        dora = [0] * 34
        for face in setting.dora:
            dora[face] += 1
        self.dora = dora
        self.most_dora = max(dora)
        self.pair_fu = max(2 * v for v in value)
        self.meld_facts: dict[tuple[MeldReading, ...], tuple] = {}

    def melds(self, melds: tuple[MeldReading, ...]) -> tuple:
        """What a part's called melds give `Work`: closed, sets left, faces (mask), runs' starts, sets, the sets' faces,
        closed sets, kans, the base han (riichi, ippatsu, menzen tsumo), the base fu (and the melds'), their dora."""
        facts = self.meld_facts.get(melds)
        if facts is None:
            s = self.s
            closed = all(m.closed for m in melds)
            meld_sets = [m for m in melds if m.kind != CHI]
            fu = (20 if s.tsumo or not closed else 30) + (2 if s.tsumo else 0) + 2  # base, tsumo, wait
            for m in meld_sets:
                fu += (8 if _OUT[m.faces[0]] else 4) // (1 if m.closed else 2) * (4 if m.kind == KAN else 1)
            facts = self.meld_facts[melds] = (
                closed, 4 - len(melds), _mask([f for m in melds for f in m.faces]),
                [min(m.faces) for m in melds if m.kind == CHI], meld_sets, {m.faces[0] for m in meld_sets},
                sum(1 for m in meld_sets if m.closed), sum(1 for m in melds if m.kind == KAN),
                s.riichi + s.ippatsu + (s.tsumo and closed), fu, sum(self.dora[f] for m in melds for f in m.faces))
        return facts

    def options(self, part: Part) -> list[Option]:
        return self.work(part).all()

    def work(self, part: Part) -> Work:
        """The part's bound, taken from the parts bounded before (in any call) when it was worked out in full."""
        work = Work(self, part)
        work.every = _KNOWN.get((self.s, self.limit, part))
        return work


# More han than any plan adds to the base and dora (`Work.quick`): classes 9, runs 3, sets 9, melds 5, ...
HAN_MOST = 32
_KNOWN: dict[tuple[Setting, int, Part], list[Option]] = {}  # every option of parts bounded in full
_KNOWN_MOST = 1 << 13  # forgotten all at once past this (the bot runs for weeks)


class Work:
    """One part's bound: its options, worked out in full once (`all`), and those still worth it (`options`)."""

    def __init__(self, bound: PartBound, part: Part) -> None:
        self.b, self.p = bound, part
        (self.closed, self.sets, self.meld_mask, self.meld_runs, self.meld_sets, self.meld_set_faces,
         self.concealed_meld_sets, self.kans, self.base, self.fu_base, meld_dora) = bound.melds(part.melds)
        self.any_face = part.jokers + part.changes  # free tiles of any face, at most
        self.n_wilds = len(part.wilds)
        counts = part.counts
        self.held = held = [f for f in range(34) if counts[f]]
        held_mask = 0
        for f in held:
            held_mask |= 1 << f
        self.held_mask = held_mask
        self.loose = held_mask & ~part.fixed if part.changes else 0  # faces whose held tiles may go
        self.fixed_held = held_mask & ~self.loose  # held tiles that stay
        self.wild_faces = 0
        for faces in part.wilds:
            self.wild_faces |= faces
        self.held_dora = 0  # dora among the melds and the held tiles
        self.dora = 0  # that, and every free tile a dora at its most
        if bound.most_dora:
            self.held_dora = meld_dora + sum(bound.dora[f] * counts[f] for f in held)
            self.dora = self.held_dora + (self.any_face + self.n_wilds) * bound.most_dora
        self.pair_fu = bound.pair_fu
        self.filler_costs: dict[int, tuple[list[int], list[int], list[int], list[tuple[int, int]]]] = {}
        self.every: list[Option] | None = None  # every option, once worked out
        self.filler_memo: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.set_memo: dict[int, list[SetClaim]] = {}
        self.class_list: list[Class] = []
        self.yakuman: dict[str, int] = {}
        self.standard = False  # whether four sets and a pair can still be made
        self.triplet_shape: tuple[int, bool] | bool | None = False  # `triplet_fu`, once worked out
        self.prepared = False
        self.quick_options: list[Option] | bool | None = False  # `quick`, once worked out

    # -- what every tile allows ------------------------------------------------------------------------------

    def keeps(self, allowed: int) -> bool:
        """Whether every tile of a final hand may have a face in `allowed`: melds, held tiles that stay, wildcards;
        held tiles of other faces only if they may all be changed."""
        if self.meld_mask & ~allowed or self.fixed_held & ~allowed:
            return False
        part = self.p
        for faces in part.wilds:
            if not faces & allowed:
                return False
        bad = self.loose & ~allowed
        return not bad or sum(part.counts[f] for f in self.held if bad >> f & 1) <= part.changes

    def short(self, face: int, copies: int) -> tuple[int, int]:
        """Tiles of `face` a block needs beyond the held ones: (all of them, those a wildcard could be)."""
        missing = copies - self.p.counts[face]
        if missing <= 0:
            return 0, 0
        return missing, missing if self.wild_faces >> face & 1 else 0

    def fits(self, missing: int, wild_missing: int) -> bool:
        """Whether free tiles can fill what claimed blocks miss (wildcards only at faces they read)."""
        return missing - min(self.n_wilds, wild_missing) <= self.any_face

    def classes(self) -> list[Class]:
        """(han, tanyao, chanta, flush suit or -1, honours allowed) of each tile class a hand may still have."""
        closed = self.closed
        out: list[Class] = [(0, False, False, -1, True)]
        tanyao = self.keeps(_SIMPLE)
        tan = 1 if closed or self.b.s.open_tanyao else 0
        chanta = self.keeps(_NO_456) and all(
            (m.kind == CHI and min(m.faces) % 9 in (0, 6)) or (m.kind != CHI and _OUT[m.faces[0]])
            for m in self.p.melds)
        chan = ((3 if closed else 2) if self.keeps(_NO_456 & _NUMBERS) else (2 if closed else 1)) if chanta else 0
        if tanyao:
            out.append((tan, True, False, -1, False))
        if chanta:
            out.append((chan, False, True, -1, True))
        for suit in range(3):
            if self.keeps(_SUITS[suit] | _HONOUR):
                pure = self.keeps(_SUITS[suit])
                flush = ((6 if closed else 5) if pure else (3 if closed else 2))
                out.append((flush, False, False, suit, not pure))
                if tanyao and pure:
                    out.append((flush + tan, True, False, suit, False))
                if chanta:
                    out.append((flush + chan, False, True, suit, not pure))
        out.sort(reverse=True)
        return out

    # -- the plans ---------------------------------------------------------------------------------------------

    def prepare(self) -> None:
        if self.prepared:
            return
        self.prepared = True
        self.prepare_tiles()
        self.standard = shapes.fewest_out(self.p.counts, self.sets, 1, self.loose) <= self.p.changes

    def prepare_tiles(self) -> None:
        """The tile classes and the tiles' yakuman (all `quick` needs)."""
        if not self.yakuman:
            self.class_list = self.classes()
            self.yakuman = self.tile_yakuman()

    def quick(self) -> list[Option] | None:
        """Options at least `all`'s, plan by plan, worked out cheaply (the options themselves once `all` is known):
        seven pairs and thirteen orphans as `all` has them, TRIPLETS' yakuman and fu too; RUNS and PINFU with the tiles'
        yakuman and, for RUNS, the most fu its sets can hold; the han of every plan at its most (`HAN_MOST` over the
        base and dora); whether four sets and a pair can be made is not asked. A search drops a part whose every
        quick option is beaten without working it out. None where the fu bound passes 130."""
        if self.every is not None:
            return self.every
        if self.quick_options is False:
            self.quick_options = self._quick()
        return self.quick_options  # type: ignore[return-value]  # False only until worked out, just above

    def _quick(self) -> list[Option] | None:
        self.prepare_tiles()
        han = self.base + self.dora + HAN_MOST
        fu = -(-(self.fu_base + self.pair_fu + 8 * self.sets) // 10) * 10  # every concealed set a triplet
        if fu > 130:
            return None
        out = self.pairs_and_orphans() if not self.p.melds else []
        out.append((RUNS, self.yakuman[RUNS], han, fu))
        if self.closed and not self.meld_sets:
            out.append((PINFU, self.yakuman[RUNS], han, 20 if self.b.s.tsumo else 30))
        if not self.meld_runs:
            shape = self.triplet_fu()
            if shape is not None:
                triplet_fu, tanki = shape
                suuankou = (2 if tanki else 1) if self.closed and self.concealed_meld_sets + self.sets == 4 else 0
                out.append((TRIPLETS, self.yakuman[TRIPLETS] + suuankou, han,
                            -(-(self.fu_base + triplet_fu) // 10) * 10))
        return out

    def all(self) -> list[Option]:
        """Every plan's options (worked out once, and remembered for later calls)."""
        if self.every is None:
            self.every = self._options()
            if len(_KNOWN) >= _KNOWN_MOST:
                _KNOWN.clear()
            _KNOWN[(self.b.s, self.b.limit, self.p)] = self.every
        return self.every

    def options(self, worth: Callable[[Option], bool]) -> list[Option]:
        """The options `worth` keeps (whether an option could still beat the best found)."""
        return [option for option in self.all() if worth(option)]

    def _options(self) -> list[Option]:
        self.prepare()
        out = self.pairs_and_orphans() if not self.p.melds else []
        if self.standard:
            out += self.runs(self.class_list, self.yakuman)
            if not self.meld_runs:
                out += self.triplets(self.class_list, self.yakuman)
        return out

    def pairs_and_orphans(self) -> list[Option]:
        part, classes = self.p, self.class_list
        out: list[Option] = []
        if shapes.seven_pairs_out(part.counts, self.loose) <= part.changes:
            han = 2 + max(h for h, _, chanta, _, _ in classes if not chanta) + 2 * self.keeps(_OUTSIDE)
            out.append((PAIRS, self.yakuman[PAIRS], self.base + han + self.dora, 25))
        if self.keeps(_OUTSIDE) and sum(1 for f in range(34) if _OUT[f] and part.counts[f] > 1
                                        and not self.loose >> f & 1) <= 1:
            out.append((ORPHANS, 2, 0, 30))
        return out

    def tile_yakuman(self) -> dict[str, int]:
        """Yakuman each plan may have from its tiles alone and the honour triplets it can still make."""
        closed = self.closed
        honours = 1 if self.keeps(_HONOUR) else 0  # tsuuiisou
        terminals = 1 if self.keeps(_OUTSIDE & _NUMBERS) else 0  # chinroutou
        green = 1 if self.keeps(_GREEN) else 0  # ryuuiisou
        nine_gates = 2 if closed and not self.p.melds and any(self.keeps(m) for m in _SUITS) else 0
        quads = 1 if self.kans == 4 else 0
        dragons = self.honour_sets(_DRAGONS, len(_DRAGONS))  # daisangen
        winds = 2 if self.honour_sets(_WINDS, 3) else 0  # shousuushi, or the double daisuushi
        sets_yakuman = (1 if dragons else 0) + winds + quads
        return {RUNS: green + nine_gates + sets_yakuman,
                TRIPLETS: honours + terminals + green + sets_yakuman,
                PAIRS: honours}

    def honour_sets(self, faces: Sequence[int], wanted: int) -> bool:
        """Whether `wanted` of these honours can be triplets (the cheapest ones)."""
        missing = sorted(self.short(f, 3) for f in faces if f not in self.meld_set_faces)
        need = wanted - (len(faces) - len(missing))
        if need <= 0:
            return True
        if need > self.sets:
            return False
        chosen = missing[:need]
        return self.fits(sum(m for m, _ in chosen), sum(w for _, w in chosen))

    def run_claims(self) -> list[RunClaim]:
        """(han, open han, runs needed, missing tiles, of which wildcard faces, tanyao ok, chanta ok, suit (-1 any,
        -2 all three), the runs) for no run yaku, iipeikou, sanshoku and ittsu (each maybe with iipeikou)."""
        meld_runs = self.meld_runs
        if meld_runs:
            copied = len(meld_runs) != len(set(meld_runs))
            groups = _run_groups(tuple(sorted(set(meld_runs))))
        else:
            copied = False
            groups = _run_groups(())
        counts, wild_faces = self.p.counts, self.wild_faces
        # tiles each run start's run lacks, and of those the ones at wildcard faces
        lack = [0] * HONOURS
        lack_wild = [0] * HONOURS
        for start in _RUN_STARTS:
            m = w = 0
            for f in (start, start + 1, start + 2):
                if not counts[f]:
                    m += 1
                    if wild_faces >> f & 1:
                        w += 1
            lack[start] = m
            lack_wild[start] = w
        sets, closed = self.sets, self.closed
        n_wilds, any_face = self.n_wilds, self.any_face
        out: list[RunClaim] = [(0, 0, 0, 0, 0, True, True, -1, ())]
        if closed:
            out.append((1, 0, 0 if copied else 1 if meld_runs else 2, 0, 0, True, True, -1, ()))
        copy = 0 if copied else 1
        for han, open_han, runs, tanyao, chanta, suit in groups:
            if len(runs) > sets:
                continue
            needed = on_wild = 0
            for r in runs:
                needed += lack[r]
                on_wild += lack_wild[r]
            if needed - (n_wilds if n_wilds < on_wild else on_wild) <= any_face:  # `fits`
                out.append((han, open_han, len(runs), needed, on_wild, tanyao, chanta, suit, runs))
                if closed and len(runs) + copy <= sets:
                    out.append((3, open_han, len(runs) + copy, needed, on_wild, tanyao, chanta, suit, runs))
        out.sort(reverse=True)
        return out

    def set_claims(self, sets: int) -> list[SetClaim]:
        if sets not in self.set_memo:
            self.set_memo[sets] = self._set_claims(sets)
        return self.set_memo[sets]

    def _set_claims(self, sets: int) -> list[SetClaim]:
        """(han, sets, missing tiles, of which wildcard faces, honours, tanyao ok, chanta ok, doukou, the triplets)
        for doukou and the value triplets (with shousangen), within `sets` concealed triplets."""
        doukou: list[tuple[int, int, int, int, bool, bool, tuple[int, ...]]] = [(0, 0, 0, 0, True, True, ())]
        have = [0, 0, 0]
        for face in self.meld_set_faces:
            if face < HONOURS:
                have[face // 9] |= 1 << (face % 9)
        counts, wild_faces = self.p.counts, self.wild_faces
        n_wilds, any_face = self.n_wilds, self.any_face
        for n in range(9):
            missing = tuple(x * 9 + n for x in range(3) if not have[x] >> n & 1) if self.meld_set_faces else \
                _DOUKOU[n]
            if len(missing) > sets:
                continue
            needed = wild = 0
            for f in missing:
                m = 3 - counts[f]
                if m > 0:
                    needed += m
                    if wild_faces >> f & 1:
                        wild += m
            if needed - (n_wilds if n_wilds < wild else wild) <= any_face:  # `fits`
                doukou.append((2, len(missing), needed, wild, 1 <= n <= 7, n in (0, 8), missing))
        values = tuple(v for v in ((self.b.value[f], *self.short(f, 3), f) for f in self.b.value_faces
                                   if f not in self.meld_set_faces) if self.fits(v[1], v[2]))
        meld_dragons = sum(1 for f in self.meld_set_faces if f in _DRAGONS)
        out: list[SetClaim] = []
        value_sets = _value_sets(values)
        for d_han, d_sets, d_needed, d_wild, tanyao, chanta, d_faces in doukou:
            for v_han, used, needed, on_wild, dragons, faces in value_sets:
                used += d_sets
                if used > sets:
                    continue
                needed += d_needed
                on_wild += d_wild
                if needed - (n_wilds if n_wilds < on_wild else on_wild) > any_face:  # `fits`
                    continue
                han = d_han + v_han + (2 if meld_dragons + dragons == 2 else 0)  # shousangen, its pair not checked
                out.append((han, used, needed, on_wild, bool(faces), tanyao, chanta, d_han > 0, d_faces + faces))
        out.sort(reverse=True)
        return out

    def runs(self, classes: list[Class], yakuman: dict[str, int]) -> list[Option]:
        """RUNS and PINFU. Claims are tried most han first; once
        the han reaches the point where fu no longer change a hand's value (`PartBound.limit`), a claim that can't
        reach the most han found is not worked out."""
        pinfu_fu = 20 if self.b.s.tsumo else 30
        sets, closed = self.sets, self.closed
        meld_value = sum(self.b.value[f] for f in self.meld_set_faces)
        claims = self.run_claims()
        set_claims = self.set_claims(sets)
        set_top = set_claims[0][0] if set_claims else 0
        extra = 2 + (2 if self.kans >= 3 else 0) + meld_value  # sanankou, sankantsu, melded value triplets
        limit = self.b.limit - self.base - self.dora  # from this han on, only the most han counts
        best: dict[int, int] = {}  # han: the most fu with it
        top = -1
        pinfu = -1
        for c_han, tanyao, chanta, flush, honours in classes:
            if top >= limit and c_han + claims[0][0] + set_top + extra < top:
                break
            allowed = (_SIMPLE if tanyao else _OUTSIDE if chanta else (1 << 34) - 1)
            if flush >= 0:
                allowed &= _SUITS[flush] | (_HONOUR if honours else 0)
            elif not honours:
                allowed &= _NUMBERS
            for r_han, r_open, r_sets, r_needed, r_wild, r_tanyao, r_chanta, suit, runs in claims:
                if top >= limit and c_han + r_han + set_top + extra < top:
                    break
                if (tanyao and not r_tanyao) or (chanta and not r_chanta) or (flush >= 0 and suit not in (-1, flush)):
                    continue
                run_han = r_han if closed else r_open if r_han >= 2 else 0
                # every set a run: pinfu (no value pair), or ryanpeikou
                if closed and not self.meld_sets:
                    pinfu = max(pinfu, c_han + run_han + 1)
                room = sets - r_sets - (0 if r_sets or self.meld_runs else 1)  # sets left for triplets
                if room < 0:
                    continue
                for s_han, s_sets, s_needed, s_wild, s_honours, s_tanyao, s_chanta, is_doukou, faces in set_claims:
                    if top >= limit and c_han + run_han + s_han + extra < top:
                        break
                    if s_sets > room or (s_honours and not honours) or (is_doukou and flush >= 0):
                        continue
                    if (tanyao and not s_tanyao) or (chanta and not s_chanta):
                        continue
                    if not self.fits(r_needed + s_needed, r_wild + s_wild):
                        continue
                    left = self.any_face + len(self.p.wilds) - r_needed - s_needed  # free tiles left
                    fu, triplets = self.fillers(allowed, room - s_sets, left)
                    han = c_han + run_han + s_han + (meld_value if honours else 0)
                    if self.concealed_meld_sets + len(faces) + triplets >= 3:
                        han += 2  # sanankou
                    if self.kans >= 3:
                        han += 2
                    fu += self.fu_base + sum(8 if _OUT[f] else 4 for f in faces)
                    win = self.p.win
                    if win >= HONOURS and win in faces and max(0, 5 - self.p.counts[win]) > left:
                        fu -= 2  # the winning honour can only complete its triplet: a double-pon wait, no wait fu
                    if self.dora:  # the dora: held ones, those the claims add, and the free tiles left
                        han += self.held_dora + self.claim_dora(runs, faces) + left * self.b.most_dora - self.dora
                    if fu > best.get(han, -1):
                        best[han] = fu
                        top = max(top, han)
        if closed and not self.meld_sets and self.sets == 4:
            for c_han, tanyao, chanta, flush, _ in classes:
                if self.ryanpeikou(tanyao, chanta, flush):
                    pinfu = max(pinfu, c_han + 4)
                    han = c_han + 3
                    best[han] = max(best.get(han, -1), self.fu_base + self.pair_fu)
                    top = max(top, han)
                    break
        out: list[Option] = [(RUNS, yakuman[RUNS], self.base + han + self.dora, -(-fu // 10) * 10)
                             for han, fu in best.items() if han >= top or top < limit]
        if pinfu >= 0:
            out.append((PINFU, yakuman[RUNS], self.base + pinfu + self.dora, pinfu_fu))
        return out

    def claim_dora(self, runs: tuple[int, ...], triplets: tuple[int, ...]) -> int:
        """The most dora the tiles that claimed runs and triplets lack can be."""
        counts, dora = self.p.counts, self.b.dora
        out = 0
        for start in runs:
            out += sum(dora[f] for f in (start, start + 1, start + 2) if not counts[f])
        for face in triplets:
            out += dora[face] * max(0, 3 - counts[face])
        return out

    def fillers(self, allowed: int, room: int, left: int) -> tuple[int, int]:
        """(the most fu, the most triplets) that the pair and up to `room` more concealed triplets of faces in `allowed`
        can add with `left` free tiles, each triplet short of its held tiles by what it lacks (the tiles claims take
        not counted, so at least what a hand can)."""
        memo = (allowed, room, left)
        known = self.filler_memo.get(memo)
        if known is not None:
            return known
        lists = self.filler_costs.get(allowed)
        if lists is None:
            lists = self.filler_costs[allowed] = self.filler_lists(allowed)
        outside, simple, every, pairs = lists
        most = 0
        spent = 0
        for cost in every[:room]:
            spent += cost
            if spent > left:
                break
            most += 1
        best_fu = 0
        for pair_fu, pair_cost in pairs:
            budget = left - pair_cost
            if budget < 0:
                continue
            spent8 = 0
            for i in range(min(room, len(outside)) + 1):
                if i:
                    spent8 += outside[i - 1]
                    if spent8 > budget:
                        break
                spent4 = 0
                j = 0
                while j < room - i and j < len(simple) and spent8 + spent4 + simple[j] <= budget:
                    spent4 += simple[j]
                    j += 1
                fu = pair_fu + 8 * i + 4 * j
                if fu > best_fu:
                    best_fu = fu
        self.filler_memo[memo] = best_fu, most
        return best_fu, most

    def filler_lists(self, allowed: int) -> tuple[list[int], list[int], list[int], list[tuple[int, int]]]:
        """For `fillers`: the tiles each triplet of a face in `allowed` lacks (terminals and honours, simples, both),
        cheapest first and only as many as there are sets (no more triplets fit), and (fu, tiles lacking) of each
        value pair."""
        counts = self.p.counts
        outside: list[int] = []
        simple: list[int] = []
        for face in self.held:
            if allowed >> face & 1:
                n = counts[face]
                costs = outside if _OUT[face] else simple
                costs.append(3 - n if n < 3 else 0)
                if n >= 4:
                    costs.append(6 - n if n < 6 else 0)
        free = allowed & ~self.held_mask  # faces not held: a triplet lacks all three
        outside.sort()
        simple.sort()
        keep = self.sets
        outside = (outside + [3] * min(keep, (free & _OUTSIDE).bit_count()))[:keep]
        simple = (simple + [3] * min(keep, (free & ~_OUTSIDE).bit_count()))[:keep]
        value = self.b.value
        pairs = [(0, 0)]  # (fu, tiles short) of a pair
        for face in self.b.value_faces:
            if allowed >> face & 1:
                n = counts[face]
                pairs.append((2 * value[face], 2 - n if n < 2 else 0))
        return outside, simple, sorted(outside + simple)[:keep], pairs

    def ryanpeikou(self, tanyao: bool, chanta: bool, flush: int) -> bool:
        """Whether two runs, each twice, and a pair can hold every held tile that must stay."""
        counts = self.p.counts
        must = tuple((f, counts[f]) for f in self.held if self.fixed_held >> f & 1)
        return _ryanpeikou(must, tanyao, chanta, flush)

    def triplets(self, classes: list[Class], yakuman: dict[str, int]) -> list[Option]:
        """TRIPLETS: every concealed set a triplet, the pair anywhere."""
        shape = self.triplet_fu()
        if shape is None:
            return []
        fu, tanki = shape
        closed = self.closed
        concealed = self.concealed_meld_sets + self.sets
        meld_value = sum(self.b.value[f] for f in self.meld_set_faces)
        set_claims = self.set_claims(self.sets)
        best = -1
        for c_han, tanyao, chanta, flush, honours in classes:
            if chanta:
                continue  # chanta needs a run
            han = c_han + 2 + (2 if concealed >= 3 else 0)  # toitoi, sanankou (open or not)
            han += 2 if self.kans >= 3 else 0
            for s_han, _, _, _, s_honours, s_tanyao, _, is_doukou, _ in set_claims:
                if (s_honours and not honours) or (tanyao and not s_tanyao) or (is_doukou and flush >= 0):
                    continue
                best = max(best, han + s_han + (meld_value if honours else 0))
                break
        best += 2 * self.keeps(_OUTSIDE)  # honroutou
        suuankou = (2 if tanki else 1) if closed and concealed == 4 else 0  # double on a pair wait
        fu = -(-(self.fu_base + fu) // 10) * 10
        return [(TRIPLETS, yakuman[TRIPLETS] + suuankou, self.base + best + self.dora, fu)]

    def triplet_fu(self) -> tuple[int, bool] | None:
        if self.triplet_shape is False:
            self.triplet_shape = self._triplet_fu()
        return self.triplet_shape  # type: ignore[return-value]  # False only until worked out, just above

    def _loose_is(self, face: int) -> list[bool]:
        """For each face that may go, in held order, whether it is `face`."""
        return [f == face for f in self.held if self.loose >> f & 1]

    def _triplet_fu(self) -> tuple[int, bool] | None:
        """(the most fu of the pair and concealed triplets holding every held tile that stays, whether the winning tile
        can be the pair), or None if no such hand. Each held face is a triplet (or the pair). With every face fixed
        the rest is exact: the wildcards sit at faces they read, spare triplets of wildcard faces if needed, the others
        anywhere (terminals or honours: 8 fu); the wait's 2 fu only if the winning tile can be the pair (a pair
        wait; on a triplet it is a double-pon wait). Otherwise faces not fixed may go (within `changes`) and every slot
        they leave counts 8 fu."""
        part = self.p
        counts = part.counts
        loose, wild_faces, held = self.loose, self.wild_faces, self.held
        # the faces that stay, each as triplets (every three copies, the rest made up): slots, fu, tiles short at
        # wildcard faces; the pair then changes one face's share
        fixed_slots = fixed_fu = fixed_wild = 0
        kept: list[tuple[int, int, int]] = []  # (tiles, beyond the pair, triplets) of each face that may go
        for face in held:
            n = counts[face]
            triplets = (n + 2) // 3
            if loose >> face & 1:
                kept.append((n, n, triplets))
                continue
            fixed_slots += triplets
            fixed_fu += (8 if _OUT[face] else 4) * triplets
            if wild_faces >> face & 1:
                fixed_wild += 3 * triplets - n
        best: int | None = None
        any_tanki = False
        for pair in (-1, *held):
            slots = self.sets - fixed_slots
            fu = fixed_fu
            wild_room = fixed_wild
            optional = kept
            if pair >= 0:
                n = counts[pair]
                beyond = n - 2 if n > 2 else 0
                triplets = (beyond + 2) // 3
                if loose >> pair & 1:
                    optional = [(tiles, beyond, triplets) if tiles == n and face_is else (tiles, was, t)
                                for (tiles, was, t), face_is in zip(kept, self._loose_is(pair), strict=True)]
                else:
                    was = (n + 2) // 3
                    slots += was - triplets
                    fu += (8 if _OUT[pair] else 4) * (triplets - was)
                    if wild_faces >> pair & 1:
                        wild_room += 3 * triplets - beyond + (2 - n if n < 2 else 0) - (3 * was - n)
            if slots < 0:
                continue
            fu += 2 * self.b.value[pair] if pair >= 0 else self.pair_fu
            tanki = True
            if optional:
                # tiles out (within `changes`) so that the faces kept fit in the slots: a small knapsack, each face
                # giving up some of its tiles
                over = sum(t for _, _, t in optional) - slots
                if over > 0:
                    freed = [0] + [-1] * part.changes  # tiles out: most triplets' slots freed
                    for tiles, beyond, triplets in optional:
                        grown = list(freed)
                        for out in range(1, min(tiles, part.changes) + 1):
                            gain = triplets - -(-max(beyond - out, 0) // 3)
                            for c in range(out, part.changes + 1):
                                if freed[c - out] >= 0:
                                    grown[c] = max(grown[c], freed[c - out] + gain)
                        freed = grown
                    if max(freed) < over:
                        continue
                fu += 8 * slots
            else:
                if pair < 0 and wild_faces:
                    wild_room += 2
                # wildcards sit at faces they read: spare triplets of their faces (4 fu if simples) if short
                at_wild = -(-max(0, self.n_wilds - wild_room) // 3)
                if at_wild > slots:
                    continue
                fu += (8 if wild_faces & _OUTSIDE else 4) * at_wild + 8 * (slots - at_wild)
                if part.win >= 0:
                    tanki = part.win == pair
                elif part.win == JOKER_WIN:
                    tanki = pair < 0 or counts[pair] < 2  # the pair lacks a tile the winning joker can be
                if not tanki:
                    fu -= 2  # `fu_base` counts the wait
            any_tanki |= tanki
            if best is None or fu > best:
                best = fu
        return None if best is None else (best, any_tanki)
