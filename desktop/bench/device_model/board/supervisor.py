# supervisor.ticks_ms: the model's clock, moved on by its programs (NOW).
NOW = [1000]


def ticks_ms():
    return NOW[0]
