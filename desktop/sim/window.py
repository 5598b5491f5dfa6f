"""The simulator in a pygame window: the matrix as round LEDs with the
coordinates round the inner board (files a..h, ranks 1..8) and, under it,
the display as the real displayio renders it (the same rows the terminal
shows), in proportion to the board as on a handheld; beside them what the
browser page shows beside its handheld, from the same source
(mapello.ui.kinds.panel(), in the page's words): both scores, whose turn,
the board and the game's number, the moves, a game-over banner with the
series' standing and a New game button (mapello.ui.kinds.new_game()); then
the colours' legend in the palette in use and the keys.  A click on a cell
is the buttons that walk the cursor there and A, as in the browser page.  Optional: needs pygame (requirements-window.txt;
`./play.sh --window` and play.py install it), which the terminal simulator does not.
Only pygame's display is started: no sound, so a machine without a sound
card prints no ALSA errors."""

import os
import sys

from mapello import buttons

PIXEL = 2          # screen pixels per display pixel: 128x32 shows as 256x64
MARGIN = 12
EDGE = 16          # round the LEDs: the coordinates
PANEL = 244        # the game's column: scores, turn, New game, moves
SIDE = 210         # the legend's and the keys' column
FILES = "abcdefgh"
KEYS = ("Keys", "arrows  move", "A, Z, Enter, Space  A", "B, X, Backspace  B",
        "click a cell  play it", "  (setup: change it)", "Q or Esc  quit")
BACKGROUND = (16, 16, 16)
LABEL = (150, 153, 160)
TEXT = (210, 210, 210)
BOX = (45, 47, 51)             # the page's colours: a player's box, its border on their turn,
TO_MOVE = (201, 216, 106)
GOLD = (243, 201, 105)         # the game-over banner's
BANNER = (59, 53, 32)
BONUS = (143, 168, 255)
AHEAD = (100, 102, 108)        # a move the replay has not reached
BUTTON = (47, 107, 58)
DISCS = ((0, 0, 0), (255, 252, 220))
ROW = 16                       # a line of the small font
MOVE_COLUMNS = 4
# what the page's panel says on a screen with no status line of its own (web/page.js)
SCREEN_WORDS = {
    "menu": "Menu: pick a mode and a board, then A to start",
    "setup": "Setting up the board: click a cell to change its piece",
    "colour": "Pick a colour: any arrow, then A",
    "choice": "A small menu: up and down, A to choose",
    "records": "The players' records",
}
# SDL's video drivers that open no window anyone sees: a window there runs
# on, invisibly, until Ctrl+C
UNSEEN = ("offscreen", "dummy")
NO_DISPLAY = ("no display to open the window on (%s): run it in a desktop session, "
              "or play in this terminal without --window")


def check_window():
    """None when the window can open where someone sees it, else a one-line
    reason.  SDL_VIDEODRIVER set by the caller is taken as it is (the
    tests' dummy driver)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        return ("the window needs pygame: python3 play.py --window installs it into .venv "
                "(py play.py on Windows), or play in the terminal without --window")
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return NO_DISPLAY % "DISPLAY and WAYLAND_DISPLAY are not set"
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as e:
        return NO_DISPLAY % ("SDL: %s" % e)
    finally:
        pygame.display.quit()
    if driver in UNSEEN:
        return NO_DISPLAY % ("SDL found only its %s driver" % driver)
    return None


def layout(cell, display_w, display_h):
    """(width, height, display_x, display_y) of the window: the board with
    its coordinates on top, the display centred under it, the game's column
    to the right, then the legend's."""
    board = 10 * cell + 2 * EDGE
    left = max(board, display_w * PIXEL) + 2 * MARGIN
    display_y = MARGIN + board + MARGIN
    height = max(display_y + display_h * PIXEL + MARGIN, 2 * MARGIN + 22 * 16)
    return left + PANEL + SIDE, height, (left - display_w * PIXEL) // 2, display_y


def board_origin(cell, display_w):
    """(x, y) of the top-left LED's cell square."""
    left = max(10 * cell + 2 * EDGE, display_w * PIXEL) + 2 * MARGIN
    return (left - 10 * cell) // 2, MARGIN + EDGE


def cell_at(pos, cell, display_w):
    """The cell under the window point `pos`, or -1."""
    ox, oy = board_origin(cell, display_w)
    x, y = pos[0] - ox, pos[1] - oy
    if not (0 <= x < 10 * cell and 0 <= y < 10 * cell):
        return -1
    return (y // cell) * 10 + x // cell


def panel_model(p):
    """What the game's column says, from mapello.ui.kinds.panel()'s dict `p`
    (None: nothing yet), in the words the page uses (web/page.js,
    paintPanel): {"sides": [(name, points, bonus, to move)] for black and
    white, "turn", "series", "banner": None or [head, score, standing],
    "moves": [(number, colour, move, ahead of the replay)]}."""
    out = {"sides": [], "turn": "", "series": "", "banner": None, "moves": []}
    if p is None:
        return out
    names, over, score, status = p.get("names"), p.get("over"), p.get("score"), p.get("status")
    for colour, side in ((0, "Black"), (1, "White")):
        who = names[p["black"] if colour == 0 else 1 - p["black"]] if names else ""
        points = (over["black"], over["white"]) if over else score   # at game over, as the series counts them
        out["sides"].append((side + (" \u00b7 " + who if who else ""),
                             str(points[colour]) if points else "\u2013",
                             "incl. +%d bonus" % score[2 + colour] if score and score[2 + colour] else "",
                             bool(status) and p.get("turn") == colour and not status.endswith("game over")))
    moves = p.get("moves") or []
    shown = p.get("shown", len(moves))
    turn = status or SCREEN_WORDS.get(p["screen"], "")
    if p["screen"] == "replay":
        turn = "Replay: %d of %d moves (Left Right step, A back)" % (shown, len(moves))
    elif p["screen"] == "game over":
        turn = "Game over"
    out["turn"] = turn
    series = p.get("series")
    out["series"] = "Board: %s" % p["board"] if p.get("board") else ""
    if series and names and series["games"] > 1:
        game = series["played"] + (0 if p["screen"] in ("game over", "replay") else 1)
        out["series"] += " \u00b7 game %d of %d" % (min(game, series["games"]), series["games"])
    if over:
        standing = ""
        if series and names:
            diff = series["diff"]
            standing = "Series: %s %d \u2013 %d %s%s (points %s %s)" % (
                names[0], series["wins"][0], series["wins"][1], names[1],
                ", %d drawn" % series["draws"] if series["draws"] else "", names[0],
                "+%d" % diff if diff > 0 else str(diff))
            if not series["over"]:
                standing += ". A: game %d of %d." % (series["played"] + 1, series["games"])
            elif series["winner"] is None:
                standing += ". The series is drawn."
            else:
                winner = names[series["winner"]]
                standing += ". %s win%s the series." % (winner, "" if winner == "You" else "s")
        out["banner"] = [over["head"], "Black %d \u2013 White %d" % (over["black"], over["white"]),
                         standing]
    first = (p["turn"] + shown) % 2 if moves else 0     # the first move's colour: the turn is after `shown`
    out["moves"] = [(i + 1, (first + i) % 2, m, i >= shown) for i, m in enumerate(moves)]
    return out


def wrap(font, text, width):
    """`text` in lines of at most `width` pixels, broken at spaces."""
    lines = []
    for word in text.split():
        if lines and font.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def score_font():
    """The players' points, large (pygame's own font too)."""
    import pygame
    pygame.font.init()
    return pygame.font.Font(None, 34)


def draw_panel(screen, font, model, x, y, width, bottom):
    """The game's column (panel_model()'s `model`) from (x, y), at most to
    `bottom`; the New game button's pygame.Rect."""
    import pygame

    def text(line, colour, at):
        screen.blit(font.render(line, True, colour), at)
    if model["banner"]:
        head, score, standing = model["banner"]
        lines = [(head, GOLD)] + [(line, TEXT) for part in (score, standing)
                                  for line in wrap(font, part, width - 20)]
        box = pygame.Rect(x, y, width, len(lines) * ROW + 14)
        pygame.draw.rect(screen, BANNER, box, border_radius=8)
        pygame.draw.rect(screen, GOLD, box, 2, border_radius=8)
        for i, (line, colour) in enumerate(lines):
            text(line, colour, (x + 10, y + 8 + i * ROW))
        y = box.bottom + 8
    half = (width - 8) // 2
    big = score_font()
    for colour, (who, points, bonus, to_move) in enumerate(model["sides"]):
        box = pygame.Rect(x + colour * (half + 8), y, half, 66)
        pygame.draw.rect(screen, BOX, box, border_radius=8)
        if to_move:
            pygame.draw.rect(screen, TO_MOVE, box, 2, border_radius=8)
        pygame.draw.circle(screen, (85, 85, 85), (box.x + 13, box.y + 13), 7)
        pygame.draw.circle(screen, DISCS[colour], (box.x + 13, box.y + 13), 6)
        while font.size(who)[0] > half - 30:
            who = who[:-1]
        text(who, TEXT, (box.x + 24, box.y + 7))
        screen.blit(big.render(points, True, TEXT), (box.x + 8, box.y + 24))
        text(bonus, BONUS, (box.x + 8, box.y + 48))
    if model["sides"]:
        y += 74
    for line in wrap(font, model["turn"], width):
        text(line, TEXT, (x, y))
        y += ROW
    for line in wrap(font, model["series"], width):
        text(line, LABEL, (x, y))
        y += ROW
    button = pygame.Rect(x, y + 6, 96, 26)
    pygame.draw.rect(screen, BUTTON, button, border_radius=6)
    label = font.render("New game", True, TEXT)
    screen.blit(label, label.get_rect(center=button.center))
    y = button.bottom + 12
    text("Moves", TEXT, (x, y))
    y += ROW + 2
    moves = model["moves"]
    if not moves:
        text("None yet.", LABEL, (x, y))
    rows = (len(moves) + MOVE_COLUMNS - 1) // MOVE_COLUMNS
    fit = max(1, (bottom - y) // ROW)
    step = width // MOVE_COLUMNS
    for k in range(max(0, rows - fit) * MOVE_COLUMNS, len(moves)):   # the last ones, as the page scrolls
        number, colour, move, ahead = moves[k]
        row, column = divmod(k, MOVE_COLUMNS)
        mx, my = x + column * step, y + (row - max(0, rows - fit)) * ROW
        label = font.render("%d." % number, True, (119, 119, 119))
        screen.blit(label, (mx + 19 - label.get_width(), my))
        pygame.draw.circle(screen, (119, 119, 119), (mx + 24, my + 7), 4)
        pygame.draw.circle(screen, DISCS[colour], (mx + 24, my + 7), 3)
        text(move, AHEAD if ahead else TEXT, (mx + 30, my))
    return button


def draw_side(screen, font, x, y):
    """The legend in the palette in use, then the keys; the bottom y."""
    from mapello.ui.kinds import legend
    import pygame
    screen.blit(font.render("Colours", True, TEXT), (x, y))
    y += 18
    for what, colour in legend():
        rgb = (colour >> 16, (colour >> 8) & 255, colour & 255)
        pygame.draw.circle(screen, (85, 85, 85), (x + 7, y + 7), 7)
        pygame.draw.circle(screen, rgb, (x + 7, y + 7), 6)
        screen.blit(font.render(what, True, LABEL), (x + 20, y))
        y += 16
    y += 10
    for i, line in enumerate(KEYS):
        screen.blit(font.render(line, True, TEXT if i == 0 else LABEL), (x, y))
        y += 18 if i == 0 else 16
    return y


def paint(screen, font, devices, cell, width):
    """The window's picture of what `devices` show (SimDevices, updated):
    the coordinates, the LEDs, the display, the game's column, the legend
    and the keys; the New game button's pygame.Rect."""
    import pygame
    from desktop.sim.devices import DISPLAY_H, DISPLAY_W
    _, _, dx, dy = layout(cell, DISPLAY_W, DISPLAY_H)
    ox, oy = board_origin(cell, DISPLAY_W)
    screen.fill(BACKGROUND)
    for i in range(8):                # a1 is the top-left inner cell
        mid = (i + 1) * cell + cell // 2
        for text, centre in ((FILES[i], (ox + mid, oy - EDGE // 2)),
                             (FILES[i], (ox + mid, oy + 10 * cell + EDGE // 2)),
                             (str(i + 1), (ox - EDGE // 2, oy + mid)),
                             (str(i + 1), (ox + 10 * cell + EDGE // 2, oy + mid))):
            label = font.render(text, True, LABEL)
            screen.blit(label, label.get_rect(center=centre))
    for c in range(100):
        x = ox + (c % 10) * cell + cell // 2
        y = oy + (c // 10) * cell + cell // 2
        pygame.draw.circle(screen, devices.cell_colour(c), (x, y), cell // 2 - 3)
    rows = devices.display_rows()
    for y in range(len(rows)):
        for x in range(len(rows[y])):
            if rows[y][x] != (0, 0, 0):
                screen.fill(rows[y][x], (dx + PIXEL * x, dy + PIXEL * y, PIXEL, PIXEL))
    _, height = screen.get_size()
    button = draw_panel(screen, font, panel_model(devices.panel), width - SIDE - PANEL + MARGIN, MARGIN,
                        PANEL - MARGIN, height - MARGIN)
    draw_side(screen, font, width - SIDE + MARGIN, MARGIN)
    return button


def open_font():
    """pygame's own font (it comes with pygame: nothing of the system's)."""
    import pygame
    pygame.font.init()
    return pygame.font.Font(None, 19)


def run_window(app, devices, cell=40):
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")      # nothing here plays sound
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from desktop.sim.devices import DISPLAY_H, DISPLAY_W
    from mapello.ui.kinds import new_game, point
    pygame.display.init()             # not pygame.init(): that would open the sound card too
    font = open_font()
    width, height, _, _ = layout(cell, DISPLAY_W, DISPLAY_H)
    screen = pygame.display.set_mode((width, height))
    pygame.display.set_caption("Mapello Handheld")
    keymap = {pygame.K_UP: buttons.UP, pygame.K_DOWN: buttons.DOWN,
              pygame.K_LEFT: buttons.LEFT, pygame.K_RIGHT: buttons.RIGHT,
              pygame.K_a: buttons.A, pygame.K_z: buttons.A, pygame.K_RETURN: buttons.A,
              pygame.K_SPACE: buttons.A,
              pygame.K_b: buttons.B, pygame.K_x: buttons.B, pygame.K_BACKSPACE: buttons.B}
    clock = pygame.time.Clock()
    devices.update(app)
    button = paint(screen, font, devices, cell, width)      # the New game button's place
    pygame.display.flip()
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_q, pygame.K_ESCAPE):
                    running = False
                elif event.key in keymap:
                    app.press(keymap[event.key])
            elif event.type == pygame.KEYUP and event.key in keymap:
                app.release(keymap[event.key])
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                at = cell_at(event.pos, cell, DISPLAY_W)
                if at >= 0:
                    point(app, at)
                elif button is not None and button.collidepoint(event.pos):
                    new_game(app)
        app.tick()
        if devices.update(app):
            button = paint(screen, font, devices, cell, width)
            pygame.display.flip()
        clock.tick(50)
    pygame.quit()
