"""Chroma-jong (seed 002): a hand calculator for mahjong with wildcard chroma tiles, on the `mahjong` package."""
