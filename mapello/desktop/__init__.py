# desktop-only
"""Desktop tools that never go to the device: the command line, the
tournament and the benchmarks."""
