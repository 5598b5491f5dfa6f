"""What code.py runs: power-on (mapello.hardware.launch), then the game's
loop until the board is reset (or, after a failure while playing, until A
restarts it).  Every failure ends on a screen that says what is wrong and
what to do, never on a traceback the player cannot read."""

from mapello.hardware.problems import failed, halt, memory_problem, report, show_problem


def main(board=None, getenv=None, clock=None, until=None, boards_dir=None, settings_file=None):
    """The device's entry point; the arguments let the desktop tests inject.
    Returns the Console once `until()` (tests), or the problem shown."""
    try:
        from mapello.hardware import launch
        console, problem, hw = launch.launch(board, getenv, clock, until, boards_dir,
                                             settings_file)
    except Exception as e:  # power-on's own code failed: a drive of two versions' files
        if isinstance(e, MemoryError):
            problem = memory_problem()
        else:
            report(e)
            problem = failed("Start", e)
        show_problem(problem)
        return halt(None, problem, until, clock)
    if console is None:
        return problem
    del launch                     # power-on's code goes before the game's compiles
    from mapello import drop_modules
    drop_modules(("hardware.launch",))
    try:
        console.run(until)
    except MemoryError:
        problem = memory_problem(playing=True)
    except Exception as e:  # the loop itself failed (the App survives its own errors)
        report(e)
        problem = "Stopped by an error: %s: %s. Press A to restart." % (type(e).__name__, e)
    if problem:
        clock = console.clock
        del console                # the App: room for the message (its game is saved)
        show_problem(problem, hw.screen if hw.display is not None else None)
        return halt(hw, problem, until, clock, restart=True)
    return console
