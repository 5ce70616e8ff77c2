#!/usr/bin/env python3
"""Socket peers with credentials of their own, for the hostile-client tests (Tests/GestureDaemonTests/
HostileClientTests.swift). Started as root by the test; each one takes the identity it needs, speaks the
protocol on a real connection and prints one JSON object saying what the daemon answered.

  reload-loop SOCKET COUNT   as nobody (uid and gid 65534, no other groups): COUNT reloads on one connection,
                             sent at once, then each answer read
  regroup SOCKET GID         as nobody without GID, connects; then joins GID (the saved uid is kept as root to
                             do so) and asks for raw touches on that connection and on a new one
"""
import json
import os
import socket
import sys

NOBODY = 65534


class Connection:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.buffer = b""

    def send(self, request):
        self.sock.sendall(json.dumps(request).encode() + b"\n")

    def message(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise SystemExit("the daemon closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def reply(self, request_id):
        """The reply carrying request_id; event lines in between are skipped."""
        while True:
            message = self.message()
            if message.get("id") == request_id:
                return message

    def request(self, request_id, request):
        self.send(dict(request, id=request_id))
        return self.reply(request_id)


def groups_in_proc():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("Groups:"):
                return [int(g) for g in line.split()[1:]]
    return []


def answer(reply):
    return reply.get("code") or reply["type"]


def reload_loop(path, count):
    os.setgroups([])
    os.setresgid(NOBODY, NOBODY, NOBODY)
    os.setresuid(NOBODY, NOBODY, NOBODY)
    connection = Connection(path)
    hello = connection.request(0, {"type": "hello", "version": 1, "client": "reload-loop"})
    for n in range(1, count + 1):
        connection.send({"type": "reload", "id": n})
    answers = {}
    for n in range(1, count + 1):
        code = answer(connection.reply(n))
        answers[code] = answers.get(code, 0) + 1
    return {"uid": hello.get("uid"), "answers": answers}


def regroup(path, gid):
    os.setgroups([])
    os.setresgid(NOBODY, NOBODY, NOBODY)
    # The saved uid stays root, so that this process may change its groups after it connected.
    os.setresuid(NOBODY, NOBODY, 0)
    before = Connection(path)
    hello_before = before.request(1, {"type": "hello", "version": 1, "client": "regroup-before"})
    denied_before = answer(before.request(2, {"type": "subscribe", "events": ["touches"]}))
    os.seteuid(0)
    os.setgroups([gid])
    os.seteuid(NOBODY)
    after_change = answer(before.request(3, {"type": "subscribe", "events": ["touches"]}))
    fresh = Connection(path)
    hello_fresh = fresh.request(1, {"type": "hello", "version": 1, "client": "regroup-after"})
    fresh_answer = answer(fresh.request(2, {"type": "subscribe", "events": ["touches"]}))
    return {
        "groups_now": groups_in_proc(),
        "first_connection": {"raw_touches": hello_before.get("raw_touches"), "before": denied_before, "after": after_change},
        "new_connection": {"raw_touches": hello_fresh.get("raw_touches"), "answer": fresh_answer},
    }


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("reload-loop", "regroup"):
        raise SystemExit(__doc__)
    command, path, number = sys.argv[1], sys.argv[2], int(sys.argv[3])
    result = reload_loop(path, number) if command == "reload-loop" else regroup(path, number)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
