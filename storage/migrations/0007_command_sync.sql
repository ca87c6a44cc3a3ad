-- What was last registered with Discord, per scope ('global'), so a restart with unchanged commands syncs nothing
-- (Discord allows 200 command creations a day).
CREATE TABLE command_sync (
    scope        TEXT PRIMARY KEY,
    payload_hash TEXT NOT NULL,
    synced_at    TEXT NOT NULL
);
