import ArgumentParser
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
