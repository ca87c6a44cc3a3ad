"""Uno self-play: random legal moves through our engine (`chaos` and `classic` presets) and through rlcard's Uno.

Each row plays whole games back to back, every move picked uniformly at random from the legal ones with a seeded
`random.Random`: in `classic` from the moves of the players `rules.waiting_on` names, in `chaos` (where anyone may
jump in) from the union of every player's legal moves. The preset `classic, plays first` picks as rlcard's Uno
lets its players: a card is played whenever one can be (rlcard lists `draw` only when nothing is playable, and plays
a playable drawn card at once), so its games and hands have rlcard's sizes (about 46 moves a game, not ~1,400 where
a player may draw with a playable card in hand): the like-for-like row for the ratio.
A game stops when it is finished or after `--cap` moves
(counted as capped). The time of `legal_moves` and of `apply` is measured separately; the rest (new games, the
random pick, the loop) is neither.

rlcard 1.2.0's Uno is 2-player only: its Env passes `game_num_players` on to blackjack and the hold'em games alone,
so the `classic` rows compared with it are played at rlcard's player count by both engines. rlcard runs two ways:
`env.run` with a `RandomAgent` per player (what its examples do, observation encoding included), and its game
object stepped by hand (`get_legal_actions`, `step`), which is the same work as our loop. rlcard lives only in the
benchmark's environment: `make bench-uno` builds .venv-bench and runs this script there.

On a shared machine the rates move with the load, so each row's moves/s is per second of the process's CPU time
(`time.process_time`), and `--repeat N` plays every row N times, round-robin, keeping each row's best run. The last
line is our classic engine's rate over rlcard's bare game at the same player count.

    python bench/uno.py [--seconds 10] [--games N] [--players 4] [--seed 1] [--cap 3000] [--repeat 1]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.uno import rules
from engine.uno.moves import Play
from engine.uno.options import PRESETS

PLAYS_FIRST = "classic, plays first"

try:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent
except ImportError as exc:  # the bot's own .venv has no rlcard: run our rows only
    rlcard = None
    RLCARD_MISSING = f"{exc}; `make bench-uno` installs it in .venv-bench"


@dataclass
class Row:
    engine: str
    preset: str
    players: int
    games: int = 0
    moves: int = 0
    capped: int = 0
    seconds: float = 0.0
    cpu: float = 0.0  # process CPU time of the row
    legal_s: float | None = None  # time in legal_moves (rlcard: get_legal_actions)
    apply_s: float | None = None  # time in apply (rlcard: step)


def _keep_going(row: Row, games: int | None, deadline: float) -> bool:
    return row.games < games if games else time.perf_counter() < deadline


def _timed(play, *args) -> Row:
    cpu = time.process_time()
    row = play(*args)
    row.cpu = time.process_time() - cpu
    return row


def play_ours(preset: str, players: int, seed: int, seconds: float, games: int | None, cap: int) -> Row:
    plays_first = preset == PLAYS_FIRST
    options, anyone = PRESETS["classic" if plays_first else preset], preset == "chaos"
    seats = tuple(range(1, players + 1))
    rng, perf = random.Random(seed), time.perf_counter
    row, legal_s, apply_s = Row("chaos-table", preset, players), 0.0, 0.0
    started = perf()
    deadline = started + seconds
    while _keep_going(row, games, deadline):
        state = rules.new_game(options, seats, seed + row.games)
        moves = 0
        while not state.finished:
            if moves == cap:
                row.capped += 1
                break
            t0 = perf()
            legal = [m for p in (state.players if anyone else rules.waiting_on(state))
                     for m in rules.legal_moves(state, p)]
            if plays_first:
                legal = [m for m in legal if isinstance(m, Play)] or legal
            t1 = perf()
            if not legal:
                raise SystemExit(f"{preset}: no legal move in an unfinished game (seed {seed + row.games}, "
                                 f"move {moves}, waiting on {rules.waiting_on(state)})")
            move = rng.choice(legal)
            t2 = perf()
            state, _ = rules.apply(state, move)
            apply_s += perf() - t2
            legal_s += t1 - t0
            moves += 1
        row.games += 1
        row.moves += moves
    row.seconds, row.legal_s, row.apply_s = perf() - started, legal_s, apply_s
    return row


def rlcard_env(seed: int):
    env = rlcard.make("uno", config={"seed": seed})
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return env


def play_rlcard_run(seed: int, seconds: float, games: int | None, cap: int) -> Row:
    """`env.run(is_training=False)` per game: agents, observation encoding and trajectories included; no cap."""
    env = rlcard_env(seed)
    row = Row("rlcard env.run", "classic", env.num_players)
    started = time.perf_counter()
    deadline = started + seconds
    while _keep_going(row, games, deadline):
        env.run(is_training=False)
        moves = len(env.action_recorder)  # one entry per action step
        row.games += 1
        row.moves += moves
        row.capped += moves > cap  # env.run cannot be stopped: counts games longer than the cap
    row.seconds = time.perf_counter() - started
    return row


def play_rlcard_game(seed: int, seconds: float, games: int | None, cap: int) -> Row:
    """rlcard's game object stepped by hand: a uniform pick over the distinct legal actions, as RandomAgent makes."""
    game = rlcard_env(seed).game
    rng, perf = random.Random(seed), time.perf_counter
    row, legal_s, apply_s = Row("rlcard game", "classic", game.get_num_players()), 0.0, 0.0
    started = perf()
    deadline = started + seconds
    while _keep_going(row, games, deadline):
        game.init_game()
        moves = 0
        while not game.is_over():
            if moves == cap:
                row.capped += 1
                break
            t0 = perf()
            legal = list(dict.fromkeys(game.get_legal_actions()))
            t1 = perf()
            action = rng.choice(legal)
            t2 = perf()
            game.step(action)
            apply_s += perf() - t2
            legal_s += t1 - t0
            moves += 1
        row.games += 1
        row.moves += moves
    row.seconds, row.legal_s, row.apply_s = perf() - started, legal_s, apply_s
    return row


def _rate(count: int, seconds: float) -> str:
    per_s = count / seconds
    return f"{per_s:.2f}" if per_s < 10 else f"{per_s:.1f}" if per_s < 1000 else f"{per_s:.0f}"


def _share(part: float | None, row: Row) -> str:
    return "—" if part is None else f"{100 * part / row.seconds:.0f} %"


def print_table(rows: list[Row]) -> None:
    print("| engine | preset | players | games | moves | games/s | moves/s | moves/game | capped | legal_moves "
          "| apply |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(f"| {r.engine} | {r.preset} | {r.players} | {r.games} | {r.moves} | {_rate(r.games, r.cpu)} "
              f"| {r.moves / r.cpu:.0f} | {r.moves / max(r.games, 1):.1f} | {r.capped} | {_share(r.legal_s, r)} "
              f"| {_share(r.apply_s, r)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time per row (default 10; 5 rows)")
    parser.add_argument("--games", type=int, default=None, help="play this many games per row instead")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=int, default=3000, help="moves after which a game is stopped")
    parser.add_argument("--repeat", type=int, default=1, help="play every row this many times, keep the best")
    args = parser.parse_args()
    run = (args.seed, args.seconds, args.games, args.cap)
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          + (f"{args.games} games" if args.games else f"{args.seconds:g} s") + f" a row, seed {args.seed}, "
          f"cap {args.cap} moves, best of {args.repeat}; moves/s per second of CPU time")
    plays = [(play_ours, "chaos", args.players, *run), (play_ours, "classic", args.players, *run)]
    if rlcard is None:
        print(f"rlcard rows skipped: {RLCARD_MISSING}")
    else:
        rl_players = rlcard_env(args.seed).num_players
        print(f"rlcard {metadata.version('rlcard')}, numpy {metadata.version('numpy')}: its Uno is "
              f"{rl_players}-player, so the classic rows beside it are {rl_players}-player for both engines")
        if rl_players != args.players:
            plays.append((play_ours, "classic", rl_players, *run))
        plays.append((play_ours, PLAYS_FIRST, rl_players, *run))
        plays += [(play_rlcard_game, *run), (play_rlcard_run, *run)]
    best: list[Row | None] = [None] * len(plays)
    for _ in range(args.repeat):
        for i, (play, *play_args) in enumerate(plays):
            row = _timed(play, *play_args)
            if best[i] is None or row.moves / row.cpu > best[i].moves / best[i].cpu:
                best[i] = row
    rows = [r for r in best if r is not None]
    print_table(rows)
    rl_game = next((r for r in rows if r.engine == "rlcard game"), None)
    for preset in ("classic", PLAYS_FIRST):
        ours = next((r for r in rows if rl_game and r.engine == "chaos-table" and r.preset == preset
                     and r.players == rl_game.players), None)
        if rl_game and ours:
            print(f"\n{preset}, {ours.players}-player: ours {ours.moves / ours.cpu:.0f} moves/s, rlcard's bare game "
                  f"{rl_game.moves / rl_game.cpu:.0f}: ratio "
                  f"{(ours.moves / ours.cpu) / (rl_game.moves / rl_game.cpu):.2f}")


if __name__ == "__main__":
    main()
