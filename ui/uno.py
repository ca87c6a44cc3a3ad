"""/uno on Discord: the flows every entry point shares (slash commands, buttons, menus), the components,
the board (always the newest public message: each move's reply carries it), and the turn timer. No rule lives
here: the engine decides.
"""

from __future__ import annotations

import asyncio
import logging
import re
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

import discord

from engine.errors import IllegalMove
from engine.text import N_, command
from engine.uno.cards import CARDS, COLOURS, Colour, card_ref
from engine.uno.legal import Options
from engine.uno.moves import (
    Accept,
    Choose,
    Draw,
    EndRound,
    Join,
    Leave,
    Pass,
    Play,
    SayUno,
    Start,
    TimeOut,
)
from engine.uno.rules import UNO, NeedChoice, options, waiting_on
from engine.uno.state import Phase, Prompt, PromptKind, UnoState
from render import uno as render
from render.i18n import _, n_, p_, refusal
from render.offload import Drawing
from storage.games import GameRecord, MoveResult
from storage.messages import find_message, remember_message
from ui import pictures
from ui.custom_ids import custom_id, number, one_of, parsed, split
from ui.errors import ReportsErrors, note_change, report_error
from ui.mentions import ping
from ui.message_edits import edit_message
from ui.paging import SUFFIX, Menu, Page, chosen
from ui.paging import select as paged
from ui.permissions import require_channel, require_seated
from ui.turn_timer import TurnTimer
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

log = logging.getLogger(__name__)
BOARD = "board"
_NONE = "-"


# -- moves through storage ---------------------------------------------------------------------------------

async def load(interaction: Interaction) -> GameRecord[UnoState]:
    return await interaction.client.games.require(require_channel(interaction), UNO)


async def apply(interaction: Interaction, move: Any, *, seated: bool = True,
                state: UnoState | None = None) -> MoveResult[UnoState]:
    """Apply through storage; `seated`: only the game's players may (from `state` if already loaded)."""
    bot = interaction.client
    if seated:
        require_seated(interaction, (state or (await load(interaction)).state).players)
    channel_id = require_channel(interaction)
    result = await bot.games.apply(channel_id, UNO, move, actor_id=interaction.user.id)
    note_change(interaction)
    await after_move(bot, channel_id, result.game)
    return result


async def after_move(bot: ChaosTable, channel_id: int, record: GameRecord[UnoState]) -> None:
    """Keep the timer running; a lobby is one message, edited in place as players come and go."""
    bot.uno_timers.arm(channel_id, record)
    if record.status != "finished" and record.state.phase is Phase.LOBBY:
        await bot.uno_board.edit_lobby(channel_id, record)


def live_state(record: GameRecord[UnoState]) -> UnoState | None:
    """The state a move's public reply shows as the board: over once the game is finished; None in the lobby."""
    if record.status == "finished":
        return replace(record.state, phase=Phase.OVER)
    return None if record.state.phase is Phase.LOBBY else record.state


def live_drawing(record: GameRecord[UnoState]) -> Drawing | None:
    state = live_state(record)
    return None if state is None else board_drawing(state)


async def live_board(bot: ChaosTable, channel_id: int, record: GameRecord[UnoState], *,
                     picture: bool = True) -> dict[str, Any]:
    """What a move's public reply carries (keyword arguments for a new message): the board with its buttons, the
    final board without them once the game is over, nothing in the lobby (its message is edited in place).
    `picture=False`: the board without its picture (nothing drawn)."""
    state = live_state(record)
    return {} if state is None else await board_message(state, edit=False, paused=bot.uno_timers.paused(channel_id),
                                                        picture=picture)


async def reply_with_board(interaction: Interaction, record: GameRecord[UnoState], content: str,
                           *embeds: discord.Embed) -> int | None:
    """The public reply to a change: `content` (pinging whom the game waits for), `embeds`, then the board; its id.
    Discord notifies nobody when a deferred reply is completed (an edit: discord-api-docs#5497), so this reply is
    never a deferral's: with the board's picture cached it goes out whole, else at once without the picture, which
    the channel's `BoardKeeper` draws off the event loop and adds by an edit, after the channel's lock is let go (the
    next move never waits for a picture)."""
    bot = interaction.client
    channel_id = require_channel(interaction)
    drawing = live_drawing(record)
    at_once = drawing is not None and not drawing.ready() and not interaction.response.is_done()
    board = await live_board(bot, channel_id, record, picture=not at_once)
    board_embed = board.pop("embed", None)
    message_id = await pictures.send(interaction, content=content,
                                     embeds=[*embeds, *([board_embed] if board_embed else [])],
                                     allowed_mentions=awaited(record.state), **board)
    if board_embed and message_id is not None:
        await bot.uno_board.posted(channel_id, record, message_id)
    if at_once and message_id is not None:
        bot.uno_board.add_picture(channel_id, PictureLater(interaction, record, embeds))
    return message_id


@dataclass(frozen=True)
class PictureLater:
    """A board reply sent without its picture: the picture is added by editing the reply through `interaction`."""

    interaction: Interaction
    record: GameRecord[UnoState]
    embeds: tuple[discord.Embed, ...]

    async def add(self, bot: ChaosTable, channel_id: int) -> None:
        whole = await live_board(bot, channel_id, self.record)
        try:
            await self.interaction.edit_original_response(embeds=[*self.embeds, whole["embed"]],
                                                          attachments=whole["files"])
        except discord.NotFound:  # the reply was deleted meanwhile: nothing to add the picture to
            log.info("the Uno reply in channel %s was gone before its picture was added", channel_id)


def awaited(state: UnoState) -> discord.AllowedMentions:
    """A move's reply pings whom the game now waits for (the turn player, the target of a stack or a 7's trade)."""
    return ping(*waiting_on(state)) if state.phase is Phase.PLAY else ping()


async def respond(interaction: Interaction, result: MoveResult[UnoState], *, mode: str = "reply") -> None:
    """Tell the channel what happened (publicly, with the board); the mover alone learns the cards they drew.
    Call it holding the channel's `uno_board.hold`, the lock its move was applied under.

    mode "reply": a new public message; "hand": the ephemeral hand it came from is redrawn first;
    "done": the ephemeral menu it came from is closed first; "board": the lobby button it came from is let be."""
    bot = interaction.client
    channel_id = require_channel(interaction)
    state = result.game.state
    text = render.event_lines(state, result.events) or _("Done.")
    if mode == "reply":
        await reply_with_board(interaction, result.game, text)
    else:
        if mode == "board":
            await interaction.response.defer()
        elif mode == "hand" and state.seated(interaction.user.id) and state.phase is Phase.PLAY:
            embed, hand = render.hand_embed(state, interaction.user.id)
            await pictures.acknowledge(interaction, hand, edit=True)
            await pictures.edit(interaction, embed=embed, attachments=await pictures.files(hand),
                                view=HandView(state, interaction.user.id))
        else:
            await interaction.response.edit_message(content=_("✅ Done."), embed=None, attachments=[], view=None)
        board = await live_board(bot, channel_id, result.game)
        message_id = (await interaction.followup.send(text, wait=True, allowed_mentions=awaited(state), **board)).id
        if board:
            await bot.uno_board.posted(channel_id, result.game, message_id)
    drawn = render.drawn_for(result.events, interaction.user.id)
    if drawn:
        button = DrawnButton.offer(result.game, interaction.user.id)
        view = discord.ui.View(timeout=None)
        if button is not None:
            view.add_item(button)
        cards = ", ".join(f"{render.colour_mark(CARDS[c].colour)}**{render.card_name(c)}** (`{CARDS[c].notation}`)"
                          for c in drawn)
        await interaction.followup.send(_("You drew: {cards}", cards=cards), ephemeral=True,
                                        view=view if button is not None else discord.utils.MISSING)


async def announce(interaction: Interaction, record: GameRecord[UnoState], text: str,
                   *embeds: discord.Embed) -> None:
    """A public reply for a change that is not one move (an undo, the end): `text`, `embeds`, then the board."""
    await reply_with_board(interaction, record, text, *embeds)


async def simple_move(interaction: Interaction, move: Any, *, mode: str = "reply", seated: bool = True) -> None:
    async with interaction.client.uno_board.hold(require_channel(interaction)):
        await respond(interaction, await apply(interaction, move, seated=seated), mode=mode)


# -- playing a card ------------------------------------------------------------------------------------------

async def play_card(interaction: Interaction, card_id: int, pile_id: int | None, *,
                    colour: Colour | None = None, target: int | None = None, onto: int | None = None,
                    split: str | None = None, mode: str = "reply", record: GameRecord[UnoState] | None = None) -> None:
    """Play, asking with a menu for what is missing (a pile, a colour, a partner, a pile to move onto). `record`:
    the game as the caller just loaded it (else it is loaded here)."""
    record = record or await load(interaction)
    state = record.state
    player = interaction.user.id
    require_seated(interaction, state.players)
    if state.phase is not Phase.PLAY:
        raise IllegalMove(N_("The game hasn't started yet.") if state.phase is Phase.LOBBY
                          else N_("This game is over."), N_("Use {status}."), status=command("uno status"))
    if card_id not in state.hand(player):
        raise IllegalMove(N_("You don't hold {card} any more."), N_("Look again with {hand}."),
                          code="not_in_hand", card=card_ref(CARDS[card_id]), hand=command("uno hand"))
    if pile_id is None:
        piles = options(state, player).piles_for(card_id)
        if len(piles) > 1:
            need = NeedChoice("pile", N_("Which pile do you play {card} on?"), N_("Pick a pile."),
                              card=card_ref(CARDS[card_id]))
            await ask(interaction, state, need, card_id, None, colour, target, onto, split, mode)
            return
        pile_id = piles[0] if piles else state.piles[0].id
    try:
        pile = state.pile(pile_id)
    except KeyError:
        raise IllegalMove(N_("That pile is gone."), N_("Look at the board and play again."),
                          code="no_pile") from None
    move = Play(player, card_id, pile_id, colour, target, onto, split, serial=pile.serial)
    async with interaction.client.uno_board.hold(record.channel_id):
        try:
            result = await apply(interaction, move, state=state)
        except NeedChoice as need:
            await ask(interaction, state, need, card_id, pile_id, colour, target, onto, split, mode)
            return
        await respond(interaction, result, mode=mode)


async def ask(interaction: Interaction, state: UnoState, need: NeedChoice, card_id: int, pile_id: int | None,
              colour: Colour | None, target: int | None, onto: int | None, split: str | None, mode: str) -> None:
    select = ChoiceSelect.build(state, interaction.user.id, need.what, card_id, pile_id, colour, target, onto, split)
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    text = f"**{refusal(need)[0]}**"
    if mode in ("reply", "hand"):
        await interaction.response.send_message(text, view=view, ephemeral=True)
    else:
        await interaction.response.edit_message(content=text, embed=None, attachments=[], view=view)


def _enc(value: Any) -> str:
    if value is None:
        return _NONE
    return value.value if isinstance(value, Colour) else str(value)


def _dec_int(value: str) -> int | None:
    return None if value == _NONE else int(value)


CHOICES = ("colour", "target", "split", "pile", "onto")
SPLITS = {"plus": N_("Pass on the plus stacks"), "eights": N_("Pass on the Crazy 8's stacks")}


def choice_menu(state: UnoState, player: int, parts: dict[str, str]) -> Menu:
    """The choices a play still needs (`parts`: the play so far, as ChoiceSelect carries it)."""
    what, card_id = parts["what"], int(parts["card"])
    pile_id = _dec_int(parts["pile"])
    legal = options(state, player)
    option = legal.option(card_id, pile_id) if pile_id is not None else None
    if what == "colour":
        choices = [discord.SelectOption(label=render.colour_text(c.value), value=c.value)
                   for c in (option.colours if option else COLOURS)]
    elif what == "target":
        choices = [discord.SelectOption(label=render.player_name(state, p)[:100], value=str(p),
                                        description=n_("{count} card", "{count} cards", len(state.hand(p))))
                   for p in (option.targets if option else ())]
    elif what == "split":
        choices = [discord.SelectOption(label=_(SPLITS[k]), value=k) for k in (option.splits if option else ())]
    else:  # "pile" or "onto"
        allowed = legal.piles_for(card_id) if what == "pile" else list(option.ontos if option else ())
        choices = [discord.SelectOption(label=_("Pile {number}: {card}", number=state.pile_number(p),
                                                  card=render.card_text(state.pile(p).top))[:100],
                                        value=str(p)) for p in allowed]
    return Menu(choices, placeholder=_("Choose…"))


async def state_now(interaction: Interaction) -> UnoState | None:
    """The game as it stands now, if it is being played and the user plays in it."""
    record = await interaction.client.games.get(require_channel(interaction), UNO)
    state = record.state if record else None
    if state is None or state.phase is not Phase.PLAY or not state.seated(interaction.user.id):
        return None
    return state


SLOTS = ("what", "card", "pile", "colour", "target", "onto", "split")


class ChoiceSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"ct:uno:ch:(?P<what>\w+):(?P<card>\d+):(?P<pile>[\d-]+):(?P<colour>[rygb-]):"
                            r"(?P<target>[\d-]+):(?P<onto>[\d-]+):(?P<split>\w+|-)" + SUFFIX):
    """A menu for the choice a play still needs; carries the play so far in its custom_id."""

    def __init__(self, select: discord.ui.Select, parts: dict[str, str], page: Page | None = None) -> None:
        super().__init__(select)
        self.parts, self.page = parts, page

    @classmethod
    def build(cls, state: UnoState, player: int, what: str, card_id: int, pile_id: int | None,
              colour: Colour | None, target: int | None, onto: int | None, split: str | None) -> ChoiceSelect:
        parts = {"what": what, "card": str(card_id), "pile": _enc(pile_id), "colour": _enc(colour),
                 "target": _enc(target), "onto": _enc(onto), "split": _enc(split)}
        return cls(paged(custom_id("uno", "ch", *parts.values()), choice_menu(state, player, parts)), parts)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceSelect:
        def build() -> ChoiceSelect:
            parts = {slot: match[slot] for slot in SLOTS}
            one_of(parts["what"], CHOICES)
            number(parts["card"], high=len(CARDS) - 1)
            for slot in ("pile", "target", "onto"):
                if parts[slot] != _NONE:
                    number(parts[slot])
            one_of(parts["split"], (_NONE, *SPLITS))
            return cls(cast(discord.ui.Select, item), parts, Page.read(match))

        return parsed(cls, item, build)

    async def handle(self, interaction: Interaction) -> None:
        async def now() -> Menu:
            state = await state_now(interaction)
            return Menu(()) if state is None else choice_menu(state, interaction.user.id, self.parts)

        values = await chosen(interaction, self.item, self.page, now)
        if values is None:
            return
        p = dict(self.parts)
        p[p["what"]] = values[0]  # the slot this menu asked for, among the options it offered
        if p["what"] != "colour" and p["what"] != "split":
            number(p[p["what"]])
        colour = None if p["colour"] == _NONE else Colour(one_of(p["colour"], {c.value for c in COLOURS}))
        one_of(p["split"], (_NONE, *SPLITS))
        await play_card(interaction, int(p["card"]), _dec_int(p["pile"]), colour=colour, target=_dec_int(p["target"]),
                        onto=_dec_int(p["onto"]), split=None if p["split"] == _NONE else p["split"], mode="done")


# -- prompts (a 7 or 1 revealed by a flip) -----------------------------------------------------------------

def prompt_menu(state: UnoState, prompt: Prompt) -> Menu:
    if prompt.kind is PromptKind.PARTNER:
        return Menu([discord.SelectOption(label=render.player_name(state, p)[:100], value=str(p))
                     for p in state.players if p != prompt.player],
                    placeholder=_("{player}: trade hands with…", player=render.player_name(state, prompt.player))[:150])
    return Menu([discord.SelectOption(label=_("Pile {number}: {card}", number=i + 1,
                                                card=render.card_text(p.top))[:100], value=str(p.id))
                 for i, p in enumerate(state.piles) if p.id != prompt.pile],
                placeholder=_("{player}: move the 1's pile onto…",
                              player=render.player_name(state, prompt.player))[:150])


class PromptSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"ct:uno:prompt:(?P<kind>\w+)" + SUFFIX):
    def __init__(self, select: discord.ui.Select, kind: str, page: Page | None = None) -> None:
        super().__init__(select)
        self.kind, self.page = kind, page

    @classmethod
    def build(cls, state: UnoState, prompt: Prompt) -> PromptSelect:
        return cls(paged(custom_id("uno", "prompt", prompt.kind.value), prompt_menu(state, prompt)), prompt.kind.value)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PromptSelect:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item),
                                             one_of(match["kind"], {k.value for k in PromptKind}), Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        async def now() -> Menu:
            record = await interaction.client.games.get(require_channel(interaction), UNO)
            prompt = record.state.prompt if record else None
            return Menu(()) if record is None or prompt is None or prompt.kind.value != self.kind \
                else prompt_menu(record.state, prompt)

        values = await chosen(interaction, self.item, self.page, now)
        if values is None:
            return
        value = number(values[0])
        move = Choose(interaction.user.id, target=value) if self.kind == "partner" else \
            Choose(interaction.user.id, onto=value)
        await simple_move(interaction, move)


# -- the board and the lobby -------------------------------------------------------------------------------

BOARD_ACTIONS = {"hand": discord.ButtonStyle.primary, "draw": discord.ButtonStyle.secondary,
                 "uno": discord.ButtonStyle.danger, "accept": discord.ButtonStyle.secondary,
                 "score": discord.ButtonStyle.success}
LOBBY_ACTIONS = {"join": discord.ButtonStyle.primary, "leave": discord.ButtonStyle.secondary,
                 "start": discord.ButtonStyle.success}
BUTTON_LABELS = {  # each button's words, in the language in force
    "hand": lambda: p_("uno button", "My hand"), "draw": lambda: p_("uno button", "Draw"),
    "uno": lambda: p_("uno button", "UNO!"), "accept": lambda: p_("uno button", "Accept"),
    "score": lambda: p_("uno button", "Score the round"), "join": lambda: p_("uno button", "Join"),
    "leave": lambda: p_("uno button", "Leave"), "start": lambda: p_("uno button", "Start"),
    "pass": lambda: p_("uno button", "Keep it"),
}


async def action(interaction: Interaction, name: str, *, mode: str = "reply") -> None:
    """The moves behind the board's and the hand's buttons (and their slash commands)."""
    player = interaction.user.id
    if name == "hand":
        await show_hand(interaction)
    elif name == "draw":
        await simple_move(interaction, Draw(player), mode=mode)
    elif name == "uno":
        await simple_move(interaction, SayUno(player), mode=mode)
    elif name == "accept":
        await simple_move(interaction, Accept(player), mode=mode)
    elif name == "pass":
        await simple_move(interaction, Pass(player), mode=mode)
    elif name == "score":
        await simple_move(interaction, EndRound(player), mode=mode)
    elif name == "join":
        await join(interaction)
    elif name == "leave":
        await simple_move(interaction, Leave(player), mode=mode)
    elif name == "start":
        await start(interaction, from_board=True)


class BoardButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:uno:(?P<where>[bhl]):"
                                                                                     r"(?P<action>\w+)"):
    def __init__(self, where: str, name: str) -> None:
        style = {**BOARD_ACTIONS, **LOBBY_ACTIONS, "pass": discord.ButtonStyle.secondary}[name]
        super().__init__(discord.ui.Button(label=BUTTON_LABELS[name](), style=style,
                                           custom_id=custom_id("uno", where, name)))
        self.where, self.name = where, name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BoardButton:
        where = match["where"]
        names = LOBBY_ACTIONS if where == "l" else HAND_ACTIONS if where == "h" else BOARD_ACTIONS
        return parsed(cls, item, lambda: cls(where, one_of(match["action"], names)))

    async def handle(self, interaction: Interaction) -> None:
        await action(interaction, self.name, mode="hand" if self.where == "h" else "reply")


def board_view(state: UnoState) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    if state.phase is Phase.LOBBY:
        for name in LOBBY_ACTIONS:
            view.add_item(BoardButton("l", name))
    elif state.phase is Phase.PLAY:
        for name in BOARD_ACTIONS:
            view.add_item(BoardButton("b", name))
        if state.prompt is not None:
            view.add_item(PromptSelect.build(state, state.prompt))
    else:
        return None
    return view


def board_drawing(state: UnoState) -> Drawing | None:
    return render.board_picture(state) if state.phase is not Phase.LOBBY else None


async def board_message(state: UnoState, *, edit: bool = True, paused: bool = False,
                        picture: bool = True) -> dict[str, Any]:
    """The board's content, as keyword arguments for an edit (or, with `edit=False`, for a new message). Its
    picture is drawn off the event loop: acknowledge an interaction first (ui/pictures.py). `picture=False`: none."""
    drawing = board_drawing(state) if picture else None
    embed = render.board_embed(state, with_picture=drawing is not None)
    if paused:
        embed.description = f"{embed.description or ''}\n{_(PAUSED)}"
    message: dict[str, Any] = {"embed": embed}
    files = await pictures.files(drawing)
    view = board_view(state)
    if edit:
        message.update(attachments=files, view=view)
    else:
        message.update(files=files, **({"view": view} if view else {}))
    return message


class BoardKeeper:
    """Keeps each game's board the newest public message in its channel. A move's public reply carries the board
    (`respond`), and the board before it loses its buttons. The move and its reply happen under the channel's
    `hold`, so replies go out in the order of the moves and the newest board is never a stale one. Old boards lose
    their buttons in a task of their own, so a burst of moves never waits on message edits."""

    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._old: dict[int, list[int]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._pictures: dict[int, PictureLater] = {}  # the newest board reply still without its picture
        self._picture_tasks: dict[int, asyncio.Task[None]] = {}

    def hold(self, channel_id: int) -> asyncio.Lock:
        """Hold it from applying a move to posting its reply."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def posted(self, channel_id: int, record: GameRecord[UnoState], message_id: int) -> None:
        """`message_id` is the game's board now (kept for a restart); the one before it loses its buttons."""
        old = await find_message(self.bot.db, record.id, BOARD)
        await remember_message(self.bot.db, record.id, BOARD, channel_id, message_id)
        if old is None or old == message_id:
            return
        self._old.setdefault(channel_id, []).append(old)
        task = self._tasks.get(channel_id)
        if task is None or task.done():
            self._tasks[channel_id] = asyncio.create_task(self._strip(channel_id), name=f"uno-board-{channel_id}")

    async def _strip(self, channel_id: int) -> None:
        while self._old.get(channel_id):
            message_id = self._old[channel_id].pop(0)
            try:
                await edit_message(self.bot, channel_id, message_id, view=None)
            except discord.HTTPException:
                log.warning("could not take the buttons off an old Uno board in channel %s", channel_id,
                            exc_info=True)

    def add_picture(self, channel_id: int, later: PictureLater) -> None:
        """Draw the board's picture off the event loop and add it to its reply. A channel's pictures are added one
        at a time, newest first: a board replaced by a newer one before its picture was drawn keeps its text board
        and gets none, so a burst of moves draws what players see, not every board in between."""
        self._pictures[channel_id] = later
        task = self._picture_tasks.get(channel_id)
        if task is None or task.done():
            drawing = live_drawing(later.record)
            if drawing is not None:
                drawing.start()
            self._picture_tasks[channel_id] = asyncio.create_task(self._add_pictures(channel_id),
                                                                  name=f"uno-picture-{channel_id}")

    async def _add_pictures(self, channel_id: int) -> None:
        while channel_id in self._pictures:
            later = self._pictures.pop(channel_id)
            try:
                await later.add(self.bot, channel_id)
            except discord.HTTPException:
                log.warning("could not add the board's picture in channel %s", channel_id, exc_info=True)
            except Exception:  # a picture that could not be drawn: the reply keeps its text board
                log.exception("could not draw the board's picture in channel %s", channel_id)

    async def edit_lobby(self, channel_id: int, record: GameRecord[UnoState]) -> None:
        message_id = await find_message(self.bot.db, record.id, BOARD)
        if message_id is not None:
            message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            await message.edit(**await board_message(record.state))

    async def settle(self) -> None:
        """Wait until no move is being answered, every old board has lost its buttons and every picture is added
        (tests, shutdown)."""
        while True:
            for lock in list(self._locks.values()):
                async with lock:
                    pass
            busy = [t for t in (*self._tasks.values(), *self._picture_tasks.values()) if not t.done()]
            if not busy and not any(lock.locked() for lock in self._locks.values()):
                return
            await asyncio.gather(*busy, return_exceptions=True)

    def close(self) -> None:
        for task in (*self._tasks.values(), *self._picture_tasks.values()):
            task.cancel()


PAUSED = N_("⏸️ The turn timer is paused: a full round of turns timed out with nobody acting. "
            "It runs again as soon as someone plays, draws or uses a button.")


class TurnTimers(TurnTimer[UnoState]):
    """Uno's turn timer (ui/turn_timer.py): when it runs out the bot answers for the absent player (engine
    TimeOut) and says so in the channel."""

    kind = UNO
    title = "Uno"

    def running(self, state: UnoState) -> bool:
        return state.phase is Phase.PLAY

    def time_out(self) -> TimeOut:
        return TimeOut()

    def hold(self, channel_id: int) -> AbstractAsyncContextManager[Any]:
        return self.bot.uno_board.hold(channel_id)

    async def expired(self, channel_id: int, result: MoveResult[UnoState]) -> None:
        await after_move(self.bot, channel_id, result.game)
        text = render.event_lines(result.game.state, result.events)  # the board it carries says when it paused
        board = await live_board(self.bot, channel_id, result.game)
        message = await self.bot.get_partial_messageable(channel_id).send(text[:2000], **board,
                                                                          allowed_mentions=awaited(result.game.state))
        if board:
            await self.bot.uno_board.posted(channel_id, result.game, message.id)


# -- lobby, start, hand ----------------------------------------------------------------------------------------

async def join(interaction: Interaction) -> None:
    if interaction.user.bot:
        raise IllegalMove(N_("Bots can't play."), N_("Invite a person."))
    await simple_move(interaction, Join(interaction.user.id, interaction.user.display_name), seated=False)


async def start(interaction: Interaction, *, from_board: bool = False) -> None:
    """The board comes in a new message under the lobby, which keeps its list of players and loses its buttons."""
    await simple_move(interaction, Start(interaction.user.id), mode="board" if from_board else "reply")


async def post_board(interaction: Interaction, record: GameRecord[UnoState],
                     thread: discord.Thread | None = None, *, note: str | None = None) -> None:
    """The lobby, as the reply (or, for a game in its own thread, as the thread's first message); `note` above it
    (the house rules it starts with), kept as the board is edited."""
    board = await board_message(record.state, edit=False)
    if note:
        board["content"] = note
    if thread is None:
        message_id = (await interaction.response.send_message(**board)).message_id
    else:
        message_id = (await thread.send(**board)).id
    assert message_id is not None  # a message reply names its message
    await remember_message(interaction.client.db, record.id, BOARD, record.channel_id, message_id)
    interaction.client.uno_timers.arm(record.channel_id, record)


async def show_hand(interaction: Interaction) -> None:
    record = await load(interaction)
    state = record.state
    require_seated(interaction, state.players)
    if state.phase is not Phase.PLAY:
        if state.phase is Phase.LOBBY:
            raise IllegalMove(N_("The game hasn't started yet."), N_("The host starts it with Start."))
        raise IllegalMove(N_("This game is over."), N_("Start a new one."))
    embed, hand = render.hand_embed(state, interaction.user.id)
    await pictures.acknowledge(interaction, hand, ephemeral=True)
    await pictures.send(interaction, embed=embed, files=await pictures.files(hand),
                        view=HandView(state, interaction.user.id), ephemeral=True)


class HandView(discord.ui.View):
    """The private hand's controls: a menu of the plays legal now, and the other moves."""

    def __init__(self, state: UnoState, player: int) -> None:
        super().__init__(timeout=None)
        legal = options(state, player)
        plays = play_menu(state, player, legal)
        if plays.options:
            self.add_item(PlaySelect.build(plays))
        for name in hand_actions(legal):
            self.add_item(BoardButton("h", name))


HAND_ACTIONS = {"draw": Draw, "uno": SayUno, "accept": Accept, "pass": Pass}


def hand_actions(legal: Options) -> list[str]:
    """The hand's buttons: only the moves the engine allows the player now."""
    return [name for name, move in HAND_ACTIONS.items() if legal.allows(move)]


def play_menu(state: UnoState, player: int, legal: Options | None = None) -> Menu:
    options = [discord.SelectOption(label=label[:100], value=value, description=description[:100])
               for label, value, description in render.play_options(state, player, legal)]
    return Menu(options, placeholder=_("Play a card…"))


class PlaySelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select], template=r"ct:uno:play" + SUFFIX):
    def __init__(self, select: discord.ui.Select, page: Page | None = None) -> None:
        super().__init__(select)
        self.page = page

    @classmethod
    def build(cls, menu: Menu) -> PlaySelect:
        return cls(paged(custom_id("uno", "play"), menu))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlaySelect:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        async def now() -> Menu:
            state = await state_now(interaction)
            return Menu(()) if state is None else play_menu(state, interaction.user.id)

        values = await chosen(interaction, self.item, self.page, now)
        if values is None:
            return
        card, pile = split(values[0], 2)
        card_id, pile_id = number(card, high=len(CARDS) - 1), number(pile)
        await play_card(interaction, card_id, pile_id, mode="hand")


class DrawnButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"ct:uno:drawn:(?P<card>\d+):(?P<version>\d+)"):
    """Play the card just drawn, on the private "You drew" message; refused once the game has moved on."""

    def __init__(self, card_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(label=_("Play {card}", card=render.card_name(card_id))[:80],
                                           style=discord.ButtonStyle.success,
                                           custom_id=custom_id("uno", "drawn", card_id, version)))
        self.card_id, self.version = card_id, version

    @classmethod
    def offer(cls, record: GameRecord[UnoState], player: int) -> DrawnButton | None:
        state = record.state
        drawn = state.drawn
        if state.phase is not Phase.PLAY or drawn is None or drawn.player != player:
            return None
        return cls(drawn.card, record.version) if options(state, player).piles_for(drawn.card) else None

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DrawnButton:
        return parsed(cls, item, lambda: cls(number(match["card"], high=len(CARDS) - 1), number(match["version"])))

    async def handle(self, interaction: Interaction) -> None:
        if (await load(interaction)).version != self.version:
            raise IllegalMove(N_("The game has moved on since you drew that card."),
                              N_("Look at your hand with {hand}."), code="stale_button", hand=command("uno hand"))
        await play_card(interaction, self.card_id, None)


COMPONENTS = (ChoiceSelect, PromptSelect, BoardButton, PlaySelect, DrawnButton)

__all__ = ["COMPONENTS", "BoardKeeper", "TurnTimers", "action", "play_card", "report_error"]
