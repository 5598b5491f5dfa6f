"""Mapello Handheld on the device: the rules (rules/), the game (game/), the
computer player (ai/), the screens (ui/) and the device's adapters
(hardware/), all of which goes to a board; the desktop's code is desktop/,
beside this package."""


def load_module(path):
    """The module `path` (a full name, as "mapello.ui.menu"), imported after a
    collection unless it is loaded: compiling one from source on a board
    needs room in one piece, which a collection makes.  The order the game's
    modules load in is mapello.ui.modules.load's, through this."""
    import sys
    module = sys.modules.get(path)
    if module is None:
        import gc
        gc.collect()
        __import__(path)
        module = sys.modules[path]
    return module


def not_loaded(paths):
    """Those of the modules mapello.<path> that are not loaded: what a
    one-off use imports, to hand to drop_modules after it, so that what was
    loaded before stays and what it loaded goes."""
    import sys
    return [path for path in paths if "mapello." + path not in sys.modules]


def drop_modules(paths):
    """Forget the loaded modules mapello.<path>, so their code can be
    collected; a later import loads them afresh.  Only for modules none of
    whose objects outlive their use.  On a board every imported module's
    code stays in RAM: the App drops screens' groups, start-up its builders,
    the record log the text form."""
    import sys
    for path in paths:
        path = "mapello." + path
        if sys.modules.pop(path, None) is not None:
            dot = path.rfind(".")
            try:
                delattr(sys.modules[path[:dot]], path[dot + 1:])
            except (KeyError, AttributeError):
                pass
