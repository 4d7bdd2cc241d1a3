"""Device-test helpers: plug-in modules named as a user names them."""

from __future__ import annotations

import sys

import pytest

from phi.backends import devices


def name_plugins(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Name `modules` in FLUIDPHI_DEVICE_PLUGINS, to be imported afresh on the next lookup
    of an unknown device type (as in a new process)."""
    monkeypatch.setenv(devices.PLUGINS_ENV, ",".join(modules))
    monkeypatch.setattr(devices, "_plugins_loaded", False)
    for module in modules:
        monkeypatch.delitem(sys.modules, module, raising=False)
