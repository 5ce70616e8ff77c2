"""Every request of the gestured protocol as the JSON object a client sends (docs/protocol.md in the gestured
repository), without its id: the one place the Python client builds them. Tests/WireFixtures/requests.jsonl holds
one line of each, which the tests build here and compare."""
from __future__ import annotations

from typing import Iterable, List, Optional

PROTOCOL_VERSION = 1


def hello(name: Optional[str]) -> dict:
    body: dict = {"type": "hello", "version": PROTOCOL_VERSION}
    if name is not None:
        body["client"] = name
    return body


def subscribe(events: Iterable[str] = ("gestures", "devices", "config"), recognizers=None, kinds=None, devices=None,
              regions=None, states=None) -> dict:
    filters = {"recognizers": recognizers, "kinds": kinds, "devices": devices, "regions": regions, "states": states}
    return {"type": "subscribe", "events": list(events), "filter": {k: list(v) for k, v in filters.items() if v is not None}}


def unsubscribe(subscription: int) -> dict:
    return {"type": "unsubscribe", "subscription": subscription}


def list_devices() -> dict:
    return {"type": "list_devices"}


def list_recognizers() -> dict:
    return {"type": "list_recognizers"}


def list_regions() -> dict:
    return {"type": "list_regions"}


def status() -> dict:
    return {"type": "status"}


def reload() -> dict:
    return {"type": "reload"}


def add_region(name: str, device: str, rect: List[float], parent: Optional[str] = None,
               pass_through: Optional[bool] = None) -> dict:
    region = {"name": name, "device": device, "rect": list(rect)}
    if parent is not None:
        region["parent"] = parent
    if pass_through is not None:
        region["pass_through"] = pass_through
    return {"type": "add_region", "region": region}


def remove_region(name: str) -> dict:
    return {"type": "remove_region", "name": name}


def add_recognizer(name: str, kind: str, **keys) -> dict:
    """A recognizer with the keys of a [[recognizer]] entry beyond its name and kind (region=..., ...)."""
    return {"type": "add_recognizer", "recognizer": dict(keys, name=name, kind=kind)}


def remove_recognizer(name: str) -> dict:
    return {"type": "remove_recognizer", "name": name}


def add_shape(name: str, examples, fingers: int = 1) -> dict:
    """A shape for this connection's shape recognizers: examples, each a list of strokes, each a list of
    [x, y, t] points (millimetres, seconds)."""
    return {"type": "add_shape", "shape": {"name": name, "fingers": fingers, "examples": examples}}


def remove_shape(name: str) -> dict:
    return {"type": "remove_shape", "name": name}
