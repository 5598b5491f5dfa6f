"""Mapello Handheld on a CircuitPython board: the hardware comes from
settings.toml (see README.md), the game from mapello/.

Kept to a few lines on purpose: everything that can go wrong is reported on
the display by mapello.hardware.start, which says what to do about it.
"""
try:
    from mapello.hardware.start import main
except ImportError as e:  # mapello/ itself is missing or half copied
    print("Mapello: %s. Run deploy.sh again to copy the game." % e)
    raise
main()
