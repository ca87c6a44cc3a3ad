"""The after-win (gold) readings (seed 002, ability 2): which tiles the golds change, searched so that whole groups of
choices are dropped by a bound (`part_bound.py`) before their hands are listed (issue 19).

- Read strictly, each winning reading before any gold (with each reading of the melds) is one choice, bounded as a
  whole first (its tiles fixed, up to one change per gold): a reading none of whose changes can beat the best found
  is dropped at once. Otherwise its hands after are found directly (`near.near_hands`: the complete hands within
  that many changes), each bounded, and taken best bound first.
- Read loosely, when the choices of gold tiles and readings of the other wildcards are many, with a wildcard of
  any face and no dora (where the tree's bounds are tight enough to pay), the choices form a tree (`ChoiceTree`):
  one root per choice of the wildcards the golds change, then face by face how many tiles of that face they change.
  Every branch is bounded before anything under it is listed, the best bound first; a finished choice bounds each
  reading of its other wildcards (its held part) the same way, best first, and lists only the hands of the plans
  (`part_bound.PLANS`) still able to beat the best found. Otherwise each choice is surveyed (its hands bounded one
  by one, none listed) and taken best first: that costs less than the bounds.

A candidate's key is its bound, then -(golds used), -(its choice's number), -(its batch), -(tiles changed) and
-(its number) (`_Scorer._candidate`): of readings worth the same, the one with fewest golds wins, then the first
choice and batch met, then the one changing fewest tiles, then the first found. A branch is dropped when its bound,
so extended, can't beat the best found (`_beaten`; `_outranked` for a later batch of the same choice).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection
from itertools import combinations, permutations, product
from typing import TYPE_CHECKING

from engine.chroma import bounds, near, search
from engine.chroma.hand import MeldReading, split
from engine.chroma.part_bound import (
    ANY_WIN,
    JOKER_WIN,
    ORPHANS,
    PAIRS,
    PINFU,
    PLANS,
    RUNS,
    TRIPLETS,
    Option,
    Part,
    PartBound,
    Work,
)
from engine.chroma.rules import readings
from engine.chroma.tiles import TERMINALS_AND_HONOURS

if TYPE_CHECKING:
    from engine.chroma.scoring import _Scorer

_ANY_BEFORE = ("any",)  # a loose gold's origin: some reading before wins with a yaku
_OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
_ALL = (1 << 34) - 1
_LAST = (-math.inf,)  # the order of a branch already beaten
DEPTH = 2  # levels of a loose tree bounded branch by branch; under them each choice is bounded in turn
TREE_READINGS = 1500  # read loosely, fewer (choices of gold tiles x readings of the few-face wildcards): surveyed
Works = list[tuple[Work, tuple[MeldReading, ...]]]  # a part's bound under each reading of the melds


def _works(scorer: _Scorer, bound: PartBound, counts: tuple[int, ...], fixed: int, changes: int, jokers: int,
           wilds: tuple[int, ...], win: int) -> Works:
    """The bound of a part of the hand under each reading of the melds."""
    return [(bound.work(Part(counts, fixed, changes, jokers, wilds, melds, win)), melds)
            for melds in scorer.meld_options]


def _key(scorer: _Scorer, option: Option, golds: int, choice: int) -> tuple:
    """The preference bound of an option, then -(golds used) and -(the choice's number)."""
    return (*scorer._part_preference(*option[1:]), -golds, -choice)


def _dropped(scorer: _Scorer, works: Works, golds: int, choice: int,
             beaten: Callable[[tuple], bool] | None = None) -> bool:
    """Whether every option of these parts is beaten (`_Scorer._beaten`, or `beaten`) by their quick bounds
    (`part_bound.Work.quick`), before they are worked out: then so is every option `Work.all` would give."""
    if not scorer.prune or scorer.found is None:
        return False
    beaten = beaten or scorer._beaten
    most = 78 - scorer._most_extra()  # the han a payment can be asked for
    for work, _ in works:
        quick = work.quick()
        if quick is None:
            return False
        for option in quick:
            if option[2] > most or not beaten(_key(scorer, option, golds, choice)):
                return False
    return True


def _alive(scorer: _Scorer, works: Works, golds: int, choice: int) -> frozenset[str]:
    """The plans whose hands could still beat the best found."""
    if _dropped(scorer, works, golds, choice):
        return frozenset()
    return frozenset(option[0] for work, _ in works
                     for option in work.options(lambda option: not scorer._beaten(_key(scorer, option, golds, choice))))


def _order(scorer: _Scorer, works: Works, golds: int, choice: int) -> tuple:
    """What branches are searched in order of: their bound, which doesn't depend on the best found. A branch already
    beaten (`_dropped`) goes last: it will be dropped when its turn comes, whatever its place."""
    if _dropped(scorer, works, golds, choice):
        return _LAST
    return max((_key(scorer, option, golds, choice) for work, _ in works for option in work.all()), default=(-1,))


def _bound(scorer: _Scorer) -> PartBound:
    return PartBound(scorer.setting, 5 - scorer._most_extra())  # from a mangan with the chroma han on, han alone


class ChoiceTree:
    """Held tiles by face, with wildcards and free tiles; each level decides how many tiles of one more face the golds
    change (terminals and honours first: they decide the tile classes; then the faces held most)."""

    def __init__(self, scorer: _Scorer, counts: list[int], protect: int, jokers: int, wilds: tuple[int, ...],
                 changed: int, win: int, expand: Callable[[ChoiceTree, frozenset[str]], None]) -> None:
        self.scorer, self.counts, self.protect, self.jokers, self.wilds = scorer, counts, protect, jokers, wilds
        self.changed = changed  # tiles the golds already change (wildcards)
        self.win = win  # the winning tile, as `Part.win`
        self.expand = expand
        self.bound = _bound(scorer)
        self.faces = sorted((f for f in range(34) if counts[f]), key=lambda f: (f not in _OUTSIDE, -counts[f], f))
        self.fixed = 0
        self.made = 0  # tiles changed so far in this tree

    def work(self, changes: int) -> Works:
        """The branch as it stands, `changes` more tiles still to change at most."""
        return _works(self.scorer, self.bound, tuple(self.counts), self.fixed, changes, self.jokers + self.made,
                      self.wilds, self.win)

    def golds(self) -> int:
        return self.changed + self.made

    def run(self) -> None:
        self._branch(0, self.work(self.scorer.golds - self.changed))

    def _branch(self, level: int, works: Works) -> None:
        scorer = self.scorer
        plans = _alive(scorer, works, self.golds(), self.scorer.choice + 1)
        if not plans:
            return
        left = scorer.golds - self.golds()
        if level == len(self.faces) or not left:
            self.expand(self, plans)
            return
        if level >= DEPTH:
            self._each(level, left, plans)
            return
        face = self.faces[level]
        counts = self.counts
        self.fixed |= 1 << face
        kids = []
        for k in range(min(counts[face] - (face == self.protect), left) + 1):
            counts[face] -= k
            self.made += k
            kid = self.work(0 if level + 1 == len(self.faces) else left - k)
            kids.append((_order(scorer, kid, self.golds(), self.scorer.choice + 1), k, kid))
            counts[face] += k
            self.made -= k
        kids.sort(key=lambda kid: kid[:2], reverse=True)
        for _, k, kid in kids:
            counts[face] -= k
            self.made += k
            self._branch(level + 1, kid)
            counts[face] += k
            self.made -= k
        self.fixed &= ~(1 << face)

    def _each(self, level: int, left: int, plans: frozenset[str]) -> None:
        """Each choice under the branch in turn, fewest changes first at each face, bounded before it is listed."""
        if level == len(self.faces) or not left:
            plans &= _alive(self.scorer, self.work(0), self.golds(), self.scorer.choice + 1)
            if plans:
                self.expand(self, plans)
            return
        face = self.faces[level]
        self.fixed |= 1 << face
        for k in range(min(self.counts[face] - (face == self.protect), left) + 1):
            self.counts[face] -= k
            self.made += k
            self._each(level + 1, left - k, plans)
            self.counts[face] += k
            self.made -= k
        self.fixed &= ~(1 << face)


def hand_plans(counts: list[int]) -> frozenset[str]:
    """The plans a complete hand of these concealed counts may be scored under (a hand of triplets may also divide
    into runs)."""
    out = set()
    held = [n for n in counts if n]
    if sum(held) == 14:
        if all(n == 2 for n in held):
            out.add(PAIRS)
        if len(held) >= 13 and all(counts[f] for f in _OUTSIDE) and sum(counts[f] for f in _OUTSIDE) == 14:
            out.add(ORPHANS)
    residues = [n % 3 for n in held]
    if residues.count(2) == 1 and not residues.count(1):
        out.add(TRIPLETS)
    if bounds.standard(tuple(counts)):
        out.update((RUNS, PINFU))
    return frozenset(out)


def _of_plans(held: tuple[int, ...], completions: Collection[search.Added],
              plans: frozenset[str]) -> frozenset[search.Added]:
    """The completions whose hands may be scored under one of `plans`."""
    out = []
    for added in completions:
        counts = list(held)
        for face in added:
            counts[face] += 1
        if hand_plans(counts) & plans:
            out.append(added)
    return frozenset(out)


def strict_gold(scorer: _Scorer, before: list[tuple[int, ...]]) -> None:
    """Each gold changes one tile of a reading that wins with a yaku to another face; every other tile, and every
    meld, keeps the reading it had there. Each reading (with each reading of the melds) is one choice: bounded as a
    whole first, then its hands after (`near.near_hands`) bounded one by one and taken best first."""
    bound = _bound(scorer)
    for faces in before:
        reading = _StrictReading(scorer, faces)
        for melds in scorer.meld_options:
            whole = [(bound.work(Part(reading.counts, 0, scorer.golds, 0, (), melds, reading.win_face)), melds)]
            if _alive(scorer, whole, 0, scorer.choice + 1):
                scorer.choice += 1
                reading.search(melds)


class _StrictReading:
    """A winning reading before any gold, and the hands the golds make of it (`strict_gold`)."""

    def __init__(self, scorer: _Scorer, faces: tuple[int, ...]) -> None:
        self.scorer, self.faces = scorer, faces
        self.own = [t.face for t in scorer.tiles]
        self.apart = [f != own for f, own in zip(faces, self.own, strict=True)]  # read as another face already
        self.win_face = faces[scorer.win]
        self.counts = _counts(faces)
        self.at: dict[int, list[int]] = {}  # face: the positions read as it, but the winning tile's
        for position, face in enumerate(faces):
            if position != scorer.win:
                self.at.setdefault(face, []).append(position)

    def search(self, melds: tuple[MeldReading, ...]) -> None:
        """Its hands after, under one reading of the melds, best bound first, until one can't beat the best found."""
        scorer, counts = self.scorer, self.counts
        hands = []
        for hand, apart in near.near_hands(counts, scorer.golds, scorer.sets, self.win_face):
            key = (*scorer._key_bound(hand, melds, self.win_face), -apart)
            if not scorer._outranked((*key, -scorer.choice)):
                hands.append((key, hand))
        hands.sort(reverse=True)
        start = 0
        while start < len(hands):  # hands of one key are picked together, as their order is the candidates'
            key = hands[start][0]
            if scorer._outranked((*key, -scorer.choice)):
                return
            end = start + 1
            while end < len(hands) and hands[end][0] == key:
                end += 1
            # numbered in the order of the tiles they change, so that of those worth the same, the first tiles win
            found = sorted(change for _, hand in hands[start:end] for change in self._changes(hand))
            scorer._pick([scorer._candidate(new, positions, melds, (self.faces, melds), key[:4], changed)
                          for positions, new, changed in found])
            start = end

    def _changes(self, hand: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """(positions, faces after, tiles changed) for each kind of tiles the golds may change to make `hand`: the
        faces it takes are those the reading has more of than `hand` (a gold giving a tile back its face would be
        a gold wasted)."""
        faces, counts = self.faces, self.counts
        taken = [f for f in range(34) for _ in range(counts[f] - hand[f])]
        added = [f for f in range(34) for _ in range(hand[f] - counts[f])]
        orders = set(permutations(added))
        out = []
        for positions in self._positions(taken):
            fewest = sum(self.apart) - sum(self.apart[p] for p in positions) + len(positions)
            own = [self.own[p] for p in positions]
            # the order of the new faces that changes fewest tiles from their own face
            extra, assignment = min((sum(x != o for x, o in zip(a, own, strict=True)), a) for a in orders)
            new = list(faces)
            for position, face in zip(positions, assignment, strict=True):
                new[position] = face
            out.append((positions, tuple(new), fewest + extra))
        return out

    def _positions(self, taken: list[int]) -> list[tuple[int, ...]]:
        """The sets of positions read as the faces `taken`, one per kind of tile (its own face and chroma), in
        position order; the first positions of each kind."""
        chosen: dict[tuple, tuple[int, ...]] = {}
        for combo in product(*(combinations(self.at[f], taken.count(f)) for f in sorted(set(taken)))):
            positions = tuple(sorted(p for part in combo for p in part))
            kind = tuple(sorted((self.own[p], str(self.scorer.tiles[p].chroma), self.faces[p]) for p in positions))
            chosen[kind] = min(chosen.get(kind, positions), positions)
        return sorted(chosen.values())


def loose_gold(scorer: _Scorer) -> None:
    """The hand after may read every wildcard afresh (`GoldReading.LOOSE`): the golds change tiles (wildcards too) to
    faces those tiles couldn't take, and the other wildcards take any of their readings."""
    rules = scorer.rules
    placings = 1
    many = False
    for tile in scorer.tiles:
        faces = readings(tile, rules)
        if 1 < len(faces) < 34:
            placings *= len(faces)
        many |= len(faces) == 34
    # The tree pays where its bounds drop whole branches: many choices, each with many hands (a wildcard of any
    # face), and no dora (which a bound must credit to every free tile).
    if not many or scorer.setting.dora or _choice_count(scorer) * placings < TREE_READINGS:
        _survey(scorer, _gold_choices(scorer))
        return
    hand = split(scorer.tiles, rules, keep_apart=[scorer.win])
    counts = list(hand.counts)
    any_face = 0
    wildcards = []  # positions of wildcards of a few faces
    for position, faces in zip(hand.wild_positions, hand.wild_readings, strict=True):
        if len(faces) == 34:
            any_face += 1
        elif position == scorer.win and len(faces) == 1:
            counts[scorer.tiles[position].face] += 1
        else:
            wildcards.append(position)
    win_readings = readings(scorer.tiles[scorer.win], rules)
    protect = scorer.tiles[scorer.win].face if len(win_readings) == 1 else -1
    win = protect if protect >= 0 else JOKER_WIN if len(win_readings) == 34 else ANY_WIN
    plain = list(counts)
    by_face: dict[int, list[int]] = {}
    for i, tile in enumerate(scorer.tiles):
        if i != scorer.win and i not in hand.wild_positions:
            by_face.setdefault(tile.face, []).append(i)

    def expand(tree: ChoiceTree, plans: frozenset[str], changed: tuple[int, ...]) -> None:
        """One choice: each reading of its other wildcards (a held part) bounded first; then the held parts' hands
        listed best bound first, each held part's candidates picked before the next is listed."""
        scorer.choice += 1
        positions = list(changed)
        for face in range(34):
            positions += by_face.get(face, [])[:plain[face] - tree.counts[face]]
        if not positions:
            return
        chosen = tuple(sorted(positions))
        golds, choice = len(chosen), scorer.choice
        many = golds + sum(1 for position, tile in enumerate(scorer.tiles)  # `search.completions_by_multisets`
                           if position not in chosen and len(readings(tile, rules)) > search.FEW)
        if many < 2:  # then the hands aren't listed by held part, and are few
            scorer._pick([scorer._candidate(faces, chosen, melds, _ANY_BEFORE)
                          for faces in sorted(scorer._complete_readings(chosen)) for melds in scorer.meld_options])
            return
        parts: list[tuple[tuple, int, tuple[int, ...], list[Option]]] = []

        def survey(held: tuple[int, ...], completions: Collection[search.Added]) -> Collection[search.Added]:
            works = _works(scorer, tree.bound, held, _ALL, 0, 3 * scorer.sets + 2 - sum(held), (), win)
            if _dropped(scorer, works, golds, choice, scorer._outranked):
                return ()  # outranked now, so also when its turn would come
            options = [option for work, _ in works for option in work.all()]
            if options:
                parts.append((max(_key(scorer, option, golds, choice) for option in options), -len(parts), held,
                              options))
            return ()

        scorer._complete_readings(chosen, survey)
        parts.sort(key=lambda part: part[:2], reverse=True)
        for _, _, held, options in parts:
            here = plans & frozenset(option[0] for option in options
                                     if not scorer._outranked(_key(scorer, option, golds, choice)))
            if here:
                found = sorted(scorer._complete_readings(chosen, _only(scorer, held, here)))
                scorer._pick([scorer._candidate(faces, chosen, melds, _ANY_BEFORE)
                              for faces in found for melds in scorer.meld_options])

    trees = []
    changeable = [p for p in wildcards if p != scorer.win]
    for n in range(min(len(changeable), scorer.golds) + 1):
        kinds: dict[tuple, tuple[int, ...]] = {}
        for combo in combinations(changeable, n):
            kinds.setdefault(tuple(sorted((scorer.tiles[p].face, str(scorer.tiles[p].chroma)) for p in combo)), combo)
        for combo in kinds.values():
            wilds = tuple(_mask(readings(scorer.tiles[p], rules)) for p in wildcards if p not in combo)

            def grow(tree: ChoiceTree, plans: frozenset[str], combo: tuple[int, ...] = combo) -> None:
                expand(tree, plans, combo)

            tree = ChoiceTree(scorer, list(counts), protect, any_face + n, wilds, n, win, grow)
            trees.append((_order(scorer, tree.work(scorer.golds - n), n, scorer.choice + 1), -n, tree))
    trees.sort(key=lambda t: t[:2], reverse=True)
    for _, _, tree in trees:
        tree.run()


def _only(scorer: _Scorer, held: tuple[int, ...], plans: frozenset[str]) -> Callable[
        [tuple[int, ...], Collection[search.Added]], Collection[search.Added]]:
    """A `keep` for `_complete_readings`: the hands of one held part, of these plans, that may beat the best found."""

    def keep(seen: tuple[int, ...], completions: Collection[search.Added]) -> Collection[search.Added]:
        if seen != held:
            return ()
        if plans != PLANS:
            completions = _of_plans(held, completions, plans)
        return scorer._may_beat(held, completions)

    return keep


def _survey(scorer: _Scorer, choices: list[tuple[int, ...]]) -> None:
    """Every choice of gold tiles surveyed (each distinct hand it allows bounded, none listed), then taken in order of
    its best bound, each one's hands picked before the next's are listed, until one can't beat the best found."""
    surveyed = []
    for n, positions in enumerate(choices):
        tops: list[tuple] = []

        def survey(held: tuple[int, ...], completions: Collection[search.Added], tops: list = tops) -> tuple:
            tops.append(scorer._held_bounds(held, completions)[0])
            return ()

        listed = sorted(scorer._complete_readings(positions, survey))  # only where the multisets aren't used
        tops.extend(scorer._key_bound(_counts(faces), melds) for faces in listed for melds in scorer.meld_options)
        if tops:
            surveyed.append((max(tops), -n, positions, listed))
    surveyed.sort(reverse=True)
    for top, _, positions, listed in surveyed:
        if scorer._beaten((*top, -len(positions), -(scorer.choice + 1))):
            continue
        scorer.choice += 1
        found = listed or sorted(scorer._complete_readings(positions, scorer._may_beat))
        scorer._pick([scorer._candidate(faces, positions, melds, _ANY_BEFORE)
                      for faces in found for melds in scorer.meld_options])


def _gold_choices(scorer: _Scorer) -> list[tuple[int, ...]]:
    """Sets of up to `golds` concealed positions (not the winning tile), one per distinct kind of tile."""
    positions = [i for i in range(len(scorer.tiles)) if i != scorer.win]
    chosen: dict[tuple, tuple[int, ...]] = {}
    for size in range(1, min(scorer.golds, len(positions)) + 1):
        for combo in combinations(positions, size):
            key = tuple(sorted((scorer.tiles[i].face, str(scorer.tiles[i].chroma)) for i in combo))
            chosen.setdefault(key, combo)
    return list(chosen.values())


def _choice_count(scorer: _Scorer) -> int:
    """len(_gold_choices(scorer)), counted: the multisets of up to `golds` kinds of tile, each at most as often as
    the hand holds it."""
    kinds = Counter((t.face, str(t.chroma)) for i, t in enumerate(scorer.tiles) if i != scorer.win)
    ways = [1] + [0] * scorer.golds  # ways[n]: multisets of n tiles of the kinds so far
    for copies in kinds.values():
        ways = [sum(ways[n - k] for k in range(min(copies, n) + 1)) for n in range(scorer.golds + 1)]
    return sum(ways) - 1


def _mask(faces: Collection[int]) -> int:
    mask = 0
    for face in faces:
        mask |= 1 << face
    return mask


def _counts(faces: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * 34
    for face in faces:
        out[face] += 1
    return tuple(out)
