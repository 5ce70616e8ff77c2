"""Blocking and asyncio clients of gestured's Unix socket: requests as calls that raise GestureError, events as
typed objects to iterate."""
from __future__ import annotations

import asyncio
import collections
import json
import os
import socket
from typing import AsyncIterator, Deque, Iterator, List, Optional

from . import requests
from .events import Event, GestureError, event_from


def default_socket_path() -> str:
    """Where the daemon listens: $GESTURED_SOCKET, the system socket, then the one a daemon run by hand uses."""
    path = os.environ.get("GESTURED_SOCKET")
    if path:
        return path
    if os.path.exists("/run/gestured/gestured.sock"):
        return "/run/gestured/gestured.sock"
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return f"{runtime}/gestured.sock" if runtime else f"/tmp/gestured-{os.getuid()}.sock"


def _connect_error(path: str, error: OSError) -> GestureError:
    if isinstance(error, (FileNotFoundError, ConnectionRefusedError)):
        return GestureError("not_running", f"nothing listens on {path}: is gestured running?")
    if isinstance(error, PermissionError):
        return GestureError("access_denied", f"{path} is for its group only (usually gestured): join it and log in again")
    return GestureError("connect_failed", f"{path}: {error}")


def _decode(line: bytes) -> dict:
    try:
        message = json.loads(line)
    except ValueError:
        raise GestureError("malformed_line", f"not JSON: {line[:200]!r}") from None
    if not isinstance(message, dict):
        raise GestureError("malformed_line", f"not a JSON object: {line[:200]!r}")
    return message


def _reply(message: dict) -> dict:
    if message.get("type") == "error":
        raise GestureError(message.get("code", "error"), message.get("message", ""), message.get("limit"))
    return message


class Client:
    """A blocking connection. Events that arrive while a request waits for its reply are kept, in order, for
    `events()`.

        with Client(name="my-shell") as client:
            client.subscribe(kinds=["swipe"], states=["ended"])
            for event in client.events():
                print(event)
    """

    def __init__(self, socket_path: Optional[str] = None, name: str = "python", timeout: Optional[float] = None):
        self.path = socket_path or default_socket_path()
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._socket.settimeout(timeout)
        try:
            self._socket.connect(self.path)
        except OSError as error:
            self._socket.close()
            raise _connect_error(self.path, error) from None
        self._file = self._socket.makefile("rb")
        self._pending: Deque[Event] = collections.deque()
        self._next_id = 1
        try:
            hello = self._request(requests.hello(name))
        except GestureError:
            self.close()
            raise
        # The daemon's answer: daemon_version, raw_touches, positions (everywhere, some, nowhere), client, additions.
        self.hello: dict = hello
        self.daemon_version: str = hello.get("daemon_version", "")
        self.may_receive_touches: bool = bool(hello.get("raw_touches", False))

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()
        self._socket.close()

    def subscribe(self, events=("gestures", "devices", "config"), recognizers=None, kinds=None, devices=None, regions=None,
                  states=None) -> int:
        """Subscribes, filtered as the protocol's filter does (None: everything); the subscription's number."""
        return int(self._request(requests.subscribe(events, recognizers, kinds, devices, regions, states))["subscription"])

    def unsubscribe(self, subscription: int) -> None:
        self._request(requests.unsubscribe(subscription))

    def add_region(self, name: str, device: str, rect: List[float], parent: Optional[str] = None,
                   pass_through: Optional[bool] = None) -> None:
        self._request(requests.add_region(name, device, rect, parent, pass_through))

    def remove_region(self, name: str) -> None:
        self._request(requests.remove_region(name))

    def add_recognizer(self, name: str, kind: str, **keys) -> None:
        """A recognizer of this connection's, with the keys of a [[recognizer]] entry (region=..., ...)."""
        self._request(requests.add_recognizer(name, kind, **keys))

    def remove_recognizer(self, name: str) -> None:
        self._request(requests.remove_recognizer(name))

    def add_shape(self, name: str, examples, fingers: int = 1) -> None:
        """A shape this connection's shape recognizers may name: examples of strokes of [x, y, t] points."""
        self._request(requests.add_shape(name, examples, fingers))

    def remove_shape(self, name: str) -> None:
        self._request(requests.remove_shape(name))

    def status(self) -> dict:
        return self._request(requests.status())

    def devices(self) -> List[dict]:
        return list(self._request(requests.list_devices())["devices"])

    def recognizers(self) -> List[dict]:
        return list(self._request(requests.list_recognizers())["recognizers"])

    def configured_recognizers(self) -> List[dict]:
        """Every recognizer the configuration declares, whatever devices are present (name, kind, a shape
        recognizer's shapes)."""
        return list(self._request(requests.list_recognizers()).get("configured", []))

    def regions(self) -> List[dict]:
        return list(self._request(requests.list_regions())["regions"])

    def events(self) -> Iterator[Event]:
        """Every event, as it comes, until the daemon closes the connection (then GestureError connection_closed)."""
        while True:
            if self._pending:
                yield self._pending.popleft()
                continue
            event = event_from(self._read())
            if event is not None:
                yield event

    def __iter__(self) -> Iterator[Event]:
        return self.events()

    def _request(self, body: dict) -> dict:
        request_id = self._next_id
        self._next_id += 1
        try:
            self._socket.sendall(json.dumps(dict(body, id=request_id)).encode() + b"\n")
        except OSError:
            raise GestureError("connection_closed", "the daemon closed the connection") from None
        while True:
            message = self._read()
            if message.get("id") == request_id:
                return _reply(message)
            event = event_from(message)
            if event is not None:
                self._pending.append(event)

    def _read(self) -> dict:
        try:
            line = self._file.readline()
        except OSError:
            line = b""
        if not line:
            raise GestureError("connection_closed", "the daemon closed the connection")
        return _decode(line)


class AsyncClient:
    """The same for asyncio: `await AsyncClient.connect(...)`, requests awaited, `async for event in client`.
    One task reads the socket; replies go to the request that waits, events to the iteration."""

    def __init__(self):
        self._reader: asyncio.StreamReader
        self._writer: asyncio.StreamWriter
        self._waiting: dict = {}
        self._events: asyncio.Queue = asyncio.Queue()
        self._next_id = 1
        self._task: Optional[asyncio.Task] = None
        self.hello: dict = {}
        self.daemon_version = ""
        self.may_receive_touches = False

    @classmethod
    async def connect(cls, socket_path: Optional[str] = None, name: str = "python") -> "AsyncClient":
        client = cls()
        path = socket_path or default_socket_path()
        try:
            client._reader, client._writer = await asyncio.open_unix_connection(path, limit=1 << 20)
        except OSError as error:
            raise _connect_error(path, error) from None
        client._task = asyncio.get_running_loop().create_task(client._read_lines())
        hello = await client._request(requests.hello(name))
        client.hello = hello
        client.daemon_version = hello.get("daemon_version", "")
        client.may_receive_touches = bool(hello.get("raw_touches", False))
        return client

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def close(self) -> None:
        self._writer.close()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)

    async def subscribe(self, events=("gestures", "devices", "config"), recognizers=None, kinds=None, devices=None,
                        regions=None, states=None) -> int:
        return int((await self._request(requests.subscribe(events, recognizers, kinds, devices, regions, states)))["subscription"])

    async def unsubscribe(self, subscription: int) -> None:
        await self._request(requests.unsubscribe(subscription))

    async def add_region(self, name: str, device: str, rect: List[float], parent: Optional[str] = None,
                         pass_through: Optional[bool] = None) -> None:
        await self._request(requests.add_region(name, device, rect, parent, pass_through))

    async def remove_region(self, name: str) -> None:
        await self._request(requests.remove_region(name))

    async def add_recognizer(self, name: str, kind: str, **keys) -> None:
        await self._request(requests.add_recognizer(name, kind, **keys))

    async def remove_recognizer(self, name: str) -> None:
        await self._request(requests.remove_recognizer(name))

    async def add_shape(self, name: str, examples, fingers: int = 1) -> None:
        await self._request(requests.add_shape(name, examples, fingers))

    async def remove_shape(self, name: str) -> None:
        await self._request(requests.remove_shape(name))

    async def status(self) -> dict:
        return await self._request(requests.status())

    async def devices(self) -> List[dict]:
        return list((await self._request(requests.list_devices()))["devices"])

    async def recognizers(self) -> List[dict]:
        return list((await self._request(requests.list_recognizers()))["recognizers"])

    async def regions(self) -> List[dict]:
        return list((await self._request(requests.list_regions()))["regions"])

    def __aiter__(self) -> AsyncIterator[Event]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Event]:
        while True:
            item = await self._events.get()
            if isinstance(item, GestureError):
                # Kept for whoever iterates next: the connection stays ended.
                self._events.put_nowait(item)
                raise item
            yield item

    async def _request(self, body: dict) -> dict:
        if self._task is not None and self._task.done():
            raise GestureError("connection_closed", "the daemon closed the connection")
        request_id = self._next_id
        self._next_id += 1
        reply = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = reply
        self._writer.write(json.dumps(dict(body, id=request_id)).encode() + b"\n")
        await self._writer.drain()
        return _reply(await reply)

    async def _read_lines(self) -> None:
        ending = GestureError("connection_closed", "the daemon closed the connection")
        try:
            while True:
                line = await self._reader.readline()
                if not line:
                    break
                message = _decode(line)
                event = event_from(message)
                if event is not None:
                    self._events.put_nowait(event)
                elif message.get("id") in self._waiting:
                    self._waiting.pop(message["id"]).set_result(message)
        except GestureError as error:
            ending = error
        except (OSError, ValueError):
            pass
        for reply in self._waiting.values():
            if not reply.done():
                reply.set_exception(ending)
        self._waiting.clear()
        self._events.put_nowait(ending)
