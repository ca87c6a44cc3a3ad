"""Words for the Cosmic Deck without a score sheet (`engine/cosmic_only.py`): what to pay with your own sticks, the
deck's status, the hand's end, and the line a /table says when it takes the deck over."""

from __future__ import annotations

from typing import Any

import discord

from engine.cosmic import CosmicState, roll_cost
from engine.cosmic_only import DeckOnlyState
from engine.deck import Lasts
from engine.table import TableState
from render.common import COLOUR_INFO, mention
from render.cosmic import card_embed
from render.events import Wording
from render.i18n import N_, _, command_words, n_, p_

Event = dict[str, Any]

LASTS = {Lasts.INSTANT: N_("done at once"), Lasts.HAND: N_("for this hand"),
         Lasts.UNTIL_DISMISSED: N_("until dismissed")}


def cmd(path: str) -> str:
    """A slash command, with its names in the language in force."""
    return command_words((path, ""))


def card_name(deck: CosmicState, card_id: str) -> str:
    found = deck.deck.find(card_id)
    return found.name if found is not None and found.id == card_id else card_id


def _lasts(deck: CosmicState, card_id: str) -> str:
    lasts = deck.deck.card(card_id).lasts
    return _(LASTS[lasts]) if lasts is not None else ""


# -- events ---------------------------------------------------------------------------------------------------------

def _roll(state: DeckOnlyState, e: Event) -> str:
    return _("🎲 {player} rolled a **{die}**: pay **{cost:,}** onto the table with your sticks.",
             player=mention(e["player"]), die=e["die"], cost=e["cost"])


def _take(state: DeckOnlyState, e: Event) -> str:
    if e["up_to"]:
        return _("{player} takes up to {amount:,} from the sticks on the table (all there is, if less).",
                 player=mention(e["player"]), amount=e["amount"])
    return _("{player} takes {amount:,} from the sticks on the table if it holds that much; otherwise nothing.",
             player=mention(e["player"]), amount=e["amount"])


def _next_hand(state: DeckOnlyState, e: Event) -> str:
    line = _("Next hand: every roll count is back to zero (the next roll costs 1,000).")
    if e["expired"]:
        names = ", ".join(card_name(state.cosmic, c) for c in e["expired"])
        line += " " + _("Ended with the hand: {cards}.", cards=names)
    return line


def _chombo(state: DeckOnlyState, e: Event) -> str:
    penalty = e["penalty"]
    who = mention(e["player"])
    if penalty is None:
        line = _("{player} has a dead hand and chombo (this deck's chombo costs nothing).", player=who)
    else:
        line = _("{player} has a dead hand and chombo: they pay a mangan with their sticks: as the dealer "
                 "{dealer_each:,} to each other player, otherwise {to_dealer:,} to the dealer and {to_others:,} to "
                 "each other player.", player=who, **penalty)
    return line + " " + _("The hand goes on; roll counts stay.")


WORDING = Wording("cosmic deck", {
    "joined": lambda s, e: _("{player} joined the Cosmic Deck.", player=mention(e["player"])),
    "left": lambda s, e: _("{player} left the Cosmic Deck.", player=mention(e["player"])),
    "roll": lambda s, e: _("{player}'s roll of {die} (it cost {cost:,}).", player=mention(e["player"]), die=e["die"],
                          cost=e["cost"]),
    "revealed": lambda s, e: _("{player} revealed **{card}**.", player=mention(e["revealer"]),
                               card=card_name(s.cosmic, e["card"])),
    "refilled": lambda s, e: _("The Library ran out: {count} discarded cards were shuffled to make a new one.",
                               count=e["cards"]),
    "library_empty": lambda s, e: _("Every card is in play: this roll reveals nothing."),
    "take_by_hand": _take,
    "tribute_by_hand": lambda s, e: _("Each other player pays {player} {amount:,} with their sticks.",
                                      player=mention(e["to"]), amount=e["amount"]),
    "yakitori_by_hand": lambda s, e: _("Every player still yakitori (no win yet this game) puts {amount:,} onto the "
                                       "table with their sticks.", amount=e["amount"]),
    "next_hand": _next_hand,
    "dismissed": lambda s, e: _("{card} is dismissed: no longer in effect.", card=card_name(s.cosmic, e["card"])),
    "chombo": _chombo,
    "reshuffled": lambda s, e: _("The Library and the Discards were shuffled together ({count} cards).",
                                 count=e["cards"]),
    "deck_imported": lambda s, e: _("The deck is now **{deck}**: {count} cards, freshly shuffled.", deck=e["deck"],
                                    count=e["cards"]),
})


def describe(state: DeckOnlyState, events: list[Event]) -> str:
    return "\n".join(line for line in (WORDING.line(state, e) for e in events) if line)


def taken_back(state: DeckOnlyState, events: list[Event]) -> str:
    """The words of an undo: what was taken back, and the sticks a roll's payer takes back from the table."""
    what = describe(state, events).replace("\n", " ") or p_("deck without a table", "an entry")
    lines = [_("Taken back: {what}", what=what)]
    lines += [_("{player} takes the {cost:,} paid for that roll back from the table.", player=mention(e["player"]),
                cost=e["cost"]) for e in events if e["type"] == "roll"]
    return "\n".join(lines)[:2000]


# -- messages -------------------------------------------------------------------------------------------------------

def opened(state: DeckOnlyState) -> str:
    return _("🌌 The Cosmic Deck is out, without a score sheet: {host} is in. Others press **Join**.\n"
             "Roll with {roll}: each roll costs 1,000 x 2^n (n: your rolls this hand), paid onto the table with your "
             "own sticks; an odd die reveals a card. Press **Next hand** (or {next}) when a hand ends. A {table} "
             "started here later takes the deck over as it stands.",
             host=mention(state.host), roll=cmd("cosmic roll"), next=cmd("cosmic next"), table=cmd("table start"))


def roll_message(state: DeckOnlyState, events: list[Event]) -> dict[str, Any]:
    """The public reply to a roll: what to pay, the die, the revealed card and what it asks of the players' sticks."""
    roll = events[0]
    lines = [_roll(state, roll)]
    embeds = []
    for event in events[1:]:
        if event["type"] == "revealed":
            card = state.cosmic.deck.card(event["card"])
            if "replaced" in event:
                lines.append(_("{card}, the Modifier that was active, goes to the Discards.",
                               card=card_name(state.cosmic, event["replaced"])))
            embeds.append(card_embed(card, state.sanma, event["revealer"]))
        else:
            lines.append(WORDING.line(state, event))
    if roll["die"] % 2 == 0:
        lines.append(_("An even number: no card this time."))
    lines.append(_("{player}'s next roll this hand costs {cost:,}.", player=mention(roll["player"]),
                   cost=roll["next_cost"]))
    return {"content": "\n".join(lines)[:2000], "embeds": embeds}


def status_embed(state: DeckOnlyState) -> discord.Embed:
    deck = state.cosmic
    embed = discord.Embed(title=_("Cosmic Deck: {deck} (no score sheet)", deck=deck.deck.name), colour=COLOUR_INFO)
    active = deck.active_card
    none = p_("deck without a table", "none")
    shown = f"**{active.name}**: {active.text_for(state.sanma)}"[:1024] if active else none
    embed.add_field(name=p_("deck without a table", "Active Modifier"), value=shown, inline=False)
    if deck.in_effect:
        value = "\n".join(_("**{card}** ({lasts}): {player} revealed it", card=card_name(deck, e.card),
                            lasts=_lasts(deck, e.card), player=mention(e.revealer)) for e in deck.in_effect)
        embed.add_field(name=p_("deck without a table", "Events in effect"), value=value[:1024], inline=False)
    dead_hand = p_("deck without a table", " (dead hand)")
    rolls = "\n".join(
        n_("{player}: {count} roll this hand, the next costs {cost:,}",
           "{player}: {count} rolls this hand, the next costs {cost:,}", n,
           player=mention(p), cost=roll_cost(n)) + (dead_hand if p in deck.dead else "")
        for p, n in zip(state.players, deck.rolls, strict=True))
    embed.add_field(name=p_("deck without a table", "Rolls this hand"),
                    value=rolls[:1024] or _("Nobody has joined: press **Join**."), inline=False)
    dead = [p for p in deck.dead if p not in state.players]
    if dead:
        embed.add_field(name=_("Dead hands this hand"), value=", ".join(mention(p) for p in dead)[:1024],
                        inline=False)
    seats = p_("deck without a table", "sanma") if state.sanma else p_("deck without a table", "yonma")
    embed.set_footer(text=_("Library: {library} · Discards: {discards} · {seats} · hands ended: {hands}",
                            library=len(deck.library), discards=len(deck.discards), seats=seats, hands=state.hands))
    return embed


def taken_over(table: TableState) -> str:
    """The line a /table's start message adds when it takes over the channel's deck-only Cosmic Deck."""
    deck = table.cosmic
    assert deck is not None, "only a table that took a deck over says so"
    active = deck.active_card
    return _("🌌 The table takes over this channel's Cosmic Deck as it stands: Library {library}, Discards {discards}, "
             "Active Modifier {active}; the roll counts of the players seated here carry on this hand. Rolls are now "
             "paid from the score sheet.", library=len(deck.library), discards=len(deck.discards),
             active=active.name if active else p_("deck without a table", "none"))
