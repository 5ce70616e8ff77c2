"""A client of gestured, the gesture daemon for Linux touchscreens and touchpads: the Python standard library
only. `Client` blocks, `AsyncClient` is for asyncio; both give typed events and raise GestureError."""
from . import requests
from .client import AsyncClient, Client, default_socket_path
from .events import (ConfigRejected, ConfigReloaded, DeviceAdded, DeviceRemoved, Event, GestureError, GestureEvent, Location,
                     Notice, TouchEvent)

__all__ = [
    "AsyncClient", "Client", "default_socket_path", "ConfigRejected", "ConfigReloaded", "DeviceAdded", "DeviceRemoved", "Event",
    "GestureError", "GestureEvent", "Location", "Notice", "TouchEvent", "requests",
]
