"""The simulator in a pygame window: the matrix as round LEDs and, under it,
the display as the real displayio renders it (the same rows the terminal
shows), in proportion to the board as on a handheld.  Optional: needs pygame
(requirements-window.txt; `./play.sh --window` installs it), which the
terminal simulator does not.  Only pygame's display is started: no sound,
so a machine without a sound card prints no ALSA errors."""

import os

from mapello import buttons

PIXEL = 2          # screen pixels per display pixel: 128x32 shows as 256x64
MARGIN = 12


def check_window():
    """None when the window can open, else a one-line reason."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
    except ImportError:
        return ("the window needs pygame: .venv/bin/pip install -r requirements-window.txt "
                "(./play.sh --window does it), or play in the terminal without --window")
    return None


def layout(cell, display_w, display_h):
    """(width, height, display_x, display_y) of the window: the board on top,
    the display centred under it."""
    board = 10 * cell
    width = max(board, display_w * PIXEL) + 2 * MARGIN
    display_y = MARGIN + board + MARGIN
    height = display_y + display_h * PIXEL + MARGIN
    return width, height, (width - display_w * PIXEL) // 2, display_y


def run_window(app, devices, cell=40):
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")      # nothing here plays sound
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from desktop.sim.devices import DISPLAY_H, DISPLAY_W
    pygame.display.init()             # not pygame.init(): that would open the sound card too
    width, height, dx, dy = layout(cell, DISPLAY_W, DISPLAY_H)
    ox = (width - 10 * cell) // 2
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
        app.tick()
        if devices.update(app) or first:
            first = False
            screen.fill((16, 16, 16))
            for c in range(100):
                x = ox + (c % 10) * cell + cell // 2
                y = MARGIN + (c // 10) * cell + cell // 2
                pygame.draw.circle(screen, devices.cell_colour(c), (x, y), cell // 2 - 3)
            rows = devices.display_rows()
            for y in range(len(rows)):
                for x in range(len(rows[y])):
                    if rows[y][x] != (0, 0, 0):
                        screen.fill(rows[y][x], (dx + PIXEL * x, dy + PIXEL * y, PIXEL, PIXEL))
            pygame.display.flip()
        clock.tick(50)
    pygame.quit()
