"""Gin-jon-tan's words: public event lines, the status, the private hand, the calculator and the rules.
Pictures are in render/ginjontan_pictures.py."""

from __future__ import annotations

from typing import Any

import discord

from engine.ginjontan.cards import NOTATION_HINT, SYMBOLS, Colour, card, clash, sort_key
from engine.ginjontan.options import RESERVE, RESERVE_CAP
from engine.ginjontan.rules import TASK_TEXT, standings
from engine.ginjontan.scoring import HandAdvice, HandScore, score_hand
from engine.ginjontan.state import GinjontanState, Phase
from engine.ginjontan.words import CARD, JOINED, SET, WORDS, ZONE
from engine.ginjontan.words import COLOUR as COLOUR_REF
from engine.text import Ref
from render import fairness
from render.common import COLOUR_INFO, COLOUR_OK, mention, seed_lines
from render.events import Wording, shown_elsewhere
from render.i18n import N_, _, command_words, n_, p_, register_word, said, word

COLOUR = discord.Colour.dark_teal()
PHASE_TEXT = {
    Phase.LOBBY: N_("Lobby: press Join; the host presses Start"),
    Phase.SWAP: N_("Step 2: keep your hand or swap it with your reserve"),
    Phase.SETUP: N_("Step 3: everyone chooses 3 cards to unfold"),
    Phase.DUEL: N_("Steps 3.2-3.7: duels"),
    Phase.EXCHANGE: N_("Step 4: exchanges of up to 9 cards"),
    Phase.REFILL: N_("Step 5: reserves back to 9"),
    Phase.COMBINATION: N_("Step 6: the combination round"),
    Phase.EVALUATION: N_("Step 7: evaluation"),
    Phase.OVER: N_("The game is over"),
}


COLOUR_MARK = {Colour.WHITE: "⚪", Colour.RED: "🔴", Colour.ORANGE: "🟠", Colour.YELLOW: "🟡", Colour.GREEN: "🟢",
               Colour.BLUE: "🔵", Colour.VIOLET: "🟣"}


def card_words(cid: int) -> str:
    """A card as every message and menu writes it: colour mark, copy number, symbol ("🟠 29 Executioner").
    Notation (`o29executioner`) is for typing."""
    c = card(cid)
    return f"{COLOUR_MARK[c.colour]} {c.copy} {c.symbol.name}"


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " · ".join(card_words(c) for c in cards) or "—"


# -- what the engine says in no language (engine/ginjontan/words.py), in the player's ----------------------------

def _words(value: tuple[str, tuple[tuple[str, Any], ...]]) -> str:
    template, params = value
    return said(template, dict(params)) or ""


def _joined(value: tuple[str, tuple[Any, ...]]) -> str:
    separator, parts = value
    return separator.join(str(word(part)) for part in parts)


register_word(WORDS, _words)
register_word(JOINED, _joined)
register_word(COLOUR_REF, lambda letter: colour_text(letter))


def colour_text(letter: str) -> str:
    """A colour's name (by its letter)."""
    names = {"w": p_("ginjontan colour", "White"), "r": p_("ginjontan colour", "Red"),
             "o": p_("ginjontan colour", "Orange"), "y": p_("ginjontan colour", "Yellow"),
             "g": p_("ginjontan colour", "Green"), "b": p_("ginjontan colour", "Blue"),
             "v": p_("ginjontan colour", "Violet")}
    return names.get(letter, letter)
register_word(CARD, card_words)
register_word(SET, lambda value: set_text(*value))
register_word(ZONE, lambda name: zone_text(name))


def set_text(count: int, title: bool) -> str:
    """A set's name: "Pair" .. "Nine" as a combination's title, "pair" .. "nine" in its explanation."""
    if title:
        names = {2: p_("ginjontan set", "Pair"), 3: p_("ginjontan set", "Triple"), 4: p_("ginjontan set", "Four"),
                 5: p_("ginjontan set", "Five"), 6: p_("ginjontan set", "Six"), 7: p_("ginjontan set", "Seven"),
                 8: p_("ginjontan set", "Eight"), 9: p_("ginjontan set", "Nine")}
    else:
        names = {2: p_("ginjontan set", "pair"), 3: p_("ginjontan set", "triple"), 4: p_("ginjontan set", "four"),
                 5: p_("ginjontan set", "five"), 6: p_("ginjontan set", "six"), 7: p_("ginjontan set", "seven"),
                 8: p_("ginjontan set", "eight"), 9: p_("ginjontan set", "nine")}
    return names[count]


def worded(value: Ref | str) -> str:
    """An engine's Ref (a combination's title, a line of its explanation) in the player's language."""
    return str(word(value))


def score_title(score: HandScore) -> str:
    return worded(score.heading)


def score_lines(score: HandScore) -> list[str]:
    return [worded(line) for line in score.lines]


def move_text(name: str) -> str:
    """A move as the undo message names it (its stored type: "swap", "setaside" ...)."""
    names = {"join": p_("ginjontan move", "join"), "leave": p_("ginjontan move", "leave"),
             "start": p_("ginjontan move", "start"), "swap": p_("ginjontan move", "swap"),
             "setaside": p_("ginjontan move", "setaside"), "act": p_("ginjontan move", "act"),
             "exchange": p_("ginjontan move", "exchange"), "trim": p_("ginjontan move", "trim"),
             "call": p_("ginjontan move", "call"), "askcards": p_("ginjontan move", "askcards"),
             "give": p_("ginjontan move", "give"), "evaluate": p_("ginjontan move", "evaluate"),
             "timeout": p_("ginjontan move", "timeout")}
    return names.get(name, name)


def task_text(task: str) -> str:
    return _(TASK_TEXT[task])


def zone_text(source: str) -> str:
    """Where cards are: a hand or a reserve."""
    if source == "hand":
        return p_("ginjontan zone", "hand")
    return p_("ginjontan zone", "reserve") if source == "reserve" else source


def points(n: int) -> str:
    return f"{n:,}"


def waiting_line(state: GinjontanState) -> str:
    if state.phase in (Phase.LOBBY, Phase.OVER) or not state.waiting:
        return ""
    who: dict[str, list[int]] = {}
    for p, task in state.waiting:
        who.setdefault(task, []).append(p)
    parts = [f"{' '.join(mention(p) for p in ps)}: {task_text(task)}" for task, ps in who.items()]
    return "⏳ " + "; ".join(parts)


def _who(e: dict[str, Any]) -> str:
    return mention(e["player"]) if "player" in e else ""


def _order(state: GinjontanState, e: dict[str, Any]) -> str:
    then = _(" then ")
    turned = ", ".join(f"{mention(p)} {then.join(card_words(c) for c in cs)}" for p, cs in e["turned"])
    return _("🔀 Turned from the reserves: {turned}. Order: {order}.", turned=turned,
             order=" → ".join(mention(p) for p in e["order"]))


def _duel(state: GinjontanState, e: dict[str, Any]) -> str:
    shown = " · ".join(_("{player} unfolds {cards}", player=mention(p), cards=cards_text(cs))
                       for p, cs in e["unfolded"])
    return _("⚔️ Duel {active} vs {opponent}: {shown}. Each draws as many cards into their hand as they unfolded; the "
             "duel begins.", active=mention(e["active"]), opponent=mention(e["opponent"]), shown=shown)


def _clash(state: GinjontanState, e: dict[str, Any]) -> str:
    what = worded(clash(e["acting"], e["target"]).words)
    line = _("{player}: {acting} on {target}. {what}.", player=_who(e), acting=card_words(e["acting"]),
             target=card_words(e["target"]), what=what)
    return line + (f" {mention(e['owner'])} +{points(e['points'])}" if e["winner"] is not None else "")


def _exchange(state: GinjontanState, e: dict[str, Any]) -> str:
    if not e["count"]:
        return _("{player} made no exchange.", player=_who(e))
    return n_("{player} exchanged {count} card between hand and reserve.",
              "{player} exchanged {count} cards between hand and reserve.", e["count"], player=_who(e))


def _shown(state: GinjontanState, e: dict[str, Any]) -> str:
    title = score_title(score_hand(e["cards"], state.options))  # worded from the cards (older events: the same)
    line = _("{player} shows {cards}: **{title}**, {points}", player=_who(e), cards=cards_text(e["cards"]),
             title=title, points=points(e["points"]))
    return line + (_(" — **Defeat!**") if e["defeat"] else "")


def _evaluated(state: GinjontanState, e: dict[str, Any]) -> str:
    changes = ", ".join(f"{mention(p)} {v:+,}" for p, v in e["changes"])
    if not changes:
        return _("📊 Round {round}: nobody showed a hand.", round=e["round"])
    return _("📊 Round {round}: {changes}.", round=e["round"], changes=changes)


def _over(state: GinjontanState, e: dict[str, Any]) -> str:
    table = ", ".join(f"{place}. {mention(p)} {points(pts)}" for p, place, pts in e["standings"])
    return _("🏁 **Game over.** {table}", table=table)


def _left(state: GinjontanState, e: dict[str, Any]) -> str:
    if not e.get("started"):
        return _("{player} left the lobby.", player=_who(e))
    return n_("🚪 {player} left the game; the {count} card they held is out of play.",
              "🚪 {player} left the game; the {count} cards they held are out of play.", e["cards"], player=_who(e))


WORDING = Wording("ginjontan", {
    "joined": lambda s, e: n_("{player} joined ({count} player).", "{player} joined ({count} players).",
                              len(s.seats), player=_who(e)),
    "left": _left,
    "timeout": lambda s, e: _("⏰ Time ran out for {players}: the bot made their default moves.",
                              players=", ".join(mention(p) for p in e["players"])),
    "dealt": lambda s, e: _("🃏 Round {round} of {rounds}: 9 cards dealt to each hand and 9 to each reserve.",
                            round=e["round"], rounds=s.options.rounds),
    "swap": lambda s, e: (_("{player} swapped hand and reserve.", player=_who(e)) if e["swapped"] else
                          _("{player} kept their hand.", player=_who(e))),
    "order": _order,
    "aside": lambda s, e: _("{player} set 3 cards aside.", player=_who(e)),
    "duel": _duel,
    "drew": shown_elsewhere,  # private cards: the duel line says each draws
    "clash": _clash,
    "reserve_lost": lambda s, e: n_("🕳️ Black hole: {player}'s reserve ({count} card) goes back to the deck.",
                                    "🕳️ Black hole: {player}'s reserve ({count} cards) goes back to the deck.",
                                    e["count"], player=_who(e)),
    "exchange": _exchange,
    "trim": lambda s, e: n_("{player} put {count} reserve card back in the deck.",
                            "{player} put {count} reserve cards back in the deck.", e["count"], player=_who(e)),
    "filled": lambda s, e: n_("{player}'s reserve was filled with {count} card.",
                              "{player}'s reserve was filled with {count} cards.", e["count"], player=_who(e)),
    "phase": lambda s, e: f"**{_(PHASE_TEXT[Phase(e['phase'])])}.**",
    "call": lambda s, e: (_("{player}: “Gin jon tan!” (already satisfied)", player=_who(e)) if e["auto"] else
                          _("{player}: “Gin jon tan!”", player=_who(e))),
    "ask": lambda s, e: n_("{player} gives {count} card and asks {target} for as many from their {zone}.",
                           "{player} gives {count} cards and asks {target} for as many from their {zone}.",
                           e["count"], player=_who(e), target=mention(e["target"]), zone=zone_text(e["source"])),
    "give": lambda s, e: n_("{player} handed {count} card from their {zone} to {asker}.",
                            "{player} handed {count} cards from their {zone} to {asker}.", e["count"],
                            player=_who(e), zone=zone_text(e["source"]), asker=mention(e["asker"])),
    "kat_oh": lambda s, e: _("{player}: “Kat oh!” (cards face down).", player=_who(e)),
    "shown": _shown,
    "defeat": lambda s, e: _("💀 {player} revealed a Defeat and loses the round: its {lost} points are void.",
                             player=_who(e), lost=format(e["lost"], "+,")),
    "evaluated": _evaluated,
    "over": _over,
})


def may_exchange(state: GinjontanState, player: int) -> bool:
    """Whether the player's hand offers the best one-card exchange: they may exchange now."""
    return any(t in state.tasks(player) for t in ("exchange3", "exchange9", "turn"))


def combination_cards(cards: list[int] | tuple[int, ...], state: GinjontanState) -> set[int]:
    """The cards of `cards` that make up the combinations the hand scores with."""
    return {c for combination in score_hand(cards, state.options).combinations for c in combination.cards}


def round_summary(state: GinjontanState, e: dict[str, Any]) -> tuple[str, list[tuple[str, list[int]]], dict[int, str]]:
    """A round's end (the "evaluated" event): its text (each revealed hand by place with its combination, the
    change and the running total), and the picture's rows (the hands by place, sorted) and marks (the cards that
    score)."""
    change = {p: v for p, v in e["changes"]}
    scores = {p: score_hand(cards, state.options) for p, cards in e["hands"]}
    lines = [_("📊 **Round {round} of {rounds}: the hands**", round=e["round"], rounds=state.options.rounds)]
    rows: list[tuple[str, list[int]]] = []
    marks: dict[int, str] = {}
    for p, cards in e["hands"]:
        score = scores[p]
        title = score_title(score)
        total = points(state.seat(p).points) if state.seated(p) else "—"
        if p in change:
            place = 1 + sum(1 for q in change if scores[q].points > score.points)
            lines.append(_("{place}. {player} **{title}**, {points} → {change} · total **{total}**", place=place,
                           player=mention(p), title=title, points=points(score.points), change=format(change[p], "+,"),
                           total=total))
            rows.append((_("{place}. {name}: {title}, {points}", place=place, name=state.name(p), title=title,
                           points=points(score.points)), sorted(cards, key=sort_key)))
            marks.update(dict.fromkeys(combination_cards(cards, state), "combo"))
        else:
            lines.append(_("💀 {player} revealed a Defeat: the round's points are void · total **{total}**",
                           player=mention(p), total=total))
            rows.append((_("{name}: Defeat", name=state.name(p)), sorted(cards, key=sort_key)))
    shown = {p for p, _cards in e["hands"]}
    lines += [_("{player} Kat oh! · total **{total}**", player=mention(s.player), total=points(s.points))
              for s in state.seats if s.player not in shown]
    return "\n".join(lines)[:2000], rows, marks


def event_lines(state: GinjontanState, events: list[dict[str, Any]]) -> str:
    """What happened, for everyone: no private card is named (drawn cards, reserves, cards set aside). Who is
    awaited is the panel's to say."""
    text = "\n".join(line for line in (WORDING.line(state, e) for e in events) if line)
    return text if len(text) <= 2000 else text[:1990] + "\n…"


def lobby_embed(state: GinjontanState) -> discord.Embed:
    o = state.options
    players = n_("{count} player: {players}", "{count} players: {players}", len(state.seats),
                 players=", ".join(mention(s.player) for s in state.seats))
    settings = _("Rounds: {rounds} · deck: {deck} · combinations: {combinations} · duels: {duels}", rounds=o.rounds,
                 deck=p_("choice", o.deck), combinations=p_("choice", o.combinations), duels=p_("choice", o.duels))
    extra = (_(" · prize rule") if o.prize else "") + (_(" · turn timer {seconds} s", seconds=state.timer)
                                                        if state.timer else "")
    embed = discord.Embed(title=p_("ginjontan", "Gin-jon-tan"), colour=COLOUR,
                          description=f"{players}\n{settings}{extra}")
    _seed_field(embed, state)
    embed.set_footer(text=_("Press Join to play (2-8 players); the host presses Start."))
    return embed


def _seed_field(embed: discord.Embed, state: GinjontanState, *, over: bool = False) -> None:
    over = over or state.phase is Phase.OVER
    lines = seed_lines(state.seed, chosen=state.seed_chosen, over=over, command="/ginjontan new")
    if lines:
        embed.add_field(name=p_("ginjontan", "Seed"), value="\n".join(lines), inline=False)
    if over:
        fairness.add_reveal(embed, [("ginjontan", state.seal)], "ginjontan")
    elif state.phase is Phase.LOBBY:  # posted before the deal, and kept once the game starts
        fairness.add_commitment(embed, state.seal, "ginjontan")


def _last_round(state: GinjontanState) -> str:
    last = state.last_round
    assert last is not None
    if not last.rows:
        return "\n".join(last.lines)  # a game stored before the rows were
    lines = []
    for p, outcome, place, amount in last.rows:
        name = state.name(p) if state.seated(p) else mention(p)
        if outcome == "defeat":
            lines.append(_("{name}: Defeat, the round's {points} points are void", name=name,
                           points=format(amount, "+,")))
        elif outcome == "place":
            lines.append(_("{name}: place {place}, {points}", name=name, place=place, points=format(amount, "+,")))
        else:
            lines.append(_("{name}: Kat oh!, keeps {points}", name=name, points=points(amount)))
    return "\n".join(lines)


def status_embed(state: GinjontanState) -> discord.Embed:
    embed = discord.Embed(title=_("Gin-jon-tan — round {round} of {rounds}", round=max(state.round, 1),
                                  rounds=state.options.rounds),
                          colour=COLOUR, description=_(PHASE_TEXT[state.phase]))
    if state.order:
        embed.add_field(name=_("Order (3.1)"), value=" → ".join(mention(p) for p in state.order), inline=False)
    if state.duel is not None:
        d = state.duel
        done = "\n".join(_("{player}: {acting} on {target}", player=mention(c.actor), acting=card_words(c.acting),
                           target=card_words(c.target))
                         + (f" → +{points(c.points)}" if c.winner is not None else _(" → standoff"))
                         for c in d.clashes)
        embed.add_field(name=_("Duel {number} of {count}", number=state.duel_index + 1, count=len(state.schedule)),
                        value=(f"{mention(d.active)} {cards_text(state.seat(d.active).unfolded)}\n"
                               f"{mention(d.opponent)} {cards_text(state.seat(d.opponent).unfolded)}\n{done}")[:1024],
                        inline=False)
    rows = []
    for s in sorted(state.seats, key=lambda s: -s.points):
        extra = ""
        if s.result == "shown":
            extra = " · " + _("shown {points}", points=points(s.hand_points))
        elif s.result:
            extra = " · " + (p_("ginjontan", "Defeat") if s.result == "defeat" else p_("ginjontan", "Kat oh!"))
        elif s.called:
            extra = " · " + _("Gin jon tan!")
        rows.append(_("{player} **{points}** · hand {hand} · reserve {reserve}", player=mention(s.player),
                      points=points(s.points), hand=len(s.hand), reserve=len(s.reserve)) + extra)
    embed.add_field(name=p_("ginjontan", "Scores"), value="\n".join(rows)[:1024], inline=False)
    if state.last_round is not None:
        embed.add_field(name=p_("ginjontan", "Round {round}", round=state.last_round.round),
                        value=_last_round(state)[:1024], inline=False)
    wait = waiting_line(state)
    if wait:
        embed.add_field(name=p_("ginjontan", "Waiting for"), value=wait[:1024], inline=False)
    _seed_field(embed, state)
    return embed


def panel_embed(state: GinjontanState) -> discord.Embed:
    """The live panel at the bottom of the channel: the lobby, the game's public state, or the final standings."""
    if state.phase is Phase.LOBBY:
        return lobby_embed(state)
    return final_embed(state) if state.phase is Phase.OVER else status_embed(state)


def final_embed(state: GinjontanState) -> discord.Embed:
    lines = [f"{place}. {mention(p)} — {points(pts)}" for p, place, pts in standings(state)]
    embed = discord.Embed(title=_("Gin-jon-tan — final standings (step 10)"), colour=COLOUR_OK,
                          description="\n".join(lines))
    _seed_field(embed, state, over=True)
    return embed


def ended_text(state: GinjontanState) -> str:
    """`/ginjontan end`: the game stops; its seed is no secret any more."""
    return "\n".join([_("The Gin-jon-tan game in this channel is over (not rated). {command} starts another.",
                        command=command_words(("ginjontan new", ""))),
                      *seed_lines(state.seed, chosen=False, over=True, command="/ginjontan new"),
                      *fairness.reveal_lines([("ginjontan", state.seal)], "ginjontan")])


def hand_text(state: GinjontanState, player: int) -> str:
    seat = state.seat(player)
    lines = [_("**Hand** ({count}): {cards}", count=len(seat.hand), cards=cards_text(seat.hand)),
             _("**Reserve** ({count}/{cap}): {cards}", count=len(seat.reserve),
               cap=RESERVE_CAP if state.phase is Phase.DUEL else RESERVE, cards=cards_text(seat.reserve))]
    if seat.active:
        lines.append(_("**Set aside**: {cards}", cards=cards_text(seat.active)))
    if seat.unfolded:
        lines.append(_("**Unfolded**: {cards}", cards=cards_text(seat.unfolded)))
    tasks = state.tasks(player)
    waiting = waiting_line(state).removeprefix("⏳ ")
    if tasks:
        now = "; ".join(task_text(t) for t in tasks)
    elif waiting:
        now = _("nothing for you; waiting for {waiting}", waiting=waiting)
    else:
        now = _("nothing for you")
    lines.append(_("**Now**: {now}", now=now))
    if "act" in tasks:
        lines.append(duel_forecast(state, player))
    text = "\n".join(lines)
    return text[:4000]


def clash_reason(reason: str) -> str:
    """Why a clash was won: by a verb, by colour, by value."""
    if reason == "verb":
        return p_("clash reason", "verb")
    return p_("clash reason", "colour") if reason == "colour" else p_("clash reason", "number")


def duel_forecast_one(acting: int, target: int) -> str:
    c = clash(acting, target)
    if c.winner is None:
        return p_("ginjontan", "standoff")
    gain = f"{card(c.winner).value + card(c.loser).value:,}"
    reason = clash_reason(c.reason)
    if c.winner == acting:
        return _("you win +{points} ({reason})", points=gain, reason=reason)
    return _("you lose, they get +{points} ({reason})", points=gain, reason=reason)


def duel_forecast(state: GinjontanState, player: int) -> str:
    other = state.duel_opponent(player)
    rows = []
    for a in state.seat(player).unfolded:
        for t in state.seat(other).unfolded:
            c = clash(a, t)
            verdict = p_("ginjontan", "standoff") if c.winner is None else (
                p_("ginjontan", "you win") if c.winner == a else p_("ginjontan", "you lose"))
            rows.append(f"{card_words(a)} → {card_words(t)}: {verdict}")
    return _("**Your options**: {options}", options=" · ".join(rows))


def hand_embed(state: GinjontanState, player: int, advice: HandAdvice, *, with_picture: bool) -> discord.Embed:
    seat = state.seat(player)
    score = advice.score
    embed = discord.Embed(title=_("Your cards — {phase}", phase=_(PHASE_TEXT[state.phase])), colour=COLOUR,
                          description=hand_text(state, player))
    embed.add_field(name=_("Your hand now: {title}, {points}", title=score_title(score), points=points(score.points)),
                    value="\n".join(score_lines(score))[:1024], inline=False)
    if may_exchange(state, player):
        hint = advice.swap
        embed.add_field(name=_("Best one-card exchange"), inline=False, value=(
            _("give {give}, take {take}: {points} points", give=card_words(hint[0]), take=card_words(hint[1]),
              points=points(hint[2]))
            if hint else _("none beats your hand as it is")))
    if score.defeat:
        embed.add_field(name=_("⚠️ Defeat in hand"), value=_("Showing it at evaluation loses the round; unfold it in a "
                        "duel, exchange it, or say Kat oh! instead."), inline=False)
    embed.set_footer(text=_("Your points: {points} · only you see this", points=points(seat.points)))
    if with_picture:
        embed.set_image(url="attachment://hand.png")
    return embed


def score_embed(cards: list[int], score: HandScore) -> discord.Embed:
    embed = discord.Embed(title=_("{title}: {points} points", title=score_title(score), points=points(score.points)),
                          colour=COLOUR_INFO, description=f"{cards_text(cards)}\n\n" + "\n".join(score_lines(score)))
    embed.set_image(url="attachment://cards.png")
    return embed


RULES = {
    "basics": (N_("The game, step by step"), N_(
        "Each player gets 9 cards in hand and 9 face down in the reserve (step 1), and may swap the two once "
        "(step 2). Every round: everyone sets 3 cards aside; reserve cards turned decide the order (3.1); each "
        "player in turn duels every other player (3.2-3.7); exchanges (4); reserves back to 9 (5); the "
        "combination round (6); evaluation (7). The highest hand adds its points, the others deduct theirs "
        "(second 1x, third 2x ...). After the chosen number of rounds the highest score wins.")),
    "duels": (N_("Duels (3.2-3.3)"), N_(
        "Both duellists unfold the 3 cards they set aside and draw 3. They take turns, the active player "
        "first: pick one of your unfolded cards and one of theirs. A Black hole beats anything; a card whose "
        "verb names the other's symbol overcomes it (Righteous judges Prisoner ...; if both do, the acting "
        "card wins); else the higher colour; else the higher value; else a standoff. The winner gains both "
        "cards' values. Losing cards go to the deck, the others to the reserve (at most 33 there). A winning "
        "Black hole sends both reserves back to the deck. Then the active player may exchange up to 3 cards "
        "between hand and reserve and sets 3 new cards aside.")),
    "combinations": (N_("Combinations and their points"), N_(
        "Pair..nine: 2-9 cards of one symbol, x2 x3 x9 x12 x15 x18 x21 x33 the sum of values. "
        "Order 3..9: consecutive copy numbers, x3 x6 x9 x12 x21 x33 x99 the sum x the value of the highest. "
        "One colour: also x that colour (White 1, Red 3, Orange 9, Yellow 12, Green 15, Blue 33, Violet 99). "
        "Multicolour: at least two colours with a pair: x the lowest of them x how many. Full colours: all "
        "six non-white colours in the hand: 9 x the sum x (count of the most present colour x its "
        "multiplier). A card's value is symbol value x copy number x colour.")),
    "specials": (N_("Special cards: Black hole, Bonus, Universal, Defeat"), N_(
        "Black hole (33): beats any card, and empties both duellists' reserves. Bonus: adds its own value "
        "(1 x copy x colour) and triples the hand's combination. Universal (99): stands for any card in a "
        "combination and keeps its own value. Defeat (0): shown at evaluation, it loses the round and voids "
        "the round's points — unfold it, exchange it, or say Kat oh!.")),
    "round": (N_("Combination round and evaluation (6-7)"), N_(
        "In the order of 3.1 each player either says “Gin jon tan!” (and can't exchange again until asked), "
        "exchanges 1-3 cards with their reserve, or asks another player for 1-3 cards from that player's hand "
        "or reserve (the asked player picks). The round ends when everyone has said it in a row. Then, in "
        "order, each player shows their hand or says “Kat oh!” (keeps their points, no ranking).")),
    "notation": (N_("Card notation (what you type)"), NOTATION_HINT),
    "rating": (N_("Tournament rating and prize"), N_(
        "Each finished game gives the last player 1 point, the last but one 3, and 3 more per place up "
        "(3+(n-2)*3 for the winner of n). {command} sorts by these, then by total points. With the "
        "prize rule (personal decks), the winner takes 3 cards from each other player, the second 2 from each "
        "player below, the third 1.")),
}


def rule_text(topic: str) -> str:
    text = _(RULES[topic][1], command=command_words(("ginjontan standings", ""))) if topic == "rating" else \
        _(RULES[topic][1])
    if topic == "notation":
        text += " " + _("Symbols: {symbols}.", symbols=", ".join(s.code for s in SYMBOLS))
    return text


def rules_embed(topic: str | None) -> discord.Embed:
    if topic is None:
        embed = discord.Embed(title=_("Gin-jon-tan — rules"), colour=COLOUR_INFO)
        for key, (title, _text) in RULES.items():
            embed.add_field(name=_(title), value=rule_text(key)[:1024], inline=False)
        embed.set_footer(text=_("The rules as the bot plays them, with its decisions where the card text is loose. "
                                "{command} shows one part in full.",
                                command=command_words(("ginjontan rules", "topic:")).strip("`")))
        return embed
    return discord.Embed(title=_("Gin-jon-tan — {title}", title=_(RULES[topic][0])), description=rule_text(topic),
                         colour=COLOUR_INFO)


def standings_embed(rows: list[Any]) -> discord.Embed:
    embed = discord.Embed(title=_("Gin-jon-tan — tournament rating"), colour=COLOUR_INFO)
    if not rows:
        embed.description = _("No rated game has finished in this server yet.")
        return embed
    embed.description = "\n".join(
        f"{i}. {mention(r.user_id)} — " + n_(
            "**{tier}** rating points · {points} game points · {count} game, {wins} won",
            "**{tier}** rating points · {points} game points · {count} games, {wins} won", r.games,
            tier=r.tier, points=points(r.total), wins=r.wins) for i, r in enumerate(rows, start=1))
    embed.set_footer(text=_("Rating: last 1, last but one 3, +3 per place up; ties broken by total points."))
    return embed


def collection_embed(owned: tuple[int, ...]) -> discord.Embed:
    embed = discord.Embed(title=n_("Your collection — {count} card", "Your collection — {count} cards", len(owned)),
                          colour=COLOUR_INFO)
    text = cards_text(sorted(owned, key=lambda c: -card(c).value))
    embed.description = (text if len(text) <= 4000 else text[:3990] + " …") if owned else _(
        "No cards yet. Games with personal decks draft 33 cards from your collection, topped up from the full "
        "set; the prize rule adds the cards you win.")
    return embed
