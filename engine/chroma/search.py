"""Complete hands with interpreted tiles: every way to read the wildcard tiles so the hand is complete.

The `mahjong` package checks and divides hands of known faces, at most four of each. Chroma-jong adds tiles
that may be read as one of several faces (and so hands with five or more of a face, seed 002 "Interpret"), so
this module searches the readings: `completions(fixed, wilds, sets)` yields every assignment of faces to the
wildcards that makes `fixed` plus the wildcards a complete hand (`sets` sets and a pair, or, with no melds,
seven pairs or thirteen orphans). Waits are the faces an extra any-face wildcard takes (`waits`); scoring
then hands each complete reading to the `mahjong` package.

The standard form is searched from the lowest face still held: it must open a block (pair, triplet or a
run through it), whose other tiles come from held tiles or wildcards that may read that face; blocks made
only of wildcards are formed last. Wildcards with the same readings are interchangeable, so only the first
unused one of each kind is tried in a slot.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

from engine.chroma.tiles import HONOURS, TERMINALS_AND_HONOURS

Assignment = tuple[int, ...]  # one face per wildcard, in the order the wildcards were given
_TERMINAL_SET = frozenset(TERMINALS_AND_HONOURS)


def _runs_through(face: int) -> list[tuple[int, int, int]]:
    if face >= HONOURS:
        return []
    number, base = face % 9, face - face % 9
    return [(base + s, base + s + 1, base + s + 2) for s in range(max(0, number - 2), min(number, 6) + 1)]


_RUNS = [_runs_through(face) for face in range(34)]
_RUN_OTHERS = [[tuple(f for f in run if f != face) for run in _RUNS[face]] for face in range(34)]


class _Search:
    def __init__(self, counts: list[int], wilds: Sequence[frozenset[int]], kinds: Sequence[object]) -> None:
        self.counts = counts
        self.wilds = wilds
        self.kinds = kinds  # wildcards of one kind are interchangeable
        self.free = [True] * len(wilds)
        self.face = [-1] * len(wilds)
        self.found: set[Assignment] = set()
        self.seen: set[tuple] = set()
        self.readers = [[w for w, options in enumerate(wilds) if face in options] for face in range(34)]

    # -- filling slots --------------------------------------------------------------------------------

    def _fill(self, slots: Sequence[int], then) -> None:
        """Supply each face in `slots` from held tiles or a free wildcard, then call `then()`."""
        if not slots:
            then()
            return
        face, rest = slots[0], slots[1:]
        if self.counts[face]:
            self.counts[face] -= 1
            self._fill(rest, then)
            self.counts[face] += 1
        tried: list[object] = []
        for w, options in enumerate(self.wilds):
            if self.free[w] and face in options and self.kinds[w] not in tried:
                tried.append(self.kinds[w])
                self.free[w] = False
                self.face[w] = face
                self._fill(rest, then)
                self.free[w] = True

    def _record(self) -> None:
        self.found.add(tuple(self.face))

    # -- four sets and a pair -------------------------------------------------------------------------

    def _sources(self, face: int) -> list[int]:
        """Where a tile of `face` can come from now: -1 for a held tile, else a free wildcard (one per kind)."""
        out = [-1] if self.counts[face] else []
        readers = self.readers[face]
        if readers:
            free, kinds = self.free, self.kinds
            tried: list[object] = []
            for w in readers:
                if free[w] and kinds[w] not in tried:
                    tried.append(kinds[w])
                    out.append(w)
        return out

    def _take(self, source: int, face: int) -> None:
        if source < 0:
            self.counts[face] -= 1
        else:
            self.free[source] = False
            self.face[source] = face

    def _give_back(self, source: int, face: int) -> None:
        if source < 0:
            self.counts[face] += 1
        else:
            self.free[source] = True

    def standard(self, sets: int, pair: int, start: int = 0) -> None:
        counts = self.counts
        lowest = next((f for f in range(start, 34) if counts[f]), -1)
        if lowest < 0:
            self._wild_blocks(sets, pair)
            return
        if len(self.wilds) > 1:  # skip a position searched already with the same wildcards placed
            key = (lowest, sets, pair, tuple(counts[lowest:]),
                   tuple(f if not free else -1 for f, free in zip(self.face, self.free, strict=True)))
            if key in self.seen:
                return
            self.seen.add(key)
        counts[lowest] -= 1
        if pair:
            for a in self._sources(lowest):
                self._take(a, lowest)
                self.standard(sets, 0, lowest)
                self._give_back(a, lowest)
        if sets:
            # a run's faces below `lowest` are no longer held, so only wildcards can fill them
            for x, y in ((lowest, lowest), *_RUN_OTHERS[lowest]):
                for a in self._sources(x):
                    self._take(a, x)
                    for b in self._sources(y):
                        self._take(b, y)
                        self.standard(sets - 1, pair, lowest)
                        self._give_back(b, y)
                    self._give_back(a, x)
        counts[lowest] += 1

    def _wild_blocks(self, sets: int, pair: int) -> None:
        """The remaining wildcards make `sets` blocks and `pair` pairs among themselves."""
        first = next((w for w, free in enumerate(self.free) if free), -1)
        if first < 0:
            if sets == 0 and pair == 0:
                self._record()
            return
        self.free[first] = False
        for face in sorted(self.wilds[first]):
            self.face[first] = face
            if pair:
                self._fill((face,), lambda: self._wild_blocks(sets, 0))
            if sets:
                self._fill((face, face), lambda: self._wild_blocks(sets - 1, pair))
                for run in _RUNS[face]:
                    self._fill([f for f in run if f != face], lambda: self._wild_blocks(sets - 1, pair))
        self.free[first] = True

    # -- seven pairs ----------------------------------------------------------------------------------

    def seven_pairs(self) -> None:
        counts = self.counts
        if any(c > 2 for c in counts):
            return
        singles = [f for f in range(34) if counts[f] == 1]
        used = {f for f in range(34) if counts[f]}
        self._pair_singles(singles, used)

    def _pair_singles(self, singles: list[int], used: set[int]) -> None:
        if singles:
            face = singles[0]
            self.counts[face] -= 1
            self._fill_wild((face,), lambda: self._pair_singles(singles[1:], used))
            self.counts[face] += 1
            return
        self._wild_pairs(used)

    def _fill_wild(self, slots: Sequence[int], then) -> None:
        """Like `_fill`, but from wildcards only."""
        saved = [self.counts[f] for f in slots]
        for f in slots:
            self.counts[f] = 0
        self._fill(slots, then)
        for f, c in zip(slots, saved, strict=True):
            self.counts[f] = c

    def _wild_pairs(self, used: set[int]) -> None:
        first = next((w for w, free in enumerate(self.free) if free), -1)
        if first < 0:
            self._record()
            return
        self.free[first] = False
        for face in sorted(self.wilds[first] - used):
            self.face[first] = face
            used.add(face)
            self._fill_wild((face,), lambda: self._wild_pairs(used))
            used.discard(face)
        self.free[first] = True

    # -- thirteen orphans -----------------------------------------------------------------------------

    def thirteen_orphans(self) -> None:
        counts = self.counts
        if any(counts[f] for f in range(34) if f not in _TERMINAL_SET) or any(c > 2 for c in counts):
            return
        doubles = [f for f in TERMINALS_AND_HONOURS if counts[f] == 2]
        if len(doubles) > 1:
            return
        missing = [f for f in TERMINALS_AND_HONOURS if counts[f] == 0]
        if doubles:
            self._fill_wild(missing, self._record_if_all_used)
            return
        for pair in TERMINALS_AND_HONOURS:
            self._fill_wild([*missing, pair], self._record_if_all_used)

    def _record_if_all_used(self) -> None:
        if not any(self.free):
            self._record()


def completions(counts: Sequence[int], wilds: Sequence[frozenset[int]], sets: int = 4,
                kinds: Sequence[object] | None = None) -> set[Assignment]:
    """Every assignment of faces to `wilds` that, with the held `counts`, makes a complete hand of `sets` sets and
    a pair (with `sets == 4`, also seven pairs or thirteen orphans). `kinds[i]` names interchangeable wildcards
    (default: wildcards with equal readings are interchangeable); of interchangeable wildcards' assignments, only
    one order is returned."""
    total = sum(counts) + len(wilds)
    if total != 3 * sets + 2:
        return set()
    search = _Search(list(counts), list(wilds), list(kinds) if kinds is not None else list(wilds))
    isolated, singles, outside = _shape(counts)
    if isolated <= len(wilds):  # each lone tile needs a wildcard in its block
        search.standard(sets, 1)
    if sets == 4 and singles <= len(wilds):
        search.seven_pairs()
    if sets == 4 and not outside:
        search.thirteen_orphans()
    return search.found


def _shape(counts: Sequence[int]) -> tuple[int, int, int]:
    """(lone tiles: held once with no other held tile within two of the same suit; faces held once; tiles that
    are neither terminals nor honours)."""
    isolated = singles = 0
    for face in range(34):
        if counts[face] != 1:
            continue
        singles += 1
        if face >= HONOURS:
            isolated += 1
            continue
        number = face % 9
        if not any(counts[face + d] for d in (-2, -1, 1, 2) if 0 <= number + d <= 8):
            isolated += 1
    outside = sum(counts) - sum(counts[f] for f in TERMINALS_AND_HONOURS)
    return isolated, singles, outside


def completions_by_multisets(counts: Sequence[int], wilds: Sequence[frozenset[int]], sets: int = 4,
                             kinds: Sequence[object] | None = None,
                             keep: Callable[[tuple[int, ...], Collection[Added]], Collection[Added]] | None = None,
                             keep_first: bool = False) -> set[Assignment]:
    """`completions`, for hands with several wildcards of many readings (a riichi prismatic and after-win golds):
    the few-reading wildcards are placed in every way, and the many-reading ones get each multiset of faces that
    completes the hand (`any_face_completions`), in every order their readings allow. Of interchangeable
    wildcards (the same kind), the faces go in ascending order. `keep(held, faces)`, given the counts of the
    other tiles and the many-reading ones' faces of each complete hand, returns those whose assignments to list;
    with `keep_first` it gets them before they are dealt to the wildcards, so also faces that can't be dealt."""
    kinds = list(kinds) if kinds is not None else list(wilds)
    many = [i for i, options in enumerate(wilds) if len(options) > FEW]
    if len(many) < 2:
        return completions(counts, wilds, sets, kinds)
    many_groups = _group(many, kinds)
    choices = [[(members, faces) for faces in combinations_with_replacement(sorted(wilds[members[0]]), len(members))]
               for members in _group([i for i in range(len(wilds)) if i not in many], kinds)]
    groups = tuple((len(members), wilds[members[0]]) for members in many_groups)
    face = [-1] * len(wilds)
    out: set[Assignment] = set()
    for pick in product(*choices):
        held = list(counts)
        for members, faces in pick:
            for i, f in zip(members, faces, strict=True):
                face[i] = f
                held[f] += 1
        held_key = tuple(held)
        found: Collection[Added] = any_face_completions(held_key, len(many), sets)
        if keep is not None:
            if not keep_first:
                found = frozenset(added for added in found if _shares(added, groups))
            found = keep(held_key, found)
        for added in found:
            for shares in _shares(added, groups):
                for members, share in zip(many_groups, shares, strict=True):
                    for i, f in zip(members, share, strict=True):
                        face[i] = f
                out.add(tuple(face))
    return out


@lru_cache(maxsize=1 << 14)
def _shares(added: Added, groups: tuple[tuple[int, frozenset[int]], ...]) -> tuple[tuple[Added, ...], ...]:
    """Every way to deal the sorted faces `added` to groups of (size, readings), each share sorted."""
    if not groups:
        return ((),)
    (size, options), rest = groups[0], groups[1:]
    out: list[tuple[Added, ...]] = []
    for share in sorted(set(combinations(added, size))):
        if all(f in options for f in share):
            left = list(added)
            for f in share:
                left.remove(f)
            out.extend((share, *tail) for tail in _shares(tuple(left), rest))
    return tuple(out)


def _group(indexes: Sequence[int], kinds: Sequence[object]) -> list[list[int]]:
    groups: dict[object, list[int]] = {}
    for i in indexes:
        groups.setdefault(kinds[i], []).append(i)
    return list(groups.values())


FEW = 9  # readings of a wildcard placed one by one by `completions_by_multisets` (silver 3, fern-green 10)
_ANY = frozenset(range(34))
_WIN = object()  # the kind of the extra tile that `waits` adds


def waits(counts: Sequence[int], wilds: Sequence[frozenset[int]], sets: int = 4) -> frozenset[int]:
    """The faces that complete the hand under some reading of its wildcards."""
    found = completions(counts, [*wilds, _ANY], sets, kinds=[*wilds, _WIN])
    return frozenset(assignment[-1] for assignment in found)


# -- any-face tiles (after-win changes) ---------------------------------------------------------------------------

Added = tuple[int, ...]  # faces given to any-face tiles, sorted: one multiset, whatever the order of the tiles


@lru_cache(maxsize=1 << 14)
def any_face_completions(held: tuple[int, ...], jokers: int, sets: int = 4, *, forms: bool = True) -> frozenset[Added]:
    """Every multiset of `jokers` faces that, added to the held counts, makes a complete hand (as `completions`
    with `jokers` tiles that may each be read as any face, but as multisets: the tiles are interchangeable).
    `forms=False`: sets and a pair only, not seven pairs or thirteen orphans."""
    if sum(held) + jokers != 3 * sets + 2:
        return frozenset()
    found = set(_standard_any(held, jokers, sets, 1))
    if sets == 4 and forms:
        found |= _seven_pairs_any(held, jokers) | _orphans_any(held, jokers)
    return frozenset(found)


@lru_cache(maxsize=1 << 14)
def _standard_any(counts: tuple[int, ...], jokers: int, sets: int, pair: int) -> frozenset[Added]:
    """Sets and a pair with `jokers` any-face tiles: blocks never cross suits, so each suit (and the honours) takes
    some of the tiles, sets and pair alone (`_group_any`, shared by every hand), and the suits' shares are combined;
    a suit's sets follow from its tiles and the any-face tiles it takes."""
    partial: dict[tuple[int, int, int], list[Added]] = {(0, 0, 0): [()]}  # (tiles taken, sets, pairs): faces
    last = len(_ANY_GROUPS) - 1
    for index, (start, end, honours) in enumerate(_ANY_GROUPS):
        part = counts[start:end]
        size = sum(part)
        grown: dict[tuple[int, int, int], list[Added]] = {}
        for (j1, n1, q1), heads in partial.items():
            for q2 in range(pair - q1 + 1):
                for j2 in range(jokers - j1 + 1):
                    rest = size + j2 - 2 * q2
                    if rest < 0 or rest % 3:
                        continue
                    n = n1 + rest // 3
                    if n > sets:
                        break
                    if index == last and (j1 + j2 != jokers or n != sets or q1 + q2 != pair):
                        continue
                    tails = _group_any(part, start, honours, j2, rest // 3, q2)
                    if tails:
                        key = (j1 + j2, n, q1 + q2)
                        joined = grown.get(key)
                        if joined is None:
                            joined = grown[key] = []
                        joined += [head + tail for head in heads for tail in tails]
        partial = grown
    return frozenset(partial.get((jokers, sets, pair), ()))


_ANY_GROUPS = ((0, 9, False), (9, 18, False), (18, 27, False), (HONOURS, 34, True))


@lru_cache(maxsize=1 << 14)  # shared by every hand: a suit's counts recur
def _group_any(part: tuple[int, ...], start: int, honours: bool, jokers: int, sets: int,
               pair: int) -> tuple[Added, ...]:
    """The faces (from `start` on) that `jokers` any-face tiles take so that one suit's counts (or the honours')
    make `sets` sets and `pair` pairs: the lowest held face opens a block, each other tile of it a held one when
    one is left (which copy goes where never changes the hand), else an any-face tile."""
    if sum(part) + jokers != 3 * sets + 2 * pair:
        return ()
    lowest = next((f for f, n in enumerate(part) if n), -1)
    if lowest < 0:
        return _group_wild(start, honours, jokers, sets, pair)
    shapes: list[tuple[tuple[int, ...], int, int]] = []  # (the block's other faces, sets left, pair left)
    if pair:
        shapes.append(((lowest,), sets, 0))
    if sets:
        shapes.append(((lowest, lowest), sets - 1, pair))
        if not honours:
            shapes.extend((others, sets - 1, pair) for others in _LOCAL_RUN_OTHERS[lowest])
    out: set[Added] = set()
    for others, sets_left, pair_left in shapes:
        rest = list(part)
        rest[lowest] -= 1
        added: list[int] = []
        for face in others:
            if rest[face]:
                rest[face] -= 1
            else:
                added.append(start + face)
        if len(added) > jokers:
            continue
        for tail in _group_any(tuple(rest), start, honours, jokers - len(added), sets_left, pair_left):
            out.add(tuple(sorted((*added, *tail))) if added else tail)
    return tuple(out)


_LOCAL_RUN_OTHERS = _RUN_OTHERS[:9]  # runs through each number of a suit, as numbers 0-8


@lru_cache(maxsize=1 << 10)
def _group_wild(start: int, honours: bool, jokers: int, sets: int, pair: int) -> tuple[Added, ...]:
    """Blocks of one suit (or the honours) made of any-face tiles alone."""
    if jokers != 3 * sets + 2 * pair:
        return ()
    faces = range(start, start + (7 if honours else 9))
    blocks = [(f, f, f) for f in faces] + ([] if honours else [(f, f + 1, f + 2) for f in faces if f - start <= 6])
    out: set[Added] = {()}
    for _ in range(sets):
        out = {tuple(sorted((*chosen, *block))) for chosen in out for block in blocks}
    if pair:
        out = {tuple(sorted((*chosen, f, f))) for chosen in out for f in faces}
    return tuple(out)


def _seven_pairs_any(counts: tuple[int, ...], jokers: int) -> set[Added]:
    if any(n > 2 for n in counts):
        return set()
    singles = tuple(f for f, n in enumerate(counts) if n == 1)
    spare = jokers - len(singles)
    if spare < 0 or spare % 2:
        return set()
    free = [f for f, n in enumerate(counts) if not n]
    return {tuple(sorted((*singles, *(f for f in pairs for _ in range(2)))))
            for pairs in combinations(free, spare // 2)}


def _orphans_any(counts: tuple[int, ...], jokers: int) -> set[Added]:
    if any(counts[f] for f in range(34) if f not in _TERMINAL_SET) or any(n > 2 for n in counts):
        return set()
    doubles = sum(1 for f in TERMINALS_AND_HONOURS if counts[f] == 2)
    missing = tuple(f for f in TERMINALS_AND_HONOURS if not counts[f])
    if doubles > 1:
        return set()
    if doubles:
        return {missing} if len(missing) == jokers else set()
    if len(missing) + 1 != jokers:
        return set()
    return {tuple(sorted((*missing, f))) for f in TERMINALS_AND_HONOURS}
