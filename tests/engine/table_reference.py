"""A riichi payment table written from the standard rules, independent of `engine.table` and the `mahjong`
package: the tests compare what the engine pays with what this says.

Base points are fu x 2^(2+han), capped at mangan (2,000) below 5 han; from 5 han up the limits: mangan 2,000,
haneman 3,000, baiman 4,000, sanbaiman 6,000, yakuman 8,000 each. A ron pays base x 6 (dealer) or x 4; a tsumo
base x 2 from each player to a dealer, or base x 2 from the dealer and x 1 from the others; each payment rounded
up to 100. Honba: 300 a ron (sanma: the table's option, 200 or 300), 100 from each payer on a tsumo. Sanma keeps
tsumo loss: the same payments, one payer fewer. Riichi sticks and other points on the table go to the winner.
"""

from __future__ import annotations

LIMITS = ((13, 8000), (11, 6000), (8, 4000), (6, 3000), (5, 2000))
NOTEN = {3: 2000, 4: 3000}
LIMIT_NAMES = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11, "yakuman": 13}


def up100(amount: int) -> int:
    return -(-amount // 100) * 100


def base_points(han: int, fu: int = 30, *, yakuman: int = 0, kiriage: bool = False, kazoe: str = "yakuman",
                aotenjou: bool = False) -> int:
    if aotenjou:
        return fu * 2 ** (2 + han + 13 * yakuman)
    if yakuman:
        return 8000 * yakuman
    if han >= 13:
        return {"yakuman": 8000, "sanbaiman": 6000, "counted": 8000 * (han // 13)}[kazoe]
    for least, base in LIMITS:
        if han >= least:
            return base
    if kiriage and (han, fu) in ((4, 30), (3, 60)):
        return 2000
    return min(fu * 2 ** (2 + han), 2000)


def ron_payment(base: int, *, dealer: bool) -> int:
    return up100(base * (6 if dealer else 4))


def tsumo_payments(base: int, *, dealer: bool) -> tuple[int, int]:
    """(what the dealer pays, what each other player pays); a dealer's win: both are what each pays."""
    if dealer:
        return up100(2 * base), up100(2 * base)
    return up100(2 * base), up100(base)


def split_points(total: int, *, dealer: bool, tsumo: bool) -> tuple[int, int] | int:
    """The players' own figure: a ron pays it whole; a tsumo splits it 1/2 and 1/4 (a dealer's: 1/3 each)."""
    if not tsumo:
        return total
    if dealer:
        return up100(-(-total // 3)), up100(-(-total // 3))
    return up100(-(-total // 2)), up100(-(-total // 4))


def ron_honba(honba: int, *, players: int, sanma_honba: int = 200) -> int:
    return honba * (300 if players == 4 else sanma_honba)


def ron_deltas(players: int, loser: int, wins: list[tuple[int, int]], *, honba: int, on_table: int,
               sanma_honba: int = 200) -> list[int]:
    """Seat deltas for a ron: `wins` are (seat, value before honba); the winner first in turn order after the
    loser takes the honba and the points on the table (atamahane)."""
    deltas = [0] * players
    first = min((seat for seat, _ in wins), key=lambda seat: (seat - loser) % players)
    for seat, value in wins:
        paid = value + (ron_honba(honba, players=players, sanma_honba=sanma_honba) if seat == first else 0)
        deltas[seat] += paid
        deltas[loser] -= paid
    deltas[first] += on_table
    return deltas


def tsumo_deltas(players: int, winner: int, dealer: int, payments: tuple[int, int], *, honba: int,
                 on_table: int) -> list[int]:
    from_dealer, from_other = payments
    deltas = [0] * players
    for seat in range(players):
        if seat != winner:
            owed = (from_dealer if seat == dealer else from_other) + 100 * honba
            deltas[seat] -= owed
            deltas[winner] += owed
    deltas[winner] += on_table
    return deltas


def noten_deltas(players: int, tenpai: set[int]) -> list[int]:
    if not tenpai or len(tenpai) == players:
        return [0] * players
    total = NOTEN[players]
    return [total // len(tenpai) if seat in tenpai else -total // (players - len(tenpai)) for seat in range(players)]
