"""Embeds for the /table score sheet."""

from __future__ import annotations

import csv
import io
import itertools
from datetime import datetime
from typing import Any

import discord

from engine.table import Kazoe, TableState, standings
from render.chaosjan import WORDING as CHAOSJAN
from render.common import COLOUR_INFO, COLOUR_OK, mention, seed_lines
from render.common import leaderboard_embed as common_leaderboard
from render.events import Wording
from render.i18n import _, refusal, register_word
from storage.games import EventRecord
from storage.results import LeaderboardRow

KAZOE = {Kazoe.YAKUMAN: "kazoe yakuman", Kazoe.SANBAIMAN: "kazoe sanbaiman",
         Kazoe.COUNTED: "kazoe counted (a yakuman per 13 han)"}


def points(value: int) -> str:
    return f"{value:,}"


def table_embed(state: TableState, *, started: bool = False) -> discord.Embed:
    kind = "Sanma" if state.sanma else "Yonma"
    status = "Game over: record it with `/table end`" if state.over else f"{state.round_name}, {state.honba} honba"
    title = f"{kind} table started" if started else f"{kind}: {status}"
    embed = discord.Embed(title=title, colour=COLOUR_INFO)
    lines = []
    for index, seat in enumerate(state.seats):
        marks = []
        if index == state.dealer:
            marks.append("dealer")
        if seat.riichi:
            marks.append("riichi")
        if seat.yakitori and state.plays_yakitori:
            marks.append("yakitori")
        extra = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"**{state.seat_wind(index)}** {mention(seat.player)}: **{points(seat.points)}**{extra}")
    embed.description = "\n".join(lines)
    embed.add_field(name="On the table", value=points(state.on_table))
    embed.add_field(name="Honba", value=str(state.honba))
    options = state.options
    rules = [options.length.value, KAZOE[options.kazoe]]
    if state.sanma:
        rules.append(f"ron honba {options.sanma_honba}")
    rules += [name for name, on in (("kiriage", options.kiriage), ("aotenjou", options.aotenjou),
                                    ("bust", options.bust)) if on]
    embed.set_footer(text=f"Rules: {', '.join(rules)} · hands played: {state.hands_played}")
    return embed


def _pay(state: Any, e: dict[str, Any]) -> str:
    where = "onto the table" if e["to"] is None else f"to {mention(e['to'])}"
    return f"{mention(e['from'])} paid {points(e['amount'])} {where}"


def _paid(payments: list[dict[str, Any]]) -> str:
    return ", ".join(f"{mention(p['player'])} paid {points(p['amount'])}" for p in payments)


def _tsumo(state: Any, e: dict[str, Any]) -> str:
    line = f"{mention(e['winner'])} tsumo: {e['value']}, {points(e['paid'])} in all"
    return f"{line} ({_paid(e['payments'])})" if e.get("payments") else line


def _draw(state: Any, e: dict[str, Any]) -> str:
    line = f"Draw. Tenpai: {', '.join(mention(p) for p in e['tenpai']) or 'nobody'}"
    moves = e.get("payments", [])
    if not moves:
        return line
    paid = _paid([{"player": p["player"], "amount": -p["amount"]} for p in moves if p["amount"] < 0])
    received = ", ".join(f"{mention(p['player'])} received {points(p['amount'])}" for p in moves if p["amount"] > 0)
    return f"{line}. Noten payments: {'; '.join(part for part in (paid, received) if part)}"


def _card_payment(state: Any, e: dict[str, Any]) -> str:
    paid = ", ".join(f"{mention(p['from'])} paid {points(p['amount'])} "
                     + ("onto the table" if p["to"] is None else f"to {mention(p['to'])}") for p in e["payments"])
    short = ", ".join(f"{mention(p['player'])} has less than {points(p['amount'])} and pays nothing (rule 3.1g)"
                      for p in e["skipped"])
    return f"{e['card']}: " + ("; ".join(part for part in (paid, short) if part) or "nobody pays")


def _corrected(states: Any, e: dict[str, Any]) -> str:
    """A correction (issue 21): the entry's hand as it now stands, what it said before, and each player's change."""
    def hand(events: list[dict[str, Any]]) -> str:
        return "; ".join(line for line in (describe_event(x, states) for x in events
                                           if x.get("type") in ("ron", "tsumo")) if line)

    changes = ", ".join(f"{mention(c['player'])} {c['amount']:+,}" for c in e["changes"])
    line = _("Entry {entry} corrected: {now} (it said: {was})", entry=e["entry"], now=hand(e["now"]) or "—",
             was=hand(e["was"]) or "—")
    return f"{line}. {_('Points: {changes}', changes=changes)}" if changes else \
        f"{line}. {_('No points change.')}"


def _rolls_reset(state: Any, e: dict[str, Any]) -> str:
    return "Roll counts reset" + (f"; expired: {', '.join(e['expired'])}" if e["expired"] else "")


WORDING = Wording("table", {
    "riichi": lambda s, e: f"{mention(e['player'])} declared riichi ({points(e.get('cost', 1000))} onto the table)",
    "pay": _pay,
    "take": lambda s, e: f"{mention(e['player'])} took {points(e['amount'])} from the table",
    "set": lambda s, e: f"{mention(e['player'])}'s points set from {points(e['from'])} to {points(e['to'])}",
    "ron": lambda s, e: (f"{mention(e['winner'])} ron off {mention(e['loser'])}: {e['value']}, "
                         f"{points(e['paid'])} paid"),
    "tsumo": _tsumo,
    "table_points": lambda s, e: (f"{mention(e['player'])} takes the {points(e['amount'])} on the table"
                                  if e["amount"] else ""),
    "draw": _draw,
    "abortive_draw": lambda s, e: "Abortive draw: no payments, the dealer keeps the deal",
    "exchange_doubled": lambda s, e: f"The point exchange was multiplied by {e['factor']} (CHAOS;JAN 3.2c.2)",
    "rolls_reset": _rolls_reset,
    "card_payment": _card_payment,
    "roll": lambda s, e: f"{mention(e['player'])} paid {points(e['cost'])} and rolled {e['die']}",
    "revealed": lambda s, e: f"{mention(e['revealer'])} revealed {card_name(s, e['card'])}",
    "library_empty": lambda s, e: "Every Cosmic Deck card is in play: nothing to reveal",
    "cosmic_started": lambda s, e: f"Cosmic Deck: {e['deck']} shuffled ({e['cards']} cards)",
    "deck_imported": lambda s, e: f"Cosmic Deck: {e['deck']} shuffled ({e['cards']} cards)",
    "reshuffled": lambda s, e: f"The Library was shuffled ({e['cards']} cards)",
    "refilled": lambda s, e: f"The Library was shuffled ({e['cards']} cards)",
    "dismissed": lambda s, e: f"{card_name(s, e['card'])} dismissed",
    "chombo": lambda s, e: f"{mention(e['player'])}: dead hand and chombo ({points(e['paid'])} paid)",
    "take_ignored": lambda s, e: f"{e['card']}: too little on the table, nothing taken",
    "hand_end": lambda s, e: "The game is over." if e["over"] else f"Next: {e['next']}, {e['honba']} honba",
    "chaosjan_started": lambda s, e: f"CHAOS;JAN starts with {e['catalogue']}: everyone chooses their cards",
    "corrected": _corrected,
})


register_word("refusal", lambda error: refusal(error)[0])  # a refusal named inside another (a correction's)


def describe_event(event: dict[str, Any], states: list[TableState] | None = None) -> str:
    """The table's line for one event; CHAOS;JAN's events on the table are worded by its own lines. `states`: where
    to look up the names of cards the event names by id."""
    if event.get("type") in CHAOSJAN and event.get("type") not in WORDING:
        return ""
    return WORDING.line(states or [], event)


def seat_options(state: TableState, *, leave_out: int | None = None) -> list[discord.SelectOption]:
    """One select option per seated player (name, wind, points), for menus that ask who."""
    return [discord.SelectOption(label=(s.name or f"Seat {i + 1}")[:100], value=str(s.player),
                                 description=f"{state.seat_wind(i)}, {s.points:,} points")
            for i, s in enumerate(state.seats) if s.player != leave_out]


def describe_events(events: list[dict[str, Any]], states: list[TableState] | None = None) -> str:
    return "\n".join(line for line in (describe_event(e, states) for e in events) if line)


def card_name(states: list[TableState], card_id: str) -> str:
    """A card's name from the first of `states` whose Cosmic Deck or CHAOS;JAN catalogue holds it (events carry
    ids); the id if none does."""
    for state in states:
        for cards in (state.cosmic and state.cosmic.deck, state.chaosjan and state.chaosjan.catalogue):
            card = cards.find(card_id) if cards else None
            if card is not None and card.id == card_id:
                return card.name
    return card_id


def hand_name(state: TableState) -> str:
    return "Game over" if state.over else f"{state.round_name}, {state.honba} honba"


def _entry_text(entry: EventRecord, states: list[TableState]) -> str:
    if entry.type == "start":
        return "Table started"
    if entry.type == "end":
        return "Table ended"
    if entry.type == "undo" and entry.move is not None:
        return f"Undo of entry {entry.move['undoes']}"
    if entry.move and entry.move.get("chaosjan"):  # never the cards of a private choice
        move = entry.move
        card = f" {card_name(states, move['card'])}" if move["type"] == "play" else ""
        return f"CHAOS;JAN: {move['type']}{card}"
    text = describe_events(entry.events, states).replace("\n", "; ") or entry.type
    if entry.move and entry.move.get("type") == "correct":  # when it was corrected, in the reader's time zone
        return f"{text} (<t:{int(datetime.fromisoformat(entry.created_at).timestamp())}:f>)"
    return text


def history_embed(entries: list[EventRecord], states: list[TableState], *, viewer: int | None = None, page: int = 1,
                  pages: int = 1) -> discord.Embed:
    """`states`: the state before the first entry, then the state after each. A header names the hand each run of
    entries was made in; an entry's author is named unless it is the viewer."""
    lines, hand = [], None
    for entry, (before, after) in zip(entries, itertools.pairwise(states), strict=True):
        if hand_name(before) != hand:
            hand = hand_name(before)
            lines.append(f"**{hand}**")
        text = _entry_text(entry, [after, before])
        text = f"~~{text}~~ (undone)" if entry.undone else text
        actor = entry.actor_id if entry.type != "start" and entry.actor_id != viewer else None
        lines.append(f"`{entry.seq:>3}` {text}" + (f" by {mention(actor)}" if actor else ""))
    embed = discord.Embed(title=f"Table history, page {page}", colour=COLOUR_INFO,
                          description="\n".join(lines)[-4096:])
    older = f" · Older entries: /table history page {page + 1}" if page < pages else ""
    embed.set_footer(text=f"Page {page} of {pages}{older} · entries without a name are yours")
    return embed


def _cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: never the start of a formula (names are typed by players)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _move_kind(entry: EventRecord) -> str:
    move = entry.move or {}
    if move.get("chaosjan"):
        return f"CHAOS;JAN {move['type']}"
    return str(move.get("type", entry.type))


def score_sheet_csv(entries: list[tuple[EventRecord, TableState]]) -> str:
    """The score sheet, one row per entry that stands (oldest first, each with the state after it): the round and
    honba it was made in, its kind, winners, payers (every seat whose points went down), the hand's value or the
    points moved, and each seat's change and running total."""
    first = entries[0][1]
    names = {s.player: s.name or str(s.player) for s in first.seats}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["entry", "round", "honba", "kind", "winners", "payers", "value"]
                    + [_cell(f"{names[s.player]} {what}") for s in first.seats for what in ("change", "total")]
                    + ["on the table"])
    before = first
    for entry, after in entries:
        changes = [a.points - b.points for a, b in zip(after.seats, before.seats, strict=True)]
        events = entry.events
        winners = [e["winner"] for e in events if e.get("type") in ("ron", "tsumo")]
        winners += [p for e in events if e.get("type") == "draw" and e.get("payments") for p in e["tenpai"]]
        kind = _move_kind(entry)
        payers = [] if kind == "setpoints" else [s.player for s, c in zip(after.seats, changes, strict=True) if c < 0]
        values = [e["value"] for e in events if e.get("type") in ("ron", "tsumo")]
        moved = max(sum(c for c in changes if c > 0), -sum(c for c in changes if c < 0),
                    abs(after.on_table - before.on_table))
        value = " / ".join(values) if values else (str(moved) if moved else "")
        writer.writerow([entry.seq, before.round_name, before.honba, kind,
                         _cell(", ".join(names[p] for p in winners)), _cell(", ".join(names[p] for p in payers)),
                         _cell(value)]
                        + [n for s, change in zip(after.seats, changes, strict=True) for n in (change, s.points)]
                        + [after.on_table])
        before = after
    return out.getvalue()


def standings_embed(state: TableState, final: tuple[list[float], str] | None = None, *,
                    preview: bool = False) -> discord.Embed:
    """`final`: each seat's score after uma and oka (in seat order) and the rule's words, shown beside the points.
    `preview`: the standings `/table end` asks to confirm, not stored yet."""
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}
    score = {} if final is None else dict(zip((s.player for s in state.seats), final[0], strict=True))
    lines = [f"{medal.get(place, f'{place}.')} {mention(seat.player)}: **{points(seat.points)}**"
             + (f" ({score[seat.player]:+.1f})" if score else "")
             for place, seat in standings(state)]
    embed = discord.Embed(title="Standings if the game ends now" if preview else "Final standings",
                          colour=COLOUR_INFO if preview else COLOUR_OK, description="\n".join(lines))
    if state.chaosjan is not None and not preview:  # the game may go on: its seed stays secret until it is over
        embed.add_field(name="CHAOS;JAN seed", value="\n".join(seed_lines(
            state.chaosjan.seed, chosen=state.chaosjan.seed_chosen, over=True, command="/chaosjan new")))
    rule = f" · {final[1]}" if final else ""
    stored = "stored for /table leaderboard once confirmed" if preview else "stored for /table leaderboard"
    embed.set_footer(text=f"{state.hands_played} hands played{rule} · {stored}")
    return embed


def leaderboard_embed(rows: list[LeaderboardRow]) -> discord.Embed:
    return common_leaderboard("Mahjong leaderboard", rows,
                              empty="No finished games yet: finish one with `/table end`.")
