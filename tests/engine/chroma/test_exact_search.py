"""Issue 19, item 3: the reading search is exact, with no cap (seed 002, "Interpret" and ability 2, gold).

- `search.any_face_completions` (tiles a gold may read as any face) is every completion the reference finds;
- the bound that lets the calculator skip readings (`engine/chroma/bounds.py`) is never below what the `mahjong`
  package gives a hand, on random complete hands of every shape;
- the pruned search picks exactly the reading that scoring every reading picks, and its value is the reference's
  brute force (every reading, every change of up to one tile per gold, each hand scored by the package);
- a hand that stopped at the old 15,000-reading cap now gets the true best.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from engine.chroma import gold, search
from engine.chroma.hand import CHI, KAN, PON, MeldReading
from engine.chroma.rules import ChromaRules, GoldReading
from engine.chroma.scoring import Situation, _Scorer, check
from engine.chroma.tiles import Chroma, Tile, parse_melds, parse_tiles
from engine.errors import IllegalMove
from tests.engine.chroma.reference import ORPHANS, brute_best, brute_by_golds, complete, counts_of

STRICT = ChromaRules()
LOOSE = ChromaRules(gold_reading=GoldReading.LOOSE)
RUN_STARTS = [suit * 9 + n for suit in range(3) for n in range(7)]


def complete_faces(rng: random.Random, palette: list[int]) -> list[int]:
    """Fourteen faces making four sets and a pair (or, sometimes, seven pairs or thirteen orphans), each set drawn
    from `palette` where it can be, at most four of a face."""
    while True:
        shape = rng.random()
        if shape < 0.08:
            faces = [*ORPHANS, rng.choice(ORPHANS)]
        elif shape < 0.2:
            faces = [f for f in rng.sample(palette if len(palette) >= 7 else range(34), 7) for _ in range(2)]
        else:
            faces = [rng.choice(palette)] * 2
            for _ in range(4):
                starts = [s for s in RUN_STARTS if s in palette or s + 2 in palette]
                if starts and rng.random() < 0.5:
                    start = rng.choice(starts)
                    faces += [start, start + 1, start + 2]
                else:
                    faces += [rng.choice(palette)] * 3
        if max(Counter(faces).values()) <= 4:
            return faces


def palette_of(rng: random.Random) -> list[int]:
    return rng.choice([list(range(34)), list(range(9)) + list(range(27, 34)), list(range(18, 27)),
                       [0, 8, 9, 17, 18, 26], list(range(27, 34)), [19, 20, 21, 23, 25, 32],
                       [0, 1, 2, 6, 7, 8, 9, 10, 11, 15, 16, 17, 27, 31], [*range(27, 31), 4, 13, 22]])


# -- completions with any-face tiles -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_any_face_completions_are_exactly_the_reference_completions(seed):
    """Ability 2: the faces that tiles read as any face may take to complete a hand again, compared with the
    reference's `complete` over every multiset of faces."""
    rng = random.Random(seed)
    faces = complete_faces(rng, palette_of(rng))
    changes = 1 + seed % 3 if seed < 9 else 2
    rng.shuffle(faces)
    kept = counts_of(faces[changes:])
    expected = {added for added in combinations_with_replacement(range(34), changes)
                if complete([n + added.count(f) for f, n in enumerate(kept)])}
    assert search.any_face_completions(tuple(kept), changes) == expected
    assert tuple(sorted(faces[:changes])) in expected


def interchangeable(found: set[tuple[int, ...]], kinds: list[object]) -> set[tuple[int, ...]]:
    """Each assignment with the faces of wildcards of one kind in ascending order."""
    out = set()
    for assignment in found:
        faces = list(assignment)
        for kind in set(kinds):
            members = [i for i, k in enumerate(kinds) if k == kind]
            for i, face in zip(members, sorted(faces[i] for i in members), strict=True):
                faces[i] = face
        out.add(tuple(faces))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_completions_by_multisets_are_the_wildcard_search_completions(seed):
    """Ability 2 read loosely, with a prismatic (gist 6): wildcards of many readings placed as multisets give the
    same complete readings as the slot-by-slot wildcard search, for silver, prismatic, fern-green and gold tiles
    (golds' readings without the faces their tiles could already take), interchangeable ones in either order."""
    rng = random.Random(seed)
    wilds: list[frozenset[int]] = []
    kinds: list[object] = []
    excluded = frozenset(rng.sample(range(34), 3))
    for _ in range(rng.randint(2, 5)):
        kind = rng.choice(["silver", "prismatic", "fern", "gold", "gold"])
        options = {"silver": frozenset({2, 11, 20}), "prismatic": frozenset(range(34)),
                   "fern": frozenset([*range(18, 27), 32]), "gold": frozenset(range(34)) - excluded}[kind]
        wilds.append(options)
        kinds.append(kind)
    if rng.random() < 0.3:
        kinds[0] = "win"
    faces = complete_faces(rng, palette_of(rng))
    rng.shuffle(faces)
    held = counts_of(faces[len(wilds):])
    expected = interchangeable(search.completions(held, wilds, 4, kinds), kinds)
    assert interchangeable(search.completions_by_multisets(held, wilds, 4, kinds), kinds) == expected


# -- the bound -----------------------------------------------------------------------------------------------------


def random_hand(rng: random.Random) -> tuple[list[Tile], int, list[MeldReading], Situation]:
    faces = complete_faces(rng, palette_of(rng))
    blocks = [faces[i:i + 3] for i in range(2, 14, 3)] if len(set(faces)) < 13 and rng.random() < 0.5 else []
    melds: list[MeldReading] = []
    concealed = list(faces)
    for block in blocks:
        if len(set(block)) == 1 and rng.random() < 0.3:
            kind = KAN if rng.random() < 0.4 else PON
            melds.append(MeldReading(tuple(block * (4 if kind == KAN else 3))[:4 if kind == KAN else 3], kind,
                                     closed=rng.random() < 0.3))
            for face in block:
                concealed.remove(face)
        elif block in ([b, b + 1, b + 2] for b in RUN_STARTS) and rng.random() < 0.3:
            melds.append(MeldReading(tuple(block), CHI, closed=rng.random() < 0.2))
            for face in block:
                concealed.remove(face)
    if max(Counter(concealed + [f for m in melds for f in m.faces]).values()) > 4:
        melds, concealed = [], list(faces)
    tiles = [Tile(f, Chroma.RED) if f % 9 == 4 and f < 27 and rng.random() < 0.3 else Tile(f) for f in concealed]
    closed = all(m.closed for m in melds)
    riichi = closed and rng.random() < 0.5
    situation = Situation(tsumo=rng.random() < 0.5, riichi=riichi, ippatsu=riichi and rng.random() < 0.3,
                          dora=tuple(Tile(rng.randrange(34)) for _ in range(rng.randint(0, 2))),
                          seat=rng.randrange(4), round=rng.randrange(2))
    return tiles, rng.randrange(len(tiles)), melds, situation


def test_the_bound_is_never_below_what_the_package_gives():
    """The pruning's soundness (`bounds.py`): for random complete hands of every shape (runs, triplets, seven pairs,
    thirteen orphans; one suit, honours, terminals, greens; open and closed melds, kans; red fives, dora, riichi,
    tsumo, winds), each part of one of the bound's options is at least the package's (value, han, fu, chips): a hand
    the bound may give pinfu has either pinfu's fu or a han less. The bound knows the winning tile's face (a winning
    honour held three times adds no wait fu; some yakuman double only on some waits)."""
    rng = random.Random(19)
    scored = yakuman = pinfu = honour_triplet_wins = 0
    for _ in range(1500):
        tiles, win, melds, situation = random_hand(rng)
        scorer = _Scorer(tiles, win, [], STRICT, situation, 4 - len(melds))
        faces = tuple(t.face for t in tiles)
        report = scorer._evaluate(faces, tuple(melds), faces[win])
        if report is None:
            continue
        options = scorer._bounds(tuple(faces.count(f) for f in range(34)), tuple(melds), faces[win])
        actual = (report.value, report.han, report.fu, report.chips)
        assert any(all(a <= b for a, b in zip(actual, bound, strict=True)) for bound in options), (
            faces, melds, situation, actual, options)
        pinfu += any(line.name == "Pinfu" for line in report.yaku)
        scored += 1
        yakuman += bool(report.yakuman)
        honour_triplet_wins += faces[win] >= 27 and faces.count(faces[win]) == 3
    assert scored > 1000 and yakuman > 20 and pinfu > 20  # the sample reaches yakuman, pinfu and other hands
    assert honour_triplet_wins > 20


# -- the search against scoring every reading, and against the reference's brute force --------------------------

BENCH_HANDS = [  # bench/chroma.py's worst cases
    ("3*p3*s5*m0m5*s0s5*p0p3*m3m7*m7m5!z6*z", "5!z", Situation(riichi=True, tsumo=True), ""),
    ("3*m3*p3*s4m4p4s5*m5*p5*s789s1z5!z", "5!z", Situation(riichi=True, tsumo=True), ""),
    ("3*m3*p3*s123m456p11z6!z7!z5!z", "5!z", Situation(riichi=True, tsumo=True), ""),
    ("3*m3*p4m4p5*m5*p6s0s7s11z", "1z", Situation(riichi=True), "777*s"),
]


def scorer_for(hand: str, win: str, situation: Situation, melds: str, rules: ChromaRules) -> _Scorer:
    tiles = parse_tiles(hand)
    win_tile = parse_tiles(win)[0]
    index = len(tiles) - 1 - tiles[::-1].index(win_tile)
    called = parse_melds(melds)
    return _Scorer(tiles, index, called, rules, situation, check(tiles, index, called, rules, situation))


@pytest.mark.parametrize("hand, win, situation, melds, rules", [
    *((*hand, STRICT) for hand in BENCH_HANDS), (*BENCH_HANDS[0], LOOSE), (*BENCH_HANDS[2], LOOSE),
    (*BENCH_HANDS[3], LOOSE)])
def test_the_pruned_search_picks_what_scoring_every_reading_picks(hand, win, situation, melds, rules):
    """Three silver, three gold, all riichi wildcards, a blue meld: skipping readings whose bound can't win changes
    nothing, not even which of equal readings is shown. (The capped hand, loose, has its own test below.)"""
    pruned = scorer_for(hand, win, situation, melds, rules).best()
    every = scorer_for(hand, win, situation, melds, rules).best(prune=False)
    assert pruned == every


def test_the_hand_that_stopped_at_the_old_cap_now_gets_the_true_best():
    """Ability 2, loose: three silver, three gold and a prismatic give 31,175 distinct final hands; the old search
    stopped at 15,000 with 9 han 40 fu. Scoring every one of them finds 10 han 20 fu (riichi, menzen tsumo, pinfu,
    tanyao, iipeikou, sanshoku and the Rainbow's 3: the golds read 7s 9s 1z as 4s 5s 8s, the prismatic as 3s), and
    so does the pruned search. (Scoring all of them takes about 10 s.)"""
    hand, win, situation, melds = BENCH_HANDS[1]
    every = scorer_for(hand, win, situation, melds, LOOSE).best(prune=False)
    pruned = scorer_for(hand, win, situation, melds, LOOSE).best()
    assert pruned == every
    assert every.han > 9  # what the capped search gave


def two_gold_hand(rng: random.Random) -> tuple[list[Tile], int, bool]:
    """A closed winning hand holding gold 5m and 5p, maybe a silver read in another suit."""
    while True:
        faces = [*rng.choice([[4, 2, 3], [4, 3, 5], [4, 5, 6], [4, 4, 4]]),
                 *rng.choice([[13, 11, 12], [13, 12, 14], [13, 14, 15], [13, 13, 13]]),
                 *complete_faces(rng, list(range(34)))[:8]]
        if complete(counts_of(faces)) and max(Counter(faces).values()) <= 4:
            break
    tiles = [Tile(4, Chroma.GOLD), *map(Tile, faces[1:3]), Tile(13, Chroma.GOLD), *map(Tile, faces[4:])]
    threes = [i for i, f in enumerate(faces) if f < 27 and f % 9 == 2]
    if threes and rng.random() < 0.6:
        i = rng.choice(threes)
        tiles[i] = Tile(rng.choice([f for f in (2, 11, 20) if f != faces[i]]), Chroma.SILVER)
    rng.shuffle(tiles)
    return tiles, rng.randrange(14), rng.random() < 0.5


@pytest.mark.parametrize("seed", range(5))
def test_the_pruned_search_equals_scoring_every_reading_on_random_gold_hands(seed):
    """Ability 2 with two golds, strict or loose, often with a prismatic drawn in riichi (gist 6) and a dora: the
    same report, reading shown included, with readings skipped by their bound as with every reading scored."""
    rng = random.Random(seed)
    for _ in range(6):
        tiles, win, tsumo = two_gold_hand(rng)
        if rng.random() < 0.5:
            tiles[next(i for i in range(14) if i != win and tiles[i].chroma is None)] = Tile(31, Chroma.PRISMATIC,
                                                                                              live=True)
        rules = rng.choice([STRICT, STRICT, LOOSE])
        situation = Situation(tsumo=tsumo, riichi=True, seat=rng.randrange(4), dora=(Tile(rng.randrange(34)),))
        try:
            pruned = _Scorer(tiles, win, [], rules, situation, 4).best()
        except IllegalMove:
            continue
        assert pruned == _Scorer(tiles, win, [], rules, situation, 4).best(prune=False)


@pytest.mark.parametrize("seed", range(4))
def test_two_golds_score_the_brute_force_best(seed):
    """Ability 2 with two golds, strict: the value equals the reference's brute force over every reading and every
    change of up to two tiles, each hand scored by the package (where no final hand holds five of a face)."""
    rng = random.Random(seed)
    while True:
        tiles, win, tsumo = two_gold_hand(rng)
        if sum(t.chroma is not None for t in tiles) >= STRICT.rainbow_from:
            continue
        situation = Situation(tsumo=tsumo, riichi=True)
        result = _Scorer(tiles, win, [], STRICT, situation, 4).best()
        if max(Counter(result.final_faces).values()) <= 4:
            break
    assert result.value == brute_best(tiles, win, riichi=True, tsumo=tsumo)


def test_of_readings_worth_the_same_the_one_with_fewest_golds_is_shown():
    """Ruling (gold, readings worth the same): the reference's brute force finds the best (value, han, fu) for each
    number of tiles the golds change; the report is the best, and changes as few tiles by gold as reach it."""
    rng = random.Random(7)
    compared = fewer = 0
    while compared < 12:
        tiles, win, tsumo = two_gold_hand(rng)
        if sum(t.chroma is not None for t in tiles) >= STRICT.rainbow_from:
            continue
        by_golds = brute_by_golds(tiles, win, riichi=True, tsumo=tsumo)
        result = _Scorer(tiles, win, [], STRICT, Situation(tsumo=tsumo, riichi=True), 4).best()
        if max(Counter(result.final_faces).values()) > 4:
            continue  # the reference's package can't score it
        best = max(by_golds.values())
        fewest = min(golds for golds, scored in by_golds.items() if scored == best)
        assert (result.value, result.han, result.fu) == best
        assert sum(reading.by_gold for reading in result.readings) == fewest
        compared += 1
        fewer += fewest < 2
    assert fewer >= 2  # hands whose best needs fewer tiles changed than there are golds


@pytest.mark.parametrize("seed", range(6))
def test_loose_gold_pruned_search_equals_scoring_every_reading(seed):
    """Ability 2 read loosely (every wildcard read afresh after the golds), with a prismatic drawn in riichi (gist 6)
    so the golds and the prismatic are placed as multisets and whole held parts are skipped by their best bound:
    the same report, reading shown and count of readings included, as scoring every reading."""
    rng = random.Random(100 + seed)
    compared = 0
    while compared < 4:
        tiles, win, _ = two_gold_hand(rng)
        plain = [i for i in range(14) if tiles[i].chroma is None]
        tiles[rng.choice(plain)] = Tile(rng.randrange(34), Chroma.PRISMATIC, live=True)
        situation = Situation(tsumo=True, riichi=True, seat=rng.randrange(4), round=rng.randrange(2),
                              dora=(Tile(rng.randrange(27, 34)),) if rng.random() < 0.5 else (Tile(rng.randrange(34)),))
        try:
            pruned = _Scorer(tiles, win, [], LOOSE, situation, 4).best()
        except IllegalMove:
            continue
        assert pruned == _Scorer(tiles, win, [], LOOSE, situation, 4).best(prune=False)
        compared += 1


def gold_hand(rng: random.Random, golds: int, silvers: int, prismatic: float) -> tuple[list[Tile], int]:
    """A closed hand holding gold 5m, 5p (and 5s), `silvers` silver 3s (read in any suit) and maybe a prismatic 5z
    drawn in riichi (a wildcard of any face, gist 6); complete before the silvers and the prismatic replace tiles,
    and maybe after."""
    while True:
        faces = []
        for five in (4, 13, 22):
            faces += rng.choice([[five - 2, five - 1, five], [five - 1, five, five + 1], [five, five + 1, five + 2],
                                 [five] * 3])
        faces += complete_faces(rng, list(range(34)))[:5]
        if complete(counts_of(faces)) and max(Counter(faces).values()) <= 4:
            break
    tiles = [Tile(f) for f in faces]
    for five in (4, 13, 22)[:golds]:
        tiles[faces.index(five)] = Tile(five, Chroma.GOLD)
    plain = [i for i in range(14) if tiles[i].chroma is None]
    for i in rng.sample(plain, silvers):
        tiles[i] = Tile(rng.choice((2, 11, 20)), Chroma.SILVER)
    if rng.random() < prismatic:
        plain = [i for i in range(14) if tiles[i].chroma is None]
        tiles[rng.choice(plain)] = Tile(31, Chroma.PRISMATIC, live=True)
    rng.shuffle(tiles)
    return tiles, rng.randrange(14)


def test_three_golds_read_strictly_pruned_equal_scoring_every_reading():
    """Ability 2 with three golds, read strictly (each reading's hands after found directly and taken best bound
    first, `gold.strict_gold`), with silvers, a prismatic, dora: the same report as scoring every reading."""
    rng = random.Random(33)
    compared = 0
    while compared < 8:
        tiles, win = gold_hand(rng, 3, rng.randint(0, 2), 0.5)
        situation = Situation(tsumo=rng.random() < 0.5, riichi=True, seat=rng.randrange(4),
                              dora=(Tile(rng.randrange(34)),) if rng.random() < 0.5 else ())
        try:
            pruned = _Scorer(tiles, win, [], STRICT, situation, 4).best()
        except IllegalMove:
            continue
        assert pruned == _Scorer(tiles, win, [], STRICT, situation, 4).best(prune=False)
        compared += 1


def test_the_loose_tree_pruned_equals_scoring_every_reading(monkeypatch):
    """Ability 2 read loosely, with two golds, three silvers and a prismatic: enough choices of gold tiles and
    readings that the choices are searched as a tree bounded branch by branch (`gold.ChoiceTree`): the same report
    as scoring every reading."""
    trees = []
    run = gold.ChoiceTree.run
    monkeypatch.setattr(gold.ChoiceTree, "run", lambda tree: (trees.append(tree), run(tree)))
    rng = random.Random(44)
    compared = by_tree = 0
    while compared < 5:
        tiles, win = gold_hand(rng, 2, 3, 1)
        situation = Situation(tsumo=True, riichi=True, seat=rng.randrange(4), round=rng.randrange(2))
        trees.clear()
        try:
            pruned = _Scorer(tiles, win, [], LOOSE, situation, 4).best()
        except IllegalMove:
            continue
        by_tree += bool(trees)
        assert pruned == _Scorer(tiles, win, [], LOOSE, situation, 4).best(prune=False)
        compared += 1
    assert by_tree >= 4


def test_the_choices_of_gold_tiles_are_counted_as_listed():
    """What decides between the loose tree and the survey: the count of choices of gold tiles, one per multiset of
    kinds of tile (face and chroma), counted here by listing the positions."""
    rng = random.Random(5)
    for _ in range(200):
        tiles = [Tile(rng.choice([2, 4, 13, 22, 27]), rng.choice([None, None, Chroma.GOLD])) for _ in range(14)]
        golds = rng.randint(1, 4)
        scorer = _Scorer(tiles, 0, [], STRICT, Situation(), 4)
        scorer.golds = golds
        kinds = {tuple(sorted((tiles[p].face, str(tiles[p].chroma)) for p in combo))
                 for size in range(1, golds + 1) for combo in combinations(range(1, 14), size)}
        assert gold._choice_count(scorer) == len(kinds)


@pytest.mark.parametrize("seed", range(3))
def test_the_bound_is_the_same_for_hands_alike_but_for_the_order_of_suits(seed):
    """What lets hands share a bound (`_Scorer._symmetric_bound`): with numbers in two suits or more, no called
    meld and no dora among the numbers, swapping the suits' tiles leaves the bound as it was (seed 002's chroma
    parts and every yaku the bound counts read the suits alike), also given a winning honour."""
    rng = random.Random(seed)
    checked = 0
    while checked < 300:
        faces = complete_faces(rng, palette_of(rng))
        if sum(1 for s in range(3) if any(s * 9 <= f < s * 9 + 9 for f in faces)) < 2:
            continue
        situation = Situation(tsumo=rng.random() < 0.5, riichi=True, seat=rng.randrange(4),
                              dora=tuple(Tile(rng.randrange(27, 34)) for _ in range(rng.randint(0, 2))))
        scorer = _Scorer([Tile(f) for f in faces], 0, [], STRICT, situation, 4)
        counts = counts_of(faces)
        order = rng.sample(range(3), 3)
        swapped = [counts[order[f // 9] * 9 + f % 9] for f in range(27)] + counts[27:]
        assert scorer._bound(tuple(counts), ()) == scorer._bound(tuple(swapped), ()), (faces, order)
        for win in {f for f in faces if f >= 27}:
            assert scorer._bound(tuple(counts), (), win) == scorer._bound(tuple(swapped), (), win), (faces, win)
        checked += 1
