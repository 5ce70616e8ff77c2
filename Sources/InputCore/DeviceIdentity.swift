/// Who a device is, as device databases match it (libinput's quirks, ChromeOS's per-board touchpad files): the
/// kernel's name, bus and ids, and the DMI modalias of the machine it is built into (which tells two machines'
/// "SynPS/2 Synaptics TouchPad" apart). docs/devices.md.
public struct DeviceIdentity: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    /// `/sys/class/dmi/id/modalias` (`dmi:bvn...:svnSAMSUNG...:pnLumpy:...`), when known.
    public var dmi: String?

    public init(name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, dmi: String? = nil) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.dmi = dmi
    }

    public init(_ description: DeviceDescription, dmi: String?) {
        self.init(name: description.name, bus: description.bus, vendor: description.vendor, product: description.product, dmi: dmi)
    }

    /// `"Cypress APA Trackpad (cyapa)" i2c 0000:0000`, then the DMI modalias if known.
    public var description: String {
        "\"\(name)\" \(Bus.name(of: bus)) \(Self.hex(vendor)):\(Self.hex(product))" + (dmi.map { " " + $0 } ?? "")
    }

    /// An id as four hexadecimal digits (`05ac`), as `gestured devices` and evemu write them.
    public static func hex(_ v: UInt16) -> String {
        let digits = String(v, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

/// The kernel's bus types (linux/input.h BUS_*) by the names device databases use.
public enum Bus {
    public static let names: [(String, UInt16)] = [
        ("pci", 0x01), ("usb", 0x03), ("hil", 0x04), ("bluetooth", 0x05), ("virtual", 0x06), ("isa", 0x10),
        ("ps2", 0x11), ("host", 0x19), ("i2c", 0x18), ("spi", 0x1C), ("rmi", 0x1D),
    ]

    public static func code(_ name: String) -> UInt16? { names.first { $0.0 == name }?.1 }

    public static func name(of code: UInt16) -> String { names.first { $0.1 == code }?.0 ?? "bus 0x\(String(code, radix: 16))" }
}
