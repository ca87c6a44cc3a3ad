"""Seed 000 section 1 (card types): one test per rule the engine carries out, the rule number in each name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.chaosjan import rules
from engine.chaosjan.catalogue import CardType, Colour, Lasts
from engine.chaosjan.moves import Choose, EndEffect, Next
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.rules import HandEnd
from engine.chaosjan.state import Window
from tests.engine.chaosjan.notation import (
    CAT,
    E,
    N,
    S,
    W,
    game,
    hand,
    in_play,
    kinds,
    of,
    pass_,
    pass_all,
    pass_sub,
    passes,
    play,
    refused,
    run,
    seat,
    started,
)

EMPTY4 = "E: - | S: - | W: - | N: -"

# -- 1.1 Action ---------------------------------------------------------------------------------------------------


def test_1_1a_action_effect_occurs_then_it_is_discarded():
    s, t = game("E: act-a | S: - | W: - | N: -")
    s, t, played = run(s, t, play("E", "act-a"))
    assert not of(played, "occurs") and hand(s, "E") == []
    s, t, ev = run(s, t, passes("E S W N"))
    assert of(ev, "occurs") == [{"type": "occurs", "player": E, "card": "act-a", "bonus": False}]
    assert hand(s, "E") == ["act-b"]  # its effect: draw a card
    assert s.cards[s.discard[-1]] == "act-a" and not s.stocks


def test_1_1b_cards_returned_to_hand_at_hand_end_do_not_occur():
    s, t = game("E: act-a | S: negate | W: - | N: -")
    s, t, _ = run(s, t, play("E", "act-a"), pass_("E"), play("S", "negate"))
    s, t, ev = rules.end_hand(s, t, HandEnd())
    assert not of(ev, "occurs") and not of(ev, "negated")
    assert [(e["player"], e["card"]) for e in of(ev, "returned")] == [(E, "act-a"), (S, "negate")]
    assert hand(s, "E") == ["act-a", "act-b"] and hand(s, "S") == ["act-b", "negate"]  # + the 4.2 draw
    assert s.discard == ()


def test_1_1c_action_needs_priority():
    s, t = game("E: act-a | S: act-a | W: - | N: -", holder=None)
    refused(s, t, play("E", "act-a"), "out_of_timing")
    s, t = game("E: act-a | S: act-a | W: - | N: -", holder="S")
    refused(s, t, play("E", "act-a"), "not_your_turn")


def test_1_1c_a_player_who_is_not_active_may_play_an_action():
    s, t = game("E: - | S: act-a | W: - | N: -", active="E", holder="S")
    s, t, ev = run(s, t, play("S", "act-a"))
    assert of(ev, "played")[0]["player"] == S and s.holder == ("sub", seat("S"))


def test_1_1d_after_playing_an_action_the_next_player_gets_priority():
    s, t = game("E: act-b act-b | S: - | W: - | N: -")
    s, t, _ = run(s, t, play("E", "act-b"), passes("E S W N"))
    assert s.holder == ("main", seat("S"))
    refused(s, t, play("E", "act-b"), "not_your_turn")  # someone else may play before East plays again


@pytest.mark.parametrize(("holder", "drawn"), [("E", True), ("E", False), (None, False)])
def test_1_1e_riichi_action_needs_stopped_priority_and_the_draw(holder, drawn):
    """1.1e, 1.1e.2: played as part of declaring riichi: on your turn, after the draw, priority passing stopped."""
    s, t = game("E: act-riichi | S: - | W: - | N: -", holder=holder, drawn=drawn)
    refused(s, t, play("E", "act-riichi"), "out_of_timing")


@pytest.mark.parametrize(("riichi", "points", "code"), [(True, 25000, "riichi_declared"), (False, 999, "cannot_pay"),
                                                     (False, 1000, None)])
def test_1_1e_1_riichi_action_is_unplayable_when_the_riichi_is(riichi, points, code):
    """1.1e.1: it is played as part of declaring riichi, so not twice in a hand, nor without the stick (3.1g)."""
    s, t = game("E: act-riichi | S: - | W: - | N: -", holder=None, drawn=True, points=(points, 25000, 25000, 25000))
    t = replace(t, riichi=(riichi, False, False, False))
    why = rules.card_error(s, t, seat("E"), s.catalogue.card("act-riichi"))
    assert (why and why.code) == code and (why is None or "(1.1e.1)" in why.message)
    assert (play("E", "act-riichi") in rules.legal_moves(s, t, E)) == (code is None)


def test_1_1e_1_riichi_action_opens_a_round_and_the_player_passes_at_once():
    s, t = game("E: act-riichi | S: - | W: - | N: -", holder=None, drawn=True)
    s, t, ev = run(s, t, play("E", "act-riichi"))
    assert of(ev, "played")[0]["riichi"] is True
    assert s.priority.window is Window.RIICHI and s.holder == ("sub", seat("E"))
    s, t, ev = run(s, t, passes("E S W N"))
    assert kinds(ev)[-3:] == ["priority", "occurs", "card_draw"] and s.holder == ("main", seat("S"))
    s, t, ev = run(s, t, passes("S W N E"))
    assert s.holder is None and of(ev, "priority_over") == [{"type": "priority_over", "window": "riichi"}]


@pytest.mark.parametrize(("card", "holder", "drawn", "ok"), [
    ("act-mine", "E", False, True),
    ("act-mine", "S", False, False),
    ("act-theirs", "S", False, True),
    ("act-theirs", "E", False, False),
    ("act-late", "E", True, True),
    ("act-late", "S", True, True),
    ("act-late", "E", False, False),
    ("act-late", "S", False, False),
])
def test_1_1f_action_timing_restrictions(card, holder, drawn, ok):
    s, t = game(f"E: {card} | S: {card} | W: - | N: -", active="E", holder=holder, drawn=drawn)
    if ok:
        s, t, _ = run(s, t, play(holder, card))
        assert s.holder == ("sub", seat(holder))
    else:
        refused(s, t, play(holder, card), "out_of_timing")


# -- 1.2 Character ---------------------------------------------------------------------------------------------


def test_1_2a_characters_are_chosen_before_the_first_round():
    s, t, _ = started(4)
    refused(s, t, Choose(E, CardType.CHARACTER, ("red",)), "game_started")


def test_1_2b_1_2d_1_the_character_gives_the_colour_and_its_symbol():
    s, _ = game(EMPTY4, chars="E: red | S: green | W: white | N: anytime")
    assert [s.colour(i) for i in range(4)] == [Colour.RED, Colour.GREEN, Colour.WHITE, Colour.GREEN]
    assert [c.symbol for c in Colour] == ["中", "發", "白"]


@pytest.mark.parametrize(("card", "character", "bonus"), [
    ("act-red", "red", True), ("act-red", "green", False), ("act-red", "white", False),
    ("stk-red", "red", True), ("stk-red", "white", False),
])
def test_1_2d_2_bonus_effect_only_when_the_character_has_the_cards_colour(card, character, bonus):
    s, t = game(f"E: {card} | S: - | W: - | N: -", chars=f"E: {character}")
    s, t, ev = run(s, t, play("E", card), passes("E S W N"))
    assert of(ev, "occurs")[0]["bonus"] is bonus
    assert len(of(ev, "card_draw")) == bonus and len(s.hands[0]) == bonus


# -- 1.3 Hyper -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("character", "drawn"), [("red", 1), ("green", 2)])
def test_1_3a_hyper_carries_out_the_players_character_hyper_effect(character, drawn):
    s, t = game("E: hyper | S: - | W: - | N: -", chars=f"E: {character}")
    s, t, ev = run(s, t, play("E", "hyper"))
    assert of(ev, "card_draw")[0]["count"] == drawn and len(s.hands[0]) == drawn


def test_1_3b_hyper_that_is_a_stock_effect_stays_in_play():
    s, t = game("E: hyper | S: - | W: - | N: -", chars="E: lasting")
    s, t, ev = run(s, t, play("E", "hyper"))
    assert in_play(s) == [(E, "hyper")] and s.stocks[0].lasts is Lasts.HAND
    s, t, ev = rules.end_hand(s, t, HandEnd())
    assert of(ev, "stock_ended")[0]["card"] == "hyper" and not s.stocks


@pytest.mark.parametrize(("holder", "drawn"), [("S", False), ("E", True), (None, False)])
def test_1_3c_hyper_only_by_the_active_player_with_priority_before_the_draw(holder, drawn):
    s, t = game("E: hyper | S: hyper | W: - | N: -", holder=holder, drawn=drawn)
    refused(s, t, play(holder or "E", "hyper"), "out_of_timing")


@pytest.mark.parametrize(("holder", "drawn"), [("S", False), ("S", True), ("E", True)])
def test_1_3d_1_any_time_hyper_follows_action_timing(holder, drawn):
    s, t = game("E: hyper | S: hyper | W: - | N: -", chars="E: anytime | S: anytime", holder=holder, drawn=drawn)
    s, t, ev = run(s, t, play(holder, "hyper"))
    assert of(ev, "occurs")[0]["card"] == "hyper"


def test_1_3d_1_any_time_hyper_still_needs_priority():
    s, t = game("E: - | S: hyper | W: - | N: -", chars="S: anytime", holder=None)
    refused(s, t, play("S", "hyper"), "out_of_timing")


def test_1_3e_hyper_opens_no_sub_priority_and_cannot_be_negated():
    s, t = game("E: hyper | S: negate | W: - | N: -")
    s, t, ev = run(s, t, play("E", "hyper"))
    assert kinds(ev) == ["played", "priority", "occurs", "card_draw"]
    assert s.holder == ("main", seat("S")) and s.priority.sub is None
    refused(s, t, play("S", "negate"), "out_of_timing")


# -- 1.4 Modifier -------------------------------------------------------------------------------------------------


def test_1_4b_1_a_modifier_is_put_into_play_at_the_start_of_the_game():
    s, _, ev = started(4)
    chosen = sorted(m for c in s.choices for m in c.modifiers)
    assert of(ev, "modifier") == [{"type": "modifier", "card": s.modifier, "replaced": None}]
    assert sorted(s.all_modifiers()) == chosen and len(s.modifier_deck) == 11


@pytest.mark.parametrize(("modifier_on", "dealer_changed", "round_changed", "new"), [
    ("dealer", True, False, True),
    ("dealer", True, True, True),
    ("dealer", False, False, False),
    ("round", True, False, False),
    ("round", True, True, True),
    ("round", False, False, False),
])
def test_1_4b_1_a_modifier_after_each_wind_rotation(modifier_on, dealer_changed, round_changed, new):
    s, t = game(EMPTY4, options=ChaosOptions(modifier_on=modifier_on))
    old, top = s.modifier, s.modifier_deck[0]
    s2, _, ev = rules.end_hand(s, replace(t, dealer=1 if dealer_changed else 0),
                               HandEnd(dealer_changed=dealer_changed, round_changed=round_changed))
    assert s2.modifier == (top if new else old)
    assert len(of(ev, "modifier")) == new


def test_1_4c_1_1_4c_2_one_modifier_in_play_the_old_one_is_discarded():
    s, t = game(EMPTY4)
    old = s.modifier
    s, t, ev = rules.end_hand(s, replace(t, dealer=1), HandEnd(dealer_changed=True))
    assert of(ev, "modifier")[0]["replaced"] == old and s.modifier_discard == (old,)
    assert sorted(s.all_modifiers()) == sorted(m for c in s.choices for m in c.modifiers)


def test_1_4c_2_an_empty_modifier_deck_is_refilled_from_its_discard():
    s, t = game(EMPTY4)
    s = replace(s, modifier="mod-1", modifier_deck=(), modifier_discard=("mod-2",))
    s, t, ev = rules.end_hand(s, replace(t, dealer=1), HandEnd(dealer_changed=True))
    assert s.modifier == "mod-2" and s.modifier_discard == ("mod-1",) and s.modifier_deck == ()
    assert of(ev, "deck_reshuffled")[0]["deck"] == "modifier"


@pytest.mark.parametrize(("character", "applies"), [("red", True), ("white", False), ("green", False)])
def test_1_4d_modifier_colour_bonus_applies_to_matching_characters(character, applies):
    s, _ = game(EMPTY4, chars=f"S: {character}")
    assert s.bonus_applies(CAT.card("mod-1"), seat("S")) is applies
    assert s.bonus_applies(CAT.card("mod-2"), seat("S")) is False  # no colour, no bonus


def test_1_4b_modifiers_are_not_played_and_never_reach_a_hand():
    s, t, _ = started(4)
    assert all(s.card(c).type is not CardType.MODIFIER for h in s.hands for c in h)
    assert all(CAT.card(m).type is CardType.MODIFIER for m in s.all_modifiers())
    refused(s, t, play("E", "mod-1"), "not_in_hand")


# -- 1.5 Negate -------------------------------------------------------------------------------------------------


def test_1_5a_1_negate_only_with_sub_priority():
    s, t = game("E: negate | S: negate | W: - | N: -")
    refused(s, t, play("E", "negate"), "out_of_timing")  # main priority is not enough
    s, t = game("E: act-b | S: negate | W: - | N: -")
    s, t, _ = run(s, t, play("E", "act-b"))
    refused(s, t, play("S", "negate"), "not_your_turn")  # East holds sub-priority (2.7b)


def test_1_5a_2_after_a_negate_sub_priority_passes_on():
    s, t = game("E: act-b | S: negate | W: - | N: -")
    s, t, ev = run(s, t, play("E", "act-b"), pass_("E"), play("S", "negate"))
    assert s.holder == ("sub", seat("W")) and ev[-1] == {"type": "sub_priority", "player": W}


def test_1_5b_1_5c_negated_card_is_discarded_and_its_effect_does_not_occur():
    s, t = game("E: act-a | S: negate | W: - | N: -")
    s, t, ev = run(s, t, play("E", "act-a"), pass_("E"), play("S", "negate"), passes("W N E S"))
    assert of(ev, "negated") == [{"type": "negated", "card": "act-a", "player": E, "by": S}]
    assert not of(ev, "occurs") and hand(s, "E") == []
    assert sorted(s.cards[c] for c in s.discard) == ["act-a", "negate"]
    assert s.holder == ("main", seat("S"))  # East still passed priority (1.1d)


def test_1_5d_action_negate_negate_action_happens():
    """The rule's example: East plays an Action, South a Negate, East a Negate: the Action's effect applies."""
    s, t = game("E: act-a negate | S: negate | W: - | N: -")
    s, t, ev = run(s, t, play("E", "act-a"), pass_("E"), play("S", "negate"), passes("W N"), play("E", "negate"),
                   passes("S W N E"))
    assert of(ev, "negated") == [{"type": "negated", "card": "negate", "player": S, "by": E}]
    assert of(ev, "occurs") == [{"type": "occurs", "player": E, "card": "act-a", "bonus": False}]
    assert hand(s, "E") == ["act-b"] and sorted(s.cards[c] for c in s.discard) == ["act-a", "negate", "negate"]


@pytest.mark.parametrize("negates", [1, 2, 3, 4, 5])
def test_1_5d_chains_resolve_newest_first(negates):
    """An odd number of Negates negates the Action; an even number lets it happen."""
    s, t = game("E: act-a negate negate | S: negate negate negate | W: - | N: -")
    s, t, _ = run(s, t, play("E", "act-a"))
    for i in range(negates):
        who = "SE"[i % 2]
        while s.holder != ("sub", seat(who)):
            s, t, _ = run(s, t, pass_("ESWN"[s.holder[1]]))
        s, t, _ = run(s, t, play(who, "negate"))
    s, t, ev = pass_sub(s, t)
    assert len(of(ev, "negated")) == (negates + 1) // 2
    assert bool(of(ev, "occurs")) is (negates % 2 == 0)
    assert s.priority.sub is None and sorted(s.all_cards()) == list(range(len(s.cards)))


def test_1_5e_a_negate_knows_whose_card_it_negates():
    s, t = game("E: act-b | S: negate | W: negate | N: -")
    s, t, ev = run(s, t, play("E", "act-b"), pass_("E"), play("S", "negate"))
    assert of(ev, "played")[-1] == {"type": "played", "player": S, "card": "negate", "negates": "act-b",
                                        "owner": E}
    s, t, ev = run(s, t, play("W", "negate"))
    assert (of(ev, "played")[0]["negates"], of(ev, "played")[0]["owner"]) == ("negate", S)  # South's card


@pytest.mark.parametrize(("moves", "paid"), [
    (["pE", "S"], 1000),  # South negates East's card: South pays East
    (["E"], 0),  # East negates their own card: no one to pay
    (["pE", "S", "pW", "pN", "E"], 0),  # South's Negate is negated before it can negate: it never negated
], ids=["other", "own", "negated-negate"])
def test_1_5e_bribery_makes_the_negating_player_pay(moves, paid):
    s, t = game("E: act-b negate | S: negate | W: - | N: -", in_play="E: stk-bribe")
    s, t, _ = run(s, t, play("E", "act-b"))
    for m in moves:
        s, t, _ = run(s, t, pass_(m[1]) if m.startswith("p") else play(m, "negate"))
    s, t, _ = pass_sub(s, t)
    assert t.points[:2] == (25000 + paid, 25000 - paid) and sum(t.points) == 100000


# -- 1.6 Stock -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("holder", "drawn"), [("S", False), ("E", True), (None, False)])
def test_1_6a_stock_only_by_the_active_player_with_priority_before_the_draw(holder, drawn):
    s, t = game("E: stk-hand | S: stk-hand | W: - | N: -", holder=holder, drawn=drawn)
    refused(s, t, play(holder or "E", "stk-hand"), "out_of_timing")


def test_1_6b_1_6b_1_stock_stays_in_play_while_active_then_is_discarded():
    s, t = game("E: stk-hand | S: - | W: - | N: -")
    s, t, ev = run(s, t, play("E", "stk-hand"), passes("E S W N"))
    assert of(ev, "in_play") == [{"type": "in_play", "player": E, "card": "stk-hand", "lasts": "hand"}]
    assert in_play(s) == [(E, "stk-hand")] and not s.discard
    s, t, ev = rules.end_hand(s, t, HandEnd())
    assert not s.stocks and [s.cards[c] for c in s.discard] == ["stk-hand"]


RON_E_DEALS_IN = HandEnd(winners=(S,), loser=E, payers=(E,), exchange=True)
RON_W_DEALS_IN = HandEnd(winners=(S,), loser=W, payers=(W,), exchange=True)
RON_E_WINS = HandEnd(winners=(E,), loser=S, payers=(S,), exchange=True)
TSUMO_S = HandEnd(winners=(S,), payers=(E, W, N), exchange=True)


@pytest.mark.parametrize(("card", "end", "ends"), [
    ("stk-hand", HandEnd(), True),
    ("stk-hand", RON_W_DEALS_IN, True),
    ("stk-deal", RON_E_DEALS_IN, True),
    ("stk-deal", RON_W_DEALS_IN, False),
    ("stk-deal", TSUMO_S, False),
    ("stk-deal", HandEnd(), False),
    ("stk-win", RON_E_WINS, True),
    ("stk-win", TSUMO_S, False),
    ("stk-win", HandEnd(), False),
    ("stk-none", HandEnd(), True),  # 1.6c.3
    ("stk-none", RON_E_WINS, True),
])
def test_1_6c_1_1_6c_3_active_time_phrases_end_stocks_at_the_right_hand_end(card, end, ends):
    s, t = game(EMPTY4, in_play=f"E: {card}")
    s, t, ev = rules.end_hand(s, replace(t, dealer=1), end)  # South deals next: East's turn does not begin
    assert (in_play(s) == []) is ends and len(of(ev, "stock_ended")) == ends


def test_1_6c_1_your_next_turn_ends_when_that_players_turn_begins():
    s, t = game(EMPTY4, in_play="E: stk-turn", holder=None)
    for who in "SWN":
        s, t, _ = run(s, t, Next(E))
        s, t, _ = pass_all(s, t)
        assert in_play(s) == [(E, "stk-turn")] and s.active == seat(who)
    s, t, ev = run(s, t, Next(E))
    assert in_play(s) == [] and of(ev, "stock_ended")[0]["why"] == "next_turn"


def test_1_6c_1_your_next_turn_survives_a_hand_end_until_the_turn():
    s, t = game(EMPTY4, in_play="E: stk-turn", holder=None)
    s2, _, _ = rules.end_hand(s, replace(t, dealer=1), HandEnd(dealer_changed=True))
    assert in_play(s2) == [(E, "stk-turn")]
    s3, _, _ = rules.end_hand(s, t, HandEnd())  # East deals again: their turn begins
    assert in_play(s3) == []


@pytest.mark.parametrize("who", [E, S])  # the owner, or the host (East) for another player's card
def test_1_6c_2_applies_stock_ends_when_a_player_ends_it(who):
    s, t = game(EMPTY4, in_play="S: stk-applies")
    number = s.stocks[0].card
    s, t, ev = run(s, t, EndEffect(who, number))
    assert not s.stocks and s.discard == (number,) and of(ev, "stock_ended")[0]["why"] == "ended"


def test_1_6c_2_end_effect_refusals():
    s, t = game(EMPTY4, in_play="S: stk-applies")
    refused(s, t, EndEffect(W, s.stocks[0].card), "not_yours")
    refused(s, t, EndEffect(S, s.stocks[0].card + 1), "not_in_play")


@pytest.mark.parametrize("ends_with_hand", [True, False])
def test_1_6c_2_applies_ends_with_hand_option(ends_with_hand):
    s, t = game(EMPTY4, in_play="E: stk-applies", options=ChaosOptions(applies_ends_with_hand=ends_with_hand))
    s, t, _ = rules.end_hand(s, replace(t, dealer=1), HandEnd())
    assert (in_play(s) == []) is ends_with_hand


def test_1_6_negated_stock_never_enters_play():
    s, t = game("E: stk-hand | S: negate | W: - | N: -")
    s, t, ev = run(s, t, play("E", "stk-hand"), pass_("E"), play("S", "negate"), passes("W N E S"))
    assert not s.stocks and not of(ev, "in_play") and len(s.discard) == 2


def test_1_6a_a_stock_stays_in_play_for_the_player_who_played_it():
    s, t = game("E: stk-hand | S: - | W: - | N: stk-hand", active="N", holder="N")
    s, t, _ = run(s, t, play("N", "stk-hand"), passes("N E S W"))
    assert in_play(s) == [(N, "stk-hand")]
