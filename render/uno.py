"""What /uno shows: event lines, the board embed and picture, the private hand, the rules pages.

Every word goes through render.i18n in the player's language. A card's text form carries its colour's mark
(`COLOUR_MARKS`: a coloured square and the colour's notation letter, 🟥R for red), so players who can't tell the
colours apart read the colour from the letter; the pictures draw a shape per colour (render/uno_pictures.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from engine.uno.cards import CARDS, DRAW2, REVERSE, SKIP, WILD, WILD4, Colour, sorted_hand
from engine.uno.legal import Options, PlayKind
from engine.uno.options import CLASSIC
from engine.uno.rules import options, waiting_on
from engine.uno.state import Phase, UnoState
from render.common import COLOUR_INFO, mention, seed_lines
from render.common import leaderboard_embed as common_leaderboard
from render.events import Wording
from render.i18n import N_, _, command_words, current, n_, p_, register_word
from render.offload import Drawing
from render.uno_pictures import PileDrawing, board_png, colour_word, hand_png
from storage.results import LeaderboardRow

COLOUR_UNO = discord.Colour.from_rgb(237, 28, 36)
BOARD_FILE = "uno-board.png"
HAND_FILE = "uno-hand.png"
COLOUR_MARKS = {Colour.RED: "🟥R", Colour.YELLOW: "🟨Y", Colour.GREEN: "🟩G", Colour.BLUE: "🟦B"}


# -- cards and colours in words -----------------------------------------------------------------------------

def rank_word(rank: str) -> str:
    if rank == SKIP:
        return p_("uno card", "Skip")
    if rank == REVERSE:
        return p_("uno card", "Reverse")
    if rank == DRAW2:
        return p_("uno card", "+2")
    if rank == WILD:
        return p_("uno card", "Wild")
    if rank == WILD4:
        return p_("uno card", "Wild +4")
    return rank


def face_name(colour: str | None, rank: str) -> str:
    """A card's name in the language in force: "Red 5", "Blue Skip", "Wild +4"."""
    if colour is None:
        return rank_word(rank)
    return _("{colour} {rank}", colour=colour_word(Colour(colour)), rank=rank_word(rank))


def card_name(card_id: int) -> str:
    c = CARDS[card_id]
    return face_name(None if c.colour is None else c.colour.value, c.rank)


def colour_mark(colour: Colour | None) -> str:
    """The colour's mark for a text ("🟥R "), empty for a Wild's."""
    return "" if colour is None else f"{COLOUR_MARKS[colour]} "


def card_text(card_id: int) -> str:
    """A card as a line or a menu shows it: its colour's mark and its name ("🟥R Red 5")."""
    return colour_mark(CARDS[card_id].colour) + card_name(card_id)


def colour_name(value: str | None) -> str:
    return colour_word(Colour(value)) if value else _("any colour")


def colour_text(value: str | None) -> str:
    """A chosen colour with its mark ("🟦B Blue")."""
    return colour_mark(Colour(value)) + colour_word(Colour(value)) if value else _("any colour")


def _facing_words(parts: tuple[tuple[Any, ...], ...]) -> str:
    words = [_("a stack of {total} on pile {pile}", total=p[1], pile=p[2]) if p[0] == "stack"
             else _("a trade from {player}", player=mention(p[1])) for p in parts]
    return p_("uno separator", ", ").join(words) or p_("uno", "nothing")


register_word("uno card", lambda value: face_name(*value))
register_word("uno facing", _facing_words)


def player_name(state: UnoState, player: int) -> str:
    """A player's display name as they joined (pictures and menus), else their seat."""
    return state.seat(player).name or _("Player {number}", number=state.index(player) + 1)


def command(path: str, options: str = "") -> str:
    """A slash command as the player types it, in their language: "`/uno draw`"."""
    return command_words((path, options))


def game_title(state: UnoState) -> str:
    return _("Uno (classic)") if state.options == CLASSIC else _("Uno: Chaos Edition")


def _who(players: list[int]) -> str:
    return p_("uno separator", ", ").join(mention(p) for p in players) or p_("uno", "nobody")


def _arrow(direction: int) -> str:
    return _("clockwise ↻") if direction == 1 else _("counter-clockwise ↺")


def _p(e: dict[str, Any]) -> str:
    return mention(e["player"]) if e.get("player") is not None else ""


def _play(state: UnoState, e: dict[str, Any]) -> str:
    card = CARDS[e["card"]]
    params = {"player": _p(e), "card": card_name(e["card"]), "mark": colour_mark(card.colour), "pile": e["pile"]}
    if card.is_wild:
        return _("{player} played **{card}** on pile {pile} (colour: {colour}).", colour=colour_text(e["colour"]),
                 **params)
    return _("{player} played {mark}**{card}** on pile {pile}.", **params)


def _shift(state: UnoState, e: dict[str, Any]) -> str:
    params = {"accept": command("uno accept")}
    if e["direction"] == 1:
        return n_("Hands will move **{count} seat** along the clockwise order. Anyone may deflect; the turn player "
                  "lets it happen with {accept}.",
                  "Hands will move **{count} seats** along the clockwise order. Anyone may deflect; the turn player "
                  "lets it happen with {accept}.", e["count"], **params)
    return n_("Hands will move **{count} seat** against the clockwise order. Anyone may deflect; the turn player "
              "lets it happen with {accept}.",
              "Hands will move **{count} seats** against the clockwise order. Anyone may deflect; the turn player "
              "lets it happen with {accept}.", e["count"], **params)


_DEFLECTED = {"stacks": N_("{player} deflected the stacks with {mark}**{card}**."),
              "trades": N_("{player} deflected the trades with {mark}**{card}**."),
              "shift": N_("{player} deflected the shift with {mark}**{card}**.")}


def _deflected(state: UnoState, e: dict[str, Any]) -> str:
    template = _DEFLECTED.get(e["what"], N_("{player} deflected it with {mark}**{card}**."))
    lines = [_(template, player=_p(e), mark=colour_mark(CARDS[e["card"]].colour), card=card_name(e["card"]))]
    lines += [_("· pile {pile}: +{total} now aimed at {player}", pile=s["pile"], total=s["total"],
                player=mention(s["target"])) for s in e.get("stacks", [])]
    lines += [_("· trade: {initiator} ⇄ {target}", initiator=mention(t["initiator"]), target=mention(t["target"]))
              for t in e.get("trades", [])]
    return "\n".join(lines)


def _draw(state: UnoState, e: dict[str, Any]) -> str:
    count, reason = e["count"], e["reason"]
    params = {"player": _p(e)}
    if reason == "stack":
        line = n_("{player} drew {count} card from the stack", "{player} drew {count} cards from the stack", count,
                  **params)
    elif reason == "callout":
        line = n_("{player} drew {count} card (Uno rule)", "{player} drew {count} cards (Uno rule)", count, **params)
    elif reason == "round":
        line = n_("{player} drew {count} card for the new round", "{player} drew {count} cards for the new round",
                  count, **params)
    elif reason == "timer":
        line = n_("{player} drew {count} card (time ran out)", "{player} drew {count} cards (time ran out)", count,
                  **params)
    else:
        line = n_("{player} drew {count} card", "{player} drew {count} cards", count, **params)
    if e.get("left"):
        return _("{line} ({left} still on the stack).", line=line, left=e["left"])
    return _("{line}.", line=line)


def _callout(state: UnoState, e: dict[str, Any]) -> str:
    loser = mention(e["loser"])
    result = (_("+{cards} added to their stack, now aimed at {loser}", cards=e["cards"], loser=loser) if e["stack"]
              else _("{loser} draws {cards}", loser=loser, cards=e["cards"]))
    params = {"caller": mention(e["caller"]), "target": mention(e["target"]), "result": result}
    if e["loser"] == e["target"]:
        return _("{caller} called out {target}: caught! {result}.", **params)
    return _("{caller} called out {target}: they had said Uno. {result}.", **params)


def _challenge(state: UnoState, e: dict[str, Any]) -> str:
    params = {"player": _p(e), "against": mention(e["against"]), "total": e["total"], "loser": mention(e["loser"])}
    if e["guilty"]:
        return _("{player} challenged {against}'s Wild +4: they had another card to play. The stack (+{total}) is "
                 "aimed at {loser}.", **params)
    return _("{player} challenged {against}'s Wild +4: it was a fair play. The stack (+{total}) is aimed at "
             "{loser}.", **params)


def _round_won(state: UnoState, e: dict[str, Any]) -> str:
    points = p_("uno separator", ", ").join(f"{mention(int(k))}: {v}" for k, v in e["points"].items())
    return _("🎉 Round won by {winners}! Points left: {points}.", winners=_who(e["winners"]), points=points)


def _shifted(state: UnoState, e: dict[str, Any]) -> str:
    if not e["count"]:
        return _("The shift came to nothing.")
    return n_("Every hand moved {count} seat.", "Every hand moved {count} seats.", e["count"])


def _prompt(state: UnoState, e: dict[str, Any]) -> str:
    if e["kind"] == "partner":
        return _("{player} chooses a trade partner (the menu below).", player=_p(e))
    return _("{player} chooses the pile it moves onto (the menu below).", player=_p(e))


def _left(state: UnoState, e: dict[str, Any]) -> str:
    return n_("{player} left the game; their {count} card went under the draw pile.",
              "{player} left the game; their {count} cards went under the draw pile.", e["cards"], player=_p(e))


def _timed_out(state: UnoState, e: dict[str, Any]) -> str:
    if e.get("player") is None:
        return _("⏰ Time ran out for the round.")
    return _("⏰ Time ran out for {player}.", player=_p(e))


WORDING = Wording("uno", {
    "play": _play,
    "stack": lambda s, e: _("Stack on pile {pile}: **+{total}** aimed at {player}.", pile=e["pile"],
                            total=e["total"], player=mention(e["target"])),
    "skipped": lambda s, e: _("{player} is skipped.", player=_p(e)),
    "reversed": lambda s, e: _("Play now goes {way}.", way=_arrow(e["direction"])),
    "shift": _shift,
    "shifted": _shifted,
    "trade": lambda s, e: _("{initiator} wants to trade hands with {target}: {target} accepts ({accept}) or "
                            "deflects.", initiator=mention(e["initiator"]), target=mention(e["target"]),
                            accept=command("uno accept")),
    "trade_cancelled": lambda s, e: _("The trade between {initiator} and {target} is cancelled.",
                                      initiator=mention(e["initiator"]), target=mention(e["target"])),
    "traded": lambda s, e: _("{initiator} and {target} traded hands.", initiator=mention(e["initiator"]),
                             target=mention(e["target"])),
    "new_pile": lambda s, e: _("A new pile {pile} is flipped: {mark}**{card}**.", pile=e["pile"],
                               mark=colour_mark(CARDS[e["card"]].colour), card=card_name(e["card"])),
    "no_new_pile": lambda s, e: _("There are already {count} piles: no new pile.", count=e["limit"]),
    "moved_pile": lambda s, e: _("Pile {pile} moved onto pile {onto}.", pile=e["pile"], onto=e["onto"]),
    "prompt": _prompt,
    "crazy_eights": lambda s, e: _("**Crazy 8's!** {players} must each draw 8 (another 8 on pile {pile} cancels "
                                   "your own).", players=_who(e["victims"]), pile=e["pile"]),
    "eights_cancelled": lambda s, e: _("{player} escaped their Crazy 8's.", player=_p(e)),
    "deflected": _deflected,
    "draw": _draw,
    "stack_dead": lambda s, e: _("The stack on pile {pile} is dead.", pile=e["pile"]),
    "released": lambda s, e: _("{player} no longer has to play the card they drew.", player=_p(e)),
    "passed": lambda s, e: _("{player} keeps the card they drew.", player=_p(e)),
    "uno": lambda s, e: _("{player} says **UNO!**", player=_p(e)),
    "callout": _callout,
    "challenge": _challenge,
    "round_won": _round_won,
    "game_over": lambda s, e: _("🏆 {players} won the game!", players=_who(e["winners"])),
    "joined": lambda s, e: _("{player} joined.", player=_p(e)),
    "left": _left,
    "started": lambda s, e: n_("The game starts with {count} player. Use {hand} to see your cards.",
                               "The game starts with {count} players. Use {hand} to see your cards.",
                               len(e["players"]), hand=command("uno hand")),
    "timer": lambda s, e: (_("Turn timer: {seconds} s.", seconds=e["seconds"]) if e["seconds"]
                           else _("Turn timer off.")),
    "timed_out": _timed_out,
    "reshuffled": lambda s, e: n_("The draw pile ran out: {count} card was shuffled into it.",
                                  "The draw pile ran out: {count} cards were shuffled into it.", e["cards"]),
    "turn": lambda s, e: (_("Turn: {player}.", player=_p(e)) if e.get("player") is not None
                          and s.phase is Phase.PLAY else ""),
})


def event_lines(state: UnoState, events: list[dict[str, Any]]) -> str:
    """The public account of a move. Never names a drawn card: only the drawer learns those (privately). Only the
    last "Turn:" line of a move matters."""
    last_turn = max((i for i, e in enumerate(events) if e.get("type") == "turn"), default=None)
    lines = [WORDING.line(state, e) for i, e in enumerate(events) if e.get("type") != "turn" or i == last_turn]
    return "\n".join(line for line in lines if line)[:2000]


def drawn_for(events: list[dict[str, Any]], player: int) -> list[int]:
    """The cards `player` drew in these events: shown to them alone."""
    return [c for e in events if e["type"] == "draw" and e["player"] == player for c in e["cards"]]


# -- the board --------------------------------------------------------------------------------------------

def board_embed(state: UnoState, *, with_picture: bool = True) -> discord.Embed:
    if state.phase is Phase.LOBBY:
        return lobby_embed(state)
    embed = discord.Embed(title=_("{game} · round {round}", game=game_title(state), round=state.round),
                          colour=COLOUR_UNO)
    if state.phase is Phase.OVER:
        embed.description = (_("🏆 Game over: {players} won.", players=_who(list(state.winners))) if state.winners
                             else p_("uno", "Game over."))
    else:
        waiting = waiting_on(state)
        if state.prompt is not None:
            now = _("{player} is choosing.", player=mention(state.prompt.player))
        elif state.closing:
            now = (_("Someone is out of cards! Jump in now, or press **Score the round**.") if not state.pending
                   else _("Someone is out of cards: resolve what is pending, then score the round."))
        else:
            now = _("Turn: {player} · play goes {way}", player=mention(state.turn_player()),
                    way=_arrow(state.direction))
        others = [p for p in waiting if p != state.turn]
        if others and not state.closing:
            now += "\n" + _("Waiting on: {players}", players=_who(others))
        embed.description = now
    lines = []
    for s in state.seats:
        marks = " 🗣️UNO" if s.said_uno and len(s.hand) <= 1 else ""
        points = " · " + n_("{count} pt", "{count} pt", s.points) if state.options.points else ""
        turn = " ◀" if s.player == state.turn and state.phase is Phase.PLAY else ""
        cards = n_("{count} card", "{count} cards", len(s.hand))
        lines.append(f"{mention(s.player)}: {cards}{points}{marks}{turn}")
    embed.add_field(name=p_("uno", "Players"), value="\n".join(lines)[:1024], inline=False)
    piles = []
    for i, p in enumerate(state.piles):
        colour = f" ({colour_text(p.colour and p.colour.value)})" if CARDS[p.top].is_wild else ""
        piles.append(f"**{i + 1}**: {card_text(p.top)}{colour} · {len(p.cards)}")
    embed.add_field(name=_("Piles (draw pile: {count})", count=len(state.draw_pile)),
                    value="\n".join(piles)[:1024] or "—", inline=False)
    pending = _pending_lines(state)
    if pending:
        embed.add_field(name=p_("uno", "Pending"), value="\n".join(pending)[:1024], inline=False)
    _seed_field(embed, state)
    if state.timer:
        embed.set_footer(text=_("Turn timer: {seconds} s · {rules} for the rules and card notation",
                                seconds=state.timer, rules=_plain(command("uno rules"))))
    else:
        embed.set_footer(text=_("{hand} for your cards · {rules} for the rules and card notation",
                                hand=_plain(command("uno hand")), rules=_plain(command("uno rules"))))
    if with_picture and state.piles:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def _plain(text: str) -> str:
    """A command for a footer, where Discord shows no Markdown: without its backticks."""
    return text.strip("`")


def _pending_lines(state: UnoState) -> list[str]:
    lines = []
    for s in state.stacks:
        params = {"pile": state.pile_number(s.pile), "total": s.total, "player": mention(s.target)}
        lines.append(_("Stack on pile {pile}: +{total} → {player} (Crazy 8's, can't grow)", **params) if s.immutable
                     else _("Stack on pile {pile}: +{total} → {player}", **params))
    lines += [_("Trade: {initiator} ⇄ {target} (waits for {target})", initiator=mention(t.initiator),
                target=mention(t.target)) for t in state.trades]
    if state.shift is not None:
        lines.append(n_("Shift: hands move {count} seat {way}", "Shift: hands move {count} seats {way}",
                        state.shift.count, way=p_("uno", "clockwise") if state.shift.direction == 1
                        else p_("uno", "counter-clockwise")))
    for p in state.piles:
        if p.wild4 is not None:
            lines.append(_("Wild +4 on pile {pile} can be challenged ({challenge})", pile=state.pile_number(p.id),
                           challenge=command("uno challenge")))
    return lines


def board_picture(state: UnoState) -> Drawing | None:
    """The board's picture: what it shows is its key (render/offload.py); None before any pile is dealt."""
    if not state.piles:
        return None
    drawings = []
    for i, p in enumerate(state.piles):
        stacks = [s for s in state.stacks if s.pile == p.id]
        total = sum(s.total for s in stacks) or None
        note = ", ".join(dict.fromkeys(player_name(state, s.target) for s in stacks)) if stacks else None
        drawings.append(PileDrawing(i + 1, p.top, p.colour, len(p.cards), total, f"→ {note}" if note else None))
    return Drawing(BOARD_FILE, board_png, (tuple(drawings),), {"draw_pile": len(state.draw_pile),
                                                               "language": current()})


def lobby_embed(state: UnoState) -> discord.Embed:
    embed = discord.Embed(title=_("{game} · lobby", game=game_title(state)), colour=COLOUR_UNO,
                          description=_("Host: {host}. 2 to 10 players: press **Join**; the host presses **Start**.",
                                        host=mention(state.host)))
    embed.add_field(name=_("Players ({count})", count=len(state.seats)),
                    value="\n".join(mention(p) for p in state.players), inline=False)
    _seed_field(embed, state)
    return embed


def _seed_field(embed: discord.Embed, state: UnoState) -> None:
    lines = seed_lines(state.seed, chosen=state.seed_chosen, over=state.phase is Phase.OVER, command="/uno new")
    if lines:
        embed.add_field(name=p_("uno", "Seed"), value="\n".join(lines), inline=False)


# -- the hand ---------------------------------------------------------------------------------------------

def hand_embed(state: UnoState, player: int) -> tuple[discord.Embed, Drawing]:
    cards = [c.id for c in sorted_hand(state.hand(player))]
    now, jumps = options(state, player).marked(state.hand(player))
    playable, jump = set(now), set(jumps)
    embed = discord.Embed(title=n_("Your hand · {count} card", "Your hand · {count} cards", len(cards)),
                          colour=COLOUR_INFO)
    lines = []
    for card_id in cards:
        mark = (" " + _("✅ now") if card_id in playable else " " + _("⚡ jump in") if card_id in jump else "")
        lines.append(f"{colour_mark(CARDS[card_id].colour)}`{CARDS[card_id].notation}` {card_name(card_id)}{mark}")
    embed.description = "\n".join(lines)[:4000] or _("No cards.")
    if state.drawn is not None and state.drawn.player == player:
        drawn = card_text(state.drawn.card)
        embed.add_field(name=_("You drew"), inline=False,
                        value=_("{card}: play it.", card=drawn) if state.drawn.forced
                        else _("{card}: play it, or keep it with {keep}.", card=drawn, keep=command("uno pass")))
    facing = [_("+{total} on pile {pile}", total=s.total, pile=state.pile_number(s.pile))
              for s in state.stacks_on(player)]
    facing += [_("a trade from {player}", player=mention(t.initiator)) for t in state.trades_on(player)]
    if facing:
        embed.add_field(name=_("Aimed at you"), value=p_("uno separator", ", ").join(facing), inline=False)
    embed.set_image(url=f"attachment://{HAND_FILE}")
    embed.set_footer(text=_("Green: play now · orange: jump in · {play} or the menu below",
                            play=_plain(command("uno play", "card:r5"))))
    return embed, Drawing(HAND_FILE, hand_png, (tuple(cards),), {"playable": frozenset(playable) & set(cards),
                                                                   "jump": frozenset(jump) & set(cards),
                                                                   "language": current()})


HOW = {PlayKind.TURN: N_("your turn"), PlayKind.JUMP: N_("jump in"), PlayKind.STACK: N_("add to the stack"),
       PlayKind.STACKS: N_("deflect"), PlayKind.TRADES: N_("deflect the trade"), PlayKind.SHIFT: N_("change the shift"),
       PlayKind.EIGHTS: N_("cancel your 8s")}


def play_options(state: UnoState, player: int, legal: Options | None = None) -> list[tuple[str, str, str]]:
    """(label, value "card:pile", description) for each play the engine allows now, in hand order."""
    legal = legal or options(state, player)
    order = {(c.colour, c.rank): i for i, c in enumerate(sorted_hand(state.hand(player)))}
    number = {p.id: i + 1 for i, p in enumerate(state.piles)}
    plays = sorted(legal.plays, key=lambda o: (order[o.face], number[o.pile]))
    return [(_("{card} → pile {pile}", card=card_text(o.card), pile=number[o.pile]), f"{o.card}:{o.pile}",
             _("{how}, on {card}", how=_(HOW[o.kind]), card=card_text(state.pile(o.pile).top))) for o in plays]


def card_choices(state: UnoState, player: int, current: str) -> list[tuple[str, str]]:
    """Autocomplete for /uno play card: (name, notation), one per face of the hand that matches what was typed
    (its notation, or its name in English or the player's language), the cards playable now first, then
    jump-ins."""
    hand = state.hand(player)
    now, jump = (set(ids) for ids in options(state, player).marked(hand))
    wanted = current.strip().casefold()
    choices, seen = [], set()
    for c in sorted(sorted_hand(hand), key=lambda c: (c.id not in now, c.id not in jump)):
        name = card_name(c.id)
        if c.notation in seen or (wanted and wanted not in c.notation and wanted not in c.name.casefold()
                                  and wanted not in name.casefold()):
            continue
        seen.add(c.notation)
        mark = " · " + _("play now") if c.id in now else " · " + _("jump in") if c.id in jump else ""
        choices.append((f"{card_text(c.id)} ({c.notation}){mark}", c.notation))
    return choices[:25]


# -- rules ------------------------------------------------------------------------------------------------

RULES: dict[str, tuple[Callable[[], str], str]] = {
    "basics": (lambda: p_("uno rules", "Basics"), N_(
        "7 cards each; the flipped first card acts as if the dealer played it. Match the top card of a pile by "
        "colour or symbol; Wilds go anywhere. Can't play? {draw} draws until you can, and you play that card. "
        "Several discard piles may be open: choose one with `{pile}:`.")),
    "notation": (lambda: p_("uno rules", "Card notation"), N_(
        "{play} takes a colour letter and a rank: `r5`, `y0`, `g+2`, `bskip` (or `bs`), `yrev` (or `yr`), `w` "
        "(Wild), `w+4` (Wild +4); `red 5` works too. Suggestions list your hand. Missing choices (a Wild's colour, "
        "a 7's partner, a 1's pile) are asked with a menu. In text each colour has its mark: 🟥R red, 🟨Y yellow, "
        "🟩G green, 🟦B blue; in pictures a shape: ● red, ▲ yellow, ■ green, ◆ blue.")),
    "cards": (lambda: p_("uno rules", "Cards"), N_(
        "3, 4, 5: nothing. 6 = 9. Skip: next player skipped. Reverse: direction flips. +2 / Wild +4: a stack the "
        "next player takes. 0: every hand moves along the turn order (pending until the turn player accepts). 7: "
        "trade hands with someone (they accept or deflect). 2: a new pile is flipped, its effect is yours. 1: its "
        "pile moves onto another pile. 8: jumps in like a power card; four 8s = Crazy 8's.")),
    "jumping": (lambda: p_("uno rules", "Jumping in"), N_(
        "Not your turn? Play the exact same card (same number and colour; power cards: same symbol; all plus cards "
        "count as the same) and play continues after you. The first card processed wins a race. After being forced "
        "to draw you can't jump in until someone else plays.")),
    "stacking": (lambda: p_("uno rules", "Stacking"), N_(
        "Plus cards add up; the player whose turn follows takes the total with {draw} (`{count}:` for part of it) "
        "and skips their turn. Stacks on different piles are independent. A taken stack is dead. Crazy 8's stacks "
        "can't grow.")),
    "deflection": (lambda: p_("uno rules", "Deflection"), N_(
        "Facing a stack? A power card of its colour passes it: Skip → next player, Reverse → reverse and next "
        "player, 7 → anyone, 2 → half to the next player, 1 → a half back to whoever split it, 0 → every stack "
        "moves one seat. Trades: Skip/Reverse/7/0. A pending 0 shift: Skip and 0 add one, Reverse turns it round, "
        "2 doubles, 1 halves.")),
    "challenge": (lambda: p_("uno rules", "Challenging a Wild +4"), N_(
        "{challenge} while a Wild +4 tops a live stack: if its player could have played something else, the stack "
        "turns on them, else on you (on a stack it also grows by 4).")),
    "uno": (lambda: p_("uno rules", "The Uno rule"), N_(
        "Down to one card? {uno} (with two or one card left). Others may {callout} you once the next card has been "
        "played: you draw 4 (8 at 1 point). A false call-out costs the caller 4. Played your last card without "
        "saying it? You can be called back: the card returns and you draw 4.")),
    "winning": (lambda: p_("uno rules", "Winning"), N_(
        "Everyone starts with 7 points. When someone is out of cards and nothing is pending, press Score the round: "
        "each winner loses a point and draws that many cards. 0 points wins the game. Classic: the first empty hand "
        "wins.")),
    "commands": (lambda: p_("uno rules", "Commands"),
                 N_("{new} {join} {start} · {playing} · {looking} · {leave} · host: {host}")),
}
_GROUPS = {"new": ("new",), "join": ("join",), "start": ("start",),
           "playing": ("hand", "play", "draw", "pass", "accept", "uno", "callout", "challenge", "score"),
           "looking": ("status", "rules"), "leave": ("leave",), "host": ("kick", "undo", "timer", "end")}


def rules_text(topic: str) -> str:
    """A topic of the rules in the language in force, its commands and options by their names there."""
    _title, text = RULES[topic]
    params = {name: command(f"uno {name}") for name in ("draw", "play", "challenge", "uno", "callout")}
    params |= {"pile": p_("option name", "pile"), "count": p_("option name", "count")}
    if topic == "commands":
        params = {group: " ".join(f"`{p_('command name', n)}`" for n in names) for group, names in _GROUPS.items()}
        params["new"] = command("uno new")
    return _(text, **{k: v for k, v in params.items() if "{" + k + "}" in text})


def rules_embed(topic: str | None) -> discord.Embed:
    if topic in RULES:
        return discord.Embed(title=_("Uno rules: {topic}", topic=RULES[topic][0]()), description=rules_text(topic),
                             colour=COLOUR_INFO)
    embed = discord.Embed(title=_("Uno: Chaos Edition rules"), colour=COLOUR_INFO,
                          description=_("Pick a topic with `/{uno} {rules} {topic}:` for more.",
                                        uno=p_("command name", "uno"), rules=p_("command name", "rules"),
                                        topic=p_("option name", "topic")))
    for key, (title, _text) in RULES.items():
        embed.add_field(name=title(), value=rules_text(key)[:1024], inline=False)
    return embed


_MOVE_NOUNS = {
    "Join": lambda: p_("undone move", "joining"), "Start": lambda: p_("undone move", "start"),
    "Draw": lambda: p_("undone move", "draw"), "Pass": lambda: p_("undone move", "pass"),
    "Accept": lambda: p_("undone move", "accept"), "Choose": lambda: p_("undone move", "choice"),
    "SayUno": lambda: p_("undone move", "call of UNO"), "Callout": lambda: p_("undone move", "callout"),
    "Challenge": lambda: p_("undone move", "challenge"), "EndRound": lambda: p_("undone move", "scoring of the round"),
    "TimeOut": lambda: p_("undone move", "time-out"), "Leave": lambda: p_("undone move", "leaving"),
    "SetTimer": lambda: p_("undone move", "timer setting"),
}


def undo_line(move: dict[str, Any] | None, actor_id: int | None) -> str:
    """The sentence for an undone move: "Undid <@x>'s play of Red 5."."""
    move = move or {}
    name = move.get("move")
    what = (_("play of {card}", card=card_name(move["card"])) if name == "Play" and "card" in move
            else _MOVE_NOUNS.get(name or "", lambda: p_("undone move", "move"))())
    player = move.get("player", actor_id)
    return _("Undid {player}'s {what}.", player=mention(player), what=what) if player is not None \
        else _("Undid the {what}.", what=what)


def standings_embed(standings: list[tuple[int, int, int]]) -> discord.Embed:
    embed = discord.Embed(title=_("Final standings"), colour=COLOUR_UNO)
    embed.description = "\n".join(n_("**{place}.** {player}: {count} point", "**{place}.** {player}: {count} points",
                                     points, place=place, player=mention(player))
                                  for player, place, points in standings)[:4096] or _("Nobody was seated.")
    return embed


def leaderboard_embed(rows: list[LeaderboardRow]) -> discord.Embed:
    return common_leaderboard(_("Uno leaderboard"), rows,
                              empty=_("No finished games yet: a game is stored when someone wins it."))
