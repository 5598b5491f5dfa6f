# desktop-only
"""The simulator in a pygame window: the matrix as round LEDs and the display
as the real displayio renders it (the same rows the terminal shows), scaled up.
Optional: needs pygame (requirements-window.txt; `./play.sh --window` installs
it), which the terminal simulator does not."""

from mapello import buttons


def check_window():
    """None when the window can open, else a one-line reason."""
    try:
        import pygame  # noqa: F401
    except ImportError:
        return ("the window needs pygame: .venv/bin/pip install -r requirements-window.txt "
                "(./play.sh --window does it), or play in the terminal without --window")
    return None


def run_window(app, devices, cell=40):
    import pygame
    pygame.init()
    width = 10 * cell + 20 + 128 * 3
    screen = pygame.display.set_mode((width, max(10 * cell, 32 * 3 + 80)))
    pygame.display.set_caption("Mapello Handheld")
    keymap = {pygame.K_UP: buttons.UP, pygame.K_DOWN: buttons.DOWN,
              pygame.K_LEFT: buttons.LEFT, pygame.K_RIGHT: buttons.RIGHT,
              pygame.K_z: buttons.A, pygame.K_RETURN: buttons.A, pygame.K_SPACE: buttons.A,
              pygame.K_x: buttons.B, pygame.K_BACKSPACE: buttons.B}
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
                x = (c % 10) * cell + cell // 2
                y = (c // 10) * cell + cell // 2
                pygame.draw.circle(screen, devices.cell_colour(c), (x, y), cell // 2 - 3)
            rows = devices.display_rows()
            ox = 10 * cell + 20
            for y in range(len(rows)):
                for x in range(len(rows[y])):
                    if rows[y][x] != (0, 0, 0):
                        screen.fill(rows[y][x], (ox + 3 * x, 10 + 3 * y, 3, 3))
            pygame.display.flip()
        clock.tick(50)
    pygame.quit()
