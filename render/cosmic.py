"""Cards, rolls and the deck's status for /cosmic."""

from __future__ import annotations

from typing import Any

import discord

from engine.cosmic import Owed, roll_cost
from engine.deck import Card, CardType, Deck, Lasts
from engine.table import TableState, require_cosmic
from render import fairness
from render.common import COLOUR_INFO, mention
from render.table import describe_event

COLOUR_MODIFIER = discord.Colour.purple()
COLOUR_EVENT = discord.Colour.gold()
CARDS_PER_PAGE = 10


def card_embed(card: Card, sanma: bool, revealer: int | None = None) -> discord.Embed:
    kind = "Modifier" if card.type is CardType.MODIFIER else f"Event ({_lasts(card)})"
    embed = discord.Embed(title=card.name, colour=COLOUR_MODIFIER if card.type is CardType.MODIFIER else COLOUR_EVENT,
                          description=card.text_for(sanma))
    embed.set_author(name=kind)
    if card.on_reveal:
        embed.add_field(name="Do this now, before the tile is drawn", value=f"When this is revealed, {card.on_reveal}",
                        inline=False)
    if revealer is not None:
        embed.add_field(name="Revealed by", value=f"{mention(revealer)} (\"you\" on this card)", inline=False)
    return embed


LASTS_TEXT = {Lasts.INSTANT: "at once", Lasts.HAND: "lasts this hand", Lasts.UNTIL_DISMISSED: "lasts until dismissed"}


def _lasts(card: Card) -> str:
    assert card.lasts is not None, "only an event lasts, and every event says how long"
    return LASTS_TEXT[card.lasts]


def roll_message(state: TableState, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The public reply to a roll: the die, what it cost, and the revealed card if any."""
    roll = events[0]
    lines = [f"🎲 {mention(roll['player'])} paid {roll['cost']:,} onto the table and rolled a **{roll['die']}**."]
    embeds = []
    deck = require_cosmic(state)
    for event in events[1:]:
        kind = event["type"]
        if kind == "refilled":
            lines.append(f"The Library was empty: the {event['cards']} discarded cards were shuffled into it.")
        elif kind == "library_empty":
            lines.append("Every card is in play: there is nothing to reveal.")
        elif kind == "revealed":
            card = deck.deck.card(event["card"])
            if "replaced" in event:
                lines.append(f"It replaces the active Modifier, {deck.deck.card(event['replaced']).name}.")
            embeds.append(card_embed(card, state.sanma, event["revealer"]))
            if card.payments and owed_by_roll(state) is not None:
                lines.append(f"Press **{pay_label(card.name)}** to make {card.name}'s payment on the table (one "
                             "entry: `/table undo` takes it back).")
        elif kind == "take":
            lines.append(f"{mention(event['player'])} takes {event['amount']:,} from the table.")
        elif kind == "take_ignored":
            lines.append(f"The table holds less than {event['amount']:,}: {event['card']} takes nothing.")
        else:
            lines.append(describe_event(event))
    if roll["die"] % 2 == 0:
        lines.append("Even: no card.")
    lines.append(f"Their next roll this hand costs {roll['next_cost']:,}.")
    return {"content": "\n".join(lines), "embeds": embeds}


def pay_label(card: str) -> str:
    return f"Pay: {card}"[:80]


def owed_by_roll(state: TableState) -> Owed | None:
    """The payment the roll just made revealed, if it is still owed (a roll is the newest die rolled)."""
    deck = require_cosmic(state)
    return next((o for o in deck.owed if o.reveal == deck.dice_rolled), None)


def status_embed(state: TableState) -> discord.Embed:
    deck = require_cosmic(state)
    embed = discord.Embed(title=f"Cosmic Deck: {deck.deck.name}", colour=COLOUR_INFO)
    active = deck.active_card
    embed.add_field(name="Active Modifier",
                    value=f"**{active.name}**: {active.text_for(state.sanma)}"[:1024] if active else "none",
                    inline=False)
    if deck.in_effect:
        value = "\n".join(f"**{deck.deck.card(e.card).name}** ({_lasts(deck.deck.card(e.card))}), revealed by "
                          f"{mention(e.revealer)}" for e in deck.in_effect)
        embed.add_field(name="Events in effect", value=value[:1024], inline=False)
    if deck.owed:
        value = "\n".join(f"**{deck.deck.card(o.card).name}**, revealed by {mention(o.revealer)}" for o in deck.owed)
        embed.add_field(name="Payments to make (their buttons are below)", value=value[:1024], inline=False)
    rolls = "\n".join(f"{mention(seat.player)}: {n} roll{'s' if n != 1 else ''}, next costs {roll_cost(n):,}"
                      + (" (dead hand)" if seat.player in deck.dead else "")
                      for seat, n in zip(state.seats, deck.rolls, strict=True))
    embed.add_field(name="Rolls this hand", value=rolls, inline=False)
    fairness.add_commitment(embed, deck.seal, "cosmic")
    embed.set_footer(text=f"Library: {len(deck.library)} · Discards: {len(deck.discards)}")
    return embed


def deck_page(deck: Deck, page: int, sanma: bool) -> discord.Embed:
    pages = max(1, -(-len(deck.cards) // CARDS_PER_PAGE))
    page = min(max(page, 1), pages)
    chunk = deck.cards[(page - 1) * CARDS_PER_PAGE: page * CARDS_PER_PAGE]
    lines = [f"**{c.name}** ({c.type.value}): {c.text_for(sanma)}"[:380] for c in chunk]
    embed = discord.Embed(title=f"{deck.name}: {len(deck.cards)} cards", colour=COLOUR_INFO,
                          description="\n".join(lines)[:4096])
    more = f" · next: /cosmic deck page:{page + 1}" if page < pages else ""
    embed.set_footer(text=f"Page {page} of {pages}{more}")
    return embed
