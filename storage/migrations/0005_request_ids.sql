-- The request (a Discord interaction) each change came from, so a repeated delivery is recognized and
-- answered "already done" instead of applied twice. NULL for changes the bot makes by itself (timers, repairs).
ALTER TABLE game_events ADD COLUMN request TEXT;

CREATE UNIQUE INDEX game_events_by_request ON game_events (request) WHERE request IS NOT NULL;
