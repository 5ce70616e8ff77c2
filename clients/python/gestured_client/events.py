"""Typed events and errors of the gestured protocol (docs/protocol.md in the gestured repository)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple, Union


class GestureError(Exception):
    """What went wrong: the daemon's code (access_denied, limit_reached, invalid_recognizer, ...) or the
    client's (not_running, connection_closed, malformed_line), and a message that says what and where."""

    def __init__(self, code: str, message: str, limit: Optional[dict] = None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        # For limit_reached: which bound and whose ({"key", "holder", "wanted", "allowed"}; docs/protocol.md).
        self.limit = limit


@dataclass(frozen=True)
class Location:
    """Where on a device surface: millimetres from its top left corner as the user sees it, 0..1 across it,
    and pixels of its configured output when it has one."""

    mm: Tuple[float, float]
    normalized: Tuple[float, float]
    px: Optional[Tuple[float, float]] = None


@dataclass(frozen=True)
class GestureEvent:
    """A recognizer's action: state is began, changed, ended (recognized) or cancelled."""

    recognizer: str
    kind: str
    state: str
    device: str
    node: str
    region: str
    time: float
    touches: int
    # None where the daemon does not show this connection positions (docs/protocol.md, Who sees what); values
    # then hold only a tap's count, a swipe's direction or an edge.
    location: Optional[Location]
    values: Dict[str, Union[float, str, Tuple[float, float]]] = field(default_factory=dict)
    # "client N" for a recognizer a connection added; None for a configured one.
    owner: Optional[str] = None


@dataclass(frozen=True)
class TouchEvent:
    """A raw touch delivered to a region (for clients the daemon allows raw touches)."""

    device: str
    node: str
    region: str
    id: int
    phase: str
    time: float
    touch_type: str
    location: Location
    pressure: Optional[float] = None
    major_mm: Optional[float] = None
    contact_class: Optional[str] = None


@dataclass(frozen=True)
class DeviceAdded:
    name: str
    node: str
    device_name: str
    kind: str
    size_mm: Tuple[float, float]
    rotation: int


@dataclass(frozen=True)
class DeviceRemoved:
    name: str
    node: str
    time: float


@dataclass(frozen=True)
class ConfigReloaded:
    file: str
    recognizers: int


@dataclass(frozen=True)
class ConfigRejected:
    file: str
    errors: List[str]


@dataclass(frozen=True)
class Notice:
    """Something the daemon says unprompted (dropped_after_reload, region_not_placed)."""

    code: str
    message: str


Event = Union[GestureEvent, TouchEvent, DeviceAdded, DeviceRemoved, ConfigReloaded, ConfigRejected, Notice]


def _pair(value) -> Tuple[float, float]:
    return (float(value[0]), float(value[1]))


def _location(m: dict) -> Location:
    loc = m["location"]
    return Location(mm=_pair(loc["mm"]), normalized=_pair(loc["normalized"]), px=_pair(loc["px"]) if "px" in loc else None)


def event_from(m: dict) -> Optional[Event]:
    """The event a decoded line carries; None for a line that is a reply. A malformed event raises GestureError."""
    kind = m.get("type")
    try:
        if kind == "gesture":
            values = {k: (_pair(v) if isinstance(v, list) else v) for k, v in m.get("values", {}).items()}
            return GestureEvent(
                recognizer=m["recognizer"], kind=m["kind"], state=m["state"], device=m["device"], node=m["node"],
                region=m["region"], time=float(m["time"]), touches=int(m["touches"]),
                location=_location(m) if "location" in m else None, values=values, owner=m.get("owner"))
        if kind == "touch":
            return TouchEvent(
                device=m["device"], node=m["node"], region=m["region"], id=int(m["id"]), phase=m["phase"],
                time=float(m["time"]), touch_type=m["touch_type"], location=_location(m), pressure=m.get("pressure"),
                major_mm=m.get("major_mm"), contact_class=m.get("class"))
        if kind == "device_added":
            d = m["device"]
            return DeviceAdded(
                name=d["name"], node=d["node"], device_name=d["device_name"], kind=d["kind"],
                size_mm=_pair(d["size_mm"]), rotation=int(d["rotation"]))
        if kind == "device_removed":
            return DeviceRemoved(name=m["device"], node=m["node"], time=float(m["time"]))
        if kind == "config_reloaded":
            return ConfigReloaded(file=m["file"], recognizers=int(m["recognizers"]))
        if kind == "config_rejected":
            return ConfigRejected(file=m["file"], errors=list(m.get("errors", [])))
        if kind == "error" and "id" not in m:
            return Notice(code=m.get("code", "error"), message=m.get("message", ""))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise GestureError("malformed_line", f"{kind} line without {error}: {m}") from None
    return None
