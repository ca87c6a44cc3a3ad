"""Replaying a fairness file (engine/fairness_file.py) with the engine: what tools/verify_fairness.py runs.

`check` confirms each seal's seed and salt hash to its commitment, puts each revealed seed where it enters the game
(refusing seeds no commitment covers), then applies the logged moves one by one from the start state, comparing the
events each one produces with the events the file says the bot announced, and the last state with the one it stored.
Every random thing the engine does follows from the seeds and the moves (docs/architecture.md, "State and
history"), so equal events mean the bot's draws were the seed's.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.base import Event
from engine.commitment import commitment
from engine.errors import GameError
from engine.fairness_file import FairnessFile, SealRecord, game_kind, seed_key, seeds_carried, start_holders


@dataclass(frozen=True)
class Step:
    """One logged move replayed: the state before and after it, the events the engine gives now, and whether
    they are what the file says was announced."""

    seq: int
    move: dict[str, Any]
    before: Any
    after: Any
    events: list[Event]
    logged: list[Event]
    refused: str | None = None  # the engine refuses the move now: the replay stops

    @property
    def matches(self) -> bool:
        return self.refused is None and self.events == self.logged


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    confirmed: list[SealRecord] = field(default_factory=list)  # seals whose seed and salt hash to the commitment

    @property
    def ok(self) -> bool:
        return not self.problems


def plain(value: Any) -> Any:
    """As JSON sees it (tuples as lists, keys as text), so the engine's events compare with the file's."""
    return json.loads(json.dumps(value))


def seal_problems(record: SealRecord) -> list[str]:
    if record.seed is None or record.salt is None:
        return [f"{record.game} (at {record.at}): the seed or salt is missing (give them with --seed and --salt)"]
    if commitment(record.seed, record.salt) != record.commitment:
        return [f"{record.game} (at {record.at}): SHA-256 of \"{record.seed}:{record.salt}\" is "
                f"{commitment(record.seed, record.salt)}, not the commitment {record.commitment}"]
    return []


def with_seeds(file: FairnessFile) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
    """The start state and moves with each seal's seed and salt where it enters the game, and the problems: a seed
    no seal covers, or a file whose seed there differs from the seal's."""
    start = copy.deepcopy(file.start)
    moves = [copy.deepcopy(m.move) for m in file.moves]
    at_start = {game: holder for game, holder in start_holders(file.kind, start)}
    problems, covered = [], set()
    for record in file.seals:
        if record.at == 0:
            place = at_start.get(record.game)
        else:
            place = next((moves[i] for i, m in enumerate(file.moves) if m.seq == record.at), None)
        if place is None:
            problems.append(f"{record.game}: the seal is at {record.at}, where the file has no seed of it")
            continue
        covered.add((record.at, record.game))
        if record.seed is None or record.salt is None:
            continue
        for key, value in ((seed_key(place), record.seed), ("salt", record.salt)):
            if key in place and place[key] is not None and place[key] != value:
                problems.append(f"{record.game}: the game's {key} at {record.at} is {place[key]}, not the revealed "
                                f"{value}")
            place[key] = value
    for at, game, place in seeds_carried(file.kind, file.start, file.moves):
        if (at, game) not in covered:
            problems.append(f"the seed at {at} ({place.get('seed')}) has no commitment: the replay can't show it was "
                            "fixed in advance")
    return start, moves, problems


def replay(file: FairnessFile, start: dict[str, Any], moves: list[dict[str, Any]]) -> Iterator[Step]:
    kind = game_kind(file.kind)
    state = kind.state_from_dict(start)
    for logged, move in zip(file.moves, moves, strict=True):
        try:
            after, events = kind.apply(state, kind.move_from_dict(move))
        except GameError as error:
            yield Step(logged.seq, move, state, state, [], plain(logged.events), refused=error.message)
            return
        yield Step(logged.seq, move, state, after, plain(events), plain(logged.events))
        state = after


def check(file: FairnessFile) -> Report:
    report = Report()
    for record in file.seals:
        problems = seal_problems(record)
        report.problems += problems
        if not problems:
            report.confirmed.append(record)
    if not file.seals:
        report.problems.append("the file has no commitment: the game began before the bot posted them")
    start, moves, problems = with_seeds(file)
    report.problems += problems
    kind = game_kind(file.kind)
    for step in replay(file, start, moves):
        report.steps.append(step)
        if step.refused is not None:
            report.problems.append(f"move {step.seq}: the engine refuses it now ({step.refused})")
        elif not step.matches:
            report.problems.append(f"move {step.seq}: the bot announced {json.dumps(step.logged)}, the seed gives "
                                   f"{json.dumps(step.events)}")
    replayed_all = len(report.steps) == len(file.moves) and all(s.refused is None for s in report.steps)
    if replayed_all and file.final is not None:
        last = report.steps[-1].after if report.steps else kind.state_from_dict(start)
        if plain(kind.state_to_dict(last)) != plain(file.final):
            report.problems.append("the state the bot stored at the end is not the one the moves lead to")
    return report
