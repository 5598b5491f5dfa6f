# desktop-only
"""A 4 KiB NVM image holding what the App saves in a two-player series game
on the plain board after PLIES moves (random legal moves, seeded), saved
move by move as the App saves; PLIES < 0: a blank NVM.

  .venv/bin/python -m tools.device_model.nvm_image OUT PLIES   (from the root)
"""
import sys

from mapello.game.game import Game
from mapello.game.options import default_settings
from mapello.game.save.log import NvmStorage
from mapello.game.save.payload import pack
from mapello.game.series import Series
from mapello.rng import Rng
from mapello.rules.position import PASS, Position


def image(plies):
    nvm = bytearray(b"\xff" * 4096)
    if plies < 0:
        return nvm
    settings = default_settings()    # as the device's App has them: settings.toml's are the defaults
    store = NvmStorage(nvm)
    game = Game(Position(), name="Open")
    series = Series(settings["games"])
    rng = Rng(5)
    store.save(pack(game, series, settings))
    while len(game.moves) < plies and not game.pos.is_over():
        legal = game.pos.legal_moves()
        game.play(legal[rng.below(len(legal))] if legal else PASS)
        store.save(pack(game, series, settings))
    return nvm


def main():
    out, plies = sys.argv[1], int(sys.argv[2])
    with open(out, "wb") as f:
        f.write(image(plies))


if __name__ == "__main__":
    main()
