"""The simulator in a pygame window: the matrix as round LEDs with the
coordinates round the inner board (files a..h, ranks 1..8) and, under it,
the display as the real displayio renders it (the same rows the terminal
shows), in proportion to the board as on a handheld; beside them the
colours' legend in the palette in use (mapello/ui/kinds.py) and the keys.
A click on a cell is the buttons that walk the cursor there and A, as in
the browser page.  Optional: needs pygame (requirements-window.txt;
`./play.sh --window` and play.py install it), which the terminal simulator does not.
Only pygame's display is started: no sound, so a machine without a sound
card prints no ALSA errors."""

import os
import sys

from mapello import buttons

PIXEL = 2          # screen pixels per display pixel: 128x32 shows as 256x64
MARGIN = 12
EDGE = 16          # round the LEDs: the coordinates
SIDE = 210         # the legend's and the keys' column
FILES = "abcdefgh"
KEYS = ("Keys", "arrows  move", "A, Z, Enter, Space  A", "B, X, Backspace  B",
        "click a cell  play it", "  (setup: change it)", "Q or Esc  quit")
BACKGROUND = (16, 16, 16)
LABEL = (150, 153, 160)
TEXT = (210, 210, 210)
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
        return ("the window needs pygame: .venv/bin/pip install -r requirements-window.txt "
                "(./play.sh --window, or py play.py on Windows, does it), or play in the terminal "
                "without --window")
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
    its coordinates on top, the display centred under it, the side column
    to the right."""
    board = 10 * cell + 2 * EDGE
    left = max(board, display_w * PIXEL) + 2 * MARGIN
    display_y = MARGIN + board + MARGIN
    height = max(display_y + display_h * PIXEL + MARGIN, 2 * MARGIN + 22 * 16)
    return left + SIDE, height, (left - display_w * PIXEL) // 2, display_y


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
    the coordinates, the LEDs, the display, the legend and the keys."""
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
    draw_side(screen, font, width - SIDE + MARGIN, MARGIN)


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
    from mapello.ui.kinds import point
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
    running = True
    first = True
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
        app.tick()
        if devices.update(app) or first:
            first = False
            paint(screen, font, devices, cell, width)
            pygame.display.flip()
        clock.tick(50)
    pygame.quit()
