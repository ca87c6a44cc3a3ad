"""Check a finished game's draws yourself: `python tools/verify_fairness.py GAME-fairness.json` (docs/fairness.md).

The file is the one `/verify` posts. The script needs this repository's `engine/` (and, for a Cosmic Deck or
CHAOS;JAN, the `mahjong` package pinned in requirements.txt); no Discord, no database. It

1. confirms that each seed and salt hash to the commitment (SHA-256 of the ASCII bytes `seed:salt`), which the bot
   posted when the game got its seed: compare it with that message, or give it with `--commitment`;
2. replays the game with the rules engine from the seed through the logged moves, printing every shuffle, roll and
   draw;
3. reports anything that differs from what the file says the bot announced, and whether the moves lead to the
   state the bot stored at the end.

Exit status: 0 when everything matches, 1 when something differs, 2 when the file can't be read.
`--seed` and `--salt` give a seed and salt the file leaves out (or check the ones it has against what was posted).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.commitment import committed_bytes, is_salt  # noqa: E402
from engine.fairness_file import FairnessFile, FileError, loads  # noqa: E402
from engine.replay import Report, Step, check  # noqa: E402

SHOWN = 40  # cards listed in full in one line of the replay; longer lists are cut


def _cards(names: list[str]) -> str:
    if len(names) <= SHOWN:
        return ", ".join(names) or "(none)"
    return ", ".join(names[:SHOWN]) + f" … ({len(names)} in all)"


def _who(state: Any, player: int) -> str:
    """A player as the game knew them: the name they joined with, and their Discord id."""
    seats = getattr(state, "seats", ())  # a deck without a table has a count of seats, and no names
    seat = next((s for s in seats if getattr(s, "player", None) == player), None) if isinstance(seats, tuple) else None
    name = getattr(seat, "name", "") if seat is not None else ""
    return f"{name} ({player})" if name else str(player)


# -- what each game's replay prints ---------------------------------------------------------------------------------

def _uno(step: Step) -> list[str]:
    from engine.uno.cards import card
    from engine.uno.state import Phase

    before, after, lines = step.before, step.after, []
    if before.phase is Phase.LOBBY and after.phase is not Phase.LOBBY:
        lines.append("deal (the 108 cards shuffled by the seed):")
        lines += [f"  {_who(after, s.player)}: {_cards([card(c).notation for c in s.hand])}" for s in after.seats]
        lines.append(f"  first card: {' '.join(card(p.cards[0]).notation for p in after.piles)}")
    for event in step.events:
        if event["type"] == "draw":
            lines.append(f"{_who(after, event['player'])} drew {_cards([card(c).notation for c in event['cards']])}")
        elif event["type"] == "reshuffled":
            order = [card(c).notation for c in reversed(after.draw_pile)]
            lines.append(f"reshuffle {after.reshuffles}: {event['cards']} cards into the draw pile, top first now: "
                         f"{_cards(order)}")
    return lines


def _ginjontan(step: Step) -> list[str]:
    from engine.ginjontan.cards import card

    def held(state: Any) -> Counter[int]:
        return Counter(c for s in state.seats for c in (*s.hand, *s.reserve, *s.active, *s.unfolded))

    before, after, lines = step.before, step.after, []
    new = held(after) - held(before)
    for event in step.events:
        if event["type"] == "dealt":
            lines.append(f"round {event['round']}: a deck shuffled by the seed, dealt:")
            lines += [f"  {_who(after, s.player)}: hand {_cards([card(c).notation for c in s.hand])} · reserve "
                      f"{_cards([card(c).notation for c in s.reserve])}" for s in after.seats]
            new = Counter()
        elif event["type"] == "order":
            turned = "; ".join(f"{_who(after, p)} turned {_cards([card(c).notation for c in cards])}"
                               for p, cards in event["turned"] if cards)
            lines.append(f"order {event['order']}" + (f" ({turned})" if turned else ""))
    for seat in after.seats:  # cards no seat held before: drawn (a card given by another player is not new)
        drawn = []
        for c in (*seat.hand, *seat.reserve):
            if new[c] > 0:
                new[c] -= 1
                drawn.append(card(c).notation)
        if drawn:
            lines.append(f"{_who(after, seat.player)} drew {_cards(drawn)}")
    return lines


def _table(step: Step) -> list[str]:
    return _cosmic(step) + _chaosjan(step)


def _in_table(step: Step, player: int) -> str:
    return _who(step.after, player)


def _cosmic(step: Step) -> list[str]:
    after = step.after.cosmic
    if after is None:
        return []
    lines = []
    for event in step.events:
        kind = event["type"]
        if kind in ("cosmic_started", "deck_imported", "reshuffled"):
            lines.append(f"Cosmic Deck shuffle {after.shuffles}: the Library, top first: "
                         f"{_cards([after.deck.card(c).name for c in after.library])}")
        elif kind == "refilled":
            lines.append(f"Cosmic Deck shuffle {after.shuffles}: the {event['cards']} Discards shuffled into the "
                         "Library")
        elif kind == "roll":
            lines.append(f"{_in_table(step, event['player'])} rolled {event['die']} (the deck's die "
                         f"{after.dice_rolled})")
        elif kind == "revealed":
            lines.append(f"revealed the Library's top card: {after.deck.card(event['card']).name}")
    return lines


def _chaosjan(step: Step) -> list[str]:
    before, after = step.before.chaosjan, step.after.chaosjan
    if after is None:
        return []
    lines = []
    for event in step.events:
        if event["type"] == "decks_built":
            lines.append("CHAOS;JAN decks shuffled by the seed; the Modifier Deck, top first: "
                         f"{_cards([after.catalogue.card(m).name for m in after.modifier_deck])}")
            lines.append("the Action Deck after the deal, top first: "
                         f"{_cards([f'{after.card(n).name} (#{n})' for n in after.deck])}")
        elif event["type"] == "deck_reshuffled":
            lines.append(f"CHAOS;JAN {event['deck']} deck reshuffled ({event['cards']} cards)")
        elif event["type"] == "modifier":
            lines.append(f"Modifier into play: {after.catalogue.card(event['card']).name}")
    had = set() if before is None or not before.hands else {n for hand in before.hands for n in hand}
    for player, hand in zip(after.players, after.hands, strict=False):
        drawn = [n for n in hand if n not in had]
        if drawn:
            lines.append(f"{_in_table(step, player)} drew {_cards([f'{after.card(n).name} (#{n})' for n in drawn])}")
    return lines


def _chroma(step: Step) -> list[str]:
    lines = []
    for event in step.events:
        if event["type"] == "shuffle":
            dealt = ", ".join(f"{chroma}: {ability}" for chroma, ability in event["abilities"].items())
            lines.append(f"shuffle {step.after.shuffles}: {dealt}")
        elif event["type"] == "reseeded":
            lines.append(f"a new seed from here on (commitment {event['commitment']})")
    return lines


NARRATORS = {"uno": _uno, "ginjontan": _ginjontan, "table": _table, "cosmic": _cosmic, "chroma": _chroma}


# -- the run --------------------------------------------------------------------------------------------------------

def given_seed(file: FairnessFile, seal: str | None, seed: int | None, salt: str | None) -> tuple[FairnessFile,
                                                                                                 list[str]]:
    """The file with `--seed`/`--salt` filled into the seal they are for; a difference from what the file says is
    a problem."""
    if seed is None and salt is None:
        return file, []
    targets = [s for s in file.seals if seal is None or s.game == seal]
    if not targets:
        return file, [f"the file has no seal for {seal!r}"]
    target = next((s for s in targets if s.seed is None or s.salt is None), targets[0])
    problems = []
    for name, mine, theirs in (("seed", seed, target.seed), ("salt", salt, target.salt)):
        if mine is not None and theirs is not None and mine != theirs:
            problems.append(f"{target.game}: the file's {name} is {theirs}, you gave {mine}")
    filled = replace(target, seed=target.seed if seed is None else seed, salt=target.salt if salt is None else salt)
    seals = tuple(filled if s is target else s for s in file.seals)
    return replace(file, seals=seals), problems


def commitment_lines(report: Report, file: FairnessFile) -> list[str]:
    lines = ["Commitments:"]
    for record in file.seals:
        where = "the start" if record.at == 0 else f"move {record.at}"
        if record in report.confirmed:
            assert record.seed is not None and record.salt is not None
            lines.append(f"  {record.game} (seed given at {where}): SHA-256 of "
                         f"{committed_bytes(record.seed, record.salt).decode()!r} = {record.commitment}  OK")
        else:
            lines.append(f"  {record.game} (seed given at {where}): NOT confirmed (commitment {record.commitment})")
    return lines


def run(file: FairnessFile, *, commitment: str | None = None, quiet: bool = False,
        problems: list[str] | None = None) -> tuple[Report, list[str]]:
    """The check and the lines to print; `problems` found before it (the seed and salt given) count too."""
    report = check(file)
    report.problems[:0] = problems or []
    if commitment is not None and not any(s.commitment == commitment.lower() for s in report.confirmed):
        report.problems.append(f"no seal of the file has the commitment you gave ({commitment})")
    out = [f"Chaos Table fairness check: {file.kind} game {file.game}, {len(file.moves)} moves", ""]
    out += commitment_lines(report, file)
    out += ["", "Replay (every shuffle, roll and draw, from the seed):"]
    narrate = NARRATORS.get(file.kind, lambda step: [])
    for step in report.steps:
        said = [] if step.refused is not None else narrate(step)
        mark = "" if step.matches else "  <-- DIFFERS from what the bot announced"
        if said or not step.matches or not quiet:
            name = step.move.get("type") or step.move.get("move") or "?"
            out.append(f"  #{step.seq} {name}{mark}")
            out += [f"      {line}" for line in said]
    out.append("")
    if report.ok:
        match = "the commitment matches" if len(file.seals) == 1 else "the commitments match"
        out.append(f"OK: {match}, and all {len(file.moves)} moves replay from the seed to exactly what the bot "
                   "announced and stored.")
    else:
        out.append(f"{len(report.problems)} problem{'s' if len(report.problems) != 1 else ''}:")
        out += [f"  - {problem}" for problem in report.problems]
    return report, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="the file /verify posted (.json or .json.gz)")
    parser.add_argument("--seed", help="the revealed seed, if the file leaves it out (or to check it)")
    parser.add_argument("--salt", help="the revealed salt, if the file leaves it out (or to check it)")
    parser.add_argument("--seal", help="which seed --seed and --salt are (cosmic, chaosjan, uno, ginjontan, "
                                       "chroma; default: the first the file lacks)")
    parser.add_argument("--commitment", help="the commitment the bot posted at the start, to check against")
    parser.add_argument("--quiet", action="store_true", help="list only the moves that draw or differ")
    args = parser.parse_args(argv)
    try:
        file = loads(args.file.read_bytes())
        seed = None if args.seed is None else int(args.seed.replace("_", "").replace(",", ""))
        if args.salt is not None and not is_salt(args.salt):
            raise FileError("a salt is 32 lowercase hex digits")
    except (OSError, ValueError) as error:
        print(f"can't read {args.file}: {error}", file=sys.stderr)
        return 2
    file, problems = given_seed(file, args.seal, seed, args.salt)
    try:
        report, out = run(file, commitment=args.commitment, quiet=args.quiet, problems=problems)
    except FileError as error:
        print(f"can't replay {args.file}: {error}", file=sys.stderr)
        return 2
    print("\n".join(out))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())

