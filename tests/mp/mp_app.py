"""The app's drawing parts in the 80 KiB VM: the palette and the board view
paint every position of a whole game (the whole App runs in the app_*.py flows beside this file)."""
from mapello.ui import palette
from mapello.ui.board_view import cell_colour, draw_board
from mapello.rules.position import BLACK, INNER, PASS, WHITE, Position


def check_palette_cursor_stands_out():
    for under in (palette.EMPTY, palette.HINT, palette.BLACK_DISC, palette.WHITE_DISC,
                  palette.WALL, palette.BONUS, palette.BONUS_HINT, palette.LAST_BLACK,
                  palette.LAST_WHITE):
        for mover in (BLACK, WHITE):
            assert palette.distance(palette.cursor_colour(under, mover), under) >= 40


def check_frames_of_a_whole_game():
    pos = Position(walls=1 << 12, bonuses=1 << 87, jokers=1 << 0)
    frame = bytearray(300)
    last = -1
    while not pos.is_over():
        hints = pos.legal_mask()
        draw_board(frame, pos, hints, last)
        for cell in range(100):
            got = palette.get(frame, cell)
            assert got == cell_colour(pos, cell, hints, last)
            if (hints >> cell) & 1:
                assert got in (palette.HINT, palette.BONUS_HINT)
            elif not (INNER >> cell) & 1:
                assert got in (palette.BORDER, palette.JOKER)
        moves = pos.legal_moves()
        last = moves[-1] if moves else -1
        pos.push(last if moves else PASS)
    assert palette.get(frame, 12) == palette.WALL and palette.get(frame, 0) == palette.JOKER
