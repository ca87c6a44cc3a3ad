"""Gin-jon-tan (seed 004): cards, combination scoring, the game (duels, combination round, evaluation), rating."""
