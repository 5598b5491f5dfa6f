"""A game and what surrounds it: setup, random boards, the game in progress,
the series, records and saves.  Depends on mapello.rules only.
"""
