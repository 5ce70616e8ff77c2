import ArgumentParser
import InputCore
import LinuxInput

/// Lists the touch devices gestured would use, with what it knows of them. Needs no daemon.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List touchscreens, touchpads and tablets, their kind, ids, slots and size."
    )

    @Flag(help: "Also list input devices that are not used, and why.")
    var all = false

    func run() throws {
        let hub = try InputHub(selector: DeviceSelector(kinds: Set(DeviceKind.allCases)), watchHotPlug: false)
        var found = 0
        try hub.scan { event in
            switch event {
            case .added(let device):
                found += 1
                print(Self.line(for: device))
            case .skipped(let node, let reason) where all:
                print("\(node)\tnot used: \(reason)")
            default:
                break
            }
        }
        if found == 0 { print("no touch devices found (are you in the input group? is /dev/input readable?)") }
    }

    static func line(for device: TouchDevice) -> String {
        let d = device.description
        let ids = hex(d.vendor) + ":" + hex(d.product)
        let size = "\(rounded(device.geometry.size.width)) x \(rounded(device.geometry.size.height)) mm (\(device.geometry.source.rawValue))"
        let contacts = d.hasSlots ? "\(d.slotCount) slots" : (d.isMultitouch ? "multitouch without slots" : "single touch")
        let fingers = d.maximumAnnouncedFingers > d.slotCount ? ", announces \(d.maximumAnnouncedFingers) fingers" : ""
        return "\(device.node)\t\(device.kind.rawValue)\t\"\(d.name)\"\t\(ids)\t\(contacts)\(fingers)\t\(size)"
    }

    static func hex(_ v: UInt16) -> String {
        let digits = String(v, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    static func rounded(_ v: Double) -> String {
        let tenths = (v * 10).rounded()
        return "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
    }
}
