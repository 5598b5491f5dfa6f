# The display's I2C bus.
class I2CDisplayBus:
    def __init__(self, i2c, device_address=0x3C):
        pass
