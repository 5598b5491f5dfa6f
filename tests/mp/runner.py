"""Runs the check_* functions of one module inside the MicroPython VM.

Usage, from the repository root:
  micropython -X heapsize=80K tests/mp/runner.py mp_engine
Prints 'N passed, M failed' last; exits 1 if anything failed.
"""
import gc
import sys

sys.path.insert(0, ".")
sys.path.insert(0, "tests/mp")

module = __import__(sys.argv[1])
passed = 0
failed = 0
for name in sorted(dir(module)):
    if not name.startswith("check_"):
        continue
    gc.collect()   # each check starts on a collected heap, as after a screen change
    try:
        getattr(module, name)()
        passed += 1
    except Exception as e:  # report every failure, keep going
        failed += 1
        print("FAIL %s.%s: %r" % (sys.argv[1], name, e))
        if hasattr(sys, "print_exception"):
            sys.print_exception(e)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
