import ConfigSchema
import FuzzInput
import GestureConfig
import GestureEngine

/// The configuration parser and validator. Any bytes give either a configuration or errors that each point
/// into the file; a configuration validation accepted builds its surfaces, as the daemon does for every device
/// it claims (validation promises the regions fit, so building cannot fail); and no input takes over a second
/// to check, since a configuration must not be able to hold up `gestured check` or a reload
/// (docs/fuzzing.md, Configurations that cannot hang it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
    // The bytes as a file gives them to `Configuration.load`, and, when they are not UTF-8, the text a repair
    // makes of them, so that the parser still sees every byte sequence the mutations make.
    check(lines) { () throws(ConfigErrors) in try Configuration.parse(bytes: bytes, file: "fuzz.toml") }
    let text = fuzzText(data, size)
    // A repair changes no line break.
    if !bytes.elementsEqual(text.utf8) { check(lines) { () throws(ConfigErrors) in try Configuration.parse(text, file: "fuzz.toml") } }
    return 0
}

/// The longest a check may take, a finding beyond it: libFuzzer's own -timeout (5 s) is for hangs.
let timeLimit = Duration.seconds(1)

/// `parse`'s verdict on a text of `lines` lines.
private func check(_ lines: Int, _ parse: () throws(ConfigErrors) -> Configuration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = Result(catching: parse)
    let took = clock.now - start
    precondition(took <= timeLimit, "checking the input took \(took), over \(timeLimit)")
    switch result {
    case .success(let configuration):
        for entry in configuration.devices {
            let surface = ConfiguredSurface(configuration: configuration, entry: entry, surface: entry.size ?? Size(width: 300, height: 200))
            let placed = configuration.regions.filter { $0.device == entry.name }
            precondition(placed.allSatisfy { surface.regions[$0.name] != nil }, "a validated region was not placed")
        }
    case .failure(let error):
        precondition(!error.errors.isEmpty, "refused without an error")
        for e in error.errors {
            precondition((1...lines).contains(e.position.line) && e.position.column >= 1, "an error outside the file: \(e)")
        }
    }
}
