"""The computer player: evaluation, the sliced alpha-beta search and the
levels.  Depends on mapello.rules only.  Importing the package alone costs
next to nothing, so the menu can name the levels without loading the search.
"""

LEVELS = ("easy", "medium", "hard")
