"""A game and what surrounds it: setup, random boards, the game in progress,
the series, records (record/) and saves (save/).  Depends on mapello.rules only.
"""
