#!/usr/bin/env python3
"""Socket peers with credentials of their own, for the hostile-client tests (Tests/GestureDaemonTests/
HostileClientTests.swift). Started as root by the test; each one takes the identity it needs, speaks the
protocol on a real connection and prints one JSON object saying what the daemon answered.

  reload-loop SOCKET COUNT   as nobody (uid and gid 65534, no other groups): COUNT reloads on one connection,
                             sent at once, then each answer read
  regroup SOCKET GID         as nobody without GID, connects; then joins GID (the saved uid is kept as root to
                             do so) and asks for raw touches on that connection and on a new one
  spy SOCKET SECONDS         as nobody: tries to place a long press that reports every touch, and a region, on
                             the whole surface; then counts the gestures it reads for SECONDS, and those located
  greedy SOCKET SECONDS      as nobody: adds recognizers that delay, cancel and hold every touch on the whole
                             surface, and one that waits for a configured recognizer; then reads for SECONDS
  namesake SOCKET SECONDS    as nobody: adds a recognizer under a configured name, then one under a name of its
                             own, and counts the gestures it reads by recognizer for SECONDS
  revocable SOCKET GID SECONDS
                             as nobody in GID: subscribes to raw touches and counts them, before and after the
                             daemon says they were revoked, reading for SECONDS
  shapes SOCKET UID CONNECTIONS SECONDS
                             as UID: opens CONNECTIONS connections, each adding 16 shapes of 10 one-stroke
                             examples and 32 shape recognizers over the whole device; counts the answers (a
                             refusal by its limit's holder), then reads gestures on every connection for SECONDS
  leak SOCKET SECONDS        as nobody: subscribes to gestures and reads them for SECONDS; counts the located
                             pan lines and the touch-down points (location less translation) they give away
"""
import json
import os
import socket
import sys
import time

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


def become_nobody(groups=()):
    become(NOBODY, groups)


def become(uid, groups=()):
    os.setgroups(list(groups))
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def example_stroke(shape, example):
    """A zigzag of 20 points, its corners by shape and a little by example: [[x, y, t], ...]."""
    points = []
    for i in range(20):
        x = 10 + 4 * i
        y = 40 + (shape % 5 + 2) * 3 * ((i // (shape % 4 + 2)) % 2) + example * 0.3
        points.append([x, y, i * 0.01])
    return points


def read_for(connection, seconds, each):
    """Every message for `seconds`, to `each`; stops early when the daemon closes the connection."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        connection.sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            each(connection.message())
        except socket.timeout:
            break


def spy(path, seconds):
    become_nobody()
    connection = Connection(path)
    hello = connection.request(0, {"type": "hello", "version": 1, "client": "spy"})
    added = answer(connection.request(1, {"type": "add_recognizer", "recognizer": {
        "name": "spy", "kind": "long-press", "device": "touch", "minimum_press_duration": 0}}))
    region = answer(connection.request(2, {"type": "add_region", "region": {"name": "pad", "device": "touch", "rect": [0, 0, 1, 1]}}))
    subscribed = answer(connection.request(3, {"type": "subscribe", "events": ["gestures"]}))
    counts = {"gestures": 0, "located": 0, "valued": 0}

    def count(message):
        if message.get("type") == "gesture":
            counts["gestures"] += 1
            counts["located"] += "location" in message
            counts["valued"] += any(k != "taps" for k in message.get("values", {}))
    read_for(connection, seconds, count)
    return dict(counts, uid=hello.get("uid"), positions=hello.get("positions"), added=added, region=region, subscribed=subscribed)


def greedy(path, seconds):
    become_nobody()
    connection = Connection(path)
    hello = connection.request(0, {"type": "hello", "version": 1, "client": "greedy"})
    grasp = {"delays_touches_began": True, "delays_touches_ended": True, "cancels_touches_in_view": True}
    answers = [
        answer(connection.request(1, {"type": "add_recognizer", "recognizer": dict(
            grasp, name="hold", kind="long-press", device="touch", minimum_press_duration=0)})),
        answer(connection.request(2, {"type": "add_recognizer", "recognizer": dict(grasp, name="grab", kind="pan", device="touch")})),
        answer(connection.request(3, {"type": "add_recognizer", "recognizer": {
            "name": "wait", "kind": "tap", "device": "touch", "require_to_fail": ["tap"]}})),
        answer(connection.request(4, {"type": "subscribe", "events": ["gestures"]})),
    ]
    owners = {}

    def count(message):
        if message.get("type") == "gesture":
            owner = message.get("owner", "config")
            owners[owner] = owners.get(owner, 0) + 1
    read_for(connection, seconds, count)
    return {"uid": hello.get("uid"), "additions": hello.get("additions"), "answers": answers, "owners": owners}


def namesake(path, seconds):
    become_nobody()
    connection = Connection(path)
    connection.request(0, {"type": "hello", "version": 1, "client": "namesake"})
    answers = [
        answer(connection.request(1, {"type": "add_recognizer", "recognizer": {"name": "tap", "kind": "tap", "device": "touch"}})),
        answer(connection.request(2, {"type": "add_recognizer", "recognizer": {"name": "my-tap", "kind": "tap", "device": "touch"}})),
        answer(connection.request(3, {"type": "subscribe", "events": ["gestures"]})),
    ]
    ended = {}

    def count(message):
        if message.get("type") == "gesture" and message.get("state") == "ended":
            name = message.get("recognizer") + (" of " + message["owner"] if "owner" in message else "")
            ended[name] = ended.get(name, 0) + 1
    read_for(connection, seconds, count)
    return {"answers": answers, "ended": ended}


def revocable(path, gid, seconds):
    become_nobody([gid])
    connection = Connection(path)
    hello = connection.request(0, {"type": "hello", "version": 1, "client": "revocable"})
    subscribed = answer(connection.request(1, {"type": "subscribe", "events": ["touches"]}))
    counts = {"before": 0, "after": 0, "revoked": False}

    def count(message):
        if message.get("code") == "access_revoked":
            counts["revoked"] = True
        elif message.get("type") == "touch":
            counts["after" if counts["revoked"] else "before"] += 1
    read_for(connection, seconds, count)
    return dict(counts, raw_touches=hello.get("raw_touches"), subscribed=subscribed)


def shapes(path, uid, connections, seconds):
    # In nobody's group, which the tests give the socket to.
    become(uid, [NOBODY])
    opened = []
    answers = {}
    for n in range(connections):
        # Each opened as it is used: a connection waiting for its hello is closed after hello_timeout_s.
        connection = Connection(path)
        opened.append(connection)
        connection.request(0, {"type": "hello", "version": 1, "client": "shapes %d" % n})
        rid = 1
        for shape in range(16):
            examples = [[example_stroke(shape, e)] for e in range(10)]
            reply = connection.request(rid, {"type": "add_shape", "shape": {"name": "s%d" % shape, "examples": examples}})
            key = answer(reply) + (":" + reply["limit"]["holder"] if "limit" in reply else "")
            answers["shape " + key] = answers.get("shape " + key, 0) + 1
            rid += 1
        for r in range(32):
            names = ["s%d" % ((r + k) % 16) for k in range(16)]
            reply = connection.request(rid, {"type": "add_recognizer", "recognizer": {
                "name": "drawn%d" % r, "kind": "shape", "device": "touch", "shapes": names, "minimum_score": 0}})
            key = answer(reply) + (":" + reply["limit"]["holder"] if "limit" in reply else "")
            answers["recognizer " + key] = answers.get("recognizer " + key, 0) + 1
            rid += 1
        connection.request(rid, {"type": "subscribe", "events": ["gestures"]})
    gestures = {"count": 0}

    def count(message):
        if message.get("type") == "gesture":
            gestures["count"] += 1
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for connection in opened:
            read_for(connection, 0.05, count)
    return {"answers": answers, "gestures": gestures["count"]}


def leak(path, seconds):
    become_nobody()
    connection = Connection(path)
    connection.request(0, {"type": "hello", "version": 1, "client": "leak"})
    connection.request(1, {"type": "subscribe", "events": ["gestures"], "filter": {"kinds": ["pan"]}})
    found = {"pans": 0, "located": 0, "starts": []}

    def count(message):
        if message.get("type") != "gesture":
            return
        found["pans"] += 1
        translation = message.get("values", {}).get("translation_mm")
        if "location" in message and translation:
            found["located"] += 1
            x, y = message["location"]["mm"]
            found["starts"].append([x - translation[0], y - translation[1]])
    read_for(connection, seconds, count)
    return found


def main():
    commands = {"reload-loop": 4, "regroup": 4, "spy": 4, "greedy": 4, "namesake": 4, "revocable": 5, "shapes": 6, "leak": 4}
    if len(sys.argv) < 2 or commands.get(sys.argv[1]) != len(sys.argv):
        raise SystemExit(__doc__)
    command, path = sys.argv[1], sys.argv[2]
    if command == "reload-loop":
        result = reload_loop(path, int(sys.argv[3]))
    elif command == "regroup":
        result = regroup(path, int(sys.argv[3]))
    elif command == "spy":
        result = spy(path, float(sys.argv[3]))
    elif command == "greedy":
        result = greedy(path, float(sys.argv[3]))
    elif command == "namesake":
        result = namesake(path, float(sys.argv[3]))
    elif command == "revocable":
        result = revocable(path, int(sys.argv[3]), float(sys.argv[4]))
    elif command == "shapes":
        result = shapes(path, int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
    else:
        result = leak(path, float(sys.argv[3]))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
