"""The wire fixtures (Tests/WireFixtures in the gestured repository), which the Swift tests check against the
daemon's own encoder: the Python client builds each request alike and reads each event into its typed class."""
import json
import os
import sys
import unittest

if not os.environ.get("GESTURED_CLIENT_INSTALLED"):
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from gestured_client import (ConfigRejected, ConfigReloaded, DeviceAdded, DeviceRemoved, GestureError, GestureEvent,  # noqa: E402
                             Location, Notice, TouchEvent, requests)
from gestured_client.client import _reply  # noqa: E402
from gestured_client.events import event_from  # noqa: E402

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "Tests", "WireFixtures")


def lines(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return [json.loads(line) for line in f if line.strip()]


def without_id(message):
    return {k: v for k, v in message.items() if k != "id"}


class RequestFixtures(unittest.TestCase):
    def test_every_request_is_built_as_the_fixture_has_it(self):
        built = [
            requests.hello("my-shell"),
            requests.hello(None),
            requests.subscribe(["gestures"], kinds=["pinch", "rotation"], states=["began", "changed", "ended"]),
            requests.subscribe(["gestures", "touches", "devices", "config"], recognizers=["pan"], devices=["touch"], regions=["keys"]),
            requests.unsubscribe(1),
            requests.list_devices(),
            requests.list_recognizers(),
            requests.list_regions(),
            requests.status(),
            requests.reload(),
            requests.add_region("keys", "touch", [0, 0.5, 1, 0.5], parent="touch"),
            requests.remove_region("keys"),
            requests.add_recognizer("key-tap", "tap", region="keys", cancels_touches_in_view=False),
            requests.remove_recognizer("key-tap"),
            requests.add_shape("check", [[[[10, 40, 0], [20, 50, 0.05], [45.5, 10, 0.2]]]]),
            requests.remove_shape("check"),
        ]
        fixtures = lines("requests.jsonl")
        self.assertEqual(len(built), len(fixtures))
        for body, fixture in zip(built, fixtures):
            self.assertEqual(body, without_id(fixture))


class DaemonLineFixtures(unittest.TestCase):
    def test_every_event_is_read_into_its_class(self):
        classes = {"gesture": GestureEvent, "touch": TouchEvent, "device_added": DeviceAdded, "device_removed": DeviceRemoved,
                   "config_reloaded": ConfigReloaded, "config_rejected": ConfigRejected, "error": Notice}
        for message in lines("events.jsonl"):
            event = event_from(message)
            self.assertIsInstance(event, classes[message["type"]], message)

    def test_a_gestures_fields_are_the_lines(self):
        pinch = event_from(lines("events.jsonl")[0])
        self.assertEqual((pinch.recognizer, pinch.kind, pinch.state, pinch.touches), ("pinch", "pinch", "changed", 2))
        self.assertEqual(pinch.time, 8123.456789)
        self.assertEqual(pinch.location, Location(mm=(150.0, 100.0), normalized=(0.5, 0.5), px=(960.0, 540.0)))
        self.assertEqual(pinch.values, {"scale": 1.48, "velocity": 0.92})
        withheld = event_from(lines("events.jsonl")[1])
        self.assertIsNone(withheld.location)
        self.assertEqual(withheld.values, {"taps": 1})
        pan = event_from(lines("events.jsonl")[4])
        self.assertEqual(pan.values["translation_mm"], (60.5, -0.25))
        owned = event_from(lines("events.jsonl")[2])
        self.assertEqual(owned.owner, "client 7")
        shape = event_from(lines("events.jsonl")[10])
        self.assertEqual((shape.kind, shape.values["shape"], shape.values["score"]), ("shape", "star", 0.912345))

    def test_a_touchs_fields_are_the_lines(self):
        thumb = event_from(lines("events.jsonl")[12])
        self.assertEqual((thumb.id, thumb.phase, thumb.touch_type, thumb.pressure, thumb.contact_class),
                         (4398046511105, "began", "indirect", 0.2471, "thumb"))

    def test_replies_are_not_events_and_an_error_reply_raises(self):
        for message in lines("replies.jsonl"):
            self.assertIsNone(event_from(message), message)
            if message["type"] == "error":
                with self.assertRaises(GestureError) as raised:
                    _reply(message)
                self.assertEqual(raised.exception.code, message["code"])
            else:
                self.assertEqual(_reply(message), message)


if __name__ == "__main__":
    unittest.main()
