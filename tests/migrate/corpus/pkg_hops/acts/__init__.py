"""Activations built on the templates."""
