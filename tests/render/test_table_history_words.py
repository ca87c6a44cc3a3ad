"""/table history words (issue 18, item 9): cards by name, the viewer's own entries without "by <@you>", and a
header for each hand."""

from __future__ import annotations

from dataclasses import replace

from engine import cosmic
from engine.chaosjan.catalogue import load_shipped as chaosjan_catalogue
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.rules import new_game as chaosjan_game
from engine.deck import load_shipped
from engine.table import TABLE, Draw, HandValue, Riichi, Ron, Win, new_game
from render.table import history_embed
from storage.games import EventRecord

A, B, C, D = 1, 2, 3, 4


def entry(seq, events, actor=A, move=None):
    return EventRecord(seq, "move", actor, move or {"type": "roll"}, events, None, "")


def test_revealed_and_dismissed_cards_show_their_names_not_their_ids():
    deck = load_shipped("cosmic")
    state = replace(new_game(A, [A, B, C, D]), cosmic=cosmic.start(deck, 4, seed=1))
    first, second = deck.cards[:2]
    entries = [entry(1, [{"type": "revealed", "card": first.id, "revealer": A}]),
               entry(2, [{"type": "dismissed", "card": second.id}], move={"type": "dismiss"})]
    text = history_embed(entries, [state] * 3, viewer=B).description
    assert f"revealed {first.name}" in text and f"{second.name} dismissed" in text
    assert first.id not in text and second.id not in text


def test_a_played_chaosjan_card_shows_its_name_and_an_unknown_id_stays_readable():
    catalogue = chaosjan_catalogue()
    card = catalogue.cards[0]
    chaos = chaosjan_game(catalogue, ChaosOptions(), [A, B, C, D], host=A, seed=1)
    state = replace(new_game(A, [A, B, C, D]), chaosjan=chaos)
    played = entry(1, [], move={"chaosjan": True, "type": "play", "card": card.id})
    assert f"CHAOS;JAN: play {card.name}" in history_embed([played], [state, state]).description
    lost = entry(1, [{"type": "dismissed", "card": "gone-card"}], move={"type": "dismiss"})
    assert "gone-card dismissed" in history_embed([lost], [state, state]).description


def test_the_viewers_own_entries_are_not_signed_and_others_are():
    state = new_game(A, [A, B, C, D])
    entries = [entry(1, [{"type": "riichi", "player": A}], actor=A),
               entry(2, [{"type": "riichi", "player": B}], actor=B)]
    lines = history_embed(entries, [state] * 3, viewer=A).description.splitlines()
    assert lines[1].startswith("`  1`") and "by" not in lines[1]
    assert lines[2].startswith("`  2`") and lines[2].endswith(f"by <@{B}>")


def test_a_header_opens_each_hand():
    # seed 000, 3: a non-dealer's win passes the deal (East 2); a draw with the dealer tenpai keeps it, one honba more
    moves = [Riichi(A), Ron(C, (Win(B, HandValue(han=3, fu=30)),)), Draw((A, B, C, D)), Riichi(B)]
    states = [new_game(A, [A, B, C, D])]
    for move in moves:
        states.append(TABLE.apply(states[-1], move)[0])
    entries = [entry(n, [], move={"type": "x"}) for n in range(1, len(moves) + 1)]
    lines = history_embed(entries, states).description.splitlines()
    assert [line if line.startswith("**") else int(line[1:4]) for line in lines] == [
        "**East 1, 0 honba**", 1, 2, "**East 2, 0 honba**", 3, "**East 2, 1 honba**", 4]


def test_the_end_preview_keeps_the_chaosjan_seed_secret_and_the_final_standings_show_it():
    # rulings, "Who may know a game's seed?": the game may go on after "Keep playing"
    from render.table import standings_embed

    chaos = chaosjan_game(chaosjan_catalogue(), ChaosOptions(), [A, B, C, D], host=A, seed=123456789)
    state = replace(new_game(A, [A, B, C, D]), chaosjan=chaos)
    def text(embed):
        return " ".join([embed.title or "", embed.description or "", embed.footer.text or ""]
                        + [f"{f.name} {f.value}" for f in embed.fields])

    assert "123456789" not in text(standings_embed(state, preview=True))
    assert "123456789" in text(standings_embed(state))
