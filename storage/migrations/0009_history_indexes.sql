-- Lookups that find a channel's finished games too (the undo of an end, "did a game end here before"): index
-- searches, the newest game first, however many games are stored (issue 19).
CREATE INDEX games_by_channel ON games (channel_id, kind);

-- Leaderboards and the Gin-jon-tan rating read a server's standings of one kind from this index alone, already
-- grouped by player.
DROP INDEX game_results_by_guild;
CREATE INDEX game_results_by_player ON game_results (guild_id, kind, user_id, place, points, game_id);
