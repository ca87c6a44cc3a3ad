"""A table's hands counted from its score sheet (issue 21: `/table stats`): who played, won, dealt in and declared
riichi in each hand, and the points each win took. Pure: it reads the log's entries that stand, as storage gives them.

A hand is an entry that ends one (a ron, a tsumo, an exhaustive or abortive draw: the entries whose events include
`hand_end`); every seated player plays it. A win is a `ron` or `tsumo` event (a double ron is a win for each winner,
and one deal-in for the player who dealt in); its points are what the winner was paid for it (`paid`: honba
included, the points on the table not). A riichi counts for the hand it was declared in, once, if that hand ended on
the sheet. A correction's entry re-records the events of the entry it corrects and of every later one (its
`corrected` event's `replayed`), so each entry counts with its latest events (docs/rulings.md, Statistics)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.base import Event

CORRECTED = "corrected"  # the event of a correction's entry (storage/corrections.py)


@dataclass(frozen=True)
class HandTally:
    """One player's hands in one game."""

    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    win_points: int = 0


def latest_events(entries: Iterable[tuple[int, list[Event]]]) -> list[tuple[int, list[Event]]]:
    """The standing moves' entries (seq, events), in order, each with its latest events: a correction's entry is left
    out and re-records the events of the entries it lists."""
    moves: list[int] = []
    events: dict[int, list[Event]] = {}
    for seq, recorded in entries:
        replayed = next((e.get("replayed") for e in recorded if e.get("type") == CORRECTED), None)
        if replayed is not None:
            events.update({int(s): list(e) for s, e in replayed.items()})
            continue
        moves.append(seq)
        events[seq] = recorded  # a correction always comes after the entries it re-records
    return [(seq, events[seq]) for seq in moves]


def hand_tallies(entries: Iterable[tuple[int, list[Event]]], players: Iterable[int]) -> dict[int, HandTally]:
    """Each player's tally over the standing moves `entries` (seq, events), oldest first."""
    seated = list(players)
    counts = {p: [0, 0, 0, 0, 0] for p in seated}  # hands, wins, deal-ins, riichi, win points
    won: list[tuple[int, int]] = []
    dealt_in: set[int] = set()
    declared: set[int] = set()
    for _, events in latest_events(entries):
        for event in events:
            kind = event.get("type")
            if kind == "riichi":
                declared.add(event["player"])
            elif kind in ("ron", "tsumo"):
                won.append((event["winner"], int(event["paid"])))
                if kind == "ron":
                    dealt_in.add(event["loser"])
            elif kind == "hand_end":
                for player, tally in counts.items():
                    tally[0] += 1
                    tally[2] += player in dealt_in
                    tally[3] += player in declared
                for player, paid in won:
                    if player in counts:
                        counts[player][1] += 1
                        counts[player][4] += paid
                won, dealt_in, declared = [], set(), set()
    return {p: HandTally(*counts[p]) for p in seated}
