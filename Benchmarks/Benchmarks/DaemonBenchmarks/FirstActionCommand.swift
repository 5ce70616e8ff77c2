import ArgumentParser
import Foundation
import Glibc

/// gestured's first action beside libinput's on every labelled touchpad recording of `make quality` whose label
/// asks for a gesture (scripts/bench-first-action, `make bench-first-action`; docs/quality.md, "First action
/// beside libinput"). Per device the recordings were made on, one uinput device with its description and the
/// identity of its machine, read at once by gestured (touchpad-desktop.toml, the project's device database, one
/// `gesturectl monitor --json` subscriber) and by libinput (Benchmarks/Peers/libinput-peer.c, tap-to-click on),
/// while its recordings play one after another with a pause between them in which every timer runs out (the first
/// once before, unscored: a warm-up).
struct FirstActionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-action", abstract: "gestured's first action beside libinput's on the labelled touchpad recordings (in the VM).",
        subcommands: [Plan.self, Play.self, Table.self])

    /// The recordings, their labels and the configuration whose classes they are scored in.
    struct Labelled: ParsableArguments {
        @Option(help: "The folder of the shared recordings.")
        var recordings = Paths.root + "/../shared/recordings"

        @Option(help: "The project folder: docs/quality.md, the configuration and the device database are found from it.")
        var project = Paths.root

        @Option(help: "gestured's configuration, as docs/quality.md's class table names it.")
        var config = "config/examples/touchpad-desktop.toml"

        @Option(help: "Only recordings whose name matches this pattern (* matches anything).")
        var only: String?

        func touchpads() throws -> LabelledTouchpads {
            try LabelledTouchpads(recordings: recordings, project: project, configuration: config, only: only)
        }
    }

    /// The VM boots the benchmark needs: one per machine, since a machine's DMI modalias (which libinput's quirks
    /// and the device database match) is fixed at boot.
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one line per machine: its DMI modalias (- for none), QEMU's -smbios value for it, boards, files, seconds of play.")

        @OptionGroup var labelled: Labelled

        @Option(help: "Seconds between recordings.")
        var gap = 1.5

        func run() throws {
            let touchpads = try labelled.touchpads()
            var machines: [String?] = []
            for board in touchpads.boards where !machines.contains(board.dmi) { machines.append(board.dmi) }
            for machine in machines {
                let boards = touchpads.boards.filter { $0.dmi == machine }
                let files = boards.flatMap(\.files)
                let seconds = files.reduce(0) { $0 + $1.seconds + gap }
                print("machine \(machine ?? "-") \(try machine.map(Self.smbios) ?? "-") \(boards.count) \(files.count) \(Int(seconds.rounded()))")
            }
            for (name, reason) in touchpads.leftOut {
                FileHandle.standardError.write(Data("first-action: left out \(name) (\(reason))\n".utf8))
            }
        }

        /// QEMU's `-smbios type=1,...` for a DMI modalias of system vendor, product and version fields.
        static func smbios(_ modalias: String) throws -> String {
            var fields: [String] = []
            for field in modalias.split(separator: ":").dropFirst() {
                guard let (key, name) = [("svn", "manufacturer"), ("pn", "product"), ("pvr", "version")].first(where: { field.hasPrefix($0.0) }) else {
                    throw BenchmarkError("the VM cannot be given the DMI field \(field) of \(modalias)")
                }
                // QEMU's option syntax: a comma in a value is written twice.
                fields.append(name + "=" + field.dropFirst(key.count).replacingOccurrences(of: ",", with: ",,"))
            }
            return "type=1," + fields.joined(separator: ",")
        }
    }

    /// In the VM: every board of one machine, one after the other.
    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Play the boards of one machine; one FIRST-ACTION line per file, one FIRST-ACTION-BOARD line per board.")

        @OptionGroup var labelled: Labelled

        @Option(help: "The machine's DMI modalias as `plan` prints it (- for the boards that name none); the VM must have been booted with it.")
        var machine: String

        @Option(help: "Seconds between recordings: every timer of both programs runs out in them.")
        var gap = 1.5

        @Option(help: "Seconds to keep reading after a board's last frame.")
        var tail = 2.0

        @Option(help: "The gestured binary (a release build).")
        var gestured = Paths.root + "/.build/release/gestured"

        @Option(help: "The gesturectl binary.")
        var gesturectl = Paths.root + "/.build/release/gesturectl"

        @Argument(parsing: .captureForPassthrough, help: "The libinput peer's command; {node} is the device's node.")
        var peer: [String] = []

        func run() throws {
            let peer = self.peer.first == "--" ? Array(self.peer.dropFirst()) : self.peer
            guard !peer.isEmpty else { throw BenchmarkError("needs the libinput peer's command after --") }
            guard access("/dev/uinput", W_OK) == 0 else { throw BenchmarkError("needs a writable /dev/uinput: run it in the VM (scripts/bench-first-action)") }
            let dmi = machine == "-" ? nil : machine
            if let dmi {
                // Each field the table names must be the VM's own, or neither program sees the machine it should.
                let own = ((try? String(contentsOfFile: "/sys/class/dmi/id/modalias", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let fields = Set(own.split(separator: ":"))
                guard dmi.split(separator: ":").dropFirst().allSatisfy(fields.contains) else {
                    throw BenchmarkError("this machine's DMI modalias is \(own), not \(dmi): boot the VM with -smbios \(try Plan.smbios(dmi))")
                }
            }
            let touchpads = try labelled.touchpads()
            for board in touchpads.boards where board.dmi == dmi {
                do {
                    try play(board, classOf: { touchpads.recognizerClasses[$0] ?? $0 }, peer: peer)
                } catch {
                    print("first-action: \(board.label) failed: \(error)")
                }
            }
        }

        private func play(_ board: LabelledTouchpads.Board, classOf: (String) -> String, peer: [String]) throws {
            var playback = try PeerCapture(
                paths: board.files.map(\.path), fallback: board.descriptionFile, touchpad: true, name: board.label, repeats: 1, limit: 0, gap: gap)
            // The machine's identity, which the recordings' own description may lack (bare captures).
            playback.description.name = board.description.name
            playback.description.bus = board.description.bus
            playback.description.vendor = board.description.vendor
            playback.description.product = board.description.product

            let directory = NSTemporaryDirectory() + "gestured-first-action-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let session = try PeerSession(
                description: playback.description, directory: directory, gestured: gestured,
                daemonArguments: ["--config", labelled.project + "/" + labelled.config, "--log-level", "warning", "--device-database", labelled.project + "/devices"],
                gesturectl: gesturectl, peerName: "libinput", peerCommand: peer, slower: 1)
            let (database, quirks) = try knowledge(of: session.device.node)
            // A warm-up: the board's first recording once, unscored (lines about no frame of the scored run are
            // dropped), so that no scored file holds either program's first gesture since it started, which pays
            // for work done once (code and data first touched, the Swift runtime's first look-ups) and which an
            // emulated machine makes tens of milliseconds slow. A daemon that runs for days pays it once.
            if let first = board.files.first {
                let warmUp = try PeerCapture(
                    paths: [first.path], fallback: board.descriptionFile, touchpad: true, name: board.label, repeats: 1, limit: 0, gap: gap)
                _ = try session.play(warmUp.frames, stretch: 1)
                try session.drain(seconds: tail)
            }
            let (start, written) = try session.play(playback.frames, stretch: 1)
            try session.drain(seconds: tail)
            let status = try session.status()

            let gesturedLines = FirstActions.gestured(session.gestureLines, classOf: classOf, written: written)
            let libinputLines = FirstActions.libinput(session.peer.lines, written: written)
            let files = Dictionary(board.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            for (path, frames) in playback.played {
                guard let file = files[path] else { continue }
                let result = FirstActionResult(
                    name: file.name, path: String(path.dropFirst(labelled.recordings.count + 1)), board: board.label, category: file.category,
                    classes: file.classes.sorted(), frames: frames.count,
                    gestured: FirstActions.first(gesturedLines, in: frames, of: file.classes, written: written),
                    libinput: FirstActions.first(libinputLines, in: frames, of: file.classes, written: written))
                print("FIRST-ACTION " + String(decoding: try encoder.encode(result), as: UTF8.self))
            }
            // Frames written late (the VM or its host busy elsewhere) delay both programs' actions alike.
            let late = zip(playback.frames, written).map { Double($1 - start - $0.offset) / 1e6 }.sorted()
            let played = Set(playback.played.map(\.path))
            let summary: [String: Any] = [
                "board": board.label, "device": board.description.name, "dmi": board.dmi ?? "-", "files": playback.played.count,
                "without_touches": board.files.filter { !played.contains($0.path) }.map(\.name), "frames": playback.frames.count,
                "seconds": Double(written.last! - written.first!) / 1e9,
                "late_ms": ["p50": PeersCommand.percentile(late, 50), "p99": PeersCommand.percentile(late, 99), "max": late.last ?? 0],
                "kernel_drops": status["kernel_drops"] ?? 0, "database": database, "quirks": quirks,
            ]
            print("FIRST-ACTION-BOARD " + String(decoding: try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]), as: UTF8.self))
        }

        /// What each program knows of the device from its identity: the device database entries gestured applies
        /// (`gestured devices`), the quirks libinput applies (`libinput quirks list`).
        private func knowledge(of node: String) throws -> (database: [String], quirks: [String]) {
            let devices = try FirstActionCommand.output(of: gestured, ["devices", "--device-database", labelled.project + "/devices"])
            // The device's line, then its own lines, indented.
            let database = devices.drop { !$0.hasPrefix(node + "\t") }.dropFirst().prefix { $0.hasPrefix("\t") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("device database: ") }
                .map { $0.dropFirst("device database: ".count).replacingOccurrences(of: labelled.project + "/", with: "") }
            return (database, try FirstActionCommand.output(of: "/usr/bin/libinput", ["quirks", "list", node]))
        }
    }

    /// A program's standard output, line by line, once it has ended. (Not through Foundation's Process, which
    /// hung in the VM: it could not make its run loop's socket pair there.)
    private static func output(of program: String, _ arguments: [String]) throws -> [String] {
        let process = try WatchedProcess(name: program, program: program, arguments: arguments, log: "/dev/null")
        let deadline = monotonicNanoseconds() + 30_000_000_000
        while process.isRunning, monotonicNanoseconds() < deadline { try pump([process], until: monotonicNanoseconds() + 50_000_000) }
        process.stop()
        try pump([process], until: monotonicNanoseconds() + 10_000_000)
        return process.lines.map(\.text)
    }

    struct Table: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the tables of a file of FIRST-ACTION lines.")

        @Argument(help: "The file of FIRST-ACTION and FIRST-ACTION-BOARD lines.")
        var results: String

        @Flag(help: "Also print each file's row.")
        var files = false

        func run() throws {
            try FirstActionTable.print(String(contentsOfFile: results, encoding: .utf8), files: files)
        }
    }
}
