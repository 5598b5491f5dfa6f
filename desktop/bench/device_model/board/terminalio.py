# The built-in terminal font.
from fontio import BuiltinFont
FONT = BuiltinFont()
