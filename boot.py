"""Runs once at reset, before code.py.  Hold B while resetting to let the game
save boards to CIRCUITPY (the computer then sees the drive read-only); reset
without B to copy files from the computer again.  Any error here leaves the
drive to the computer, and CircuitPython's safe mode skips boot.py entirely.
"""
try:
    import storage
    from mapello.hardware.bootmode import choose
    print(choose(storage))
except Exception as e:  # a half-copied mapello/: keep the default, say why
    print("Mapello boot: computer writes CIRCUITPY (%s)" % e)
