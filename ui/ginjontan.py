"""/ginjontan on Discord: the flows every entry point shares (slash commands, buttons, menus) and the
components. No rule lives here: the engine decides, this module asks it and shows the answer.

Every button and menu is a DynamicItem, so it keeps working after a restart; the engine refuses a move
that no longer answers what the game waits for, so a stale click changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import re
import weakref
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal, cast

import discord

from engine.commitment import new_salt
from engine.errors import IllegalMove
from engine.ginjontan.cards import FULL_SET_SIZE, card, sort_key
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
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, new_lobby, surplus
from engine.ginjontan.scoring import MAX_CARDS, HandAdvice, hand_advice, score_hand
from engine.ginjontan.state import GinjontanState, Phase
from engine.seeds import new_seed
from render import ginjontan as render
from render import ginjontan_pictures as pictures
from render import offload
from render.i18n import N_, _, n_, p_
from render.offload import Drawing
from storage.games import GameRecord, MoveResult
from storage.ginjontan import collections
from storage.messages import find_message, remember_message
from ui import mentions
from ui import pictures as replies
from ui.custom_ids import custom_id, number, numbers, one_of, parsed, split
from ui.errors import ReportsErrors, note_change
from ui.live_panel import CONTENT_LIMIT, LivePanel, edit, grown, retire
from ui.paging import SUFFIX, Menu, Page, chosen
from ui.paging import select as paged
from ui.permissions import require_channel, require_manager, require_seated
from ui.threads import open_thread
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

# -- moves through storage -----------------------------------------------------------------------------------

async def load(interaction: Interaction) -> GameRecord[GinjontanState]:
    return await interaction.client.games.require(require_channel(interaction), GINJONTAN)


async def apply(interaction: Interaction, move: Any, *, seated: bool = True) -> MoveResult[GinjontanState]:
    bot = interaction.client
    if seated:
        require_seated(interaction, (await load(interaction)).state.players)
    channel_id = require_channel(interaction)
    result = await bot.games.apply(channel_id, GINJONTAN, move, actor_id=interaction.user.id)
    note_change(interaction)
    bot.ginjontan_timers.arm(channel_id, result.game)
    return result


def public_view(state: GinjontanState) -> discord.ui.View | None:
    if state.phase is Phase.OVER:
        return None
    view = discord.ui.View(timeout=None)
    if state.phase is Phase.LOBBY:
        for name in ("join", "leave", "start"):
            view.add_item(LobbyButton(name))
    else:
        view.add_item(HandButton())
    return view


def panel(state: GinjontanState) -> dict[str, Any]:
    """The live panel: the whole public state and the buttons that apply now."""
    view = public_view(state)
    return {"embed": render.panel_embed(state)} | ({} if view is None else {"view": view})


def public_message(state: GinjontanState, events: list[dict[str, Any]], content: str | None = None) -> dict[str, Any]:
    """The public answer to a change: short lines for what happened, the panel, and the duel's picture (the duel
    the change began, or the one under way)."""
    lines = content or render.event_lines(state, events) or p_("ginjontan", "Done.")
    message: dict[str, Any] = {"content": lines, **panel(state)}
    shown = duel_shown(state, events)
    if shown is not None:
        (left, left_cards), (right, right_cards) = shown[1]
        message["files"] = [Drawing("duel.png", pictures.duel_picture,
                                    (state.name(left), tuple(left_cards), state.name(right), tuple(right_cards)),
                                    picture_words(versus=p_("ginjontan picture", "vs")))]
    return message


def picture_words(**more: str) -> dict[str, str]:
    """The words a picture draws besides the players' names, in the player's language (pictures are drawn in the
    workers, where no language is in force)."""
    return {"empty": p_("ginjontan picture", "(empty)"), **more}


def calling(state: GinjontanState, message: dict[str, Any]) -> dict[str, Any]:
    """A new panel as sent: it pings whom the game awaits (the panel says for what)."""
    running = state.phase not in (Phase.LOBBY, Phase.OVER)
    return mentions.calling(message, (p for p, _ in state.waiting) if running else ())


def duel_key(round_: int, active: int, opponent: int) -> str:
    """The game_messages role naming the message that pictures this duel."""
    return f"duel {round_} {active} {opponent}"


def duel_shown(state: GinjontanState, events: list[dict[str, Any]]) -> tuple[str, list[Any]] | None:
    """The duel a new panel pictures (its key and both sides' unfolded cards): the one the change began, else the
    one under way while cards are unfolded; None without one."""
    began = next((e for e in reversed(events) if e["type"] == "duel"), None)
    if began is not None:
        return duel_key(state.round, began["active"], began["opponent"]), list(began["unfolded"])
    duel = state.duel
    if duel is None or not (state.seat(duel.active).unfolded or state.seat(duel.opponent).unfolded):
        return None
    return (duel_key(state.round, duel.active, duel.opponent),
            [(p, list(state.seat(p).unfolded)) for p in (duel.active, duel.opponent)])


# -- the panel: one live message at the bottom --------------------------------------------------------------
# A change edits the live panel in place while it is the channel's newest message (ui/live_panel.py), its lines
# growing; a panel click or a private hand edits it by id, a slash command is answered privately with the lines.
# A change posts a new message when something was posted below the panel, when the lines would overflow, when a
# duel begins (its picture) or a round is scored (the result stands in its own message), at the start (the lobby
# keeps its list of players), and when the panel's duel picture is no longer current. The panel before it is
# retired: a move's message keeps its lines (and picture) and loses the panel and buttons; the lobby keeps its embed
# and loses its buttons at the start; a panel without lines (/ginjontan status, a lobby shown again) is deleted.
# game_messages keeps the ids: "panel", "bare" (the panel while it has no lines), "lobby", "picture" (the newest
# message with a duel picture) and one role per pictured duel (duel_key), so a restart finds them.

PANEL_MESSAGE = LivePanel("panel", "bare")
LOBBY, PICTURE = "lobby", "picture"
OWN_MESSAGE = {"duel", "evaluated"}  # events whose change is posted as a message of its own
_posting: weakref.WeakKeyDictionary[Any, defaultdict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()


@contextlib.asynccontextmanager
async def posting(interaction: Interaction, channel_id: int | None = None) -> AsyncIterator[None]:
    """Held from a change until its message is posted and remembered, so the channel shows the panels in the
    order of the changes and the newest panel is the newest state. A picture that follows a posted panel
    (`publish`) is added once the lock is let go, so the channel's next change never waits for a drawing."""
    later: list[Callable[[], Awaitable[None]]] = []
    token = _AFTER_POSTING.set(later)
    try:
        async with posting_lock(interaction.client, require_channel(interaction) if channel_id is None
                                else channel_id):
            yield
    finally:
        _AFTER_POSTING.reset(token)
    for job in later:
        await job()


_AFTER_POSTING: contextvars.ContextVar[list[Callable[[], Awaitable[None]]] | None] = contextvars.ContextVar(
    "after_posting", default=None)


async def after_posting(job: Callable[[], Awaitable[None]]) -> None:
    """Run `job` once the channel's posting lock is let go (now, when it is not held through `posting`)."""
    later = _AFTER_POSTING.get()
    if later is None:
        await job()
    else:
        later.append(job)


def posting_lock(bot: ChaosTable, channel_id: int) -> asyncio.Lock:
    return _posting.setdefault(bot, defaultdict(asyncio.Lock))[channel_id]


async def edited(bot: ChaosTable, channel_id: int, record: GameRecord[GinjontanState], lines: str,
                 events: list[dict[str, Any]], interaction: Interaction | None = None,
                 before_edit: Callable[[int], Awaitable[None]] | None = None) -> bool:
    """Edit the live panel in place with a change's `lines`, when it may be (see above); False when the change
    needs a new message. `before_edit(message_id)` runs once the panel is known to be editable, before the edit."""
    state, db = record.state, bot.db
    if state.phase in (Phase.LOBBY, Phase.OVER) or any(e["type"] in OWN_MESSAGE for e in events):
        return False
    clicked = None if interaction is None else interaction.message
    live = await PANEL_MESSAGE.editable(bot, record.id, channel_id, clicked)
    if live is None or live[0] == await find_message(db, record.id, LOBBY):
        return False
    message_id, content = live[0], grown(live[1], lines)
    shown = duel_shown(state, [])
    current = shown is not None and await find_message(db, record.id, shown[0]) == message_id
    if len(content) > CONTENT_LIMIT or (await find_message(db, record.id, PICTURE) == message_id and not current):
        return False
    if before_edit is not None:
        await before_edit(message_id)
    if not await edit(bot, interaction, channel_id, message_id, {"content": content, **panel(state)}):
        return False
    await PANEL_MESSAGE.remember(bot, record.id, channel_id, message_id, content)
    return True


async def posted(bot: ChaosTable, channel_id: int, record: GameRecord[GinjontanState], message_id: int,
                 message: dict[str, Any] | None = None, events: list[dict[str, Any]] | None = None) -> None:
    """`message_id` (sent as `message` for a change with `events`) is the new panel: the one before it retires."""
    state, content = record.state, (message or {}).get("content") or ""
    old = await PANEL_MESSAGE.moved(bot, record.id, channel_id, message_id, content)
    if old is not None:
        lobby = old[0] == await find_message(bot.db, record.id, LOBBY)
        if lobby and state.phase is not Phase.LOBBY:
            await retire(bot, channel_id, old[0], "embed")
        else:
            await retire(bot, channel_id, old[0], "lines" if old[1] and not lobby else None)
    if state.phase is Phase.LOBBY:
        await remember_message(bot.db, record.id, LOBBY, channel_id, message_id)
    shown = duel_shown(state, events or [])
    if shown is not None and (message or {}).get("files"):
        await remember_message(bot.db, record.id, PICTURE, channel_id, message_id)
        await remember_message(bot.db, record.id, shown[0], channel_id, message_id)


async def publish(interaction: Interaction, record: GameRecord[GinjontanState], message: dict[str, Any],
                  events: list[dict[str, Any]] | None = None) -> None:
    """Post the new panel as the interaction's reply (or, after a private reply or a deferral, its followup).
    The panel pings whom it awaits, and Discord notifies nobody when a deferred reply is completed (an edit:
    discord-api-docs#5497), so the reply is never deferred: a picture not drawn yet is added by an edit."""
    pending = [d for d in replies.drawings(message) if not d.ready()]
    at_once = bool(pending) and not interaction.response.is_done()
    for drawing in pending:
        drawing.start()
    whole = message
    if at_once:
        message = {key: value for key, value in message.items() if key != "files"}
    else:
        message = await replies.drawn(message)
    if interaction.response.is_done():
        message_id = (await interaction.followup.send(**calling(record.state, message), wait=True)).id
    else:
        response = await interaction.response.send_message(**calling(record.state, message))
        assert response.message_id is not None  # a message reply names its message
        message_id = response.message_id
    await posted(interaction.client, require_channel(interaction), record, message_id, whole, events)
    if at_once:
        async def add_picture() -> None:
            drawn = await replies.drawn(whole)
            with contextlib.suppress(discord.NotFound):  # the panel was deleted meanwhile: nothing to add it to
                await interaction.edit_original_response(attachments=drawn["files"])

        await after_posting(add_picture)


async def answer(interaction: Interaction, record: GameRecord[GinjontanState], events: list[dict[str, Any]],
                 text: str | None = None) -> None:
    """A change's one public answer: the live panel edited in place (a command is then answered privately with
    the lines), or a new panel."""
    lines = text or render.event_lines(record.state, events)

    async def answered_first(panel_id: int) -> None:
        """A command, or a click elsewhere than on the panel, is answered privately before the panel's edit."""
        if (interaction.message is None or interaction.message.id != panel_id) and not interaction.response.is_done():
            await interaction.response.send_message(lines or p_("ginjontan", "✅ Done."), ephemeral=True)

    if await edited(interaction.client, require_channel(interaction), record, lines, events, interaction,
                    answered_first):
        return
    summary = round_summary(record.state, events)
    if summary is not None:
        events = events[next(i for i, e in enumerate(events) if e["type"] == "evaluated") + 1:]
    message = public_message(record.state, events, text)
    if summary is not None:  # the summary answers; the panel after it is a new message, so it can ping
        await replies.acknowledge(interaction, *replies.drawings(summary, message))
        await replies.send(interaction, **await replies.drawn(summary))
    await publish(interaction, record, message, events)


def round_summary(state: GinjontanState, events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The message a round's end posts before the next round's panel: the ranked hands' picture, their
    combinations and the running totals (render.round_summary); None when no round ended."""
    ended = next((e for e in events if e["type"] == "evaluated" and "hands" in e), None)
    if ended is None:
        return None
    text, rows, marks = render.round_summary(state, ended)
    message: dict[str, Any] = {"content": text}
    if rows:
        message["files"] = [Drawing(f"round-{ended['round']}.png", pictures.cards_picture, (rows,),
                                    {"marks": marks, "per_line": 9, **picture_words()})]
    return message


async def lobby_changed(interaction: Interaction, result: MoveResult[GinjontanState]) -> None:
    """A join or a leave edits the lobby in place; a command is answered privately."""
    state = result.game.state
    lobby_id = await find_message(interaction.client.db, result.game.id, LOBBY)
    if lobby_id is None:  # a lobby opened before panels were kept
        await publish(interaction, result.game, public_message(state, result.events), result.events)
    elif interaction.message is not None and interaction.message.id == lobby_id:
        await interaction.response.edit_message(**panel(state))
    else:
        lobby = interaction.client.get_partial_messageable(require_channel(interaction)).get_partial_message(lobby_id)
        await lobby.edit(**panel(state))
        await interaction.response.send_message(render.event_lines(state, result.events), ephemeral=True)


async def move(interaction: Interaction, move_: Any, *, from_hand: bool = False, seated: bool = True) -> None:
    """Apply a move and answer: publicly, and (from a private hand) by redrawing that hand first."""
    async with posting(interaction):
        result = await apply(interaction, move_, seated=seated)
        state = result.game.state
        if state.phase is Phase.LOBBY:
            await lobby_changed(interaction, result)
            return
        if from_hand:
            await redraw_hand(interaction, state)
        await answer(interaction, result.game, result.events)


async def show_status(interaction: Interaction) -> None:
    """`/ginjontan status`: the panel again at the bottom; the old one is retired."""
    async with posting(interaction):
        record = await load(interaction)
        await publish(interaction, record, panel(record.state))


async def undo(interaction: Interaction) -> None:
    async with posting(interaction):
        channel_id = require_channel(interaction)
        record = await interaction.client.games.require(channel_id, GINJONTAN, undoing=True)
        require_manager(interaction, record.state.host, N_("undo a move"))
        result = await interaction.client.games.undo(channel_id, GINJONTAN, actor_id=interaction.user.id)
        note_change(interaction)
        interaction.client.ginjontan_timers.arm(channel_id, result.game)
        move_ = (result.undone.move or {}).get("move")
        actor = result.undone.actor_id
        if move_ and actor:
            text = _("↩️ Undid {move} by {player}. Every card is where it was before it.", move=render.move_text(move_),
                     player=render.mention(actor))
        elif move_:
            text = _("↩️ Undid {move}. Every card is where it was before it.", move=render.move_text(move_))
        elif actor:
            text = _("↩️ Undid a move by {player}. Every card is where it was before it.", player=render.mention(actor))
        else:
            text = _("↩️ Undid a move. Every card is where it was before it.")
        await answer(interaction, result.game, [], text)


async def end(interaction: Interaction) -> None:
    """`/ginjontan end`: the game stops unrated; its panel keeps the last state and loses its buttons."""
    async with posting(interaction):
        channel_id = require_channel(interaction)
        record = await load(interaction)
        require_manager(interaction, record.state.host, N_("end the game"))
        done = await interaction.client.games.finish(channel_id, GINJONTAN, actor_id=interaction.user.id)
        note_change(interaction)
        interaction.client.ginjontan_timers.arm(channel_id, done)
        await interaction.response.send_message(render.ended_text(record.state))
        old = (await PANEL_MESSAGE.find(interaction.client, record.id))[0]
        if old is not None:
            await retire(interaction.client, channel_id, old, "embed")


# -- lobby ----------------------------------------------------------------------------------------------------

async def new(interaction: Interaction, options: GinjontanOptions, seed: int | None, *, timer: int = 0,
              thread: bool = False, note: str | None = None) -> None:
    """Open the lobby; `note` above its panel (the house rules it starts with)."""
    if interaction.user.bot:
        raise IllegalMove(N_("Bots can't host a game."), N_("Ask a person to start it."))
    state = new_lobby(interaction.user.id, options, new_seed() if seed is None else seed,
                      interaction.user.display_name, seed_chosen=seed is not None, timer=timer, salt=new_salt())
    bot = interaction.client
    if not thread:
        async with posting(interaction):
            record = await bot.games.start(require_channel(interaction), GINJONTAN, state,
                                           guild_id=interaction.guild_id, actor_id=interaction.user.id)
            note_change(interaction)
            await publish(interaction, record, {**panel(state), "content": note})
        return
    place = await open_thread(interaction, _("Gin-jon-tan · {name}", name=interaction.user.display_name))
    async with posting(interaction, place.id):
        record = await bot.games.start(place.id, GINJONTAN, state, guild_id=interaction.guild_id,
                                       actor_id=interaction.user.id)
        note_change(interaction)
        lobby = await place.send(**panel(state), content=note)
        await posted(bot, place.id, record, lobby.id)
    await interaction.response.send_message(_("🃏 {player} opened a Gin-jon-tan lobby in {place}: join and play "
                                              "there.", player=interaction.user.mention, place=place.mention))


async def join(interaction: Interaction) -> None:
    if interaction.user.bot:
        raise IllegalMove(N_("Bots can't play."), N_("Invite a person."))
    await move(interaction, Join(interaction.user.id, interaction.user.display_name), seated=False)


async def start(interaction: Interaction) -> None:
    record = await load(interaction)
    state = record.state
    owned: dict[int, tuple[int, ...]] = {}
    if state.options.deck == "personal":
        owned = await collections(interaction.client.db, interaction.guild_id, list(state.players))
    await move(interaction, Start(interaction.user.id, owned), seated=False)  # the engine tells a spectator to join


LOBBY_BUTTONS = {"join": discord.ButtonStyle.primary, "leave": discord.ButtonStyle.secondary,
                 "start": discord.ButtonStyle.success}


def lobby_label(name: str) -> str:
    if name == "join":
        return p_("ginjontan button", "Join")
    return p_("ginjontan button", "Leave") if name == "leave" else p_("ginjontan button", "Start")

PLACEHOLDERS = {"aside": N_("Choose 3 cards to unfold…"), "act": N_("Act with… on…"),
                "exchange": N_("Exchange, step 1: hand cards to give…"),
                "take": N_("Exchange, step 2: reserve cards to take…"),
                "return": N_("Cards back to the deck…"), "give": N_("Cards to hand over…"),
                "askgive": N_("Cards you give in exchange…")}


class LobbyButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:gjt:l:(?P<name>\w+)"):
    def __init__(self, name: str) -> None:
        super().__init__(discord.ui.Button(label=lobby_label(name), style=LOBBY_BUTTONS[name],
                                           custom_id=custom_id("gjt", "l", name)))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return parsed(cls, item, lambda: cls(one_of(match["name"], LOBBY_BUTTONS)))

    async def handle(self, interaction: Interaction) -> None:
        if self.name == "join":
            await join(interaction)
        elif self.name == "leave":
            await move(interaction, Leave(interaction.user.id))
        else:
            await start(interaction)


# -- the private hand ------------------------------------------------------------------------------------------

def hand_message(state: GinjontanState, player: int, advice: HandAdvice) -> dict[str, Any]:
    seat = state.seat(player)
    held = [(p_("ginjontan picture", "Hand"), seat.hand, True),
            (p_("ginjontan picture", "Reserve"), seat.reserve, True),
            (p_("ginjontan picture", "Set aside"), seat.active, False),
            (p_("ginjontan picture", "Unfolded"), seat.unfolded, False)]
    rows = [(label, sorted(cards, key=sort_key)) for label, cards, always in held if cards or always]
    marks = dict.fromkeys(sorted(advice.combination_cards), "combo")
    picture = Drawing("hand.png", pictures.cards_picture, (rows,),
                      {"marks": marks, "per_line": pictures.HAND_PER_LINE, **picture_words()})
    return {"embed": render.hand_embed(state, player, advice, with_picture=True), "files": [picture],
            "view": HandView(state, player, advice)}


def _advice_call(state: GinjontanState, player: int) -> tuple[Any, ...]:
    seat = state.seat(player)
    return hand_advice, seat.hand, seat.reserve, state.options, render.may_exchange(state, player)


def advice_ready(state: GinjontanState, player: int) -> bool:
    """Whether the hand's advice comes at once: no exchange to look for (a few hundred microseconds), or one
    looked for before."""
    fn, *args = _advice_call(state, player)
    return not args[-1] or offload.has_result(fn, *args)


def advice_here(state: GinjontanState, player: int) -> HandAdvice:
    """The hand's advice worked out here and now (tests, tools)."""
    fn, *args = _advice_call(state, player)
    return cast(HandAdvice, fn(*args))


async def advice_for(state: GinjontanState, player: int) -> HandAdvice:
    """The hand's advice: the best exchange (hundreds of hands scored) in the workers, the rest here."""
    fn, *args = _advice_call(state, player)
    return await offload.computed(fn, *args) if args[-1] else hand_advice(*args)


async def show_hand(interaction: Interaction) -> None:
    record = await load(interaction)
    state = record.state
    require_seated(interaction, state.players)
    if state.phase is Phase.LOBBY:
        raise IllegalMove(N_("The cards aren't dealt yet."), N_("The host presses Start."), code="not_started")
    if not advice_ready(state, interaction.user.id):
        await interaction.response.defer(thinking=True, ephemeral=True)
    hand = hand_message(state, interaction.user.id, await advice_for(state, interaction.user.id))
    await replies.acknowledge(interaction, *replies.drawings(hand), ephemeral=True)
    await replies.send(interaction, **await replies.drawn(hand), ephemeral=True)


async def redraw_hand(interaction: Interaction, state: GinjontanState) -> None:
    """After a move from a private hand: the hand as it is now, edited in place. At once when its advice and
    picture are ready; else the click is acknowledged now and the hand redrawn once the channel's posting lock is
    let go, so the channel's next change never waits for it."""
    player = interaction.user.id
    if state.phase is Phase.OVER or not state.seated(player):
        await interaction.response.edit_message(content=p_("ginjontan", "✅ Done."), embed=None, attachments=[],
                                                view=None)
        return
    if advice_ready(state, player):
        hand = hand_message(state, player, await advice_for(state, player))
        if all(drawing.ready() for drawing in replies.drawings(hand)):
            hand = await replies.drawn(hand)
            await replies.edit(interaction, content=None, embed=hand["embed"], attachments=hand["files"],
                               view=hand["view"])
            return
    await interaction.response.defer()

    async def redrawn() -> None:
        hand = hand_message(state, player, await advice_for(state, player))
        hand = await replies.drawn(hand)
        await replies.edit(interaction, content=None, embed=hand["embed"], attachments=hand["files"],
                           view=hand["view"])

    await after_posting(redrawn)


class HandButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:gjt:hand"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label=p_("ginjontan button", "My cards"), style=discord.ButtonStyle.primary,
                                           custom_id=custom_id("gjt", "hand")))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls()

    async def handle(self, interaction: Interaction) -> None:
        await show_hand(interaction)


BUTTONS = {
    "swap": (N_("Swap hand and reserve"), discord.ButtonStyle.secondary),
    "keep": (N_("Keep my hand"), discord.ButtonStyle.primary),
    "none": (N_("No exchange"), discord.ButtonStyle.secondary),
    "call": (N_("Gin jon tan!"), discord.ButtonStyle.success),
    "reveal": (N_("Show my hand"), discord.ButtonStyle.primary),
    "katoh": (N_("Kat oh! (cards face down: keep my points, no ranking)"), discord.ButtonStyle.secondary),
    "defeat": (N_("Yes, show it: the Defeat loses the round"), discord.ButtonStyle.danger),
    "lowest": (N_("Return my lowest cards"), discord.ButtonStyle.secondary),
}


POOL_TASKS = {"hand": {"aside", "exchange3", "exchange9", "turn"},
              "reserve": {"exchange3", "exchange9", "turn", "trim", "surplus"},
              "unfolded": {"act"}, "theirs": {"act"}, "asked": {"give"}}


def card_pool(state: GinjontanState, player: int, where: str) -> list[int]:
    """The cards a command's autocomplete suggests: only from a zone that a task the game waits for from
    `player` uses (the same tasks the hand's controls are built from)."""
    if not state.seated(player) or not POOL_TASKS[where] & set(state.tasks(player)):
        return []
    seat = state.seat(player)
    if where in ("unfolded", "theirs"):
        return list((seat if where == "unfolded" else state.seat(state.duel_opponent(player))).unfolded)
    if where == "asked":
        return list(seat.hand if state.pending_ask().source == "hand" else seat.reserve)
    return list(getattr(seat, where))


def lowest_surplus(state: GinjontanState, player: int) -> tuple[int, ...]:
    """The "Return my lowest cards" button's choice: the surplus, lowest values first."""
    return tuple(sorted(state.seat(player).reserve, key=lambda c: card(c).value)[:surplus(state, player)])


class MoveButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:gjt:m:(?P<name>\w+)"):
    def __init__(self, name: str, label: str | None = None, style: discord.ButtonStyle | None = None) -> None:
        text, default = BUTTONS[name]
        super().__init__(discord.ui.Button(label=label or _(text), style=style or default,
                                           custom_id=custom_id("gjt", "m", name)))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveButton:
        return parsed(cls, item, lambda: cls(one_of(match["name"], BUTTONS)))

    async def handle(self, interaction: Interaction) -> None:
        player = interaction.user.id
        if self.name in ("swap", "keep"):
            m: Any = Swap(player, self.name == "swap")
        elif self.name == "none":
            m = Exchange(player)
        elif self.name == "call":
            m = Call(player)
        elif self.name == "reveal" and defeat_in_hand((await load(interaction)).state, player):
            await confirm_defeat(interaction)
            return
        elif self.name in ("reveal", "defeat", "katoh"):
            m = Evaluate(player, kat_oh=self.name == "katoh")
        else:  # "lowest"
            m = Trim(player, lowest_surplus((await load(interaction)).state, player))
        await move(interaction, m, from_hand=True)


def defeat_in_hand(state: GinjontanState, player: int) -> bool:
    return state.seated(player) and score_hand(state.seat(player).hand, state.options).defeat


async def confirm_defeat(interaction: Interaction) -> None:
    """Showing a hand with a Defeat loses the round (7): asked once more, with the safe answer first."""
    view = discord.ui.View(timeout=None)
    view.add_item(MoveButton("katoh", style=discord.ButtonStyle.primary))
    view.add_item(MoveButton("defeat"))
    await interaction.response.send_message(
        _("⚠️ Your hand holds a **Defeat**: showing it loses the round and voids your points from it. "
          "“Kat oh!” keeps your points (your cards stay face down, you sit out the ranking)."), view=view,
        ephemeral=True)


def _option(cid: int) -> discord.SelectOption:
    c = card(cid)
    return discord.SelectOption(label=render.card_words(cid)[:100], value=str(cid),
                                description=_("{notation} · value {value}", notation=c.notation,
                                              value=format(c.value, ","))[:100])


def card_menu(state: GinjontanState, player: int, what: str, target: int | None = None,
              source: str | None = None, given: tuple[int, ...] = ()) -> Menu | None:
    """A card menu's whole list for what the game waits for from `player` now; None when it waits for no such
    move."""
    if not state.seated(player):
        return None
    seat, tasks = state.seat(player), state.tasks(player)
    placeholder = _(PLACEHOLDERS[what])
    if what == "aside" and "aside" in tasks:
        n = min(3, len(seat.hand))
        return Menu([_option(c) for c in seat.hand], n, n, placeholder)
    if what == "act" and "act" in tasks:
        other = state.seat(state.duel_opponent(player))
        return Menu([discord.SelectOption(label=_("{acting} on {target}", acting=card(a).notation,
                                                  target=card(t).notation)[:100], value=f"{a}:{t}",
                                          description=render.duel_forecast_one(a, t))
                     for a in seat.unfolded for t in other.unfolded], placeholder=placeholder)
    exchange = next((t for t in tasks if t in ("exchange3", "exchange9", "turn")), None)
    if what == "exchange" and exchange is not None and seat.hand and seat.reserve:
        limit = 9 if exchange == "exchange9" else 3
        return Menu([_option(c) for c in seat.hand], 1, min(limit, len(seat.hand), len(seat.reserve)), placeholder)
    if what == "take" and exchange is not None and given and set(given) <= set(seat.hand) \
            and len(set(given)) == len(given) <= min(9 if exchange == "exchange9" else 3, len(seat.reserve)):
        n = len(given)
        return Menu([_option(c) for c in sorted(seat.reserve, key=lambda c: -card(c).value)], n, n,
                    n_("Take {count} reserve card for the {count} you give…",
                       "Take {count} reserve cards for the {count} you give…", n))
    if what == "return" and ("trim" in tasks or "surplus" in tasks):
        need = surplus(state, player)
        return Menu([_option(c) for c in seat.reserve], need, need, placeholder)
    if what == "give" and "give" in tasks:
        asked = state.pending_ask()
        n = len(asked.give)
        return Menu([_option(c) for c in (seat.hand if asked.source == "hand" else seat.reserve)], n, n, placeholder)
    if what == "askgive" and "turn" in tasks and target in state.players and target != player \
            and source in ("hand", "reserve"):
        pool = getattr(state.seat(target), source)
        return Menu([_option(c) for c in seat.hand], 1, min(3, len(pool)), placeholder)
    return None


async def menu_now(interaction: Interaction, build: Callable[[GinjontanState], Menu | None]) -> Menu:
    """A menu's whole list as the game stands now (empty when there is no game or no such menu now)."""
    record = await interaction.client.games.get(require_channel(interaction), GINJONTAN)
    return (build(record.state) if record is not None else None) or Menu(())


class CardSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"ct:gjt:s:(?P<what>\w+)(?::(?P<target>\d+):(?P<source>hand|reserve))?"
                          r"(?::g(?P<given>\d{1,4}(?:\.\d{1,4}){0,8}))?" + SUFFIX):
    """A menu of cards for one move: what = aside, act, exchange (the cards given), take (+ the cards given),
    return, give, askgive (+ target, source)."""

    def __init__(self, select: discord.ui.Select, what: str, target: int | None = None,
                 source: str | None = None, page: Page | None = None, given: tuple[int, ...] = ()) -> None:
        super().__init__(select)
        self.what, self.target, self.source, self.page, self.given = what, target, source, page, given

    @classmethod
    def build(cls, what: str, menu: Menu, target: int | None = None, source: str | None = None,
              given: tuple[int, ...] = ()) -> CardSelect:
        parts = ["gjt", "s", what] + ([target, source] if target is not None else [])
        parts += ["g" + ".".join(map(str, given))] if given else []
        return cls(paged(custom_id(*parts), menu), what, target, source, given=given)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CardSelect:
        target, given = match["target"], match["given"] or ""
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), one_of(match["what"], PLACEHOLDERS),
                                             None if target is None else number(target), match["source"],
                                             Page.read(match), numbers(filter(None, given.split(".")),
                                                                       high=FULL_SET_SIZE - 1)))

    async def handle(self, interaction: Interaction) -> None:
        player = interaction.user.id
        values = await chosen(interaction, self.item, self.page, lambda: menu_now(
            interaction, lambda state: card_menu(state, player, self.what, self.target, self.source, self.given)))
        if values is None:
            return
        if self.what == "exchange":
            await exchange_take(interaction, numbers(values))
            return
        if self.what == "aside":
            m: Any = SetAside(player, numbers(values))
        elif self.what == "act":
            acting, target = numbers(split(values[0], 2))
            m = Act(player, acting, target)
        elif self.what == "take":
            m = Exchange(player, self.given, numbers(values))
        elif self.what == "return":
            m = Trim(player, numbers(values))
        elif self.what == "give":
            m = Give(player, numbers(values))
        else:  # askgive
            assert self.target is not None and self.source is not None  # an askgive menu names both
            m = AskCards(player, self.target, self.source, numbers(values))
            async with posting(interaction):
                result = await apply(interaction, m)
                await interaction.response.edit_message(content=_("✅ Asked."), view=None)
                await answer(interaction, result.game, result.events)
            return
        await move(interaction, m, from_hand=True)


async def exchange_take(interaction: Interaction, given: tuple[int, ...]) -> None:
    """The exchange's second step: the cards given are said back, with a menu of as many reserve cards."""
    state = (await load(interaction)).state
    menu = card_menu(state, interaction.user.id, "take", given=given)
    if menu is None:
        raise IllegalMove(N_("That exchange no longer fits your cards."),
                          N_("Press My cards for your cards as they are now."), code="stale")
    n = len(given)
    view = discord.ui.View(timeout=None)
    view.add_item(CardSelect.build("take", menu, given=given))
    await interaction.response.edit_message(
        content=n_("You give {count} card: {cards}. Now pick the {count} reserve card you take for it.",
                   "You give {count} cards: {cards}. Now pick the {count} reserve cards you take for them.", n,
                   cards=render.cards_text(given)), view=view)


class BestExchange(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"ct:gjt:x:(?P<give>\d{1,4}):(?P<take>\d{1,4})"):
    """The hand's suggested one-card exchange, done in one press; the engine checks it as it stands then."""

    def __init__(self, give: int, take: int) -> None:
        super().__init__(discord.ui.Button(
            label=_("Do this exchange: give {give}, take {take}", give=render.card_words(give),
                    take=render.card_words(take))[:80],
            style=discord.ButtonStyle.primary, custom_id=custom_id("gjt", "x", give, take)))
        self.give, self.take = give, take

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BestExchange:
        return parsed(cls, item, lambda: cls(number(match["give"], high=FULL_SET_SIZE - 1),
                                             number(match["take"], high=FULL_SET_SIZE - 1)))

    async def handle(self, interaction: Interaction) -> None:
        player = interaction.user.id
        state = (await load(interaction)).state
        if card_menu(state, player, "take", given=(self.give,)) is None or self.take not in state.seat(player).reserve:
            raise IllegalMove(N_("This suggestion is out of date: your cards or the game have moved on."),
                              N_("Press My cards for your cards as they are now."), code="stale")
        await move(interaction, Exchange(player, (self.give,), (self.take,)), from_hand=True)


def ask_menu(state: GinjontanState, player: int) -> Menu:
    asks = {"hand": N_("Ask {name} for hand cards"), "reserve": N_("Ask {name} for reserve cards")}
    return Menu([discord.SelectOption(label=_(asks[source], name=state.name(p))[:100], value=f"{p}:{source}",
                                      description=n_("{count} card there", "{count} cards there",
                                                     len(getattr(state.seat(p), source))))
                 for p in state.order if p != player for source in ("hand", "reserve")
                 if getattr(state.seat(p), source)], placeholder=_("Ask another player (6.1c)…"))


class AskSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select], template=r"ct:gjt:ask" + SUFFIX):
    """6.1c, first step: whom to ask and from where. The second step is a menu of your own hand cards."""

    def __init__(self, select: discord.ui.Select, page: Page | None = None) -> None:
        super().__init__(select)
        self.page = page

    @classmethod
    def build(cls, menu: Menu) -> AskSelect:
        return cls(paged(custom_id("gjt", "ask"), menu))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AskSelect:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        player = interaction.user.id
        values = await chosen(interaction, self.item, self.page,
                              lambda: menu_now(interaction, lambda state: ask_menu(state, player)))
        if values is None:
            return
        who, source = split(values[0], 2)
        target = number(who)
        one_of(source, ("hand", "reserve"))
        state = (await load(interaction)).state
        require_seated(interaction, state.players)
        if "turn" not in state.tasks(player):
            raise IllegalMove(N_("It isn't your turn in the combination round."), N_("Wait for your turn."),
                              code="not_your_turn")
        if target not in state.players or target == player:
            raise IllegalMove(N_("You can ask another player at the table only."), N_("Pick one from the menu."),
                              code="not_seated")
        menu = card_menu(state, player, "askgive", target, source)
        assert menu is not None  # the checks above are card_menu's
        view = discord.ui.View(timeout=None)
        view.add_item(CardSelect.build("askgive", menu, target, source))
        await interaction.response.send_message(
            _("Which 1-3 of your hand cards do you give {player}? They pick as many from their {zone} for you.",
              player=render.mention(target), zone=render.zone_text(source)), view=view, ephemeral=True)


class HandView(discord.ui.View):
    """The controls for what the game waits for from this player now (nothing else is offered)."""

    def __init__(self, state: GinjontanState, player: int, advice: HandAdvice) -> None:
        super().__init__(timeout=None)
        tasks = state.tasks(player)

        def cards(what: str) -> None:
            menu = card_menu(state, player, what)
            if menu is not None and menu.options:
                self.add_item(CardSelect.build(what, menu))

        if "swap" in tasks:
            self.add_item(MoveButton("keep"))
            self.add_item(MoveButton("swap"))
        cards("aside")
        cards("act")
        cards("exchange")
        hint = advice.swap if render.may_exchange(state, player) else None
        if hint:
            self.add_item(BestExchange(hint[0], hint[1]))
        if any(t in tasks for t in ("exchange3", "exchange9")):  # also with an empty hand or reserve: the game waits
            self.add_item(MoveButton("none"))
        if "turn" in tasks:
            self.add_item(MoveButton("call"))
            ask = ask_menu(state, player)
            if ask.options and state.seat(player).hand:
                self.add_item(AskSelect.build(ask))
        if "trim" in tasks or "surplus" in tasks:
            cards("return")
            self.add_item(MoveButton("lowest", n_("Return my {count} lowest card", "Return my {count} lowest cards",
                                                  surplus(state, player))))
        cards("give")
        if "reveal" in tasks and advice.score.defeat:
            self.add_item(MoveButton("katoh", style=discord.ButtonStyle.primary))
            self.add_item(MoveButton("reveal", _("Show my hand: the Defeat loses the round"),
                                     discord.ButtonStyle.danger))
        elif "reveal" in tasks:
            self.add_item(MoveButton("reveal"))
            self.add_item(MoveButton("katoh"))


# -- /ginjontan score: private first, shared on request ----------------------------------------------------------

Combinations = Literal["best", "all"]


def score_message(cards: list[int], combinations: Combinations) -> dict[str, Any]:
    """The calculator's answer for these cards; it may be someone's hand, so the caller decides who sees it."""
    if not 1 <= len(cards) <= MAX_CARDS or not all(0 <= c < FULL_SET_SIZE for c in cards):
        raise IllegalMove(N_("The calculator scores 1 to {count} cards."), N_("Name the cards again."),
                          code="bad_cards", count=MAX_CARDS)
    result = score_hand(cards, GinjontanOptions(combinations=combinations))
    return {"embed": render.score_embed(cards, result),
            "files": [Drawing("cards.png", pictures.cards_picture,
                              (((p_("ginjontan picture", "Cards"), tuple(cards)),),), picture_words())]}


async def score_privately(interaction: Interaction, cards: list[int], combinations: Combinations) -> None:
    message = score_message(cards, combinations)  # refuses a bad hand before the Share button is built
    view = discord.ui.View(timeout=None)
    view.add_item(ShareScore(cards, combinations))
    await replies.acknowledge(interaction, *replies.drawings(message), ephemeral=True)
    await replies.send(interaction, **await replies.drawn(message), view=view, ephemeral=True)


class ShareScore(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ct:gjt:share:(?P<mode>best|all):(?P<cards>\d{1,4}(?:\.\d{1,4}){0,8})"):
    """Posts a private `/ginjontan score` answer in the channel, when the one who asked wants it seen."""

    def __init__(self, cards: list[int], combinations: Combinations) -> None:
        super().__init__(discord.ui.Button(label=p_("ginjontan button", "Share in the channel"),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id("gjt", "share", combinations,
                                                               ".".join(map(str, cards)))))
        self.cards, self.combinations = cards, combinations

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ShareScore:
        return parsed(cls, item, lambda: cls([number(c, high=FULL_SET_SIZE - 1) for c in match["cards"].split(".")],
                                             cast(Combinations, match["mode"])))

    async def handle(self, interaction: Interaction) -> None:
        message = score_message(self.cards, self.combinations)
        await replies.acknowledge(interaction, *replies.drawings(message))
        await replies.send(interaction, content=_("{player} shares a score:", player=interaction.user.mention),
                         **await replies.drawn(message))


COMPONENTS = (LobbyButton, HandButton, MoveButton, CardSelect, AskSelect, BestExchange, ShareScore)
