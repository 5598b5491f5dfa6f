"""The app as a player sees it: screens fed by button presses that draw a
100-cell frame and four lines of text.  No hardware imports.
"""
