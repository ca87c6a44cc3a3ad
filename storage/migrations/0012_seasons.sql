-- Seasons and statistics (issue 21, item 4).
--
-- A season is a server's named stretch of one kind of game ('table', 'uno', 'ginjontan'): one open at a time per
-- server and kind. A game belongs to the season open when it finished (`game_results.season_id`, set in the
-- finishing transaction). `games` counts the season's games; at the end `standings` archives its final table
-- (JSON, storage/seasons.py) and `settlement` the uma and return points given to `season end` (JSON; NULL: each
-- table's own, as chosen at `/table end`).
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ended')),
    games      INTEGER NOT NULL DEFAULT 0,
    started_by INTEGER,
    started_at TEXT    NOT NULL,
    ended_by   INTEGER,
    ended_at   TEXT,
    settlement TEXT,
    standings  TEXT
);
CREATE UNIQUE INDEX seasons_by_name ON seasons (guild_id, kind, name);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id, kind) WHERE status = 'open';

-- Each standing's season, and for a table the player's hands counted from the game's log (storage/stats.py): hands
-- played, won, dealt into, with riichi, and the points won (exact decimal text, as `points`).
ALTER TABLE game_results ADD COLUMN season_id INTEGER REFERENCES seasons (id);
ALTER TABLE game_results ADD COLUMN hands INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_results ADD COLUMN hand_wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_results ADD COLUMN deal_ins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_results ADD COLUMN riichi INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_results ADD COLUMN win_points TEXT NOT NULL DEFAULT '0';
CREATE INDEX game_results_by_season ON game_results (season_id);

-- The same counts in each player's totals, which also count last places (the game's worst place, shared or not).
-- Games stored before this migration count in games and places; their hands were never counted.
ALTER TABLE player_totals ADD COLUMN lasts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN hands INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN hand_wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN deal_ins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN riichi INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN win_points_small INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN win_points_big TEXT;

UPDATE player_totals SET lasts = counted.lasts FROM (
    SELECT guild_id, kind, user_id, COUNT(*) AS lasts FROM game_results r
    WHERE place = (SELECT MAX(place) FROM game_results s WHERE s.game_id = r.game_id)
    GROUP BY guild_id, kind, user_id
) AS counted
WHERE counted.guild_id IS player_totals.guild_id AND counted.kind = player_totals.kind
  AND counted.user_id = player_totals.user_id;

-- Each player's totals in each season, as player_totals keeps them for all time (one row a player: a season's
-- leaderboard and statistics read no game).
CREATE TABLE season_totals (
    season_id        INTEGER NOT NULL REFERENCES seasons (id),
    user_id          INTEGER NOT NULL,
    games            INTEGER NOT NULL,
    wins             INTEGER NOT NULL,
    lasts            INTEGER NOT NULL,
    place_sum        INTEGER NOT NULL,
    tier_sum         INTEGER NOT NULL,
    points_small     INTEGER NOT NULL,
    points_big       TEXT,
    hands            INTEGER NOT NULL,
    hand_wins        INTEGER NOT NULL,
    deal_ins         INTEGER NOT NULL,
    riichi           INTEGER NOT NULL,
    win_points_small INTEGER NOT NULL,
    win_points_big   TEXT,
    PRIMARY KEY (season_id, user_id)
);
