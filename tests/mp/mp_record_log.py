"""The serial console's game records (mapello/hardware/record_log.py) inside
MicroPython: a finished game printed once, the text form forgotten after."""

def check_record_log_prints_a_finished_game():
    import sys
    from mapello.hardware.record_log import RecordLog
    from mapello.game.record import GameRecord
    from mapello.rules.position import Position

    class App:
        screen_name = "game over"
        last_record = GameRecord(Position(), [35, 36, 53], "Plain")   # e3 f3 c5

    out = []
    log = RecordLog(out.append)
    log.watch(App(), 0, True)
    log.watch(App(), 10, True)
    assert len(out) == 3 and out[2].startswith("; Mapello game record\n; name: Plain")
    assert "; moves: e3 f3 c5" in out[2]
    assert "mapello.game.record.text" not in sys.modules
