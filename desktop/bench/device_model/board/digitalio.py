# digitalio: pins as inputs and outputs.
class Direction:
    INPUT = 0
    OUTPUT = 1
class Pull:
    UP = 1
    DOWN = 2
class DigitalInOut:
    def __init__(self, pin):
        self.direction = 0
        self.value = True
    def switch_to_output(self, value=False):
        pass
    def deinit(self):
        pass
