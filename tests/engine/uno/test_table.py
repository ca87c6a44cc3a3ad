"""Around the rules: the lobby, leaving, the turn timer, races between jump-ins, choices, what players see."""

from __future__ import annotations

import json

import pytest

from engine.errors import GameError, IllegalMove, NotAllowed, NotSeated
from engine.uno.cards import CARDS
from engine.uno.moves import (
    Accept,
    Challenge,
    Choose,
    Draw,
    EndRound,
    Join,
    Leave,
    Play,
    SetTimer,
    Start,
    TimeOut,
    move_from_dict,
    move_to_dict,
)
from engine.uno.options import CHAOS, MAX_PLAYERS
from engine.uno.rules import NeedChoice, RaceLost, apply, legal_moves, new_lobby, view_for, waiting_on
from engine.uno.state import Phase, UnoState
from tests.engine.uno.notation import (
    act,
    assert_cards,
    hand,
    play,
    played,
    scenario,
    stack,
    stacks,
    top,
    trade,
    trades,
)

DRAW = "y1 y2 y3 y4 y5 y6 y7 y8 y9 g1 g2 g3"


# -- lobby ----------------------------------------------------------------------------------------------------

def test_lobby_join_start_and_refusals():
    state = new_lobby(1, CHAOS, seed=1)
    with pytest.raises(IllegalMove) as err:
        apply(state, Start(1))
    assert err.value.code == "too_few"
    with pytest.raises(IllegalMove) as err:
        apply(state, Draw(1))
    assert err.value.code == "not_started"
    for p in range(2, MAX_PLAYERS + 1):
        state, _ = apply(state, Join(p))
    with pytest.raises(IllegalMove) as err:
        apply(state, Join(99))
    assert err.value.code == "full"
    with pytest.raises(NotAllowed):
        apply(state, Start(2))
    assert legal_moves(state, 1) == [Start(1)] and waiting_on(state) == [1]
    state, _ = apply(state, Start(1))
    assert state.phase is Phase.PLAY and len(state.players) == MAX_PLAYERS
    assert_cards(state)
    with pytest.raises(IllegalMove) as err:
        apply(state, Join(99))
    assert err.value.code == "started"


# -- Leave ----------------------------------------------------------------------------------------------------

def test_leave_cards_go_under_the_draw_pile_and_the_turn_passes():
    """Rulings (Leaving): their cards go under the draw pile; stacks aimed at them and their trades are
    cancelled; the turn passes on."""
    state = scenario({1: "r5 r6", 2: "b4 b5", 3: "g6 g7", 4: "y1"}, piles=["r3", "g+2", "b7"],
                     stacks=[stack(2, 2, 1)], trades=[trade(3, "b", 2, 1)], turn=1)
    under = state.hand(1)
    state, _ = apply(state, Leave(1))
    assert state.players == (2, 3, 4) and state.turn == 2
    assert state.draw_pile[:2] == under and not state.stacks and not state.trades
    assert state.host == 2
    assert_cards(state)


def test_leave_a_wild_four_of_theirs_can_no_longer_be_challenged():
    """Leaving + Challenging: a challenge would aim the stack at a player who is gone."""
    state = scenario({1: "w+4 r1 g5", 2: "b7 b8 y3", 3: "y4 y5"}, piles=["r3"], draw=DRAW)
    state = act(played(state, 1, "w+4", colour="b"), Leave(1))
    with pytest.raises(IllegalMove) as err:
        apply(state, Challenge(2))
    assert err.value.code == "no_wild4"
    assert stacks(state) == [(1, 4, 2)]


def test_leave_with_one_player_left_they_win():
    state = scenario({1: "r5 r6", 2: "b4 b5"}, piles=["r3"])
    state = act(state, Leave(2))
    assert state.phase is Phase.OVER and state.winners == (1,)


def test_leave_someone_not_seated():
    state = scenario({1: "r5 r6", 2: "b4 b5"}, piles=["r3"])
    with pytest.raises(IllegalMove) as err:
        apply(state, Leave(7))
    assert err.value.code == "not_a_player" and "<@7>" in err.value.message
    with pytest.raises(NotSeated):
        apply(state, Play(7, state.hand(1)[0], state.piles[0].id))


# -- TimeOut --------------------------------------------------------------------------------------------------

def test_timeout_draws_one_card_for_the_turn_player_and_skips_them():
    """Rulings (Turn timer): the bot draws one card for the absent player and passes the turn."""
    state = scenario({1: "r5 r6", 2: "b4 b5", 3: "g6"}, piles=["r3"], draw=DRAW)
    assert waiting_on(state)[0] == 1
    state = act(state, TimeOut())
    assert hand(state, 1) == "r5 r6 y1" and state.turn == 2


def test_timeout_takes_the_stacks_aimed_at_them():
    state = scenario({1: "r5 r6", 2: "b4 b5", 3: "g6"}, piles=["r+2"], draw=DRAW, stacks=[stack(1, 2, 1)])
    state = act(state, TimeOut())
    assert hand(state, 1) == "r5 r6 y1 y2" and state.turn == 2 and not state.stacks


def test_timeout_accepts_their_trade():
    state = scenario({1: "r5 r6", 2: "b4", 3: "g6"}, piles=["r7"], draw=DRAW, trades=[trade(1, "r", 2, 1)])
    state = act(state, TimeOut())
    assert hand(state, 1) == "b4 y1" and hand(state, 2) == "r5 r6" and state.turn == 2


def test_timeout_answers_a_prompt_with_the_default():
    """Rulings (Cards: 2, 1): the timer answers for the prompted player: the next player as partner."""
    state = scenario({1: "r2 r6", 2: "b4", 3: "g6"}, piles=["r3"], draw="b7")
    state = played(state, 1, "r2")
    assert waiting_on(state) == [1]
    state = act(state, TimeOut())
    assert state.prompt is None and trades(state) == [(1, 2)]


def test_timeout_while_closing_resolves_everything_and_scores():
    state = scenario({1: "r+2", 2: "r4 b4 b5", 3: "b6 b7"}, piles=["r3"], draw=DRAW, seat={1: {"said_uno": True}})
    state = played(state, 1, "r+2")
    state = act(state, TimeOut())
    assert state.round == 2 and len(state.hand(2)) == 5 and state.seat(1).points == 6


# -- the race -------------------------------------------------------------------------------------------------

def test_race_a_stale_serial_loses_and_names_who_was_first():
    """Rulings (Jumping in): two jump-ins on the same card: the first one processed wins; the second is
    refused with who was first, and nothing of theirs changes."""
    state = scenario({1: "r8 y4", 2: "b3 b4", 3: "g8 g4", 4: "b8 g5"}, piles=["r3"])
    state = played(state, 1, "r8")
    seen = state.piles[0].serial
    state = played(state, 3, "g8", serial=seen)
    before = json.dumps(state.to_dict())
    with pytest.raises(RaceLost) as err:
        apply(state, play(state, 4, "b8", serial=seen))
    assert err.value.code == "race_lost" and "<@3>" in err.value.message
    assert json.dumps(state.to_dict()) == before and hand(state, 4) == "b8 g5"
    assert top(played(state, 4, "b8", serial=state.piles[0].serial)) == "b8"  # a fresh serial is fine


# -- choices --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card, piles, what", [
    ("w", ["r3"], "colour"),
    ("w+4", ["r3"], "colour"),
    ("r7", ["r3"], "target"),
    ("r1", ["r3", "g4"], "onto"),
])
def test_need_choice_when_a_choice_is_missing(card, piles, what):
    """NeedChoice: the play is legal but needs a colour, a partner or a pile; nothing changes."""
    state = scenario({1: f"{card} b9", 2: "b4", 3: "g6"}, piles=piles)
    with pytest.raises(NeedChoice) as err:
        apply(state, play(state, 1, card))
    assert err.value.what == what and err.value.code == "need_choice"


def test_need_choice_one_onto_its_own_pile_is_refused():
    state = scenario({1: "r1 b9", 2: "b4", 3: "g6"}, piles=["r3", "g4"])
    with pytest.raises(IllegalMove) as err:
        apply(state, play(state, 1, "r1", onto=1))
    assert err.value.code == "bad_pile"


def test_need_choice_challenge_with_two_wild_fours_open():
    state = scenario({1: "w+4 y1 y2", 2: "y3", 3: "w+4 y5"}, piles=["b+2", "g+2"],
                     stacks=[stack(1, 2, 1), stack(2, 2, 3)], turn=1)
    state = played(state, 1, "w+4", pile=1, colour="r")
    state = played(state, 3, "w+4", pile=2, colour="r")
    with pytest.raises(NeedChoice) as err:
        apply(state, Challenge(2))
    assert err.value.what == "pile"
    assert len([m for m in legal_moves(state, 2) if isinstance(m, Challenge)]) == 2


def test_choose_refusals():
    state = scenario({1: "r2 r6", 2: "b4", 3: "g6"}, piles=["r3"], draw="b7")
    state = played(state, 1, "r2")
    with pytest.raises(IllegalMove) as err:
        apply(state, Choose(2, target=3))
    assert err.value.code == "no_prompt"
    with pytest.raises(NeedChoice):
        apply(state, Choose(1, target=1))
    with pytest.raises(GameError) as err:
        apply(state, Draw(2))
    assert err.value.code == "prompt"


# -- odds and ends --------------------------------------------------------------------------------------------

def test_set_timer():
    state = scenario({1: "r5", 2: "b4"}, piles=["r3"])
    assert act(state, SetTimer(60)).timer == 60
    with pytest.raises(IllegalMove) as err:
        apply(state, SetTimer(-1))
    assert err.value.code == "bad_timer"


def test_moves_round_trip_through_json():
    state = scenario({1: "w r7", 2: "b4"}, piles=["r3"])
    for move in (play(state, 1, "w", colour="g"), play(state, 1, "r7", target=2), Draw(1, count=2), TimeOut(),
                 EndRound(2), Choose(1, onto=3)):
        assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move


def test_state_round_trips_through_json():
    state = scenario({1: "r5", 2: "b4 b5"}, piles=["r3", "w+4=g"], stacks=[stack(2, 4, 1)],
                     trades=[trade(1, "r", 2, 1)], seat={1: {"said_uno": True, "exposed_at": 3}})
    assert UnoState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_view_shows_only_your_hand_and_the_pile_tops():
    state = scenario({1: "r5 b9", 2: "r3 b4", 3: "g6"}, piles=["g1 g2 r3"])
    view = view_for(state, 2)
    assert view["hand"] == list(state.hand(2)) and view["jump"] == [state.hand(2)[0]]
    assert [p["top"] for p in view["piles"]] == [state.piles[0].top]
    assert "hand" not in view_for(state, None) and "hand" not in view_for(state, 99)
    assert view["seats"][0]["cards"] == 2 and CARDS[view["piles"][0]["top"]].notation == "r3"


def test_prompt_nobody_else_acts_until_it_is_answered():
    state = scenario({1: "r2 r6", 2: "b4 b5", 3: "g6 g7"}, piles=["r3", "b7"], draw="g7",
                     trades=[trade(2, "b", 3, 2)])
    state = played(state, 1, "r2")
    assert state.prompt is not None and legal_moves(state, 2) == []
    with pytest.raises(GameError):
        apply(state, Accept(2))
