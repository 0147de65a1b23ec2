"""Credo: four tabletop games of faith on one game engine."""

__version__ = "0.1.0"
