"""Seed 004, "Game sequence" steps 1-10, "Comment" (tier points) and "Comment 2" (prizes), with the rulings of
docs/rulings.md where the text is loose. Positions are dealt by `new_game` and then crafted (notation.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from engine.ginjontan.cards import parse_cards
from engine.ginjontan.moves import (
    Act,
    AskCards,
    Call,
    Evaluate,
    Exchange,
    Give,
    Join,
    Leave,
    SetAside,
    Start,
    Swap,
    Trim,
)
from engine.ginjontan.options import ROUND_CHOICES, GinjontanOptions
from engine.ginjontan.rating import prizes as prize_transfers
from engine.ginjontan.rating import tier_points
from engine.ginjontan.rules import apply, legal_moves, new_game, new_lobby, standings, view_for
from engine.ginjontan.scoring import score_hand
from engine.ginjontan.state import Phase
from tests.engine.ginjontan.notation import (
    assert_full_set,
    c,
    cards,
    combination_table,
    duel_table,
    evaluation_table,
    hand,
    names,
    refused,
    reserve,
    run,
    run_events,
    table,
)

COMMON = GinjontanOptions()
PERSONAL = GinjontanOptions(deck="personal")


def nine(symbol: str, start: int = 1, colour: str = "w") -> str:
    """Nine cards of one symbol and colour with consecutive copy numbers: `nine("water")` = w1water .. w9water."""
    return " ".join(f"{colour}{k}{symbol}" for k in range(start, start + 9))


def points(state, player: int) -> int:
    return state.seat(player).points


def hand_score(text: str) -> int:
    return score_hand(parse_cards(text)).points


# -- step 1 ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [COMMON, PERSONAL], ids=["common", "personal"])
@pytest.mark.parametrize("players", [2, 5])
def test_step_1_each_player_receives_9_cards_to_hand_and_9_to_reserve(options, players):
    state = new_game(options, list(range(1, players + 1)), seed=3)
    assert state.phase is Phase.SWAP and state.round == 1
    for seat in state.seats:
        assert len(seat.hand) == 9 and len(seat.reserve) == 9 and not seat.active and not seat.unfolded
    assert Counter(state.waiting) == Counter((p, "swap") for p in state.players)


def test_step_1_common_deck_is_the_full_set():
    """Rulings 1: the common deck is the full set of 6,237 cards, shuffled from the game's seed."""
    state = new_game(COMMON, [1, 2, 3], seed=3)
    assert_full_set(state)
    assert len(state.deck) == 6237 - 3 * 18
    assert new_game(COMMON, [1, 2, 3], seed=3) == state
    assert new_game(COMMON, [1, 2, 3], seed=4).seats[0].hand != state.seats[0].hand


def test_step_1_personal_decks_of_33_cards_drafted_from_collections():
    """Rulings 1, Comment 2: 33 cards drafted at random from a collection; one under 33 is topped up."""
    big = tuple(range(100, 140))
    small = cards("w1sun w2sun r3moon")
    state = new_game(PERSONAL, [1, 2, 3], seed=3, collections={1: big, 2: small})
    own = {s.player: s.own for s in state.seats}
    assert all(len(o) == 33 == len(set(o)) for o in own.values())
    assert set(own[1]) <= set(big)
    assert set(small) <= set(own[2])
    for seat in state.seats:
        assert len(seat.deck) == 33 - 18
        assert sorted([*seat.hand, *seat.reserve, *seat.deck.cards()]) == sorted(seat.own)


# -- step 2 ----------------------------------------------------------------------------------------------------------

def test_step_2_exchange_whole_hand_with_reserve():
    state = new_game(COMMON, [1, 2], seed=3)
    before = state.seat(1)
    state = run(state, Swap(1, True))
    assert state.seat(1).hand == before.reserve and state.seat(1).reserve == before.hand
    assert state.waiting == ((2, "swap"),)


def test_step_2_keeping_the_hand():
    state = new_game(COMMON, [1, 2], seed=3)
    kept = run(state, Swap(2, False))
    assert kept.seat(2).hand == state.seat(2).hand and kept.waiting == ((1, "swap"),)


def test_step_2_another_exchange_is_not_possible():
    """"If he do so, another exchange is not possible": the whole-hand swap is decided once."""
    state = run(new_game(COMMON, [1, 2], seed=3), Swap(1, True))
    refused(state, Swap(1, True), "not_your_turn")


def test_step_2_then_step_3_everyone_sets_cards_aside():
    state = new_game(COMMON, [1, 2, 3], seed=3)
    state = run(state, Swap(1, False), Swap(2, True), Swap(3, False))
    assert state.phase is Phase.SETUP
    assert sorted(state.waiting) == [(1, "aside"), (2, "aside"), (3, "aside")]


# -- step 3 ----------------------------------------------------------------------------------------------------------

def setup_table(**kw):
    """Step 3 for two players: the order is 1, 2 (player 1's reserve turns the higher values, 3.1)."""
    return table({1: {"hand": nine("water"), "reserve": nine("sun", colour="v")},
                  2: {"hand": nine("air"), "reserve": nine("fire")}},
                 draw="y1moon y2moon y3moon y4moon y5moon y6moon", phase=Phase.SWAP,
                 waiting=((1, "swap"), (2, "swap")), **kw)


def test_step_3_each_player_chooses_3_cards_for_unfolding_and_sets_them_aside():
    state = run(setup_table(), Swap(1, False), Swap(2, False))
    state = run(state, SetAside(1, cards("w1water w5water w9water")))
    assert names(state.seat(1).active) == "w1water w5water w9water"
    assert len(state.seat(1).hand) == 6 and state.waiting == ((2, "aside"),)


@pytest.mark.parametrize("chosen, code", [("w1water w2water", "count"), ("w1water w2water w3water w4water", "count"),
                                          ("w1water w2water w1air", "not_yours"),
                                          ("w1water w1water w2water", "not_yours")])
def test_step_3_exactly_3_cards_from_the_hand(chosen, code):
    state = run(setup_table(), Swap(1, False), Swap(2, False))
    ids = tuple(c(x) for x in chosen.split())  # may repeat a card
    refused(state, SetAside(1, ids), code)


def reserve_order_table(reserves: dict[int, str], seed: int = 1):
    """Step 2 ending for the seats of `reserves` (in that order), with the given reserves; after everybody
    keeps their hand, step 3.1 turns reserve cards."""
    hands = ["water", "air", "night", "earth"]
    seats = {p: {"hand": nine(hands[i]), "reserve": r} for i, (p, r) in enumerate(reserves.items())}
    state = table(seats, seed=seed, phase=Phase.SWAP, waiting=tuple((p, "swap") for p in reserves))
    return run(state, *(Swap(p, False) for p in reserves))


def test_step_3_1_player_with_card_with_highest_value_begins():
    """3.1: everyone turns a random reserve card; the order is by value, highest first (rulings)."""
    state = reserve_order_table({1: nine("fire"), 2: nine("sun", colour="v"), 3: nine("moon", colour="o")})
    assert state.order == (2, 3, 1)
    turned = {p: rest for p, *rest in state.turned}
    assert all(len(turned[p]) == 1 and turned[p][0] in state.seat(p).reserve for p in (1, 2, 3))


def test_step_3_1_in_case_of_matching_another_card_is_turned():
    """3.1: players tied turn another card, among themselves; one who can't turn any more goes after."""
    state = reserve_order_table({1: "w9fire", 2: "w1sun w3path", 3: "w1fire"})
    turned = {p: rest for p, *rest in state.turned}
    assert names(turned[1]) == "w9fire" and names(turned[2]) == "w1sun w3path" and names(turned[3]) == "w1fire"
    assert state.order == (2, 1, 3)


def test_step_3_1_ties_that_nobody_can_turn_again_keep_seat_order():
    state = reserve_order_table({3: "w9fire", 1: "w1sun", 2: "w3path"})
    assert state.order == (3, 1, 2)


def test_step_3_1_a_tie_is_decided_by_the_next_card():
    """Player 2 always turns a 9 first; player 1 a 9 or an 18. Whenever both turned 9, both turned again."""
    ties = 0
    for seed in range(12):
        state = reserve_order_table({1: "w9fire w2sun", 2: "w1sun w3path"}, seed=seed)
        turned = {p: rest for p, *rest in state.turned}
        assert state.order == (1, 2)
        if turned[1][0] == c("w9fire"):
            ties += 1
            assert names(turned[1]) == "w2sun w9fire" and names(turned[2]) == "w1sun w3path"
        else:
            assert len(turned[1]) == len(turned[2]) == 1
    assert 0 < ties < 12


def test_step_3_2_starting_player_unfolds_three_cards_and_draws_another_three():
    """3.2: the active player unfolds the cards set aside and draws three; rulings: the second player too."""
    state = run(setup_table(), Swap(1, False), Swap(2, False))
    state, events = run_events(state, SetAside(1, cards("w1water w2water w3water")),
                               SetAside(2, cards("w1air w2air w3air")))
    assert state.phase is Phase.DUEL and state.duel.active == 1 and state.duel.opponent == 2
    assert names(state.seat(1).unfolded) == "w1water w2water w3water"
    assert names(state.seat(2).unfolded) == "w1air w2air w3air"
    assert hand(state, 1) == "w4water w5water w6water w7water w8water w9water y1moon y2moon y3moon"
    assert hand(state, 2) == "w4air w5air w6air w7air w8air w9air y4moon y5moon y6moon"
    assert state.waiting == ((1, "act"),)
    assert [e["type"] for e in events].count("drew") == 2


# -- step 3.3: the duel ------------------------------------------------------------------------------------------------

DUEL = {1: {"hand": nine("water"), "reserve": "w10water w11water", "unfolded": "w1righteous r3moon g2sun"},
        2: {"hand": nine("air"), "reserve": "w10air", "unfolded": "v33prisoner r2life g6path"}}


def test_step_3_3_starting_player_acts_first_then_the_second_player():
    state = duel_table(DUEL)
    refused(state, Act(2, c("r2life"), c("r3moon")), "not_your_turn")
    state = run(state, Act(1, c("w1righteous"), c("v33prisoner")))
    assert state.waiting == ((2, "act"),)
    state = run(state, Act(2, c("r2life"), c("r3moon")))
    assert state.waiting == ((1, "act"),)


def test_step_3_3_both_players_add_points_of_winning_and_losing_cards():
    """3.3: "both players adds points of added value of their winning and opponent loosing cards": the owner of
    the winning card gains both values, whoever acted."""
    state = run(duel_table(DUEL), Act(1, c("w1righteous"), c("v33prisoner")))  # Judge Prisoner!
    assert points(state, 1) == 9 + 3 * 33 * 99 == 9810 and points(state, 2) == 0
    state = run(state, Act(2, c("r2life"), c("r3moon")))  # player 2 acts, player 1's Moon wins by value
    assert points(state, 1) == 9810 + 81 + 72 and points(state, 2) == 0
    assert [(x.actor, x.winner, x.points) for x in state.duel.clashes] == [
        (1, c("w1righteous"), 9810), (2, c("r3moon"), 153)]


def test_step_3_3_used_cards_go_to_deck_unused_to_reserve():
    """Rulings 3.3: a losing card goes under its owner's deck; a winning card goes to its owner's reserve."""
    state = run(duel_table(DUEL), Act(1, c("w1righteous"), c("v33prisoner")))
    assert state.deck.cards()[-1] == c("v33prisoner")
    assert reserve(state, 1) == "w10water w11water w1righteous"
    assert reserve(state, 2) == "w10air"


def test_step_3_3_standoff_gives_nothing_and_both_cards_are_unused():
    state = duel_table(DUEL)
    state = run(state, Act(1, c("w1righteous"), c("v33prisoner")), Act(2, c("r2life"), c("r3moon")))
    state = run(state, Act(1, c("g2sun"), c("g6path")))  # 9 x 2 x 15 = 3 x 6 x 15
    assert points(state, 1) == 9810 + 153 and points(state, 2) == 0
    assert reserve(state, 1) == "g2sun r3moon w10water w11water w1righteous"
    assert reserve(state, 2) == "g6path w10air"
    assert state.duel.clashes[-1].winner is None
    assert state.deck.cards()[-2:] == cards("v33prisoner r2life")


def test_step_3_3_repeats_while_there_is_something_to_evaluate():
    """3.3: "previous repeat so long, while is something to evaluate"; cards left without a clash are unused."""
    seats = {1: {**DUEL[1], "unfolded": "w1righteous r3moon g2sun"}, 2: {**DUEL[2], "unfolded": "v33prisoner"}}
    state = run(duel_table(seats), Act(1, c("w1righteous"), c("v33prisoner")))
    assert state.duel.acting_over and not state.seat(1).unfolded
    assert reserve(state, 1) == "g2sun r3moon w10water w11water w1righteous"
    assert points(state, 1) == 9810


@pytest.mark.parametrize("player, acting, target, code", [
    (1, "r2life", "v33prisoner", "not_unfolded"),  # the opponent's card
    (1, "w1water", "v33prisoner", "not_unfolded"),  # a hand card
    (1, "w1righteous", "r3moon", "bad_target"),  # your own card
    (1, "w1righteous", "w1air", "bad_target"),  # a hand card of the opponent
    (2, "r2life", "r3moon", "not_your_turn"),
    (3, "r2life", "r3moon", "not_seated"),
])
def test_step_3_3_refusals(player, acting, target, code):
    refused(duel_table(DUEL), Act(player, c(acting), c(target)), code)


def test_step_3_3_the_acting_card_wins_a_mutual_pair():
    seats = {1: {**DUEL[1], "unfolded": "w1path"}, 2: {**DUEL[2], "unfolded": "v33abyss"}}
    state = run(duel_table(seats), Act(1, c("w1path"), c("v33abyss")))
    assert points(state, 1) == 3 + 3 * 33 * 99 and points(state, 2) == 0


def full_reserve(colour: str = "v") -> str:
    """33 reserve cards."""
    return " ".join(f"{colour}{k}{s}" for s in ("fire", "water", "air") for k in range(1, 12))


def test_step_3_3_reserve_over_33_its_player_chooses_what_goes_to_deck():
    seats = {1: {**DUEL[1], "reserve": full_reserve(), "unfolded": "w1righteous"},
             2: {**DUEL[2], "unfolded": "v33prisoner"}}
    state = run(duel_table(seats), Act(1, c("w1righteous"), c("v33prisoner")))
    assert len(state.seat(1).reserve) == 34
    assert state.waiting == ((1, "trim"), (2, "aside"))  # before anything else (3.4, 3.5)
    refused(state, Trim(1, cards("v1fire v2fire")), "count")
    refused(state, Trim(1, cards("w1water")), "not_yours")
    state = run(state, Trim(1, cards("v5air")))
    assert len(state.seat(1).reserve) == 33 and "v5air" not in reserve(state, 1)
    assert state.deck.cards()[-1] == c("v5air")
    assert (1, "exchange3") in state.waiting


def test_step_3_3_the_second_player_trims_too():
    seats = {1: {**DUEL[1], "unfolded": "w1fire"}, 2: {**DUEL[2], "reserve": full_reserve(), "unfolded": "w2fire"}}
    state = run(duel_table(seats), Act(1, c("w1fire"), c("w2fire")))  # player 2's card wins by value
    assert len(state.seat(2).reserve) == 34 and (2, "trim") in state.waiting
    state = run(state, Trim(2, cards("v1fire")))
    assert (2, "aside") in state.waiting and (2, "exchange3") not in state.waiting


BLACK_HOLE_DUEL = {1: {"hand": nine("water"), "reserve": "w10water w11water", "unfolded": "w1bh r3moon"},
                   2: {"hand": nine("air"), "reserve": "w10air w11air w12air", "unfolded": "v33supernova r2life"}}


def test_step_3_3_black_hole_when_used_both_opponents_lose_their_reserves():
    """Black hole: "When used, both opponents loses their reserves" (rulings: both duellists' reserves go under
    their decks); the Black hole itself is a winning card and goes to the reserve."""
    state = run(duel_table(BLACK_HOLE_DUEL), Act(1, c("w1bh"), c("v33supernova")))
    assert points(state, 1) == 33 + 33 * 33 * 99
    assert reserve(state, 1) == "w1blackhole" and reserve(state, 2) == ""
    assert names(state.deck.cards()[-6:]) == "v33supernova w10air w10water w11air w11water w12air"


def test_step_3_3_black_hole_acted_on_also_wins_and_empties_reserves():
    state = run(duel_table(BLACK_HOLE_DUEL, waiting=((1, "act"),)), Act(1, c("r3moon"), c("r2life")))
    state = run(state, Act(2, c("v33supernova"), c("w1bh")))
    assert points(state, 1) == 81 + 72 + 33 + 33 * 33 * 99 and points(state, 2) == 0
    assert reserve(state, 2) == "" and "w1blackhole" in reserve(state, 1)


@pytest.mark.parametrize("acting_player", [1, 2])
def test_step_3_3_black_hole_option_opponent_cancels_only_the_opponent_reserve(acting_player):
    """Option `black_hole=opponent` ("cancel opponent reserve"): the Black hole's owner keeps their reserve,
    whether the Black hole acted or was acted on."""
    options = GinjontanOptions(black_hole="opponent")
    state = duel_table(BLACK_HOLE_DUEL, options=options)
    if acting_player == 1:
        state = run(state, Act(1, c("w1bh"), c("v33supernova")))
    else:
        state = run(state, Act(1, c("r3moon"), c("r2life")), Act(2, c("v33supernova"), c("w1bh")))
    assert reserve(state, 2) == ""
    assert {"w10water", "w11water", "w1blackhole"} <= set(reserve(state, 1).split())


def test_step_3_3_winners_to_deck_option():
    """Option `winners_to=deck`: the winning card is used too and goes under its owner's deck."""
    state = run(duel_table(DUEL, options=GinjontanOptions(winners_to="deck")),
                Act(1, c("w1righteous"), c("v33prisoner")))
    assert state.deck.cards()[-2:] == cards("v33prisoner w1righteous")
    assert reserve(state, 1) == "w10water w11water" and points(state, 1) == 9810


def test_step_3_3_winners_to_deck_with_personal_decks_goes_to_each_owners_deck():
    options = GinjontanOptions(deck="personal", winners_to="deck")
    seats = {1: {"hand": nine("water"), "reserve": "w10water", "unfolded": "w1righteous", "deck": "w1moon"},
             2: {"hand": nine("air"), "reserve": "w10air", "unfolded": "v33prisoner", "deck": "w2moon"}}
    state = run(duel_table(seats, options=options), Act(1, c("w1righteous"), c("v33prisoner")))
    assert state.seat(1).deck.cards() == cards("w1moon w1righteous")
    assert state.seat(2).deck.cards() == cards("w2moon v33prisoner")


def test_step_3_3_black_hole_against_the_same_black_hole_of_another_personal_deck_the_actor_wins():
    """Rulings 3.3: "If both do (Path and Abyss, or two Black holes), the card that acts wins". Personal decks
    are drafted per player (`draft` tops up from the full set at random), so both may own "v1bh"."""
    seats = {1: {"hand": nine("water"), "reserve": "w10water", "unfolded": "v1bh", "deck": nine("fire")},
             2: {"hand": nine("air"), "reserve": "w10air", "unfolded": "v1bh", "deck": nine("night")}}
    state = run(duel_table(seats, options=PERSONAL), Act(1, c("v1bh"), c("v1bh")))
    assert points(state, 1) == 2 * 33 * 99 and points(state, 2) == 0
    assert reserve(state, 1) == "v1blackhole"


# -- 3.4, 3.5 ----------------------------------------------------------------------------------------------------------

def after_duel():
    """The first duel of DUEL played out: player 1 (active) may exchange (3.4), player 2 sets cards aside."""
    state = duel_table(DUEL, draw="y1moon y2moon y3moon y4moon y5moon y6moon")
    state = run(state, Act(1, c("w1righteous"), c("v33prisoner")), Act(2, c("r2life"), c("r3moon")),
                Act(1, c("g2sun"), c("g6path")))
    assert sorted(state.waiting) == [(1, "exchange3"), (2, "aside")]
    return state


def test_step_3_4_starting_player_could_exchange_up_to_three_cards_between_hand_and_reserve():
    state = run(after_duel(), Exchange(1, cards("w1water w2water w3water"), cards("w1righteous r3moon g2sun")))
    assert "w1righteous" in hand(state, 1) and "w1water" in reserve(state, 1)
    assert len(state.seat(1).hand) == 9


def test_step_3_4_no_exchange_is_an_exchange_of_none():
    state = run(after_duel(), Exchange(1))
    assert state.seat(1).hand == after_duel().seat(1).hand and (1, "aside") in state.waiting


@pytest.mark.parametrize("give, take, code", [
    ("w1water w2water w3water w4water", "w1righteous r3moon g2sun w10water", "too_many"),
    ("w1water w2water", "w1righteous", "uneven"),
    ("w1air", "w1righteous", "not_yours"),
    ("w1water", "w10air", "not_yours"),
])
def test_step_3_4_refusals(give, take, code):
    refused(after_duel(), Exchange(1, cards(give), cards(take)), code)


def test_step_3_4_is_the_starting_players_only():
    refused(after_duel(), Exchange(2, cards("w1air"), cards("w10air")), "wrong_step")


def test_step_3_5_starting_player_chooses_three_new_active_cards():
    """3.5 for the active player; rulings 3: the second player also sets 3 aside when they unfold again."""
    state = run(after_duel(), Exchange(1))
    assert sorted(state.waiting) == [(1, "aside"), (2, "aside")]
    state = run(state, SetAside(1, cards("w4water w5water w6water")), SetAside(2, cards("w4air w5air w6air")))
    assert state.duel_index == 1 and state.duel.active == 2 and state.duel.opponent == 1  # 3.7: (2, 1)
    assert names(state.seat(2).unfolded) == "w4air w5air w6air" and state.waiting == ((2, "act"),)
    assert "y1moon" in hand(state, 2) and "y4moon" in hand(state, 1)  # 3.2: the active player draws first


def test_step_3_5_only_a_player_who_unfolds_again_sets_cards_aside():
    """Three players, `duels=once`: after (1, 2) both duel again; after the round's last duel nobody does."""
    seats = {**DUEL, 3: {"hand": nine("night"), "reserve": "w10night", "active": "w1earth w2earth w3earth"}}
    state = duel_table(seats, schedule=((1, 2), (1, 3), (2, 3)), options=GinjontanOptions(duels="once"))
    state = run(state, Act(1, c("w1righteous"), c("v33prisoner")), Act(2, c("r2life"), c("r3moon")),
                Act(1, c("g2sun"), c("g6path")), Exchange(1))
    assert sorted(state.waiting) == [(1, "aside"), (2, "aside")]
    state = last_duel()
    assert state.phase is Phase.EXCHANGE and not state.seat(1).active and not state.seat(2).active


# -- 3.6, 3.7: who duels whom --------------------------------------------------------------------------------------

FOUR = {1: nine("fire"), 2: nine("sun", colour="v"), 3: nine("moon", colour="r"), 4: nine("moon", colour="b")}


def play_duels(state):
    """Play step 3 to 3.7 with the first legal move of whoever is waited for; the duels in the order played."""
    duels = []
    while state.phase in (Phase.SETUP, Phase.DUEL):
        player, _ = state.waiting[0]
        state, events = run_events(state, legal_moves(state, player)[0])
        duels += [(e["active"], e["opponent"]) for e in events if e["type"] == "duel"]
    return state, duels


def test_step_3_6_and_3_7_every_player_duels_every_other_player():
    """3.6: the starting player duels every other player in the 3.1 order; 3.7: then the second one does, and
    so on (rulings: `duels=every`, n(n-1) duels, each starting with the player after the active one)."""
    state = reserve_order_table(FOUR)
    assert state.order == (2, 4, 3, 1)
    expected = [(2, 4), (2, 3), (2, 1), (4, 3), (4, 1), (4, 2), (3, 1), (3, 2), (3, 4), (1, 2), (1, 4), (1, 3)]
    assert list(state.schedule) == expected
    state, duels = play_duels(state)
    assert duels == expected and state.phase is Phase.EXCHANGE


def test_step_3_6_duels_once_option_each_pair_duels_once():
    options = GinjontanOptions(duels="once")
    hands = ["water", "air", "night", "earth"]
    seats = {p: {"hand": nine(hands[p - 1]), "reserve": r} for p, r in FOUR.items()}
    state = table(seats, options=options, phase=Phase.SWAP, waiting=tuple((p, "swap") for p in FOUR))
    state = run(state, *(Swap(p, False) for p in FOUR))
    expected = [(2, 4), (2, 3), (2, 1), (4, 3), (4, 1), (3, 1)]
    assert list(state.schedule) == expected
    state, duels = play_duels(state)
    assert duels == expected and state.phase is Phase.EXCHANGE


def test_step_3_7_hands_are_back_to_9_after_the_last_duel():
    state, _ = play_duels(reserve_order_table(FOUR))
    assert all(len(s.hand) == 9 and not s.active and not s.unfolded for s in state.seats)


# -- steps 4 and 5 ---------------------------------------------------------------------------------------------------

def last_duel(p2_reserve: str = ""):
    """The round's only duel, player 2's cards all losing (and, by default, an empty reserve)."""
    seats = {1: {"hand": nine("water"), "reserve": "w10water", "unfolded": "w1righteous"},
             2: {"hand": nine("air"), "reserve": p2_reserve, "unfolded": "v33prisoner"}}
    state = duel_table(seats, schedule=((1, 2),), options=GinjontanOptions(duels="once"))
    return run(state, Act(1, c("w1righteous"), c("v33prisoner")), Exchange(1))


def test_step_4_players_could_exchange_up_to_9_cards_if_they_have_enough_cards_there():
    """Rulings 4: everyone with cards in both hand and reserve exchanges 0-9 cards, at the same time."""
    state = last_duel()
    assert state.phase is Phase.EXCHANGE and state.waiting == ((1, "exchange9"),)  # 2's reserve is empty
    state = last_duel("w10air w11air")
    assert sorted(state.waiting) == [(1, "exchange9"), (2, "exchange9")]
    state = run(state, Exchange(2, cards("w1air w2air"), cards("w10air w11air")))
    assert reserve(state, 2) == "w1air w2air" and state.waiting == ((1, "exchange9"),)


def test_step_4_nine_cards_at_most():
    seats = {1: {"hand": nine("water"), "reserve": nine("sun") + " w10sun"}, 2: {"hand": nine("air"), "reserve": ""}}
    state = table(seats, phase=Phase.EXCHANGE, order=(1, 2), waiting=((1, "exchange9"),))
    ten = Exchange(1, cards(nine("water") + " w10water"), cards(nine("sun") + " w10sun"))
    refused(state, ten, "too_many")
    state = run(state, Exchange(1, cards(nine("water")), cards(nine("sun"))))
    assert hand(state, 1) == names(cards(nine("sun")))


def refill_table(order=(1, 2, 3)):
    """Step 4 for three players: player 1's reserve is over 9, player 2's under, player 3's hand is short."""
    seats = {1: {"hand": nine("water"), "reserve": nine("sun") + " w10sun w11sun w12sun"},
             2: {"hand": nine("air"), "reserve": "w10air w11air w12air w13air w14air"},
             3: {"hand": "w1night w2night", "reserve": nine("earth")}}
    return table(seats, draw="y1moon y2moon y3moon y4moon y5moon y6moon y7moon y8moon y9moon", phase=Phase.EXCHANGE,
                 order=order, waiting=((1, "exchange9"), (2, "exchange9"), (3, "exchange9")))


def test_step_5_surplus_cards_over_9_return_to_deck_by_the_players_choice():
    state = run(refill_table(), Exchange(1), Exchange(2), Exchange(3))
    assert state.phase is Phase.REFILL and state.waiting == ((1, "surplus"),)
    refused(state, Trim(1, cards("w1sun w2sun")), "count")
    state = run(state, Trim(1, cards("w1sun w5sun w12sun")))
    assert len(state.seat(1).reserve) == 9 and names(state.deck.cards()[-3:]) == "w12sun w1sun w5sun"


def test_step_5_lesser_number_of_cards_they_take_cards_to_9():
    """5: reserves under 9 are filled from the deck; rulings: hands are not refilled."""
    state = run(refill_table(), Exchange(1), Exchange(2), Exchange(3), Trim(1, cards("w1sun w5sun w12sun")))
    assert reserve(state, 2) == names(cards("w10air w11air w12air w13air w14air y1moon y2moon y3moon y4moon"))
    assert hand(state, 3) == "w1night w2night" and len(state.seat(3).reserve) == 9
    assert state.phase is Phase.COMBINATION and state.waiting == ((1, "turn"),)


# -- step 6 ----------------------------------------------------------------------------------------------------------

THREE = {1: {"hand": nine("water"), "reserve": nine("water", 10)},
         2: {"hand": nine("air"), "reserve": nine("air", 10)},
         3: {"hand": nine("night"), "reserve": nine("night", 10)}}


def test_step_6_combination_round_starts_order_from_3_1_remains():
    state = run(refill_table(order=(3, 1, 2)), Exchange(1), Exchange(2), Exchange(3),
                Trim(1, cards("w1sun w5sun w12sun")))
    assert state.phase is Phase.COMBINATION and state.waiting == ((3, "turn"),)
    state = run(state, Call(3))
    assert state.waiting == ((1, "turn"),)
    state = run(state, Call(1))
    assert state.waiting == ((2, "turn"),)


def test_step_6_1a_gin_jon_tan_passes_round_to_next_player():
    state = run(combination_table(THREE), Call(1))
    assert state.seat(1).called and state.calls_in_row == 1 and state.waiting == ((2, "turn"),)


def test_step_6_1a_a_player_who_called_cannot_make_another_exchange_until_asked():
    """Rulings 6.1a: the bot says "Gin jon tan!" again for them at once."""
    state = run(combination_table(THREE), Call(1), Exchange(2, cards("w1air"), cards("w10air")))
    assert state.waiting == ((3, "turn"),)
    state, events = run_events(state, Exchange(3, cards("w1night"), cards("w10night")))
    assert [e for e in events if e["type"] == "call"] == [{"type": "call", "player": 1, "auto": True}]
    assert state.waiting == ((2, "turn"),) and state.calls_in_row == 1
    refused(state, Exchange(1, cards("w2water"), cards("w10water")), "not_your_turn")


@pytest.mark.parametrize("count", [1, 2, 3])
def test_step_6_1b_exchange_1_3_cards_in_hand_with_equal_in_reserve(count):
    give, take = nine("water").split()[:count], nine("water", 10).split()[:count]
    state = run(combination_table(THREE, calls_in_row=2), Exchange(1, cards(" ".join(give)), cards(" ".join(take))))
    assert set(take) <= set(hand(state, 1).split()) and set(give) <= set(reserve(state, 1).split())
    assert state.calls_in_row == 0 and state.waiting == ((2, "turn"),)


@pytest.mark.parametrize("give, take, code", [
    ("", "", "empty_exchange"),
    ("w1water w2water w3water w4water", "w10water w11water w12water w13water", "too_many"),
    ("w1water", "w10water w11water", "uneven"),
    ("w1air", "w10water", "not_yours"),
])
def test_step_6_1b_refusals(give, take, code):
    refused(combination_table(THREE), Exchange(1, cards(give), cards(take)), code)


def test_step_6_1c_ask_another_player_and_the_asked_player_picks():
    """6.1c; rulings: the asker gives 1-3 hand cards and names the source; the asked player chooses which
    cards to hand over; the asker's cards go where those came from."""
    state = run(combination_table(THREE), AskCards(1, 3, "reserve", cards("w1water w2water")))
    assert state.waiting == ((3, "give"),) and len(state.seat(1).hand) == 7
    refused(state, Give(3, cards("w10night")), "count")
    refused(state, Give(3, cards("w1night w2night")), "not_yours")  # hand cards, but the reserve was named
    state = run(state, Give(3, cards("w17night w18night")))
    assert "w17night" in hand(state, 1) and "w18night" in hand(state, 1) and len(state.seat(1).hand) == 9
    assert reserve(state, 3) == names(cards("w10night w11night w12night w13night w14night w15night w16night "
                                             "w1water w2water"))
    assert state.waiting == ((2, "turn"),) and state.ask is None


def test_step_6_1c_asking_from_hand():
    state = run(combination_table(THREE), AskCards(1, 2, "hand", cards("w9water")), Give(2, cards("w5air")))
    assert "w5air" in hand(state, 1) and "w9water" in hand(state, 2) and "w9water" not in hand(state, 1)


def test_step_6_1c_asking_nullifies_the_gin_jon_tan_limitation():
    """6.1a: "He cannot make another exchange until asked, what nullifies this limitation"."""
    state = run(combination_table(THREE, order=(2, 3, 1)), Call(2), AskCards(3, 2, "hand", cards("w1night")))
    state = run(state, Give(2, cards("w1air")))
    assert not state.seat(2).called and state.calls_in_row == 0
    state = run(state, Call(1))
    assert state.waiting == ((2, "turn"),)  # asked, player 2 moves again
    state = run(state, Exchange(2, cards("w2air"), cards("w10air")))
    assert state.waiting == ((3, "turn"),)


@pytest.mark.parametrize("target, source, give, code", [
    (1, "hand", "w1water", "bad_target"),
    (9, "hand", "w1water", "bad_target"),
    (2, "both", "w1water", "bad_source"),
    (2, "hand", "", "count"),
    (2, "hand", "w1water w2water w3water w4water", "count"),
    (2, "hand", "w1air", "not_yours"),
])
def test_step_6_1c_refusals(target, source, give, code):
    refused(combination_table(THREE), AskCards(1, target, source, cards(give)), code)


def test_step_6_1c_cannot_ask_for_more_cards_than_there_are():
    seats = {**THREE, 2: {"hand": nine("air"), "reserve": "w10air"}}
    refused(combination_table(seats), AskCards(1, 2, "reserve", cards("w1water w2water")), "count")


def test_step_6_2_round_ends_when_all_players_say_gin_jon_tan_without_interruption():
    state = run(combination_table(THREE), Call(1), Call(2))
    assert state.phase is Phase.COMBINATION
    state = run(state, Call(3))
    assert state.phase is Phase.EVALUATION and state.waiting == ((1, "reveal"),)


def test_step_6_2_an_exchange_interrupts_and_automatic_calls_count():
    state = run(combination_table(THREE), Call(1), Call(2), Exchange(3, cards("w1night"), cards("w10night")))
    assert state.calls_in_row == 2 and state.waiting == ((3, "turn"),)  # 1 and 2 called again by the bot
    state = run(state, Call(3))
    assert state.phase is Phase.EVALUATION


def test_step_6_2_an_ask_interrupts():
    state = run(combination_table(THREE), Call(1), Call(2), AskCards(3, 1, "reserve", cards("w1night")))
    state = run(state, Give(1, cards("w10water")))
    assert state.phase is Phase.COMBINATION and state.waiting == ((1, "turn"),)  # 1 was asked: unlocked
    assert state.calls_in_row == 0
    state = run(state, Call(1))
    assert state.waiting == ((3, "turn"),) and state.calls_in_row == 2  # 2's call was made by the bot


# -- step 7 ----------------------------------------------------------------------------------------------------------

RANKED = {1: {"hand": "w1sun w2sun", "points": 100, "round_start": 100},  # 54
          2: {"hand": "r1sun r3sun", "points": 200, "round_start": 150},  # 648
          3: {"hand": "w1moon w5moon w9moon", "points": 300, "round_start": 300}}  # 405
THREE_ROUNDS = GinjontanOptions(rounds=3)


def evaluate(seats, kat_oh=(), **kw):
    """Step 7 played out in the order, the players of `kat_oh` saying "Kat oh!"; by default in the last of three
    rounds, so that the points stay as evaluated."""
    kw.setdefault("round", 3)
    state = evaluation_table(seats, options=THREE_ROUNDS, **kw)
    for p in state.order:
        state = run(state, Evaluate(p, p in kat_oh))
    return state


def test_step_7_players_reveal_in_the_order_of_3_1():
    state = evaluation_table(RANKED, order=(2, 3, 1))
    assert state.waiting == ((2, "reveal"),)
    refused(state, Evaluate(1), "not_your_turn")
    state = run(state, Evaluate(2))
    assert state.waiting == ((3, "reveal"),) and state.seat(2).hand_points == 648


def test_step_7b_highest_combination_adds_others_deduct_second_1x_third_2x():
    assert (hand_score("w1sun w2sun"), hand_score("r1sun r3sun"), hand_score("w1moon w5moon w9moon")) == (54, 648, 405)
    state = evaluate(RANKED)
    assert points(state, 2) == 200 + 648
    assert points(state, 3) == 300 - 1 * 405
    assert points(state, 1) == 100 - 2 * 54


def test_step_7b_equal_points_share_the_better_place():
    seats = {1: {"hand": "w1sun w2sun", "points": 0}, 2: {"hand": "w1moon w2moon", "points": 0},
             3: {"hand": "w1fire w3fire", "points": 0}}  # 54, 54, 8
    state = evaluate(seats)
    assert [points(state, p) for p in (1, 2, 3)] == [54, 54, -2 * 8]
    seats = {1: {"hand": "r1sun r3sun", "points": 0}, 2: {"hand": "w1moon w2moon", "points": 0},
             3: {"hand": "w1sun w2sun", "points": 0}, 4: {"hand": "w1fire w3fire", "points": 0}}  # 648, 54, 54, 8
    state = evaluate(seats)
    assert [points(state, p) for p in (1, 2, 3, 4)] == [648, -54, -54, -3 * 8]


def test_step_7b_a_hand_without_combination_is_ranked_with_0():
    seats = {1: {"hand": "w1sun w3moon", "points": 10}, 2: {"hand": "w2sun w4sun", "points": 10}}
    state = evaluate(seats)
    assert points(state, 2) == 10 + 2 * (18 + 36) and points(state, 1) == 10
    assert state.seat(1).result == "shown" and state.seat(1).hand_points == 0


def test_step_7a_kat_oh_keeps_points_and_does_not_partake_in_evaluation():
    """7a: the Kat oh player keeps their points; the others are ranked without them."""
    state = evaluate(RANKED, kat_oh=(2,))
    assert points(state, 2) == 200
    assert points(state, 3) == 300 + 405 and points(state, 1) == 100 - 54
    assert state.seat(2).result == "kat oh"


def test_step_7a_kat_oh_lays_cards_symbols_down():
    """Rulings 7a: players see the hands shown before them; a Kat oh hand stays hidden."""
    state = evaluation_table(RANKED)
    state = run(state, Evaluate(1), Evaluate(2, kat_oh=True))
    other = {s["player"]: s for s in view_for(state, 3)["seats"]}
    assert other[1]["shown"] == list(cards("w1sun w2sun")) and "shown" not in other[2]
    assert other[2]["hand"] == 2  # a count only


def test_step_7_defeat_when_revealed_player_looses_round_and_points_gained_are_nullified():
    """Defeat: "he automatically looses this round and points gained in that round are immediately nullified";
    rulings: back to the points at the start of the round, not ranked, nothing deducted."""
    seats = {**RANKED, 2: {"hand": "r1sun r3sun w1defeat", "points": 200, "round_start": 150}}
    state = evaluate(seats)
    assert points(state, 2) == 150 and state.seat(2).result == "defeat"
    assert points(state, 3) == 300 + 405 and points(state, 1) == 100 - 54


def test_step_7_defeat_saying_kat_oh_gets_rid_of_it_safely():
    seats = {**RANKED, 2: {"hand": "r1sun r3sun w1defeat", "points": 200, "round_start": 150}}
    state = evaluate(seats, kat_oh=(2,))
    assert points(state, 2) == 200 and state.seat(2).result == "kat oh"


def test_step_3_3_defeat_unfolded_in_a_duel_clashes_with_value_0():
    seats = {1: {**DUEL[1], "unfolded": "r1defeat"}, 2: {**DUEL[2], "unfolded": "w1fire"}}
    state = run(duel_table(seats), Act(1, c("r1defeat"), c("w1fire")))  # Red beats White by colour
    assert points(state, 1) == 0 + 1 and state.deck.cards()[-1] == c("w1fire")


# -- steps 8, 9, 10 ----------------------------------------------------------------------------------------------------

def test_step_8_end_of_round_cards_are_shuffled_and_re_dealt():
    state = evaluate(RANKED, round=1)
    assert state.round == 2 and state.phase is Phase.SETUP
    assert sorted(state.waiting) == [(1, "aside"), (2, "aside"), (3, "aside")]  # step 2 is not repeated
    assert_full_set(state)
    for seat in state.seats:
        assert len(seat.hand) == 9 and len(seat.reserve) == 9
        assert seat.round_start == seat.points and seat.result == "" and seat.hand_points == 0
    assert [points(state, p) for p in (1, 2, 3)] == [100 - 108, 200 + 648, 300 - 405]
    assert state.deck.seed is not None and state.deck.drawn == 3 * 18 and not state.deck.bottom  # a new shuffle
    turned = {p: rest for p, *rest in state.turned}  # 3.1 again, from the new reserves
    assert all(set(turned[p]) <= set(state.seat(p).reserve) for p in (1, 2, 3))


def test_step_8_personal_decks_come_back_to_their_players():
    state = new_game(PERSONAL, [1, 2], seed=5)
    state = replace(state, phase=Phase.EVALUATION, order=(1, 2), turn=0, waiting=((1, "reveal"),))
    state = run(state, Evaluate(1, True), Evaluate(2, True))
    assert state.round == 2
    for seat in state.seats:
        assert sorted([*seat.hand, *seat.reserve, *seat.deck.cards()]) == sorted(seat.own)


def test_step_8_the_re_deal_is_the_seeds():
    assert evaluate(RANKED, round=1) == evaluate(RANKED, round=1)


def test_step_9_rounds_are_chosen_3_6_9_12_or_33():
    assert ROUND_CHOICES == (3, 6, 9, 12, 33)
    assert GinjontanOptions().rounds == 3
    for bad in (0, 34):
        with pytest.raises(ValueError):
            GinjontanOptions(rounds=bad)


@pytest.mark.parametrize("rounds", [1, 3])
def test_step_9_the_game_ends_after_the_chosen_number_of_rounds(rounds):
    state = evaluation_table(RANKED, options=GinjontanOptions(rounds=rounds), round=rounds)
    state = run(state, Evaluate(1), Evaluate(2), Evaluate(3))
    assert state.finished and state.round == rounds and not state.waiting
    refused(state, Evaluate(1), "game_over")
    assert all(legal_moves(state, p) == [] for p in (1, 2, 3))


def test_step_10_who_has_highest_score_has_won_next_tiers_by_score():
    state = table({1: {"points": 50}, 2: {"points": 80}, 3: {"points": 50}, 4: {"points": -10}}, phase=Phase.OVER)
    assert standings(state) == [(2, 1, 80), (1, 2, 50), (3, 2, 50), (4, 4, -10)]


# -- Comment, Comment 2 --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, expected", [(2, [3, 1]), (3, [6, 3, 1]), (5, [12, 9, 6, 3, 1]),
                                               (8, [21, 18, 15, 12, 9, 6, 3, 1])])
def test_comment_tier_points_last_1_last_but_one_3_each_next_plus_3(players, expected):
    """Comment b): "last: 1 point, last but one: 3 points, each next: +3 points (exactly: 3+(n-2)*3)"."""
    assert [tier_points(place, players) for place in range(1, players + 1)] == expected
    assert tier_points(1, players) == 3 + (players - 2) * 3


@pytest.mark.parametrize("place, players", [(0, 3), (4, 3)])
def test_comment_tier_points_place_out_of_range(place, players):
    with pytest.raises(ValueError):
        tier_points(place, players)


def finished_personal(scores: dict[int, int], **options):
    state = new_game(GinjontanOptions(deck="personal", prize=True, **options), list(scores), seed=9)
    seats = tuple(replace(s, points=scores[s.player]) for s in state.seats)
    return replace(state, seats=seats, phase=Phase.OVER, waiting=())


def test_comment_2_winner_gains_3_cards_second_2_third_1_from_others_below():
    """Comment 2: "Winner gains from others 3 cards, second one from others but winner 2 cards, and third from
    others but winner and second one 1 card", drawn from the losers' drafted decks."""
    state = finished_personal({1: 10, 2: 80, 3: 50, 4: 30})
    transfers = prize_transfers(state)
    assert Counter((giver, taker) for giver, taker, _ in transfers) == {
        (1, 2): 3, (3, 2): 3, (4, 2): 3, (1, 3): 2, (4, 3): 2, (1, 4): 1}
    own = {s.player: s.own for s in state.seats}
    assert all(x in own[giver] for giver, _, x in transfers)
    for giver in (1, 3, 4):
        given = [x for g, _, x in transfers if g == giver]
        assert len(given) == len(set(given))
    assert prize_transfers(state) == transfers  # from the seed


def test_comment_2_tied_places_all_take_their_prize():
    state = finished_personal({1: 80, 2: 80, 3: 50, 4: 10})
    assert Counter((giver, taker) for giver, taker, _ in prize_transfers(state)) == {
        (3, 1): 3, (4, 1): 3, (3, 2): 3, (4, 2): 3, (4, 3): 1}


def test_comment_2_this_rule_is_however_optional():
    """Rulings: option `prize`, personal decks only, once the game is over."""
    state = finished_personal({1: 10, 2: 80})
    assert len(prize_transfers(state)) == 3
    assert prize_transfers(replace(state, options=replace(state.options, prize=False))) == []
    assert prize_transfers(replace(state, options=replace(state.options, deck="common"))) == []
    assert prize_transfers(replace(state, phase=Phase.COMBINATION)) == []


# -- refusals and the lobby --------------------------------------------------------------------------------------------

def test_refusals_wrong_player_and_wrong_step():
    state = new_game(COMMON, [1, 2], seed=3)
    refused(state, Swap(7, True), "not_seated")
    refused(state, SetAside(1, state.seat(1).hand[:3]), "wrong_step")
    refused(state, Call(1), "wrong_step")
    refused(state, Evaluate(2), "wrong_step")
    refused(state, "not a move", "unknown_move")


def test_lobby_join_leave_start():
    lobby = new_lobby(1, COMMON, seed=3, name="Ann")
    refused(lobby, Start(1), "too_few")
    lobby = run(lobby, Join(2, "Bo"), Join(3, "Cy"))
    refused(lobby, Join(2), "joined")
    refused(lobby, Leave(1), "host")
    refused(lobby, Start(2), "not_host")
    refused(lobby, Start(9), "not_joined")  # issue 18: a spectator is told to press Join first
    lobby = run(lobby, Leave(3))
    assert lobby.players == (1, 2)
    state = run(lobby, Start(1))
    assert state.phase is Phase.SWAP
    refused(state, Join(4), "started")
    refused(state, Start(1), "started")


def test_lobby_at_most_8_players():
    lobby = new_lobby(1, COMMON, seed=3)
    lobby = run(lobby, *(Join(p) for p in range(2, 9)))
    refused(lobby, Join(9), "full")
    assert apply(lobby, Start(1))[0].phase is Phase.SWAP
