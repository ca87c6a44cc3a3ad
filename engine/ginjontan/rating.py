"""After a game: the tournament rating (seed 004, "Comment") and the prize (Comment 2)."""

from __future__ import annotations

import random

from engine.ginjontan.rules import standings
from engine.ginjontan.state import GinjontanState

PRIZE_CARDS = (3, 2, 1)  # the winner takes 3 from each other player, the second 2, the third 1


def tier_points(place: int, players: int) -> int:
    """Comment b): last 1 point, last but one 3, each place up +3 (the top of n gets 3+(n-2)*3)."""
    if not 1 <= place <= players:
        raise ValueError(f"place {place} of {players}")
    return 1 if place == players else 3 * (players - place)


def prizes(state: GinjontanState) -> list[tuple[int, int, int]]:
    """Comment 2: (from player, to player, card) transfers, drawn at random (from the seed) from each loser's
    drafted deck. Nobody gives the same card twice; places shared by a tie all take their prize."""
    if not state.finished or not state.options.prize or state.options.deck != "personal":
        return []
    rng = random.Random(f"{state.seed}/prize")
    table = standings(state)
    pools = {s.player: list(s.own) for s in state.seats}
    for pool in pools.values():
        rng.shuffle(pool)
    transfers: list[tuple[int, int, int]] = []
    for winner, place, _ in table:
        if place > len(PRIZE_CARDS):
            continue
        count = PRIZE_CARDS[place - 1]
        for loser, loser_place, _ in table:
            if loser_place <= place:
                continue  # "from others but winner": only players placed below
            for _ in range(count):
                if pools[loser]:
                    transfers.append((loser, winner, pools[loser].pop()))
    return transfers
