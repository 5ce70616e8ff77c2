import ArgumentParser
import ConfigFiles
import DeviceFactsDatabase
import GestureConfig
import Glibc
import InputCore

extension DeviceKind: ExpressibleByArgument {}

/// The device of recordings that describe none, and what it is: `replay` and `run --replay` take both.
struct CaptureDeviceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "The device of recordings that describe none (bare E: lines, an evtest log without its header): an evemu recording or header, a .prop or .device file, evemu A: lines, or getevent -lp output.")
    var description: String?

    @Option(name: .long, help: "What the device is (touchscreen, touchpad or tablet), instead of what its capabilities suggest.")
    var kind: DeviceKind?

    func validate() throws {
        if kind == .other { throw ValidationError("--kind must be touchscreen, touchpad or tablet") }
    }
}

/// Who a replayed recording's device is, for the device database (docs/devices.md): what its description says,
/// or what these give, such as the identity of the machine a headerless capture was made on.
struct DeviceIdentityOptions: ParsableArguments {
    @Option(name: .customLong("device-name"), help: "The device's name, instead of its description's.")
    var name: String?

    @Option(name: .long, help: "Its bus (usb, i2c, ps2, bluetooth, ...), instead of its description's.")
    var bus: String?

    @Option(name: .long, help: "Its vendor id (hexadecimal, as 05ac), instead of its description's.")
    var vendor: String?

    @Option(name: .long, help: "Its product id (hexadecimal), instead of its description's.")
    var product: String?

    @Option(name: .long, help: "The DMI modalias of the machine it was recorded on (dmi:...:svnSAMSUNG:pnLumpy:...).")
    var dmi: String?

    func validate() throws {
        if let bus, Bus.code(bus) == nil { throw ValidationError("--bus must be one of \(Bus.names.map(\.0).joined(separator: ", "))") }
        for (flag, value) in [("--vendor", vendor), ("--product", product)] {
            if let value, Self.id(value) == nil {
                throw ValidationError("\(flag) must be a hexadecimal id from 0 to ffff, got \(value)")
            }
        }
    }

    /// The identity of a device with this description, with what was given instead.
    /// A hexadecimal id, with or without `0x`.
    static func id(_ s: String) -> UInt16? { UInt16(s.hasPrefix("0x") ? String(s.dropFirst(2)) : s, radix: 16) }

    func identity(of description: DeviceDescription) -> DeviceIdentity {
        var identity = DeviceIdentity(description, dmi: dmi)
        if let name { identity.name = name }
        if let code = bus.flatMap(Bus.code) { identity.bus = code }
        if let v = vendor.flatMap(Self.id) { identity.vendor = v }
        if let v = product.flatMap(Self.id) { identity.product = v }
        return identity
    }
}

/// Which device database a command reads (docs/devices.md).
struct DeviceDatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("device-database"),
        help: "A folder of device database files, read in the order given, instead of the installed one and /etc/gestured/devices.d (repeat it for several).")
    var folders: [String] = []

    /// The folders given, or the installed one and the local one.
    var chosen: [String] {
        folders.isEmpty ? DeviceDatabase.defaultFolders(executable: Self.executable) : folders
    }

    /// This program's path, whichever way it was started (argv[0] may be a bare name found on PATH).
    static var executable: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    func load() -> DeviceDatabase { DeviceDatabase.load(folders: chosen, files: SystemFiles()) }
}
