"""Pure game rules: no Discord, no database. Each game is a module (or package) in here."""
