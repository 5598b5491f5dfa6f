# The I2C bus.
class I2C:
    def __init__(self, scl, sda, frequency=100000):
        pass
    def deinit(self):
        pass
