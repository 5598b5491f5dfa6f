"""The viper code of mapello/ai/native.py, run as plain Python under CPython.

Viper's typed pointers become small classes with the same loads and stores
(ptr8, ptr16 unsigned; ptr32 a 32-bit word, read back as a board's 32-bit
build reads it or as the 64-bit VM does, zero-extended), a pointer's
address (int(pointer)) an offset into its buffer, and `@micropython.viper`
leaves the function as it is.  Run so, the kernel's
every local can be watched on every line (`watch_words`): a value past 31
bits would be a different number on a board than in the desktop VM.
"""
import importlib
import sys
import types
from array import array

WORD = 1 << 31


class Address(int):
    """What viper's int(pointer) gives, an address: here the byte offset
    into the buffer, which it carries along through additions."""

    def __new__(cls, value, obj):
        address = int.__new__(cls, value)
        address.obj = obj
        return address

    def __add__(self, n):
        return Address(int(self) + int(n), self.obj)

    __radd__ = __add__

    def __sub__(self, n):
        return Address(int(self) - int(n), self.obj)


def viper_int(x):
    """viper's int(): a pointer's address, else the machine word."""
    if isinstance(x, _Pointer):
        return Address(x.offset, x.obj)
    return int(x)


class _Pointer:
    """A viper pointer over a bytearray, bytes or array, by element size,
    from an object or from an address (Address) into one."""
    size = 1

    def __init__(self, obj):
        self.offset = 0
        if isinstance(obj, Address):
            self.offset = int(obj)
            obj = obj.obj
        self.obj = obj
        self.item = getattr(obj, "itemsize", 1)

    def _get_byte(self, i):
        if self.item == 1:
            return self.obj[i] & 0xFF
        word = self.obj[i // self.item] & ((1 << (8 * self.item)) - 1)
        return (word >> (8 * (i % self.item))) & 0xFF

    def _set_byte(self, i, value):
        if self.item == 1:
            self.obj[i] = value & 0xFF
            return
        bits = 8 * self.item
        j, shift = divmod(i, self.item)
        word = self.obj[j] & ((1 << bits) - 1)
        word = (word & ~(0xFF << (8 * shift))) | ((value & 0xFF) << (8 * shift))
        self.obj[j] = _fit(word, self.obj)

    def __getitem__(self, i):
        at = self.offset + i * self.size
        if self.item == self.size and at % self.item == 0:
            return self.obj[at // self.item] & ((1 << (8 * self.size)) - 1)
        value = 0
        for k in range(self.size):
            value |= self._get_byte(at + k) << (8 * k)
        return value

    def __setitem__(self, i, value):
        at = self.offset + i * self.size
        if self.item == self.size and at % self.item == 0:
            self.obj[at // self.item] = _fit(value & ((1 << (8 * self.size)) - 1), self.obj)
            return
        for k in range(self.size):
            self._set_byte(at + k, value >> (8 * k))


def _fit(unsigned, obj):
    """An unsigned element value as obj's typecode stores it."""
    code = getattr(obj, "typecode", "B")
    if code in "bhilq":
        bits = 8 * obj.itemsize
        if unsigned >= 1 << (bits - 1):
            return unsigned - (1 << bits)
    return unsigned


class ptr8(_Pointer):
    size = 1


class ptr16(_Pointer):
    size = 2


class ptr32(_Pointer):
    """A 32-bit word.  signed: read as a board's 32-bit build reads it;
    otherwise as the 64-bit VM does (zero-extended)."""
    size = 4
    signed = False

    def __getitem__(self, i):
        value = _Pointer.__getitem__(self, i)
        if ptr32.signed and value >= WORD:
            value -= 2 * WORD
        return value


def load_native(signed=False):
    """mapello.ai.native, imported afresh under CPython with viper's names
    stood in for; `signed` picks how 32-bit words read back."""
    fake = types.ModuleType("micropython")
    fake.const = lambda x: x
    fake.viper = fake.native = lambda f: f
    saved = sys.modules.get("micropython")
    sys.modules["micropython"] = fake
    ptr32.signed = signed
    import builtins
    for cls in (ptr8, ptr16, ptr32):
        setattr(builtins, cls.__name__, cls)
    builtins.uint = int
    try:
        sys.modules.pop("mapello.ai.native", None)
        module = importlib.import_module("mapello.ai.native")
        module.int = viper_int  # int(pointer) is an address, in this module alone
    finally:
        if saved is None:
            del sys.modules["micropython"]
        else:
            sys.modules["micropython"] = saved
    return module


class watch_words:
    """While active, every int local of the functions of `module` written
    with @micropython.viper is checked on every line to be a 31-bit signed
    number; `worst` is the largest magnitude seen."""

    def __init__(self, module):
        self.codes = {f.__code__ for f in vars(module).values()
                      if isinstance(f, types.FunctionType) and f.__module__ == module.__name__}
        self.worst = 0
        self.where = None

    def _local(self, frame, event, arg):
        for name, value in frame.f_locals.items():
            if type(value) is int:
                if abs(value) > self.worst:
                    self.worst = abs(value)
                    self.where = (name, frame.f_lineno)
                if not -WORD <= value < WORD:
                    raise AssertionError("%s = %d on line %d: past 31 bits" % (name, value, frame.f_lineno))
        return self._local

    def _call(self, frame, event, arg):
        if frame.f_code in self.codes:
            return self._local
        return None

    def __enter__(self):
        self._old = sys.gettrace()
        sys.settrace(self._call)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._old)
        return False
