-- Final standings of finished games, for leaderboards across games.
CREATE TABLE game_results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER,
    kind        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    place       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX game_results_by_guild ON game_results (guild_id, kind);
