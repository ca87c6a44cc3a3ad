"""`/verify` and `/cosmic rolls` (issue 21, item 3; docs/fairness.md).

`/verify` reveals the seed and salt of a finished game in the channel, with the file that replays it
(engine/fairness_file.py), and never those of a game still being played. The chroma settings never end: revealing
their seed is a `Reseed` move, which deals the shuffles to come from a fresh seed with a commitment of its own.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from engine.chroma.state import CHROMA, Reseed
from engine.commitment import Seal, is_salt, new_salt
from engine.cosmic_only import COSMIC as DECK_ONLY
from engine.errors import GameError
from engine.fairness_file import FairnessFile, LoggedMove, encoded, seals_in
from engine.seeds import new_seed
from engine.spread import spread
from engine.table import TABLE
from engine.text import command
from render import fairness as render
from render.i18n import N_
from storage.fairness import GameLog, StoredGame, active_states, game_log, newest_games
from storage.games import EventRecord
from storage.sql import Connection
from ui.errors import note_change
from ui.permissions import require_channel, require_manager
from ui.types import Interaction


def _salted(state: Any) -> bool:
    return isinstance(state, dict) and state.get("salt") is not None


@dataclass(frozen=True)
class Sealed:
    """Where a `/verify` choice's seed is kept: the stored kind, and whether a stored state has a commitment."""

    kind: str
    has_seal: Callable[[dict[str, Any]], bool]


def _deck_salted(state: dict[str, Any]) -> bool:
    return _salted(state.get("cosmic"))


CHOICES: dict[str, tuple[Sealed, ...]] = {  # a Cosmic Deck is a table's, or one of its own (engine/cosmic_only.py)
    "cosmic": (Sealed("table", _deck_salted), Sealed(DECK_ONLY.name, _deck_salted)),
    "chaosjan": (Sealed("table", lambda state: _salted(state.get("chaosjan"))),),
    "uno": (Sealed("uno", _salted),),
    "ginjontan": (Sealed("ginjontan", _salted),),
}
# Where a Cosmic Deck's rolls are: the kinds whose stored state can hold one.
DECK_KINDS: list[tuple[str, Callable[[dict[str, Any]], bool]]] = [
    ("table", lambda state: state.get("cosmic") is not None),
    (DECK_ONLY.name, lambda state: True),
]

STILL_PLAYING = N_("The game in this channel is still being played: its seed and salt are revealed when it ends.")
STILL_PLAYING_HINT = N_("Once it is over, {verify} reveals them and posts the file that replays every draw.")
NO_COMMITMENT = N_("That game began before the bot posted commitments: there is nothing to check its draws against.")
NO_COMMITMENT_HINT = N_("Every game started from now on posts one when it gets its seed.")
NOTHING_ENDED = N_("No game has ended in this channel with a commitment to reveal.")
NOTHING_ENDED_HINT = N_("A game posts its commitment when it gets its seed; once it is over, {verify} reveals it.")
NO_CHROMA = N_("This channel has dealt no chroma abilities yet: there is nothing to reveal.")
NO_CHROMA_HINT = N_("{shuffle} deals them; its message shows the commitment.")
NO_DECK = N_("This channel has no Cosmic Deck.")
NO_DECK_HINT = N_("Open one with {start}: at a table, or on its own beside real sticks.")


TAKEN_OVER = N_("This Cosmic Deck went on to a table that is still being played: its seed and salt are revealed "
                "when that table ends.")


@dataclass(frozen=True)
class Found:
    choice: str
    kind: str
    game: StoredGame
    running: bool  # a game of its kind is being played in the channel now


Games = dict[str, tuple[StoredGame | None, StoredGame | None]]  # kind -> (active, newest finished) in the channel


def _candidates(conn: Connection, channel_id: int, guild_id: int | None,
                choices: Sequence[str]) -> tuple[Games, set[str]]:
    """The channel's games of each kind the choices name, and the salts of the Cosmic Decks the server's tables
    play now (a deck a table took over goes on there: its seed is still secret)."""
    games: Games = {}
    for choice in choices:
        for sealed in CHOICES[choice]:
            if sealed.kind not in games:
                games[sealed.kind] = newest_games(conn, channel_id, sealed.kind)
    in_play = set()
    if DECK_ONLY.name in games and guild_id is not None:
        in_play = {salt for state in active_states(conn, guild_id, "table")
                   if isinstance(deck := state.get("cosmic"), dict) and isinstance(salt := deck.get("salt"), str)}
    return games, in_play


def _options(games: Games, choices: Sequence[str]) -> list[tuple[str, Sealed, StoredGame | None, StoredGame | None]]:
    return [(choice, sealed, *games[sealed.kind]) for choice in choices for sealed in CHOICES[choice]]


def pick(games: Games, choices: Sequence[str], in_play: set[str] | frozenset[str] = frozenset()) -> Found:
    """The finished game to reveal among `choices` (the one that ended last), or the refusal that fits. `in_play`:
    salts of decks that went on to a table still being played (never revealed)."""
    options = _options(games, choices)
    verify = command("verify", f"game:{choices[0]}" if len(choices) == 1 else "")

    def still_secret(game: StoredGame) -> bool:
        deck = game.state.get("cosmic")
        return game.kind == DECK_ONLY.name and isinstance(deck, dict) and deck.get("salt") in in_play

    found = [Found(c, sealed.kind, finished, active is not None) for c, sealed, active, finished in options
             if finished is not None and sealed.has_seal(finished.state) and not still_secret(finished)]
    if found:
        return max(found, key=lambda f: (f.game.finished_at or "", f.game.id))
    if any(active is not None and sealed.has_seal(active.state) for _c, sealed, active, _f in options):
        raise GameError(STILL_PLAYING, STILL_PLAYING_HINT, code="not_over", verify=verify)
    if any(finished is not None and still_secret(finished) for _c, _s, _a, finished in options):
        raise GameError(TAKEN_OVER, STILL_PLAYING_HINT, code="not_over", verify=verify)
    if len(choices) == 1 and any(finished is not None and not sealed.has_seal(finished.state)
                                 and _had_it(choices[0], finished.state) for _c, sealed, _a, finished in options):
        raise GameError(NO_COMMITMENT, NO_COMMITMENT_HINT, code="no_commitment")
    raise GameError(NOTHING_ENDED, NOTHING_ENDED_HINT, code="nothing_to_reveal", verify=verify)


def _had_it(choice: str, state: dict[str, Any]) -> bool:
    """The stored game has the part `choice` names (a table without a Cosmic Deck never had its seed)."""
    return choice not in ("cosmic", "chaosjan") or state.get(choice) is not None


def fairness_file(kind: str, game_id: int, log: GameLog, final: dict[str, Any]) -> FairnessFile:
    moves = tuple(LoggedMove(e.seq, e.actor_id, e.move or {}, e.events) for e in log.moves)
    return FairnessFile(kind, game_id, tuple(seals_in(kind, log.start, moves)), log.start, moves, final)


def _attached(file: FairnessFile) -> tuple[discord.File, str]:
    data, extension = encoded(file)
    name = f"{file.kind}-{file.game}-fairness.{extension}"
    return discord.File(io.BytesIO(data), name), name


async def _post(interaction: Interaction, choice: str, file: FairnessFile, *, running: bool = False,
                next_seal: Seal | None = None, before: FairnessFile | None = None) -> None:
    """`before`: the deck-only game whose Cosmic Deck this table took over, posted as a second file."""
    attached, name = _attached(file)
    earlier = None if before is None else _attached(before)
    seals = tuple((s.game, seal) for s in file.seals if (seal := s.seal) is not None)
    revealed = render.Revealed(choice, file.game, seals, name, len(file.moves), next_seal, running,
                               before=None if earlier is None else earlier[1])
    files = [attached] if earlier is None else [attached, earlier[0]]
    await interaction.followup.send(embed=render.verify_embed(revealed), files=files)


def _taken_over(conn: Connection, channel_id: int, table: StoredGame,
                log: GameLog) -> tuple[StoredGame, GameLog] | None:
    """The channel's deck-only game whose Cosmic Deck `table` took over at its start (same seed and salt), if any."""
    deck = log.start.get("cosmic")
    if table.kind != "table" or not isinstance(deck, dict) or not is_salt(deck.get("salt")):
        return None
    _active, finished = newest_games(conn, channel_id, DECK_ONLY.name)
    if finished is None or (finished.state.get("cosmic") or {}).get("salt") != deck["salt"]:
        return None
    return finished, game_log(conn, finished.id)


async def verify(interaction: Interaction, choice: str | None) -> None:
    channel = require_channel(interaction)
    if choice == "chroma":
        await _verify_chroma(interaction, channel)
        return
    choices = [choice] if choice is not None else list(CHOICES)
    if any(c not in CHOICES for c in choices):  # a forged choice (the option check refuses it first)
        raise GameError(NOTHING_ENDED, NOTHING_ENDED_HINT, code="nothing_to_reveal", verify=command("verify"))
    db = interaction.client.db
    games, in_play = await db.read(lambda conn: _candidates(conn, channel, interaction.guild_id, choices))
    found = pick(games, choices, in_play)
    await interaction.response.defer(thinking=True)  # public: the reveal is for everyone
    kind, game = found.kind, found.game
    log = await db.read(lambda conn: game_log(conn, game.id))
    earlier = await db.read(lambda conn: _taken_over(conn, channel, game, log))
    before = None if earlier is None else fairness_file(DECK_ONLY.name, earlier[0].id, earlier[1], earlier[0].state)
    await _post(interaction, found.choice, fairness_file(kind, game.id, log, game.state), running=found.running,
                before=before)


async def _verify_chroma(interaction: Interaction, channel: int) -> None:
    """Reveal the seed the channel's shuffles came from, and deal the next ones from a fresh one (one move)."""
    store = interaction.client.games
    record = await store.get(channel, CHROMA)
    if record is None:
        raise GameError(NO_CHROMA, NO_CHROMA_HINT, code="nothing_to_reveal", shuffle=command("chroma shuffle"))
    table = await store.get(channel, TABLE)  # the channel's chroma rules are its table host's, as in /chroma rules
    require_manager(interaction, table.state.host if table else record.state.host,
                    N_("reveal this channel's chroma seed and start a new one"))
    result = await store.apply(channel, CHROMA, Reseed(new_seed(), new_salt()), actor_id=interaction.user.id,
                               expected_version=record.version)
    note_change(interaction)
    fresh = result.game.state.seal
    assert fresh is not None, "a reseed brings a salt"
    if record.state.seal is None:  # stored before commitments: nothing to check, a commitment from now on
        await interaction.response.send_message(embed=render.fresh_commitment_embed(fresh))
        return
    await interaction.response.defer(thinking=True)
    log = await interaction.client.db.read(lambda conn: game_log(conn, record.id, before=result.game.version))
    file = fairness_file(CHROMA.name, record.id, log, CHROMA.state_to_dict(record.state))
    await _post(interaction, "chroma", file, next_seal=fresh)


# -- /cosmic rolls --------------------------------------------------------------------------------------------------

def roll_lines(moves: Sequence[EventRecord]) -> list[render.RollLine]:
    """Every roll the log's standing moves announced, in order (an undone roll is not one: rolled again, the
    die gives the same face, for the deck counts its dice)."""
    rolls = [(e["player"], e["die"]) for entry in moves for e in entry.events
             if e.get("type") == "roll" and isinstance(e.get("die"), int) and 1 <= e["die"] <= 6]
    return [render.RollLine(number, player, die) for number, (player, die) in enumerate(rolls, start=1)]


def _deck_game(conn: Connection, channel_id: int) -> tuple[StoredGame, GameLog] | None:
    """The channel's Cosmic Deck: the one played now (at its table or on its own), else the last one that ended."""
    active, finished = [], []
    for kind, has_deck in DECK_KINDS:
        now, ended = newest_games(conn, channel_id, kind)
        active += [now] if now is not None and has_deck(now.state) else []
        finished += [ended] if ended is not None and has_deck(ended.state) else []
    game = active[0] if active else max(finished, key=lambda g: (g.finished_at or "", g.id), default=None)
    return None if game is None else (game, game_log(conn, game.id))


async def rolls(interaction: Interaction) -> None:
    channel = require_channel(interaction)
    found = await interaction.client.db.read(lambda conn: _deck_game(conn, channel))
    if found is None:
        raise GameError(NO_DECK, NO_DECK_HINT, code="no_deck", start=command("cosmic start"))
    game, log = found
    lines = roll_lines(log.moves)
    embed = render.rolls_embed(spread(line.die for line in lines), lines, finished=game.finished)
    await interaction.response.send_message(embed=embed, ephemeral=True)
