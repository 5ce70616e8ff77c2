"""The Python client against a real `gestured run --replay` process, as an application uses it. The gestured
binary: $GESTURED_BIN, else the debug build of this checkout (`swift build`)."""
import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

# The checkout's package, unless the one pip installed is under test (scripts/check-python-client).
if not os.environ.get("GESTURED_CLIENT_INSTALLED"):
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from gestured_client import AsyncClient, Client, DeviceAdded, GestureError, GestureEvent, TouchEvent  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
GESTURED = os.environ.get("GESTURED_BIN", os.path.join(ROOT, ".build", "debug", "gestured"))

SCRIPT = """surface 300 200
at 0.1 tap 150 100
at 0.4 drag 60 100 to 200 100 over 0.3
"""


def config(extra=""):
    return f"""[daemon]
raw_touches = {{ users = [{os.getuid()}] }}
{extra}

[[recognizer]]
name = "tap"
kind = "tap"

[[recognizer]]
name = "pan"
kind = "pan"
"""


class Daemon:
    """`gestured run --replay` on a recording made from SCRIPT, on a socket in a temporary folder."""

    def __init__(self, extra=""):
        self.directory = tempfile.mkdtemp(prefix="gestured-python-")
        self.socket = os.path.join(self.directory, "g.sock")
        with open(os.path.join(self.directory, "gestured.toml"), "w") as f:
            f.write(config(extra))
        with open(os.path.join(self.directory, "input.gestures"), "w") as f:
            f.write(SCRIPT)
        recording = os.path.join(self.directory, "input.evemu")
        subprocess.run([GESTURED, "synthesize", os.path.join(self.directory, "input.gestures"), "-o", recording], check=True)
        self.log = open(os.path.join(self.directory, "daemon.log"), "w")
        self.process = subprocess.Popen(
            [GESTURED, "run", "--config", os.path.join(self.directory, "gestured.toml"), "--socket", self.socket, "--replay", recording],
            stdout=self.log, stderr=self.log)
        # Until it answers: the socket's file exists from bind(2), a moment before the daemon listens.
        deadline = time.monotonic() + 10
        while not self.answers():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"gestured did not start: {open(self.log.name).read()}")
            time.sleep(0.01)

    def answers(self):
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(self.socket)
            return True
        except OSError:
            return False
        finally:
            probe.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.log.close()
        shutil.rmtree(self.directory, ignore_errors=True)
        return self.process.returncode


def gestures_until_pan_ends(events):
    seen = []
    for event in events:
        if isinstance(event, GestureEvent):
            seen.append(event)
            if event.recognizer == "pan" and event.state == "ended":
                return seen
    return seen


@unittest.skipUnless(os.access(GESTURED, os.X_OK), f"no gestured binary at {GESTURED}: build it (swift build) or set GESTURED_BIN")
class BlockingClientTests(unittest.TestCase):
    def setUp(self):
        self.daemon = Daemon()

    def tearDown(self):
        self.assertEqual(self.daemon.stop(), 0)

    def test_gestures_arrive_typed_with_their_values(self):
        with Client(self.daemon.socket, name="python test", timeout=10) as client:
            self.assertTrue(client.daemon_version)
            client.subscribe(events=["gestures", "devices"])
            gestures = gestures_until_pan_ends(client)
            tap = gestures[0]
            self.assertEqual((tap.recognizer, tap.kind, tap.state, tap.touches), ("tap", "tap", "ended", 1))
            self.assertEqual(tap.values["taps"], 1)
            self.assertEqual(tap.location.mm, (150.0, 100.0))
            self.assertEqual(tap.location.normalized, (0.5, 0.5))
            end = gestures[-1]
            self.assertGreater(end.values["translation_mm"][0], 100)
            self.assertIn("began", [g.state for g in gestures if g.recognizer == "pan"])

    def test_a_filtered_subscription_gets_only_what_it_asked(self):
        with Client(self.daemon.socket, timeout=10) as client:
            client.subscribe(events=["gestures"], recognizers=["pan"], states=["began", "ended"])
            self.assertEqual([g.state for g in gestures_until_pan_ends(client)], ["began", "ended"])

    def test_refusals_raise_typed_errors_and_the_connection_stays(self):
        with Client(self.daemon.socket, timeout=10) as client:
            client.add_region("left", "touch", [0, 0, 0.5, 1])
            with self.assertRaises(GestureError) as refused:
                client.add_recognizer("bad", "tap", number_of_taps_required=0)
            self.assertEqual(refused.exception.code, "invalid_recognizer")
            self.assertIn("number_of_taps_required", refused.exception.message)
            client.add_recognizer("my-pan", "pan", region="left")
            with self.assertRaises(GestureError) as unknown:
                client.remove_region("nowhere")
            self.assertEqual(unknown.exception.code, "unknown_region")
            self.assertEqual(client.status()["clients"], 1)
            client.subscribe(events=["gestures"], recognizers=["my-pan"])
            mine = next(e for e in client if isinstance(e, GestureEvent))
            self.assertEqual((mine.recognizer, mine.state, mine.region), ("my-pan", "began", "left"))

    def test_raw_touches_for_those_allowed(self):
        with Client(self.daemon.socket, timeout=10) as client:
            self.assertTrue(client.may_receive_touches)
            client.subscribe(events=["touches"])
            first = next(e for e in client if isinstance(e, TouchEvent))
            self.assertEqual((first.phase, first.touch_type, first.location.mm), ("began", "direct", (150.0, 100.0)))

    def test_the_events_end_when_the_daemon_goes(self):
        client = Client(self.daemon.socket, timeout=10)
        client.subscribe()
        self.daemon.process.terminate()
        with self.assertRaises(GestureError) as ended:
            for _ in client:
                pass
        self.assertEqual(ended.exception.code, "connection_closed")
        client.close()
        self.daemon.process.wait(10)
        with self.assertRaises(GestureError) as gone:
            Client(self.daemon.socket)
        self.assertEqual(gone.exception.code, "not_running")


@unittest.skipUnless(os.access(GESTURED, os.X_OK), f"no gestured binary at {GESTURED}: build it (swift build) or set GESTURED_BIN")
class AsyncClientTests(unittest.TestCase):
    def setUp(self):
        self.daemon = Daemon()

    def tearDown(self):
        self.assertEqual(self.daemon.stop(), 0)

    def test_the_same_with_asyncio(self):
        async def scenario():
            async with await AsyncClient.connect(self.daemon.socket, name="python asyncio test") as client:
                await client.subscribe(events=["gestures", "devices"])
                with self.assertRaises(GestureError) as refused:
                    await client.add_recognizer("bad", "swipe", direction=["sideways"])
                self.assertEqual(refused.exception.code, "invalid_recognizer")
                seen = []
                async for event in client:
                    seen.append(event)
                    if isinstance(event, GestureEvent) and event.recognizer == "pan" and event.state == "ended":
                        break
                status = await client.status()
                return seen, status

        seen, status = asyncio.run(asyncio.wait_for(scenario(), 20))
        gestures = [e for e in seen if isinstance(e, GestureEvent)]
        self.assertEqual(gestures[0].recognizer, "tap")
        self.assertEqual(gestures[-1].state, "ended")
        self.assertFalse([e for e in seen if not isinstance(e, (GestureEvent, DeviceAdded))])
        self.assertEqual(status["clients"], 1)

    def test_the_events_end_when_the_daemon_goes(self):
        async def scenario():
            client = await AsyncClient.connect(self.daemon.socket)
            await client.subscribe()
            self.daemon.process.terminate()
            with self.assertRaises(GestureError) as ended:
                async for _ in client:
                    pass
            self.assertEqual(ended.exception.code, "connection_closed")
            with self.assertRaises(GestureError):
                await client.status()
            await client.close()

        asyncio.run(asyncio.wait_for(scenario(), 20))


if __name__ == "__main__":
    unittest.main()
