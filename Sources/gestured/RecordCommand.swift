import ArgumentParser
import CaptureFormats
import Foundation
import InputCore
import LinuxInput
import SystemCalls

/// Records a device's events to the evemu format, with its description, as users do to report a bug.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a device to an evemu file (description and events) until interrupted."
    )

    @Argument(help: "The device: an event node (/dev/input/event5) or a name glob (\"*Touchscreen*\").")
    var device: String

    @Option(name: .shortAndLong, help: "Write here instead of standard output.")
    var output: String?

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    func run() throws {
        let node = try resolve(device)
        let evdev = try EvdevDevice(path: node)
        // Opened through the funnel, so that a failure says why (FileManager's creation only said that it failed).
        let out = try output.map { path in
            FileHandle(fileDescriptor: try systemCall("open", on: path) { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }, closeOnDealloc: true)
        } ?? FileHandle.standardOutput
        var header = EvemuFormat.write(evdev.description)
        // A replay starts in slot 0 unless told otherwise: record the slot the device is in now.
        if let slot = evdev.description.axes[AbsCode.mtSlot]?.value, slot != 0 {
            header += EvemuFormat.eventLines([InputEvent(time: monotonicNow(), type: EventType.abs, code: AbsCode.mtSlot, value: slot)])
        }
        try out.write(contentsOf: Data(header.utf8))
        let stop = try SignalReader([SIGINT, SIGTERM])
        let deadline = duration.map { monotonicNow().nanoseconds + Int64($0 * 1e9) }
        var fds = [pollfd(fd: evdev.fd.rawValue, events: Int16(POLLIN), revents: 0), pollfd(fd: stop.fd.rawValue, events: Int16(POLLIN), revents: 0)]
        var events: [InputEvent] = []
        while true {
            let now = monotonicNow().nanoseconds
            if let deadline, now >= deadline { break }
            guard try waitForDescriptors(&fds, timeout: deadline.map { $0 - now }) else { continue }
            if fds[1].revents != 0 { break }
            events.removeAll(keepingCapacity: true)
            let drops = evdev.drops
            let outcome = try evdev.readPending { events.append($0) }
            if evdev.drops > drops {
                printError("the kernel dropped events of \(node) (SYN_DROPPED): the recording has the device's resynchronized state instead")
            }
            try out.write(contentsOf: Data(EvemuFormat.eventLines(events).utf8))
            if outcome == .gone {
                printError("\(node) was removed; the recording ends here")
                break
            }
        }
    }

    private func resolve(_ device: String) throws -> String {
        if device.hasPrefix("/") { return device }
        let hub = try InputHub(selector: DeviceSelector(name: device, kinds: Set(DeviceKind.allCases)), watchHotPlug: false)
        var matches: [String] = []
        try hub.scan { if case .added(let d) = $0 { matches.append(d.node) } }
        guard matches.count == 1 else {
            printError(matches.isEmpty ? "no touch device matches \(device)" : "\(device) matches several devices: \(matches.joined(separator: ", "))")
            throw ExitCode.failure
        }
        return matches[0]
    }
}
