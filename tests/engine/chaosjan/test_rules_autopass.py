"""Seed 000 section 2 at one press a turn (issue 18): auto-pass settings, passing ahead, and the draw that passes the
turn. Presses are counted per player over a whole mahjong turn."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.chaosjan import rules
from engine.chaosjan.moves import AutoPass, Drew, Next
from engine.chaosjan.state import AutoMode, ChaosState, Window
from engine.chaosjan.state import Table as ChaosTable
from tests.engine.chaosjan.notation import (
    WINDS,
    E,
    S,
    W,
    game,
    kinds,
    of,
    pass_,
    pass_all,
    passes,
    pid,
    play,
    refused,
    run,
    seat,
    started,
)

EMPTY4 = "E: - | S: - | W: - | N: -"
UNPLAYABLE = "E: negate stk-hand | S: negate act-theirs | W: hyper act-mine | N: negate stk-turn"
EVERYONE = "E S W N"  # everyone on the default setting


def one_turn(s: ChaosState, t: ChaosTable, plays: dict[str, str]) -> tuple[ChaosState, Counter[str]]:
    """The next seat's whole turn, from the end of the last one until priority stops after their draw: they press
    "I drew a tile"; then whoever the bot asks plays their card of `plays` (once) or passes. Presses by seat."""
    presses: Counter[str] = Counter()
    to_play = dict(plays)
    drawer = WINDS[s.next_seat(s.active)]
    s, t, _ = rules.apply(s, t, Drew(pid(drawer)))
    presses[drawer] += 1
    while s.holder is not None:
        who = WINDS[s.holder[1]]
        s, t, _ = rules.apply(s, t, play(who, to_play.pop(who)) if who in to_play else pass_(who))
        presses[who] += 1
    assert s.active == seat(drawer) and s.drawn and not to_play
    return s, presses


# Each expected count follows from the hands by section 2: the drawer's one press, plus one for each time priority
# or sub-priority reaches a player who has a choice (a card playable there, 1.1c, 1.3c, 1.5a.1, 1.6a) or asked to
# be asked.
@pytest.mark.parametrize(("hands", "modes", "plays", "expected"), [
    (EMPTY4, EVERYONE, {}, {"S": 1}),  # nothing to play: the draw alone
    (UNPLAYABLE, EVERYONE, {}, {"S": 1}),  # Negates with nothing to negate (1.5a.1), others' Stocks (1.6a), ...
    ("E: - | S: - | W: act-b | N: -", EVERYONE, {"W": "act-b"}, {"S": 1, "W": 1}),  # one card, no one can answer
    ("E: - | S: - | W: act-b | N: negate", EVERYONE, {"W": "act-b"}, {"S": 1, "W": 1, "N": 1}),  # asked to negate
    ("E: - | S: - | W: act-b | N: negate", "E S W N:turn", {"W": "act-b"}, {"S": 1, "W": 1}),  # Negates too
    ("E: - | S: - | W: act-b | N: negate", "E S W N:played", {"W": "act-b"}, {"S": 1, "W": 1, "N": 1}),
    ("E: - | S: - | W: act-b | N: negate", "E S W N:ask", {"W": "act-b"}, {"S": 1, "W": 1, "N": 3}),
    ("E: - | S: - | W: act-b | N: -", EVERYONE, {}, {"S": 1, "W": 2}),  # a playable card: asked in both windows
    ("E: - | S: - | W: act-b | N: -", "E S W:played N", {}, {"S": 1}),
    ("E: - | S: - | W: act-b | N: -", "E S W:turn N", {}, {"S": 1}),
    (EMPTY4, "E S W N:ask", {}, {"S": 1, "N": 2}),  # asked in both windows (2.1) with nothing to play
])
def test_presses_in_one_turn(hands, modes, plays, expected):
    s, t = game(hands, holder=None, drawn=True, autopass=modes)
    _, presses = one_turn(s, t, plays)
    assert presses == Counter(expected)


def test_2_new_games_pass_for_everyone_with_nothing_playable_by_default():
    s, _, _ = started()
    assert [s.mode(i) for i in range(s.n)] == [AutoMode.AUTO] * 4


# -- the draw passes the turn --------------------------------------------------------------------------------------


def test_2_1_the_next_players_draw_begins_their_turn_with_both_windows():
    s, t = game(EMPTY4, holder=None, drawn=True, autopass=EVERYONE)
    s, t, ev = run(s, t, Drew(S))
    assert (s.active, s.drawn, s.holder) == (seat("S"), True, None)
    windows = [e["window"] for e in of(ev, "priority_over")]
    assert windows == [Window.BEFORE_DRAW.value, Window.AFTER_DRAW.value]  # 2.1: priority before and after
    assert kinds(ev).index("turn") < kinds(ev).index("drew_tile")


def test_2_1_a_draw_waits_while_someone_may_play_before_it_and_counts_when_priority_stops():
    s, t = game("E: - | S: stk-hand | W: - | N: -", holder=None, drawn=True, autopass=EVERYONE)
    s, t, ev = run(s, t, Drew(S))
    assert s.holder == ("main", seat("S")) and not s.drawn and s.draw_waits  # 1.6a: the Stock before the draw
    assert of(ev, "draw_waits") == [{"type": "draw_waits", "player": S}]
    refused(s, t, Drew(S), "priority_open")
    s, t, ev = run(s, t, play("S", "stk-hand"))  # the rest is passed for: no one else has a choice
    assert s.drawn and s.holder is None and of(ev, "drew_tile") == [{"type": "drew_tile", "player": S,
                                                                      "again": False}]


@pytest.mark.parametrize(("move", "words"), [
    (Drew(W), f"<@{S}> draws next"),  # after a call, `next player:` says whose turn it is
    (Drew(S, again=True), f"<@{E}>'s turn: only they draw"),  # a replacement tile is the active player's
])
def test_2_1_only_the_next_seat_draws_to_pass_the_turn(move, words):
    s, t = game(EMPTY4, holder=None, drawn=True)
    error = refused(s, t, move, "not_your_turn", then=Next(E, to=W))
    assert words in error.message


def test_2_6_the_draw_cannot_pass_the_turn_while_priority_runs():
    s, t = game(EMPTY4, drawn=True)
    refused(s, t, Drew(S), "priority_open")


# -- settings ---------------------------------------------------------------------------------------------------


def test_until_my_turn_passes_negates_and_ends_when_the_turn_comes():
    s, t = game("E: act-b | S: negate | W: - | N: -", autopass="S:turn")
    s, t, _ = run(s, t, play("E", "act-b"), pass_("E"))
    assert s.holder == ("sub", seat("W"))  # 1.5a.1: South could negate, and asked not to be asked
    s, t, _ = pass_all(s, t)
    s, t, _ = run(s, t, Drew(E))
    s, t, _ = pass_all(s, t)
    assert s.mode(seat("S")) is AutoMode.UNTIL_MY_TURN
    s, t, _ = run(s, t, Next(E))
    assert s.active == seat("S") and s.mode(seat("S")) is AutoMode.AUTO


def test_until_played_passes_playable_cards_and_ends_when_a_card_is_played():
    s, t = game("E: act-b | S: act-b negate | W: - | N: -", autopass="S:played")
    s, t, _ = run(s, t, pass_("E"))
    assert s.holder == ("main", seat("W"))  # South's Action was playable (1.1c): passed for all the same
    s, t = game("E: act-b | S: act-b negate | W: - | N: -", autopass="S:played")
    s, t, _ = run(s, t, play("E", "act-b"), pass_("E"))
    assert s.mode(seat("S")) is AutoMode.AUTO and s.holder == ("sub", seat("S"))  # asked about the card
    s, t, _ = run(s, t, AutoPass(S, AutoMode.UNTIL_PLAYED))  # set while the card waits: passes on it (1.5a.1)
    assert s.holder == ("sub", seat("W"))


def test_ask_is_asked_with_nothing_to_play():
    s, t = game(EMPTY4, autopass="S:ask W N")
    s, t, _ = run(s, t, pass_("E"))
    assert s.holder == ("main", seat("S"))


def test_a_setting_that_is_not_one_is_refused():
    s, t = game(EMPTY4)
    refused(s, t, AutoPass(S, "always"), "bad_option")  # type: ignore[arg-type]


def test_stored_games_from_before_the_settings_keep_who_was_asked():
    s, _ = game(EMPTY4)
    data = s.to_dict()
    data.pop("pass_modes")
    data["autopass"] = [seat("W")]
    old = ChaosState.from_dict(data)
    assert [old.mode(i) for i in range(4)] == [AutoMode.ASK, AutoMode.ASK, AutoMode.AUTO, AutoMode.ASK]


# -- passing ahead ------------------------------------------------------------------------------------------------


def test_2_3_a_pass_ahead_counts_in_turn_order_when_priority_reaches_the_player():
    s, t = game(EMPTY4)
    s, t, ev = run(s, t, passes("N W"))
    assert s.holder == ("main", seat("E")) and not of(ev, "passed")
    s, t, ev = run(s, t, passes("E S"))
    assert [e["player"] for e in of(ev, "passed")] == [E, S, W, pid("N")] and s.holder is None


def test_2_5_a_card_played_cancels_passes_ahead():
    s, t = game("E: act-b | S: - | W: - | N: -")
    s, t, _ = run(s, t, pass_("W"), play("E", "act-b"), passes("E S"))
    assert s.holder == ("sub", seat("W"))  # everyone receives priority again after a card (2.5, 2.7a)


def test_2_7a_a_pass_ahead_in_sub_priority():
    s, t = game("E: act-b | S: - | W: negate | N: -")
    s, t, _ = run(s, t, play("E", "act-b"), pass_("W"))
    s, t, ev = run(s, t, passes("E S"))
    assert [e["player"] for e in of(ev, "passed") if e["sub"]] == [E, S, W]
    assert s.holder == ("sub", seat("N"))


def test_a_second_pass_ahead_is_refused():
    s, t = game(EMPTY4)
    s, t, _ = run(s, t, pass_("W"))
    error = refused(s, t, pass_("W"), "already_passed")
    assert "2.3" in error.message
