"""Words for draws nobody has to take on trust (issue 21, item 3): the commitment a game posts when it gets its seed,
the reveal at its end and on `/verify`, and `/cosmic rolls`' spread of the die's faces."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from engine.commitment import Seal
from engine.spread import FACES, FEW_ROLLS, Spread
from render.common import COLOUR_INFO, mention
from render.i18n import _, command_words, n_, p_

GAMES: dict[str, Callable[[], str]] = {  # what the reveals call each seed's game, in the language in force
    "cosmic": lambda: p_("fairness", "the Cosmic Deck"),
    "chaosjan": lambda: p_("fairness", "CHAOS;JAN"),
    "uno": lambda: p_("fairness", "Uno"),
    "ginjontan": lambda: p_("fairness", "Gin-jon-tan"),
    "chroma": lambda: p_("fairness", "the chroma shuffles"),
}
SCRIPT = "tools/verify_fairness.py"
DIE = "⚀⚁⚂⚃⚄⚅"
BAR = 10  # characters of the longest bar in /cosmic rolls
LOG_LINES = 20  # rolls listed in /cosmic rolls, newest last


def game_name(game: str) -> str:
    return GAMES[game]()


def verify_command(game: str) -> str:
    return command_words(("verify", f"game:{game}"))


def commitment_text(seal: Seal, game: str) -> str:
    if game == "chroma":
        return _("🔒 Commitment for the shuffles to come: `{commitment}`. {verify} reveals the seed and salt behind it "
                 "(and starts a new one), so the shuffles can be replayed.", commitment=seal.commitment,
                 verify=verify_command(game))
    return _("🔒 Commitment: `{commitment}`, the SHA-256 of this game's seed and a secret salt. Both are revealed "
             "when the game ends; {verify} then replays every shuffle, roll and draw.", commitment=seal.commitment,
             verify=verify_command(game))


def add_commitment(embed: discord.Embed, seal: Seal | None, game: str) -> discord.Embed:
    """The commitment, in a field of its own (nothing for a game stored before commitments)."""
    if seal is not None:
        embed.add_field(name=_("Fair draws"), value=commitment_text(seal, game), inline=False)
    return embed


def reveal_text(seal: Seal, game: str) -> str:
    return _("🔓 {game}: seed `{seed}`, salt `{salt}`. SHA-256 of `{seed}:{salt}` is the commitment "
             "`{commitment}` posted when the game got its seed.", game=game_name(game), seed=seal.seed,
             salt=seal.salt, commitment=seal.commitment)


def reveal_lines(seals: Sequence[tuple[str, Seal | None]], verify: str) -> list[str]:
    """The reveal at a game's end: each seed with its salt and commitment, and the command that posts the file.
    `verify`: the `/verify` choice that finds this game."""
    shown = [reveal_text(seal, game) for game, seal in seals if seal is not None]
    if not shown:
        return []
    return [*shown, _("{verify} posts the file that replays every shuffle, roll and draw from the seed.",
                      verify=verify_command(verify))]


def add_reveal(embed: discord.Embed, seals: Sequence[tuple[str, Seal | None]], verify: str) -> discord.Embed:
    lines = reveal_lines(seals, verify)
    if lines:
        embed.add_field(name=_("Fair draws: the seed revealed"), value="\n".join(lines)[:1024], inline=False)
    return embed


# -- /verify --------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Revealed:
    """A reveal to post: whose game, its seeds (game, seal), the file's name, and a note (an active game of the kind
    newer than the one revealed, or the next chroma commitment)."""

    game: str
    game_id: int
    seals: tuple[tuple[str, Seal], ...]
    filename: str
    moves: int
    next_seal: Seal | None = None  # chroma: the seed and salt the shuffles to come are dealt from
    running: bool = False  # another game of the kind runs in the channel now
    before: str | None = None  # the file of the deck-only game whose Cosmic Deck this table took over


def verify_embed(revealed: Revealed) -> discord.Embed:
    embed = discord.Embed(title=_("Fair draws: {game} (game {id}) revealed", game=game_name(revealed.game),
                                  id=revealed.game_id), colour=COLOUR_INFO)
    lines = [reveal_text(seal, game) for game, seal in revealed.seals]
    lines.append(n_("The file holds the game's start and its {count} move in order, with what the bot announced "
                    "for it.", "The file holds the game's start and its {count} moves in order, with what the bot "
                    "announced for each.", revealed.moves))
    lines.append(_("To check: `python {script} {file}` in the bot's repository. It confirms the commitment, "
                   "replays every shuffle, roll and draw from the seed with the rules engine, and reports anything "
                   "that differs from what was announced (docs/fairness.md).", script=SCRIPT,
                   file=revealed.filename))
    if revealed.before is not None:
        lines.append(_("The table took over a Cosmic Deck that was played without it first, from the same seed: "
                       "{file} holds the rolls before that, and checks the same way.", file=revealed.before))
    embed.description = "\n\n".join(lines)[:4096]
    if revealed.next_seal is not None:
        embed.add_field(name=_("From now on"), value=commitment_text(revealed.next_seal, "chroma"), inline=False)
    if revealed.running:
        embed.set_footer(text=_("The game running in this channel now is revealed when it ends."))
    return embed


def fresh_commitment_embed(seal: Seal) -> discord.Embed:
    """Chroma settings stored before commitments: nothing to reveal, but the shuffles to come have one now."""
    return discord.Embed(title=_("Fair draws: the chroma shuffles"), colour=COLOUR_INFO, description=_(
        "This channel's shuffles so far had no commitment, so there is nothing to check them against. The shuffles "
        "to come have one:") + "\n" + commitment_text(seal, "chroma"))


# -- /cosmic rolls --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RollLine:
    number: int  # the roll's place among the deck's rolls, from 1
    player: int
    die: int


def rolls_embed(spread: Spread, log: Sequence[RollLine], *, finished: bool) -> discord.Embed:
    title = _("Cosmic Deck rolls (game over)") if finished else _("Cosmic Deck rolls")
    embed = discord.Embed(title=title, colour=COLOUR_INFO)
    if not spread.rolls:
        embed.description = _("Nobody has rolled yet.")
        return embed
    top = max(spread.counts)
    faces, expected = [], f"{spread.expected:.1f}"
    for face, count in enumerate(spread.counts, start=1):
        bar = "█" * round(BAR * count / top)
        counted = _("{face}: **{count}** (a fair die: {expected})", face=face, count=count, expected=expected)
        faces.append(f"{DIE[face - 1]} `{bar:<{BAR}}` {counted}")
    statistic, p, percent = f"{spread.chi_square:.2f}", f"{spread.p_value:.3f}", \
        f"{spread.p_value:.0%}"
    summary = [n_("{count} roll in all.", "{count} rolls in all.", spread.rolls),
               _("Chi-square {statistic} with {dof} degrees of freedom: p = {p}. A fair die spreads at least this "
                 "unevenly {percent} of the time.", statistic=statistic, dof=FACES - 1, p=p, percent=percent)]
    if spread.few:
        summary.append(_("With fewer than {few} rolls the test says little: a fair die's counts vary a lot.",
                         few=FEW_ROLLS))
    summary.append(_("Each roll follows from the deck's seed; once the table has ended, {verify} replays them.",
                     verify=verify_command("cosmic")))
    embed.description = "\n".join(faces) + "\n\n" + "\n".join(summary)
    shown = log[-LOG_LINES:]
    lines = [f"`#{r.number}` {mention(r.player)} {DIE[r.die - 1]} **{r.die}**" for r in shown]
    if len(log) > len(shown):
        lines.insert(0, n_("… {count} earlier roll", "… {count} earlier rolls", len(log) - len(shown)))
    embed.add_field(name=_("Rolls, newest last"), value="\n".join(lines)[:1024], inline=False)
    return embed
