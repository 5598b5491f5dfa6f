"""The computer player: evaluation, the sliced alpha-beta search and the
levels.  Depends on mapello.rules only.  A level is its index: the menu names
them (mapello/game/options.py LEVELS) without loading the search, and
mapello/ai/levels.py says what each does.
"""
