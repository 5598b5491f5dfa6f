"""The rules of Mapello on integer bitmasks: geometry and move generation,
the Position with push/pop, pieces and limits, board files, notation, perft.
Imports nothing outside itself.
"""
