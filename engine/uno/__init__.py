"""Uno: Chaos Edition (seed 003): a complete, pure engine. See engine/uno/rules.py."""
