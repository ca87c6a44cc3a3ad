"""A recorded win, corrected (issue 21): the ron or tsumo that replaces a score sheet's entry, from what the host
gives. The rest of the sheet is replayed with it by storage (storage/corrections.py), so a correction is checked by the
same rules as the hand itself: a winner who isn't seated, or a value given two ways, is refused then."""

from __future__ import annotations

from dataclasses import replace

from engine.errors import IllegalMove
from engine.table import HandValue, Move, Ron, Tsumo, Win
from engine.text import N_, command


def corrected(original: Move, entry: int, *, win: int = 1, winner: int | None = None, loser: int | None = None,
              value: HandValue | None = None) -> Ron | Tsumo:
    """`original` (entry `entry`, as it stands) with the given parts replaced: `win` is which winner of a double ron
    (1 or 2, in the order recorded), `winner` and `value` that win's, `loser` who dealt in (a ron only). A part left
    out keeps what the entry says; a value replaces the whole value (han and fu, a limit, points or yakuman), but han
    alone keeps the fu the entry was recorded with."""
    if not isinstance(original, Ron | Tsumo):
        raise IllegalMove(N_("Entry {entry} is not a win: only a ron or a tsumo can be corrected."),
                          N_("Find the win's entry number with {command}."), code="not_a_win", entry=entry,
                          command=command("table history"))
    wins = original.wins if isinstance(original, Ron) else (original.win,)
    if not 1 <= win <= len(wins):
        raise IllegalMove(N_("Entry {entry} has one winner, so there is no win {win} to correct."),
                          N_("Leave which_winner out, or give {example} for the second winner of a double ron."),
                          code="no_such_win", entry=entry, win=win,
                          example=command("table correct", f"entry:{entry} which_winner:2"))
    if isinstance(original, Tsumo) and loser is not None:
        raise IllegalMove(N_("Entry {entry} is a tsumo: nobody dealt in, so it has no loser to correct."),
                          N_("A tsumo that was really a ron can't be corrected: give its winner and value only."),
                          code="tsumo_has_no_loser", entry=entry)
    if winner is None and loser is None and value is None:
        raise IllegalMove(N_("Say what to correct in entry {entry}: a winner, a loser or the hand's value."),
                          N_("For example {example}."), code="nothing_to_correct", entry=entry,
                          example=command("table correct", f"entry:{entry} han:3 fu:40"))
    old = wins[win - 1]
    if value is not None:  # han alone keeps the fu recorded with it: "it was 4 han", not "4 han, fu unknown"
        fu = old.value.fu if value.han is not None and value.fu is None and old.value.han is not None else value.fu
        value = replace(value, fu=fu, nonpositive_han=old.value.nonpositive_han)
    new = Win(old.winner if winner is None else winner, old.value if value is None else value)
    if isinstance(original, Tsumo):
        replacement: Ron | Tsumo = Tsumo(new)
    else:
        replacement = Ron(original.loser if loser is None else loser,
                          tuple(new if i == win - 1 else w for i, w in enumerate(original.wins)))
    if replacement == original:
        raise IllegalMove(N_("Entry {entry} already says that: nothing would change."),
                          N_("Give the winner, loser or value the hand really had."), code="same_as_recorded",
                          entry=entry)
    return replacement
