# Pins, and the NVM the model's programs fill from the image file.
class Pin:
    def __init__(self, n):
        self.n = n
nvm = None
