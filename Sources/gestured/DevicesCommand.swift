import ArgumentParser
import DeviceFactsDatabase
import GestureConfig
import InputCore
import LinuxInput

/// Lists the touch devices gestured would use, with what it knows of them and where that comes from. Needs no
/// daemon.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List touchscreens, touchpads and tablets: their kind, ids, slots and size, and the device database entries that apply to each, and why."
    )

    @Flag(help: "Also list input devices that are not used, and why.")
    var all = false

    @OptionGroup var database: DeviceDatabaseOptions

    func run() throws {
        let devices = database.load()
        let machine = MachineIdentity.dmiModalias()
        let knowledge = { (d: DeviceDescription) in devices.knowledge(of: DeviceIdentity(d, dmi: machine)) }
        let hub = try InputHub(
            selector: DeviceSelector(kinds: Set(DeviceKind.allCases)), describe: { knowledge($0).facts.corrected($0) }, watchHotPlug: false)
        var found = 0
        try hub.scan { event in
            switch event {
            case .added(let device):
                found += 1
                print(Self.line(for: device))
                for line in Self.knowledgeLines(knowledge(device.kernelDescription)) { print("\t" + line) }
            case .skipped(let node, let reason) where all:
                print("\(node)\tnot used: \(reason)")
            default:
                break
            }
        }
        if found == 0 { print("no touch devices found (are you in the input group? is /dev/input readable?)") }
        print("device database: \(database.chosen.joined(separator: ", ")): \(devices.entries.count) entries" + (machine.map { "; this machine: \($0)" } ?? ""))
        for error in devices.refused { print("refused: \(error)") }
    }

    static func line(for device: TouchDevice) -> String {
        let d = device.description
        let ids = DeviceIdentity.hex(d.vendor) + ":" + DeviceIdentity.hex(d.product)
        let size = "\(rounded(device.geometry.size.width)) x \(rounded(device.geometry.size.height)) mm (\(device.geometry.source.rawValue))"
        let contacts = d.hasSlots ? "\(d.slotCount) slots" : (d.isMultitouch ? "multitouch without slots" : "single touch")
        let fingers = d.maximumAnnouncedFingers > d.slotCount ? ", announces \(d.maximumAnnouncedFingers) fingers" : ""
        return "\(device.node)\t\(device.kind.rawValue)\t\"\(d.name)\"\t\(Bus.name(of: d.bus)) \(ids)\t\(contacts)\(fingers)\t\(size)"
    }

    /// Each entry that applies and why, then the facts that result.
    static func knowledgeLines(_ knowledge: DeviceKnowledge) -> [String] {
        guard !knowledge.applied.isEmpty else { return ["device database: no entry"] }
        var lines = knowledge.applied.map { "device database: \($0.id) (\($0.file):\($0.line)): \($0.matched.joined(separator: ", "))" }
        lines.append("known: " + facts(knowledge.facts).joined(separator: "; "))
        return lines
    }

    static func facts(_ f: DeviceFacts) -> [String] {
        var words: [String] = []
        if let x = f.x { words.append("x \(x.minimum)...\(x.maximum)" + (x.resolution > 0 ? " at \(x.resolution)/mm" : "")) }
        if let y = f.y { words.append("y \(y.minimum)...\(y.maximum)" + (y.resolution > 0 ? " at \(y.resolution)/mm" : "")) }
        if let s = f.size { words.append("size \(rounded(s.width)) x \(rounded(s.height)) mm") }
        if let c = f.pressureCalibration { words.append("pressure x \(c.slope) + \(c.offset) = contact mm²") }
        switch f.palmPressure {
        case .raw(let v)?: words.append("palm pressure \(v)")
        case .contactArea(let a)?: words.append("palm at \(a) mm² of contact")
        case nil: break
        }
        if let s = f.palmSize { words.append("palm size \(s)") }
        if let e = f.edgePalms { words.append(e ? "edge palms" : "no edge palms") }
        if let m = f.semiMT { words.append(m ? "semi-multitouch" : "not semi-multitouch") }
        return words
    }

    static func rounded(_ v: Double) -> String {
        let tenths = (v * 10).rounded()
        return "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
    }
}
