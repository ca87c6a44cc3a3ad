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
from engine.commitment import Seal, new_salt
from engine.errors import GameError
from engine.fairness_file import FairnessFile, LoggedMove, encoded, seals_in
from engine.seeds import new_seed
from engine.spread import spread
from engine.text import command
from render import fairness as render
from render.i18n import N_
from storage.fairness import GameLog, StoredGame, game_log, newest_games
from storage.games import EventRecord
from storage.sql import Connection
from ui.errors import note_change
from ui.permissions import require_channel
from ui.types import Interaction


def _salted(state: Any) -> bool:
    return isinstance(state, dict) and state.get("salt") is not None


@dataclass(frozen=True)
class Sealed:
    """A `/verify` choice: the stored kind that holds its seed, and whether a stored state has a commitment."""

    kind: str
    has_seal: Callable[[dict[str, Any]], bool]


CHOICES: dict[str, Sealed] = {
    "cosmic": Sealed("table", lambda state: _salted(state.get("cosmic"))),
    "chaosjan": Sealed("table", lambda state: _salted(state.get("chaosjan"))),
    "uno": Sealed("uno", _salted),
    "ginjontan": Sealed("ginjontan", _salted),
}
# Where a Cosmic Deck's rolls are: the kinds whose stored state can hold one (a deck-only kind adds itself here).
DECK_KINDS: list[tuple[str, Callable[[dict[str, Any]], bool]]] = [
    ("table", lambda state: state.get("cosmic") is not None),
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
NO_DECK_HINT = N_("Start one at a table with {start}.")


@dataclass(frozen=True)
class Found:
    choice: str
    game: StoredGame
    running: bool  # a game of its kind is being played in the channel now


def _candidates(conn: Connection, channel_id: int, choices: Sequence[str]) -> dict[str, tuple[StoredGame | None,
                                                                                             StoredGame | None]]:
    games: dict[str, tuple[StoredGame | None, StoredGame | None]] = {}
    for choice in choices:
        kind = CHOICES[choice].kind
        if kind not in games:
            games[kind] = newest_games(conn, channel_id, kind)
    return games


def pick(games: dict[str, tuple[StoredGame | None, StoredGame | None]], choices: Sequence[str]) -> Found:
    """The finished game to reveal among `choices` (the one that ended last), or the refusal that fits."""
    found = [Found(c, finished, active is not None) for c in choices
             for active, finished in [games[CHOICES[c].kind]]
             if finished is not None and CHOICES[c].has_seal(finished.state)]
    if found:
        return max(found, key=lambda f: (f.game.finished_at or "", f.game.id))
    verify = command("verify", f"game:{choices[0]}" if len(choices) == 1 else "")
    if any(active is not None and CHOICES[c].has_seal(active.state) for c in choices
           for active, _finished in [games[CHOICES[c].kind]]):
        raise GameError(STILL_PLAYING, STILL_PLAYING_HINT, code="not_over", verify=verify)
    if len(choices) == 1 and (ended := games[CHOICES[choices[0]].kind][1]) is not None and \
            not CHOICES[choices[0]].has_seal(ended.state) and _had_it(choices[0], ended.state):
        raise GameError(NO_COMMITMENT, NO_COMMITMENT_HINT, code="no_commitment")
    raise GameError(NOTHING_ENDED, NOTHING_ENDED_HINT, code="nothing_to_reveal", verify=verify)


def _had_it(choice: str, state: dict[str, Any]) -> bool:
    """The stored game has the part `choice` names (a table without a Cosmic Deck never had its seed)."""
    return choice not in ("cosmic", "chaosjan") or state.get(choice) is not None


def fairness_file(kind: str, game_id: int, log: GameLog, final: dict[str, Any]) -> FairnessFile:
    moves = tuple(LoggedMove(e.seq, e.actor_id, e.move or {}, e.events) for e in log.moves)
    return FairnessFile(kind, game_id, tuple(seals_in(kind, log.start, moves)), log.start, moves, final)


async def _post(interaction: Interaction, choice: str, file: FairnessFile, *, running: bool = False,
                next_seal: Seal | None = None) -> None:
    data, extension = encoded(file)
    name = f"{file.kind}-{file.game}-fairness.{extension}"
    seals = tuple((s.game, seal) for s in file.seals if (seal := s.seal) is not None)
    revealed = render.Revealed(choice, file.game, seals, name, len(file.moves), next_seal, running)
    await interaction.followup.send(embed=render.verify_embed(revealed), file=discord.File(io.BytesIO(data), name))


async def verify(interaction: Interaction, choice: str | None) -> None:
    channel = require_channel(interaction)
    if choice == "chroma":
        await _verify_chroma(interaction, channel)
        return
    choices = [choice] if choice is not None else list(CHOICES)
    if any(c not in CHOICES for c in choices):  # a forged choice (the option check refuses it first)
        raise GameError(NOTHING_ENDED, NOTHING_ENDED_HINT, code="nothing_to_reveal", verify=command("verify"))
    db = interaction.client.db
    found = pick(await db.read(lambda conn: _candidates(conn, channel, choices)), choices)
    await interaction.response.defer(thinking=True)  # public: the reveal is for everyone
    kind, game = CHOICES[found.choice].kind, found.game
    log = await db.read(lambda conn: game_log(conn, game.id))
    await _post(interaction, found.choice, fairness_file(kind, game.id, log, game.state), running=found.running)


async def _verify_chroma(interaction: Interaction, channel: int) -> None:
    """Reveal the seed the channel's shuffles came from, and deal the next ones from a fresh one (one move)."""
    store = interaction.client.games
    record = await store.get(channel, CHROMA)
    if record is None:
        raise GameError(NO_CHROMA, NO_CHROMA_HINT, code="nothing_to_reveal", shuffle=command("chroma shuffle"))
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
    """The channel's Cosmic Deck: the one played now, else the last one that ended."""
    for kind, has_deck in DECK_KINDS:
        for game in newest_games(conn, channel_id, kind):
            if game is not None and has_deck(game.state):
                return game, game_log(conn, game.id)
    return None


async def rolls(interaction: Interaction) -> None:
    channel = require_channel(interaction)
    found = await interaction.client.db.read(lambda conn: _deck_game(conn, channel))
    if found is None:
        raise GameError(NO_DECK, NO_DECK_HINT, code="no_deck", start=command("cosmic start"))
    game, log = found
    lines = roll_lines(log.moves)
    embed = render.rolls_embed(spread(line.die for line in lines), lines, finished=game.finished)
    await interaction.response.send_message(embed=embed, ephemeral=True)
