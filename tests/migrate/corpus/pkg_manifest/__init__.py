"""Team X: plug-in modules export `MANIFEST` lists of records; importing the package installs
every plug-in's manifest."""

from ._registry import load_plugins

load_plugins()
