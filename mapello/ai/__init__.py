"""The computer player: evaluation, the sliced alpha-beta search and the
levels.  Depends on mapello.rules only.
"""
