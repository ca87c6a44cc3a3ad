"""Upper bounds on what the `mahjong` package can give one concrete hand, from its tile counts alone, so that the
calculator scores only the readings that might beat the best found (issue 19).

`package_bound(hand)` is (library yakuman, han, fu), each at least what `HandCalculator.estimate_hand_value` returns
for that hand, however the package divides it. Why each part is sound:

- Every yaku the package can award here (our `HandConfig` never sets tenhou, chiihou, renhou, double riichi,
  rinshan, chankan, nagashi or paarenchan; daisharin, daichisei, sashikomi and aka dora are off; haitei or houtei
  is only ever borrowed and taken back out) appears below with its largest han (closed, where the open value is
  lower), and is counted whenever a condition holds that its definition needs: for example, chinitsu needs every
  tile in one suit, sanshoku needs each of the nine tiles of some three runs, a triplet needs three copies. A yaku
  whose condition fails can't be awarded, so the sum of the counted ones is at least the awarded sum, whichever
  division the package picks. Yakuhai counts every three copies of a value face once per value (double winds
  twice); dora and ura are counted exactly (each tile that an indicator points to).
- Yakuman likewise, each at its double value where the package has one (suuankou tanki, junsei chuuren, kokushi
  with thirteen waits, daisuushi).
- Fu: 20, plus 10 for a closed ron or 2 for a tsumo, 2 for the wait (none when the winning tile is an honour held
  three times: it can only complete a triplet, a shanpon wait), for every three copies of a concealed face a
  concealed triplet (8 for a terminal or honour, else 4), every called meld at its concealed value, and the most a
  pair of a value face held twice could add (2 a value, 4 a double wind) less the triplet fu its two tiles may
  then no longer make; rounded up to 10, at least 30 (an open hand). Each term is the most the package's fu
  rules give that part of any division. A closed hand of seven pairs that has no division into four sets and a
  pair scores chiitoitsu's fixed 25 fu.
- Pinfu: the package awards it only when a division has no fu beyond the base, so a hand it gives pinfu has exactly
  20 fu on a tsumo or 30 on a ron; `pinfu_shape` tells the caller when the han counts pinfu, so that it can take
  the better of (han, those fu) and (han - 1, fu).

`tests/engine/chroma/test_exact_search.py` checks the bound against the package on random complete hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.chroma.hand import CHI, KAN, PON, MeldReading
from engine.chroma.tiles import HONOURS, TERMINALS_AND_HONOURS

_OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
_TERMINALS = frozenset(f for f in TERMINALS_AND_HONOURS if f < HONOURS)
_NUMBERS = frozenset(range(HONOURS))
_MIDDLE = frozenset(f for f in range(HONOURS) if 3 <= f % 9 <= 5)  # 4-6: in no block with a terminal
_GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s 6z
_WINDS, _DRAGONS = range(27, 31), range(31, 34)


@dataclass(frozen=True)
class Setting:
    """What the bound needs of a situation: the yaku it gives, the value winds, the dora faces (one entry per
    indicator) and whether tanyao counts open."""

    riichi: bool
    ippatsu: bool
    tsumo: bool
    seat_wind: int
    round_wind: int
    dora: tuple[int, ...]
    open_tanyao: bool


def dora_face(indicator: int, sanma: bool) -> int:
    if indicator >= HONOURS:
        first, size = (27, 4) if indicator < 31 else (31, 3)
        return first + (indicator - first + 1) % size
    if sanma and indicator == 0:
        return 8  # three players: the 1m indicator points to 9m
    return indicator - indicator % 9 + (indicator % 9 + 1) % 9


def _runs(mask: int) -> int:
    """Bits where a run of three starts."""
    return mask & mask >> 1 & mask >> 2


def package_bound(faces: Sequence[int], melds: Sequence[MeldReading], setting: Setting) -> tuple[int, int, int]:
    """(library yakuman, han, fu): upper bounds of the package's result for this concrete hand (see the module)."""
    concealed = [0] * 34
    for face in faces:
        concealed[face] += 1
    return counts_bound(tuple(concealed), tuple(melds), setting)


_EDGES, _INNER, _MIDDLE_BITS, _GREEN_SOU = 0x101, 0xFE, 0x38, 0xAE  # bits of numbers 1 and 9; 2-8; 4-6; 2 3 4 6 8


@lru_cache(maxsize=1 << 12)
def _suit(counts: tuple[int, ...]) -> tuple[int, int, int, int, int, int]:
    """One suit's nine counts: bits of the numbers held at least once, twice, three and four times; the triplets
    they make (every three copies) and those triplets' concealed fu (8 a terminal, else 4)."""
    held = twice = thrice = four = triplets = fu = 0
    for bit, n in enumerate(counts):
        if n:
            held |= 1 << bit
            if n >= 2:
                twice |= 1 << bit
                if n >= 3:
                    thrice |= 1 << bit
                    triplets += n // 3
                    fu += (8 if bit in (0, 8) else 4) * (n // 3)
                    if n >= 4:
                        four |= 1 << bit
    return held, twice, thrice, four, triplets, fu


@lru_cache(maxsize=1 << 14)  # shared by every hand (hands near one another share many); bounded, as the bot runs
def counts_bound(concealed: tuple[int, ...], melds: tuple[MeldReading, ...], setting: Setting,
                 win_face: int = -1) -> tuple[int, int, int]:
    """`package_bound` of the hand whose concealed tiles have these 34 counts. Given the face of the winning tile, the
    yakuman the package doubles only for some waits (suuankou tanki, thirteen-wait kokushi, junsei chuuren) count
    double only if that face is held as they need (twice; chuuren: twice or four times), and a winning honour held
    three times (a triplet's wait, shanpon) adds no fu for the wait."""
    if melds:
        return _melded_bound(concealed, melds, setting, win_face)
    return _closed_bound(concealed, setting, win_face)


def _closed_bound(counts: tuple[int, ...], setting: Setting, win_face: int) -> tuple[int, int, int]:
    """`_melded_bound` without melds, the same terms from tables shared by every hand (each suit's, the honours')."""
    man, pin, sou = _suit(counts[0:9]), _suit(counts[9:18]), _suit(counts[18:27])
    (honours, honour_triplets, honour_fu, honour_pairs, every_honour, honour_yakuman, value_han, shousangen,
     green_honours, pair_fu, pinfu_honours) = _honours(counts[HONOURS:], setting.seat_wind, setting.round_wind)
    held0, held1, held2 = man[0], pin[0], sou[0]
    triplets = man[4] + pin[4] + sou[4] + honour_triplets
    inner = (held0 | held1 | held2) & _INNER
    middle = (held0 | held1 | held2) & _MIDDLE_BITS
    edges = (held0 | held1 | held2) & _EDGES
    suits = (held0 != 0) + (held1 != 0) + (held2 != 0)
    pairs_only = (honour_pairs and held0 == man[1] and not man[2] and held1 == pin[1] and not pin[2]
                  and held2 == sou[1] and not sou[2])
    waits = counts[win_face] if win_face >= 0 else 2

    yakuman = honour_yakuman
    if held0 == held1 == held2 == _EDGES and every_honour:
        yakuman += 2 if waits == 2 else 1  # kokushi (double with thirteen waits)
    if triplets >= 4:
        yakuman += 2 if waits == 2 else 1  # suuankou (double tanki)
    if not suits:
        yakuman += 1  # tsuuiisou
    if not inner and not honours:
        yakuman += 1  # chinroutou
    if not held0 and not held1 and not held2 & ~_GREEN_SOU and green_honours:
        yakuman += 1  # ryuuiisou
    if suits == 1 and not honours:
        base, held = (0, held0) if held0 else (9, held1) if held1 else (18, held2)
        if counts[base] >= 3 and counts[base + 8] >= 3 and held == 0x1FF:
            yakuman += 2 if waits in (2, 4) else 1  # chuuren (double junsei)

    han = setting.riichi + setting.ippatsu + setting.tsumo
    for face in setting.dora:
        han += counts[face]
    if not edges and not honours:
        han += 1  # tanyao
    if pinfu_honours:
        han += 1  # pinfu: four runs and a pair that is no value tile
    doubled = (_runs(man[1]), _runs(pin[1]), _runs(sou[1]))
    if doubled[0] or doubled[1] or doubled[2]:
        starts = bin(doubled[0]).count("1") + bin(doubled[1]).count("1") + bin(doubled[2]).count("1")
        han += 3 if starts >= 2 or _runs(man[3]) or _runs(pin[3]) or _runs(sou[3]) else 1  # ryanpeikou, iipeikou
    if pairs_only:
        han += 2  # chiitoitsu
    han += value_han
    if not middle:
        han += 2 if honours else 3  # chanta, junchan
    if not inner:
        han += 2  # honroutou
    if triplets >= 4:
        han += 2  # toitoi
    if triplets >= 3:
        han += 2  # sanankou
    if _runs(held0 & held1 & held2):
        han += 2  # sanshoku
    if man[2] & pin[2] & sou[2]:
        han += 2  # sanshoku doukou
    if held0 == 0x1FF or held1 == 0x1FF or held2 == 0x1FF:
        han += 2  # ittsu
    if shousangen:
        han += 2
    if suits == 1:
        han += 3 if honours else 6  # honitsu, chinitsu

    fu = 20 + (2 if setting.tsumo else 10)
    if not (win_face >= HONOURS and counts[win_face] == 3):  # an honour held three times can only win a triplet
        fu += 2  # the wait
    fu += man[5] + pin[5] + sou[5] + honour_fu + pair_fu
    fu = max(-(-fu // 10) * 10, 30)
    if pairs_only and not standard(counts):
        fu = 25
    return yakuman, han, fu


@lru_cache(maxsize=1 << 12)
def _honours(counts: tuple[int, ...], seat_wind: int, round_wind: int) -> tuple:
    """The seven honour counts' part of `_closed_bound`: whether any is held, their triplets and those triplets' fu,
    whether each is held twice or not at all, whether each is held, the yakuman of honour triplets (daisangen,
    shousuushi or daisuushi), the value triplets' han, shousangen, whether none but the green dragon is held, the most
    a value pair adds to the fu, and whether pinfu's shape is left (no honour, or one non-value pair)."""
    honours = any(counts)
    triplets = sum(n // 3 for n in counts)
    value_faces = [*_DRAGONS, seat_wind, round_wind]
    yakuman = 0
    dragons = counts[31 - HONOURS:]
    if dragons[0] >= 3 and dragons[1] >= 3 and dragons[2] >= 3:
        yakuman += 1  # daisangen
    if sum(min(n, 3) for n in counts[:4]) >= 11:
        yakuman += 2  # shousuushi, or the double daisuushi
    value_han = sum(counts[face - HONOURS] // 3 for face in value_faces)

    def triplet_fu(copies: int) -> int:
        return 8 * (copies // 3)

    pair_fu = max([0, *(2 * value_faces.count(f) - triplet_fu(counts[f - HONOURS]) + triplet_fu(counts[f - HONOURS] - 2)
                        for f in set(value_faces) if counts[f - HONOURS] >= 2)])
    held = [f for f in range(HONOURS, 34) if counts[f - HONOURS]]
    pinfu = not held or (len(held) == 1 and counts[held[0] - HONOURS] == 2 and held[0] not in value_faces)
    return (honours, triplets, 8 * triplets, all(n in (0, 2) for n in counts), all(counts), yakuman, value_han,
            sum(min(n, 3) for n in dragons) >= 8, not any(n for f, n in enumerate(counts, HONOURS) if f != 32),
            pair_fu, pinfu)


def _melded_bound(concealed: tuple[int, ...], melds: tuple[MeldReading, ...], setting: Setting,
                  win_face: int = -1) -> tuple[int, int, int]:
    """`counts_bound`, every term from the tiles (with called melds: this one alone)."""
    if melds:
        total = list(concealed)
        for meld in melds:
            for face in meld.faces:
                total[face] += 1
        counts: tuple[int, ...] = tuple(total)
    else:
        counts = concealed
    parts = [_suit(counts[0:9]), _suit(counts[9:18]), _suit(counts[18:27])]
    inside = parts if not melds else [_suit(concealed[0:9]), _suit(concealed[9:18]), _suit(concealed[18:27])]
    held = [p[0] for p in parts]
    twice = [p[1] for p in parts]
    thrice = [p[2] for p in parts]
    four = [p[3] for p in parts]
    honour_counts = counts[HONOURS:]
    honours = any(honour_counts)
    triplets = sum(p[4] for p in parts) + sum(n // 3 for n in honour_counts)
    concealed_triplets = sum(p[4] for p in inside) + sum(n // 3 for n in concealed[HONOURS:])
    edges = any(h & _EDGES for h in held)
    inner = any(h & _INNER for h in held)
    middle = any(h & _MIDDLE_BITS for h in held)
    closed = all(m.closed for m in melds)
    kans = sum(1 for m in melds if m.kind == KAN)
    concealed_triplets += sum(1 for m in melds if m.closed and m.kind in (PON, KAN))
    suits = [s for s in range(3) if held[s]]
    value_faces = [*_DRAGONS, setting.seat_wind, setting.round_wind]
    outside_only = not inner  # every tile a terminal or honour
    pairs_only = not melds and all(h == t and not r for h, t, r in zip(held, twice, thrice, strict=True)) and all(
        n in (0, 2) for n in honour_counts)  # every face held twice or not at all

    waits = counts[win_face] if win_face >= 0 else 2  # the package's test for the double forms
    yakuman = 0
    if not melds and all(h == _EDGES for h in held) and all(honour_counts):
        yakuman += 2 if waits == 2 else 1  # kokushi (double with thirteen waits)
    if concealed_triplets >= 4:
        yakuman += 2 if waits == 2 else 1  # suuankou (double tanki)
    if honours:
        if counts[31] >= 3 and counts[32] >= 3 and counts[33] >= 3:
            yakuman += 1  # daisangen
        if min(counts[27], 3) + min(counts[28], 3) + min(counts[29], 3) + min(counts[30], 3) >= 11:
            yakuman += 2  # shousuushi, or the double daisuushi
    if not suits:
        yakuman += 1  # tsuuiisou
    if outside_only and not honours:
        yakuman += 1  # chinroutou
    if not held[0] and not held[1] and not held[2] & ~_GREEN_SOU and not any(
            n for face, n in enumerate(honour_counts, HONOURS) if face != 32):
        yakuman += 1  # ryuuiisou
    if not melds and len(suits) == 1 and not honours:
        base = suits[0] * 9
        if counts[base] >= 3 and counts[base + 8] >= 3 and held[suits[0]] == 0x1FF:
            yakuman += 2 if waits in (2, 4) else 1  # chuuren (double junsei)
    if kans == 4:
        yakuman += 1

    def value(closed_han: int, open_han: int) -> int:
        return closed_han if closed else open_han

    han = setting.riichi + setting.ippatsu + (setting.tsumo and closed)
    for face in setting.dora:
        han += counts[face]
    if not edges and not honours and (closed or setting.open_tanyao):
        han += 1
    if closed:
        if pinfu_shape(counts, melds, setting):
            han += 1  # pinfu: four runs and a pair that is no value tile
        doubled = [_runs(m) for m in twice]
        if any(doubled):
            starts = sum(bin(d).count("1") for d in doubled)
            han += 3 if starts >= 2 or any(_runs(m) for m in four) else 1  # ryanpeikou, iipeikou
        if pairs_only:
            han += 2  # chiitoitsu
    if honours:
        for face in value_faces:
            han += counts[face] // 3
    if not middle:
        han += value(2, 1) if honours else value(3, 2)  # chanta, junchan
    if outside_only:
        han += 2  # honroutou
    if triplets >= 4:
        han += 2  # toitoi
    if concealed_triplets >= 3:
        han += 2  # sanankou
    if kans >= 3:
        han += 2
    if _runs(held[0] & held[1] & held[2]):
        han += value(2, 1)  # sanshoku
    if thrice[0] & thrice[1] & thrice[2]:
        han += 2  # sanshoku doukou
    if 0x1FF in held:
        han += value(2, 1)  # ittsu
    if honours and min(counts[31], 3) + min(counts[32], 3) + min(counts[33], 3) >= 8:
        han += 2  # shousangen
    if len(suits) == 1:
        han += value(3, 2) if honours else value(6, 5)  # honitsu, chinitsu

    fu = 20 + (2 if setting.tsumo else 10 if closed else 0)
    if not (win_face >= HONOURS and concealed[win_face] == 3):  # an honour held three times can only win a triplet
        fu += 2  # the wait
    fu += sum(p[5] for p in inside) + sum(8 * (n // 3) for n in concealed[HONOURS:])  # concealed triplets

    def triplet_fu(face: int, copies: int) -> int:
        return (8 if face in _OUTSIDE else 4) * (copies // 3)

    fu += max([0, *(2 * value_faces.count(f) - triplet_fu(f, concealed[f]) + triplet_fu(f, concealed[f] - 2)
                    for f in set(value_faces) if concealed[f] >= 2)])  # the pair
    for meld in melds:
        if meld.kind in (PON, KAN):
            fu += (8 if meld.faces[0] in _OUTSIDE else 4) * (4 if meld.kind == KAN else 1)
    fu = max(-(-fu // 10) * 10, 30)
    if pairs_only and not standard(concealed):
        fu = 25
    return yakuman, han, fu


@lru_cache(maxsize=1 << 14)
def pinfu_shape(counts: tuple[int, ...], melds: tuple[MeldReading, ...], setting: Setting) -> bool:
    """Whether `counts_bound` counts pinfu: a closed hand, only runs called, no honour but one pair of a face that is
    no value tile. A hand the package gives pinfu has 20 fu on a tsumo and 30 on a ron, so the bound of such a hand
    is the better of (han, those fu) and (han - 1, the fu bound)."""
    if not all(m.closed and m.kind == CHI for m in melds):
        return False
    honour_tiles = [f for f in range(HONOURS, 34) if counts[f]]
    return not honour_tiles or (len(honour_tiles) == 1 and counts[honour_tiles[0]] == 2
                                and honour_tiles[0] not in (*_DRAGONS, setting.seat_wind, setting.round_wind))


def standard(counts: Sequence[int]) -> bool:
    """Four sets and a pair (else only seven pairs or thirteen orphans can make the hand): blocks never cross
    suits, so each suit makes sets (and the one pair, where its tiles leave 2 over 3) alone, each honour triplets (or
    the pair)."""
    pair = False
    for start in (0, 9, 18):
        suit = counts[start:start + 9]
        left = sum(suit) % 3
        if left == 1 or (left == 2 and pair) or (left + sum(suit) and not _suit_sets(tuple(suit), left == 2)):
            return False
        pair = pair or left == 2
    for n in counts[HONOURS:]:
        left = n % 3
        if left == 1 or (left == 2 and pair):
            return False
        pair = pair or left == 2
    return pair


@lru_cache(maxsize=1 << 12)  # shared by every hand: a suit's counts recur
def _suit_sets(counts: tuple[int, ...], pair: bool) -> bool:
    """Whether one suit's nine counts are sets (and one pair): the lowest held number opens a pair, a triplet or a
    run."""
    low = next((i for i, n in enumerate(counts) if n), -1)
    if low < 0:
        return not pair
    rest = list(counts)
    if pair and rest[low] >= 2:
        rest[low] -= 2
        if _suit_sets(tuple(rest), False):
            return True
        rest[low] += 2
    if rest[low] >= 3:
        rest[low] -= 3
        if _suit_sets(tuple(rest), pair):
            return True
        rest[low] += 3
    if low <= 6 and rest[low + 1] and rest[low + 2]:
        for face in (low, low + 1, low + 2):
            rest[face] -= 1
        return _suit_sets(tuple(rest), pair)
    return False
