import Conditioning
import DeviceFactsDatabase
import FuzzInput
import GestureEngine
import InputCore

/// A device database file (docs/devices.md): any text gives entries and errors, every error pointing into the
/// file; every entry it accepts is matched against identities, corrects descriptions of axes at the ends of
/// their range and sizes touch conditioning, none of which may trap; no file takes over a second to read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeviceDatabase(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    let clock = ContinuousClock()
    let start = clock.now
    let (entries, errors) = DeviceDatabase.parse(text, file: "fuzz.toml")
    precondition(clock.now - start <= .seconds(1), "reading the input took \(clock.now - start)")
    for e in errors {
        precondition((1...lines).contains(e.position.line) && e.position.column >= 1, "an error outside the file: \(e)")
    }
    let database = DeviceDatabase(entries: entries)
    for entry in entries {
        precondition(!entry.sources.isEmpty && entry.match != DeviceMatch(), "an entry without a source or a match: \(entry.id)")
        for identity in identities {
            let known = database.knowledge(of: identity)
            for description in descriptions {
                let corrected = known.facts.corrected(description)
                guard let axes = corrected.positionAxes else { continue }
                let geometry = SurfaceGeometry(x: axes.x, y: axes.y)
                var settings = TouchConditioning.defaults(for: .touchpad, surface: geometry.size)
                known.facts.apply(to: &settings, description: corrected, geometry: geometry)
                if let p = settings.palmPressure { precondition((0...1).contains(p), "a palm pressure outside the axis: \(p)") }
            }
        }
    }
    return 0
}

let identities = [
    DeviceIdentity(name: "Cypress APA Trackpad (cyapa)", bus: 0x18, dmi: "dmi:svnSAMSUNG:pnLumpy:"),
    DeviceIdentity(name: "SynPS/2 Synaptics TouchPad", bus: 0x11, vendor: 2, product: 7, dmi: "dmi:pnMario:"),
    DeviceIdentity(name: "", bus: 0, vendor: 0xffff, product: 0xffff),
]

/// A pad with ordinary axes, and one whose axes span all of Int32 with no resolution and a one-unit pressure axis.
let descriptions = [
    DeviceDescription(
        name: "pad", axes: [
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255), AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 255),
        ]),
    DeviceDescription(
        name: "wide", axes: [
            AbsCode.x: AbsInfo(minimum: .min, maximum: .max), AbsCode.y: AbsInfo(minimum: .min, maximum: .max),
            AbsCode.pressure: AbsInfo(minimum: 5, maximum: 6),
        ]),
]
