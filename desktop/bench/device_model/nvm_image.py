"""A 4 KiB NVM image holding what the App saves in a two-player series game
on the plain board after PLIES moves (random legal moves, seeded), saved
move by move as the App saves; PLIES < 0: a blank NVM.

  .venv/bin/python -m desktop.bench.device_model.nvm_image OUT PLIES   (from the root)
"""
import sys

from desktop import micropython_stub

micropython_stub()          # before the device modules: their const
from mapello.game.game import Game  # noqa: E402
from mapello.game.options import default_settings  # noqa: E402
from mapello.game.save.log import NvmStorage  # noqa: E402
from mapello.game.save.payload import pack  # noqa: E402
from mapello.game.series import Series  # noqa: E402
from mapello.rng import Rng  # noqa: E402
from mapello.rules.position import PASS, Position  # noqa: E402


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
