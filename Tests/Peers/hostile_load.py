#!/usr/bin/env python3
"""Load from hostile local users, and a well-behaved watcher, for the load tests
(Tests/GestureDaemonTests/HostileLoadTests.swift). Started as root by the test; each command takes the identity
it is given (uid, with gid 65534, the socket's group in the tests, and no other group) and prints one JSON
object saying what it did and saw.

  watch SOCKET UID             a subscriber to gestures and an observer asking `status` every 50 ms, as UID,
                               real-time (so the shared machine's builds do not delay it); prints "ready" once
                               gestures flow, measures until a line arrives on stdin, then prints the largest
                               gap between two lines of one pan stroke, the slowest status answer, and the last
                               status
  newline-flood SOCKET N BYTES HOLD  N connections each writing BYTES newlines, then closing after HOLD
                               seconds (0: at once)
  status-flood SOCKET N SECONDS  N connections each saying hello, then writing status requests without pause for
                               SECONDS (reading and counting the answers), then closing
  pipeline SOCKET N PID        one connection: hello, then N list_recognizers at once without reading for two
                               seconds (the daemon PID's resident memory read before and after), then every
                               answer read
  no-hello SOCKET N SECONDS    N connections that never say hello, held SECONDS; what each was told
  churn SOCKET SECONDS         connect and close as fast as possible for SECONDS
  refused SOCKET N             N times: connect, send hello at once, read to the end; the first line's code
  hold SOCKET N SECONDS        N connections (hello sent), held SECONDS, then closed
"""
import json
import os
import select
import socket
import sys
import time

NOBODY = 65534
HELLO = b'{"type":"hello","version":1,"client":"hostile-load"}\n'


def become(uid):
    os.setgroups([])
    os.setresgid(NOBODY, NOBODY, NOBODY)
    os.setresuid(uid, uid, uid)


def connect(path, blocking=True):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    sock.setblocking(blocking)
    return sock


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Lines:
    """Lines read from a socket, with the time each read returned."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def read(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise SystemExit("the daemon closed the watcher's connection")
        now = time.monotonic()
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        return [(now, json.loads(line)) for line in lines if line]


def watch(path, uid):
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(5))
    become(uid)
    subscriber = connect(path)
    observer = connect(path)
    for sock in (subscriber, observer):
        sock.sendall(HELLO)
    subscriber.sendall(b'{"type":"subscribe","events":["gestures"],"id":1}\n')
    sub, obs = Lines(subscriber), Lines(observer)
    ready = False
    largest_gap, gaps, last, lines = 0.0, 0, None, 0
    asked, slowest, answers, status = None, 0.0, 0, None
    next_ask = time.monotonic()
    while True:
        timeout = max(0.0, next_ask - time.monotonic()) if asked is None else 1.0
        readable, _, _ = select.select([subscriber, observer] + ([sys.stdin] if ready else []), [], [], timeout)
        if sys.stdin in readable:
            break
        if subscriber in readable:
            for at, message in sub.read():
                if message.get("type") != "gesture":
                    continue
                lines += 1
                if not ready:
                    ready = True
                    print("ready", flush=True)
                # Gaps inside one stroke: between a pan's lines until it ends (the pause between strokes is the
                # recording's).
                if message.get("recognizer") == "pan" and message.get("state") == "changed" and last is not None:
                    largest_gap = max(largest_gap, at - last)
                    gaps += 1
                last = at if message.get("recognizer") == "pan" and message.get("state") in ("began", "changed") else None
        if observer in readable:
            for at, message in obs.read():
                if message.get("type") == "status":
                    slowest = max(slowest, at - asked)
                    answers += 1
                    status = message
                    asked = None
                    next_ask = at + 0.05
        if asked is None and time.monotonic() >= next_ask:
            asked = time.monotonic()
            observer.sendall(b'{"type":"status"}\n')
    return {"largest_gap_ms": largest_gap * 1000, "gaps": gaps, "lines": lines, "slowest_status_ms": slowest * 1000,
            "status_answers": answers, "status": status}


def newline_flood(path, count, size, hold):
    become(NOBODY)
    socks = {}
    done = []
    broken = 0
    for _ in range(count):
        socks[connect(path, blocking=False)] = size
    started = time.monotonic()
    while socks and time.monotonic() - started < 30:
        _, writable, _ = select.select([], list(socks), [], 1.0)
        for sock in writable:
            try:
                socks[sock] -= sock.send(b"\n" * min(socks[sock], 65536))
            except OSError:
                broken += 1
                socks[sock] = 0
            if socks[sock] <= 0:
                done.append(sock)
                del socks[sock]
    written = time.monotonic() - started
    time.sleep(hold)
    for sock in done + list(socks):
        sock.close()
    return {"connections": count, "unfinished": len(socks), "broken": broken, "seconds": written}


def status_flood(path, count, seconds):
    become(NOBODY)
    socks = [connect(path, blocking=False) for _ in range(count)]
    requests = b'{"type":"status"}\n' * 512
    pending = {sock: HELLO + requests for sock in socks}
    answers = 0
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        readable, writable, _ = select.select(socks, socks, [], 0.1)
        for sock in readable:
            answers += sock.recv(1 << 20).count(b'"type":"status"')
        for sock in writable:
            sent = sock.send(pending[sock])
            pending[sock] = pending[sock][sent:] or requests
    for sock in socks:
        sock.close()
    return {"connections": count, "answers": answers, "seconds": seconds}


def pipeline(path, count, pid):
    become(NOBODY)
    sock = connect(path)
    sock.sendall(HELLO)
    before = resident_kib(pid)
    sock.sendall(b"".join(b'{"type":"list_recognizers","id":%d}\n' % n for n in range(count)))
    time.sleep(2)
    during = resident_kib(pid)
    lines = Lines(sock)
    answers = 0
    sock.settimeout(20)
    while answers < count:
        answers += sum(1 for _, m in lines.read() if m.get("type") == "recognizers")
    return {"answers": answers, "resident_before_kib": before, "resident_unread_kib": during}


def no_hello(path, count, seconds):
    become(NOBODY)
    socks = [connect(path) for _ in range(count)]
    time.sleep(seconds)
    told = {}
    for sock in socks:
        sock.setblocking(False)
        try:
            data = sock.recv(4096)
            code = json.loads(data.split(b"\n")[0]).get("code", "?") if data else "closed"
        except BlockingIOError:
            code = "open"
        told[code] = told.get(code, 0) + 1
        sock.close()
    return {"told": told}


def churn(path, seconds):
    become(NOBODY)
    made = 0
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        connect(path).close()
        made += 1
    return {"connections": made}


def refused(path, count):
    become(NOBODY)
    codes = {}
    for _ in range(count):
        sock = connect(path)
        sock.settimeout(5)
        code = "?"
        try:
            sock.sendall(HELLO)
            data = b""
            while True:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
            first = json.loads(data.split(b"\n")[0]) if data else {}
            code = first.get("code") or first.get("type") or "nothing"
        except OSError as error:
            code = type(error).__name__
        codes[code] = codes.get(code, 0) + 1
        sock.close()
    return {"codes": codes}


def hold(path, count, seconds):
    become(NOBODY)
    socks = []
    for _ in range(count):
        sock = connect(path, blocking=False)
        sock.send(HELLO)
        socks.append(sock)
    time.sleep(seconds)
    for sock in socks:
        sock.close()
    return {"connections": count}


def main():
    commands = {
        "watch": lambda a: watch(a[0], int(a[1])),
        "newline-flood": lambda a: newline_flood(a[0], int(a[1]), int(a[2]), float(a[3])),
        "status-flood": lambda a: status_flood(a[0], int(a[1]), float(a[2])),
        "pipeline": lambda a: pipeline(a[0], int(a[1]), int(a[2])),
        "no-hello": lambda a: no_hello(a[0], int(a[1]), float(a[2])),
        "churn": lambda a: churn(a[0], float(a[1])),
        "refused": lambda a: refused(a[0], int(a[1])),
        "hold": lambda a: hold(a[0], int(a[1]), float(a[2])),
    }
    if len(sys.argv) < 3 or sys.argv[1] not in commands:
        raise SystemExit(__doc__)
    print(json.dumps(commands[sys.argv[1]](sys.argv[2:])), flush=True)


if __name__ == "__main__":
    main()
