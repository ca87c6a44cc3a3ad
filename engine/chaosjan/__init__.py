"""CHAOS;JAN full rules (seed 000): card catalogues, both decks, hands, priority and sub-priority, on a /table."""
