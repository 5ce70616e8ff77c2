import FuzzInput
import GestureConfig
import GestureEngine

/// The configuration parser and validator. Any text gives either a configuration or errors that each point
/// into the file; and a configuration validation accepted builds its surfaces, as the daemon does for every
/// device it claims (validation promises the regions fit, so building cannot fail).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    do {
        let configuration = try Configuration.parse(text, file: "fuzz.toml")
        for entry in configuration.devices {
            let surface = ConfiguredSurface(configuration: configuration, entry: entry, surface: entry.size ?? Size(width: 300, height: 200))
            let placed = configuration.regions.filter { $0.device == entry.name }
            precondition(placed.allSatisfy { surface.regions[$0.name] != nil }, "a validated region was not placed")
        }
    } catch {
        let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        precondition(!error.errors.isEmpty, "refused without an error")
        for e in error.errors {
            precondition((1...lines).contains(e.position.line) && e.position.column >= 1, "an error outside the file: \(e)")
        }
    }
    return 0
}
