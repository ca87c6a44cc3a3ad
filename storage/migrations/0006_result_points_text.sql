-- Final points as exact decimal text: Aotenjou scores outgrow SQLite's 64-bit integers (issue 16). Leaderboards
-- order by places; sums and averages of points are taken in Python, exactly.
CREATE TABLE game_results_exact (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER,
    kind        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    place       INTEGER NOT NULL,
    points      TEXT    NOT NULL CHECK (points = '0' OR (substr(points, 1 + (points GLOB '-*'), 1) GLOB '[1-9]'
                                        AND substr(points, 2 + (points GLOB '-*')) NOT GLOB '*[^0-9]*')),
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

INSERT INTO game_results_exact (game_id, guild_id, kind, user_id, place, points, finished_at)
SELECT game_id, guild_id, kind, user_id, place, CAST(points AS TEXT), finished_at FROM game_results;

DROP TABLE game_results;
ALTER TABLE game_results_exact RENAME TO game_results;
CREATE INDEX game_results_by_guild ON game_results (guild_id, kind);
