"""The game menu that B opens during a game, so a stray press never changes
the game: back, undo, a hint, resign, save the board, quit to the main menu.
Each item acts on the play screen `play` and its session."""


def open_menu(play):
    play.session.game.pause_timer()
    play.app.go("choice", "Game menu",
                ("Back to game", "Undo", "Hint", "Resign", "Save board", "Quit to menu"), play,
                lambda row: _ACTIONS[row](play), lambda: back(play))


def back(play):
    play.session.game.resume_timer()
    play.app.show(play)


def resign(play):
    """Asked once, "No" first: a second A alone does not resign.  Yes resigns
    for the side to move."""
    play.app.go("choice", "Resign this game?", ("No, play on", "Yes, resign"), play,
                lambda row: play.game_over(play.session.pos.turn) if row else back(play),
                lambda: back(play))


def undo(play):
    app, game = play.app, play.session.game
    app.show(play)
    if not game.undo():
        game.resume_timer()
        app.say("nothing to undo")
        return
    play.mark_last()
    play.flipping = 0
    play.new_turn()
    play.save()
    app.say("undone")


def hint(play):
    """The hard level's choice for the player to move, searched in slices like
    the computer's moves; B takes the best found so far.  The move timer
    stays paused, as in the menu, while the hint is thought out."""
    app, game = play.app, play.session.game
    app.show(play)
    if not game.pos.legal_mask():
        game.resume_timer()
        app.say("no move: pass")
        return
    from mapello.ui.thinking import HARD, search
    play.hinter = play.mind = search(app, game.pos, HARD, len(game.moves), play.mind)
    app.say("hint: thinking")


def save_board(play):
    back(play)
    s = play.session
    from mapello.game.save import board as saved_board
    play.app.say(saved_board.keep(s, s.start, s.name, s.limits))


def quit_game(play):
    """Back to the menu; the game stays saved and B there resumes it."""
    play.session.game.resume_timer()
    play.save()
    play.app.go("menu")


# what the game menu's items do, in its order (open_menu)
_ACTIONS = (back, undo, hint, resign, save_board, quit_game)
