"""The handheld modelled in the MicroPython VM, for desktop/bench/device_latency.py
(how long a press takes on an RP2040) and desktop/bench/device_heap.py (whether a
series fits a board's heap).

  board/   small Python stand-ins for CircuitPython's C modules (board,
           digitalio, busio, displayio, keypad, supervisor, ...), whose
           methods do next to nothing, so what the VM runs is the game's and
           the Adafruit libraries' Python;
  vm/      the programs the VM runs: handheld.py starts code.py's own entry
           point on the stand-ins and presses buttons through keypad's
           queue; latency.py and series.py are the two tools' scenarios;
  drive.py the drive as deploy.sh fills it (the libraries, the game from
           source or compiled), the NVM images, the VM's runs;
  nvm_image.py  a saved game's NVM image, made by the game's own code.
"""
