"""What the App offers the hardware layer and the simulator besides frame and
lines: `sounds` (the names of what happened, for a speaker), `last_record`
(the last finished game, for the serial console), `cursor` and
`cell_kinds()` (what each cell is, for the simulator's printed screen); and
mapello/ui/kinds.py's host side: a click on a cell as buttons, the legend
in the palette in use, what the page shows beside the board."""
from desktop.app_driver import Player
from test_app_flow import first_move_game
from mapello.game.record import GameRecord
from mapello.rules.position import BLACK, WHITE, parse_cell
from mapello.ui.kinds import NAMES


def kind_names(app):
    return [NAMES[k] for k in app.cell_kinds()]


def expected_kinds(p):
    """What each cell is, from the driver's model of the game."""
    pos = p.model.pos
    hints = p.hints()
    out = []
    for cell in range(100):
        bit = 1 << cell
        inner = 1 <= cell // 10 <= 8 and 1 <= cell % 10 <= 8
        if pos.discs[BLACK] & bit:
            out.append("last black" if cell == p.last else "black")
        elif pos.discs[WHITE] & bit:
            out.append("last white" if cell == p.last else "white")
        elif pos.walls & bit:
            out.append("wall")
        elif pos.jokers & bit:
            out.append("joker")
        elif pos.bonuses & bit:
            out.append("bonus hint" if hints & bit else "bonus")
        elif inner:
            out.append("hint" if hints & bit else "empty")
        else:
            out.append("border")
    return out


def test_no_sounds_unless_the_device_asks_for_them():
    p = Player()
    assert p.app.sounds is None
    p.press("A")
    p.play(p.model.pos.legal_moves()[0])          # nothing breaks without a list
    assert p.app.sounds is None


def test_sounds_name_moves_refusals_and_the_end():
    p = Player(settings={"timer": 10})
    p.app.sounds = []
    p.press("A")
    assert p.app.sounds == []
    p.play(parse_cell("e3"))
    assert p.app.sounds == ["move"]
    p.cursor_to(parse_cell("d4"))
    p.press("A")                                   # occupied
    assert p.app.sounds == ["move", "refused"]
    del p.app.sounds[:]
    p.wait(10500)                                  # the timer plays for white
    assert len(p.model.moves) == 2 and p.app.sounds == ["move"]
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")
    assert p.screen == "game over" and p.app.sounds == ["move", "game over"]


def test_the_computers_move_sounds_too():
    p = Player(settings={"mode": 2, "level": 0})
    p.app.sounds = []
    p.press("A")
    p.play(parse_cell("f4"))
    p.wait(3000)
    assert len(p.model.moves) == 2 and p.app.sounds == ["move", "move"]


def test_last_record_is_the_last_finished_game():
    p = Player(settings={"games": 2})
    assert p.app.last_record is None
    p.press("A")
    first_move_game(p, check_each=False)
    record = p.app.last_record
    assert isinstance(record, GameRecord) and list(record.moves) == list(p.model.moves)
    assert record.start == p.start and record.name == "Plain"
    p.press("B")                                   # the replay and back: the same object
    p.press("B")
    assert p.screen == "game over" and p.app.last_record is record
    p.press("A")                                   # the next game: still the first's ...
    p.play(p.model.pos.legal_moves()[0])
    assert p.app.last_record is record
    first_move_game(p, check_each=False)           # ... until it ends
    assert p.app.last_record is not record
    assert list(p.app.last_record.moves) == list(p.model.moves)


def test_cursor_and_cell_kinds_in_both_blink_phases():
    p = Player(settings={"board": "Rulebook example"})
    assert p.app.cursor == -1 and p.screen == "menu"
    p.press("A")
    p.play(p.model.pos.legal_moves()[0])
    seen = set()
    for _ in range(6):                             # 300 ms steps against a 400 ms blink
        p.wait(300)
        assert p.app.cursor == p.cursor()
        want = expected_kinds(p)
        got = kind_names(p.app)
        for cell in range(100):                    # the flips a resting cursor would make glow
            if got[cell] == "preview":
                assert want[cell] in ("black", "white", "last black", "last white")
                want[cell] = "preview"
        assert got == want
        seen.add(p.colour(p.app.cursor))
    assert len(seen) == 2                          # the cursor was seen lit and dark


def test_a_blink_changes_the_cursors_cell_as_a_whole_redraw_would():
    """The cursor's blink repaints its cell alone: after each phase the frame
    and the lines are those a whole redraw gives, in play (a hint and the
    last move shown) and in setup, and each phase is a new version."""
    for settings, keys in (({"board": "Rulebook example"}, "A"), ({"board": "Set up by hand"}, "A")):
        p = Player(settings=settings)
        p.press(keys)
        if p.screen == "play":
            p.play(p.model.pos.legal_moves()[0])
        phases = set()
        for _ in range(5):
            version = p.app.version
            p.wait(400)                            # one blink phase
            assert p.app.version > version
            frame, lines = bytes(p.app.frame), list(p.app.lines)
            phases.add(frame)
            p.app.changed()
            p.app.tick()                           # the whole screen drawn again
            assert bytes(p.app.frame) == frame and p.app.lines == lines, p.screen
        assert len(phases) == 2, p.screen          # lit and dark


def test_no_cursor_while_the_computer_thinks():
    p = Player(settings={"mode": 2, "level": 2, "think_ms": 2000})
    p.press("A")
    p.cursor_to(parse_cell("f4"))
    p.tap(p_button("A"))
    p.tick(20)
    assert p.app.busy and p.app.cursor == -1


def test_setup_cursor_on_the_border():
    p = Player(settings={"board": "Set up by hand"})
    p.press("A")
    assert p.screen == "setup" and p.app.cursor == 33
    p.press("UP", "UP", "UP")
    assert p.app.cursor == 3
    assert kind_names(p.app)[3] == "border"       # what the cursor covers


def p_button(name):
    from mapello import buttons
    return buttons.from_name(name)


def test_a_resigned_games_record_says_so_with_the_series_score():
    from mapello.game.record.text import to_text
    p = Player()
    p.press("A")
    p.play(parse_cell("e3"))                       # black 4, white 1 on the board
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")                        # white resigns: black takes all 5
    record = p.app.last_record
    assert record.resigned == WHITE and list(record.moves) == [parse_cell("e3")]
    assert "; result: black 5 white 0: white resigned, black wins" in to_text(record).split("\n")


# --- what a host with a pointer and a screen of its own asks (mapello/ui/kinds.py) ---

def test_a_click_on_a_cell_is_the_arrows_to_it_then_a_and_plays_it():
    """The page's and the window's click or tap: the cursor walks to the
    cell by arrow presses, the short way round its wrapping edges, then A."""
    from mapello import buttons
    from mapello.ui.kinds import presses
    p = Player()
    p.press("A")
    at = p.cursor()
    assert presses(p.app, 0) == b"" and presses(p.app, 45 - 40) == b""   # the ring: nothing
    for _ in range(2):
        target = p.model.pos.legal_moves()[-1]
        keys = presses(p.app, target)
        assert keys[-1] == buttons.A and len(keys) <= 4 + 4 + 1
        for button in keys:
            p.tap(button)
        assert p.model.moves[-1] == target, p.app.lines
        p.wait(400)
    # h8 from a1 is one step up and one left, through the edges
    p.cursor_to(parse_cell("a1"))
    assert presses(p.app, parse_cell("h8")) == bytes((buttons.UP, buttons.LEFT, buttons.A))
    assert at >= 0


def test_point_presses_what_presses_gives_and_a_click_in_setup_cycles_a_ring_cell():
    from mapello.ui.kinds import point, presses
    p = Player(settings={"board": "Set up by hand"})
    p.press("A")
    assert p.screen == "setup"
    from mapello import buttons
    keys = presses(p.app, 95)                       # c3 to below e8: up 4 over the edge, right 2
    assert keys == bytes((buttons.UP,) * 4 + (buttons.RIGHT,) * 2 + (buttons.A,))
    assert point(p.app, 95) == 7
    p.wait(100)
    assert p.app.lines[2] == "below e8: joker" and p.app.cursor == 95
    point(p.app, 33)                                # c3: a wall
    assert p.app.lines[2] == "c3: wall"


def test_a_click_does_nothing_where_the_screen_has_no_cursor_and_only_wakes_a_sleeping_matrix():
    from mapello import buttons
    from mapello.ui.kinds import presses
    p = Player(settings={"sleep": 1})
    assert presses(p.app, 33) == b""                # the menu
    p.press("A")
    p.wait(61000)
    assert p.app.asleep and presses(p.app, 33) == bytes((buttons.A,))


def test_the_legend_shows_the_palette_in_use():
    from mapello.ui import palette
    from mapello.ui.kinds import legend
    p = Player()
    p.press("A")
    standard = dict(legend())
    assert standard["wall"] == 0x606060 and standard["joker"] == 0xC80000
    p.app.settings["palette"] = 1                   # the menu's Colours: colourblind
    p.app.changed()
    p.wait(100)
    blind = dict(legend())
    assert blind["joker"] == 0xE07800 and blind["legal move"] == palette.HINT != standard["legal move"]
    assert blind.keys() == standard.keys()


def test_the_panel_has_the_score_the_turn_the_moves_and_at_game_over_the_result():
    from mapello.ui.kinds import panel
    p = Player(settings={"games": 2})
    assert panel(p.app)["screen"] == "menu" and "score" not in panel(p.app)
    p.press("A")
    p.play(parse_cell("e3"))
    info = panel(p.app)
    assert info["moves"] == ["e3"] and info["score"] == [4, 1, 0, 0] and info["turn"] == WHITE
    assert info["status"] == "P2 White to move" and info["names"] == ["P1", "P2"]
    assert info["black"] == 0 and info["series"]["played"] == 0 and info["board"] == "Plain"
    p.press("B")                                     # the game menu over the board: the same
    assert panel(p.app)["status"] == "P2 White to move" and panel(p.app)["moves"] == ["e3"]
    p.press("A")
    first_move_game(p, check_each=False)
    info = panel(p.app)
    assert info["screen"] == "game over" and info["over"]["head"] == p.app.lines[0]
    assert info["series"]["played"] == 1 and len(info["moves"]) == len(p.model.moves)
    assert info["black"] == 0                        # as this game had it, not the next
    p.press("B", "RIGHT", "RIGHT")                   # the replay, two moves in
    info = panel(p.app)
    assert info["screen"] == "replay" and info["shown"] == 2 and len(info["moves"]) == len(p.model.moves)
