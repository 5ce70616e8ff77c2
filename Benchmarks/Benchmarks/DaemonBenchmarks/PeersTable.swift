import Foundation

/// The table of `peers` results (PEERS-RESULT lines, one per run), and one machine-readable summary line.
enum PeersTable {
    static func print(_ text: String) throws {
        let rows = text.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let json = line.range(of: "PEERS-RESULT ").map({ line[$0.upperBound...] }) else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        }
        guard !rows.isEmpty else { throw BenchmarkError("no PEERS-RESULT lines: no run finished") }
        func number(_ row: [String: Any], _ path: String...) -> Double {
            var value: Any? = row
            for key in path { value = (value as? [String: Any])?[key] }
            return (value as? Double) ?? Double(value as? Int ?? 0)
        }
        func actions(_ row: [String: Any], _ who: String) -> String {
            // A program that acted on no gesture has no times: dashes, not zeros.
            if number(row, "first_action_ms", who, "gestures") == 0 {
                return String(repeating: " ", count: 10) + "-      - " + String(format: "%4.0f/%-3.0f", 0.0, number(row, "gestures"))
            }
            return String(format: "%11.0f %6.0f %4.0f/%-3.0f", number(row, "first_action_ms", who, "p50"), number(row, "first_action_ms", who, "p95"),
                number(row, "first_action_ms", who, "gestures"), number(row, "gestures"))
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

        let name = { (row: [String: Any]) in
            pad(row["clock"] as? String ?? "?", 6) + pad(row["capture"] as? String ?? "?", 18) + pad(row["config"] as? String ?? "?", 21)
                + pad(row["peer"] as? String ?? "?", 9)
        }
        Swift.print("""
            CPU seconds, utime+stime from /proc/PID/stat: at the end of the run, before the process was stopped, and of
            that what was spent during the playback (the rest is start-up, which the emulated CPU makes slow). The peer's
            own; (+run): the commands it ran and waited for (cutime+cstime: lisgd's actions). Ratio: gestured / peer.

            """)
        var header = name(["clock": "clock", "capture": "capture", "config": "config", "peer": "peer"])
            + "   gestured gesturectl    peer   (+run)  ratio  |  during play: gestured gesturectl   peer  ratio"
        Swift.print(header + "\n" + String(repeating: "-", count: header.count))
        var summary: [[String: Any]] = []
        for row in rows {
            let gestured = number(row, "cpu_s", "gestured"), peer = number(row, "cpu_s", "peer")
            let play = ["gestured", "gesturectl", "peer"].map { number(row, "cpu_s", $0) - number(row, "startup_cpu_s", $0) }
            let ratio = peer > 0 ? gestured / peer : 0, playRatio = play[2] > 0 ? play[0] / play[2] : 0
            Swift.print(
                name(row)
                    + String(format: "%9.2f %10.2f %7.2f (+%5.2f) %6.2f  |  %22.2f %10.2f %6.2f %6.2f", gestured, number(row, "cpu_s", "gesturectl"), peer,
                        number(row, "cpu_s", "peer_children"), ratio, play[0], play[1], play[2], playRatio))
            var entry = row
            entry["ratio"] = (ratio * 1000).rounded() / 1000
            entry["ratio_during_play"] = (playRatio * 1000).rounded() / 1000
            summary.append(entry)
        }
        Swift.print("""

            During the play, per process: user and system CPU seconds.

            """)
        header = name(["clock": "clock", "capture": "capture", "config": "config", "peer": "peer"])
            + "  gestured user system  |  gesturectl user system  |  peer user system"
        Swift.print(header + "\n" + String(repeating: "-", count: header.count))
        for row in rows {
            Swift.print(
                name(row)
                    + String(format: "%13.2f %6.2f  |  %15.2f %6.2f  |  %9.2f %6.2f",
                        number(row, "play", "gestured", "user_s"), number(row, "play", "gestured", "system_s"),
                        number(row, "play", "gesturectl", "user_s"), number(row, "play", "gesturectl", "system_s"),
                        number(row, "play", "peer", "user_s"), number(row, "play", "peer", "system_s")))
        }
        Swift.print("""

            First action, ms: from the write of a gesture's first frame into the device to the program's first output line
            about it (gestured: through gesturectl's subscription), as the benchmark read it; median and p95 over the
            gestures the program acted on, of all the capture's gestures (first finger down to last finger up).

            """)
        header = name(["clock": "clock", "capture": "capture", "config": "config", "peer": "peer"]) + "  gestured p50    p95  acted   |  peer p50    p95  acted  |  writes late p99"
        Swift.print(header + "\n" + String(repeating: "-", count: header.count))
        // Frames written late (the VM or its host busy elsewhere) delay every program's first actions alike.
        for row in rows {
            Swift.print(name(row) + "   " + actions(row, "gestured") + "  |  " + actions(row, "peer") + String(format: "  |  %9.1f ms", number(row, "late_ms", "p99")))
        }
        Swift.print("\nplayed: " + rows.map { row in
            String(format: "%@ %.0f s (%d frames, %d gestures)", row["capture"] as? String ?? "?", number(row, "played_s"),
                Int(number(row, "frames")), Int(number(row, "gestures")))
        }.uniqued().joined(separator: "; "))
        let json = try JSONSerialization.data(withJSONObject: ["rows": summary], options: [.sortedKeys])
        Swift.print("PEERS-SUMMARY " + String(decoding: json, as: UTF8.self))
    }
}

extension Array where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
