# keypad with CircuitPython 10's signatures: every scanner's events come
# from QUEUE, where the model's programs put them (on a board a scan
# happens in C, in the tick interrupt: it costs the VM nothing).  QUEUE is a
# list, so that testing it for an event is C here too.  A scanner records
# what it was made with, for the latency model to read.
MADE = []            # (interval, debounce_threshold) of each scanner made


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class EventQueue(list):
    overflowed = False   # the model's queue is never full

    def get_into(self, event):
        if not self:
            return False
        event.key_number, event.pressed = self.pop(0)
        return True

    def clear(self):
        del self[:]
        self.overflowed = False


QUEUE = EventQueue()


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        MADE.append((interval, debounce_threshold))
        self.events = QUEUE


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count, value_when_pressed,
                 interval=0.02, max_events=64, debounce_threshold=1):
        MADE.append((interval, debounce_threshold))
        self.events = QUEUE
