"""Grad makers extending factory-made forward makers of another module."""
