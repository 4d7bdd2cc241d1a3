"""Plug-ins, loaded by name (`_loader.PLUGINS`)."""
