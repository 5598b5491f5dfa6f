"""Save board, in the setup menu and in the game menu: the board kept in
the saved settings as board-file text, where the menu offers it as "Saved
board", and as a file in boards/ when the host can write one
(host.write_board: on the device only while the game owns the drive).
Loaded when a player asks for it and dropped with the screen's groups
("boardsave" in mapello/ui/modules.py), so that neither a game nor a setup
holds this code, nor the text form of boards it compiles."""

from mapello import drop_modules, not_loaded


def keep(session, pos, name, limits):
    """Keep `pos` and save; returns the line to show.  A session's game is
    what the save holds: it is saved again, as after a move.  Before the
    session's first game (setup) the save still holds what came before, a
    game B may resume: it is read back and rewritten around the settings."""
    host = session.host
    written = host.write_board(pos, name, limits) if host.write_board is not None else None
    if host.storage is None:
        return written or "no storage: not saved"
    fresh = not_loaded(("rules.notation",))
    from mapello.rules.notation import format_board
    host.settings["myboard"] = format_board(pos, "Saved board", name, limits)
    drop_modules(fresh)
    if session.game is None:
        from mapello.game.save.resume import rewrite
        problem = rewrite(host)
    else:
        problem = session.save()
    return problem or written or "board saved"
