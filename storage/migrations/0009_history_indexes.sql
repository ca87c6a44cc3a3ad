-- Lookups that find a channel's finished games too (the undo of an end, "did a game end here before"): index
-- searches, the newest game first, however many games are stored (issue 19).
CREATE INDEX games_by_channel ON games (channel_id, kind);

-- Each player's totals per server and kind, kept in the finishing transaction (and taken back when an end is
-- undone), so a leaderboard and the Gin-jon-tan rating read one row a player, not one a game. Points as in
-- game_results: the sum of those of up to 9 characters, and the longer ones as decimal text (storage/results.py).
CREATE TABLE player_totals (
    guild_id     INTEGER,
    kind         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,  -- first places
    place_sum    INTEGER NOT NULL,
    tier_sum     INTEGER NOT NULL,  -- Gin-jon-tan tier points (seed 004, Comment b)); 0 for other kinds
    points_small INTEGER NOT NULL,
    points_big   TEXT,
    PRIMARY KEY (guild_id, kind, user_id)
);

-- Comment b): of n players the last takes 1 tier point, each place up 3 more than the one below it and the last but
-- one 3 (engine/ginjontan/rating.py's tier_points; tests/storage/test_leaderboards.py compares the two).
INSERT INTO player_totals (guild_id, kind, user_id, games, wins, place_sum, tier_sum, points_small, points_big)
SELECT guild_id, kind, user_id, COUNT(*), SUM(place = 1), SUM(place),
       SUM(CASE WHEN kind != 'ginjontan' THEN 0 WHEN place = size THEN 1 ELSE 3 * (size - place) END),
       SUM(CASE WHEN length(points) <= 9 THEN CAST(points AS INTEGER) ELSE 0 END),
       GROUP_CONCAT(CASE WHEN length(points) > 9 THEN points END, ' ')
FROM (SELECT r.*, (SELECT COUNT(*) FROM game_results s WHERE s.game_id = r.game_id) AS size FROM game_results r)
GROUP BY guild_id, kind, user_id;
