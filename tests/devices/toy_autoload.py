"""Registers the toy device when imported (as a FLUIDPHI_DEVICE_PLUGINS module would)."""

from tests.devices.toy_device import register

register()
