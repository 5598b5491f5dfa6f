# The SSD1306's display: refresh() is where its I2C transfer would start.
from _probe import mark
class BusDisplay:
    def __init__(self, bus, init_sequence, **kwargs):
        self.width = kwargs["width"]
        self.height = kwargs["height"]
        self.root_group = None
        self.auto_refresh = True
    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        mark("display.refresh")
        return True
