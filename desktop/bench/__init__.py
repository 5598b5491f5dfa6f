"""The benchmarks: each figure of docs/MEASUREMENTS.md is measured by a module
here, run from the repository root as

  .venv/bin/python -m desktop.bench.<name> [OPTIONS] [--write-docs [FILE]]

which prints its figures and, with --write-docs, rewrites its block of the
page (measurements.py).  engine.py and ai.py also run in the MicroPython VM
and at a device's REPL; device_model/ is the handheld the VM runs for
device_latency.py and device_heap.py, and device_think.py a board's code.py
for device_cost.py --firmware."""
