"""Mapello Handheld on a CircuitPython board: the hardware comes from
settings.toml (see README.md), the game from mapello/.

CircuitPython runs this file as the module __main__.  This folder is also a
desktop checkout, where the standard library has a module called `code` (pdb
imports it): imported under that name, this file does nothing.

Kept to a few lines on purpose: everything that can go wrong is reported on
the display by mapello.hardware.start, which says what to do about it.
"""
if __name__ == "__main__":
    try:  # what is compiled here from source keeps no line numbers: less code in RAM
        from micropython import opt_level  # type: ignore[attr-defined]  # full builds (a Pico's)
        opt_level(3)
    except ImportError:       # a small build's micropython module, or CPython
        pass
    try:
        from mapello.hardware.start import main
    except ImportError as e:  # mapello/ itself is missing or half copied
        print("Mapello: %s. Copy the game again (deploy.sh, or the bundle's mapello/ folder)." % e)
        raise
    except ValueError as e:   # "incompatible .mpy file" (translated, it still says .mpy)
        if ".mpy" in str(e):
            print("Mapello: %s. The game was not compiled for this CircuitPython version:"
                  " run deploy.sh again, or copy the bundle for this version." % e)
        raise
    main()
