import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

extension KernelDeviceTests {
    /// Context switches of every thread of a process, by thread id (voluntary plus involuntary).
    static func contextSwitches(of pid: pid_t) -> [String: Int] {
        var result: [String: Int] = [:]
        let tasks = "/proc/\(pid)/task"
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(tid)/status", encoding: .utf8) else { continue }
            let name = (try? String(contentsOfFile: "\(tasks)/\(tid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            result["\(tid) \(name)"] = status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        }
        return result
    }

    /// With a device open, a subscriber connected and no finger down, the daemon sleeps: over 10 s no thread
    /// of it is switched in even once. Timers are armed only while a recognizer has a deadline, and a tap first
    /// makes sure one was armed and disarmed. (Any use of Dispatch would fail this: see docs/daemon.md.)
    @Test
    func anIdleDaemonMakesNoWakeUps() throws {
        let device = try UinputDevice(KernelDevices.touchscreen(name: "gestured idle test panel"))
        _ = try KernelDevices.node(named: device.name)
        let daemon = try KernelDaemon("idle", configuration: """
            [[recognizer]]
            name = "double-tap"
            kind = "tap"
            number_of_taps_required = 2

            [[recognizer]]
            name = "press"
            kind = "long-press"
            """)
        // A single tap arms the double tap's timer; its failure 0.35 s later disarms it.
        try device.write(KernelDevices.touch(slot: 0, id: 1, x: 500, y: 250))
        try device.write(KernelDevices.lift(slot: 0))
        // The tap's frames are read and the double tap's 0.35 s deadline passes.
        sleep(2)
        let before = Self.contextSwitches(of: daemon.pid)
        sleep(10)
        let after = Self.contextSwitches(of: daemon.pid)
        let woke = after.filter { before[$0.key] != $0.value }.map { "\($0.key): \(before[$0.key].map(String.init) ?? "new") -> \($0.value)" }
        #expect(woke.isEmpty, "threads that woke while idle: \(woke.sorted())")
        #expect(Set(before.keys) == Set(after.keys), "threads came or went while idle")
        print("idle: \(before.count) threads, context switches over 10 s: \(woke.isEmpty ? "0" : woke.joined(separator: ", "))")
    }
}
