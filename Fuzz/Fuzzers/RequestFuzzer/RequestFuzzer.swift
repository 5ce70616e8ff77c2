import ConfigSchema
import FuzzInput
import GestureConfig
import GestureEngine
import GestureProtocol

/// The protocol's request decoder, on one line as a client may send it, and for the requests that add a
/// region or a recognizer, the checks the daemon then runs on them against a configuration, and the
/// addition to a surface when they pass.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= ProtocolVersion.maximumLineBytes else { return 0 }  // the daemon closes the connection
    let decoded = DecodedRequest(line: UnsafeBufferPointer(start: data, count: size))
    guard case .success(let request) = decoded.request else { return 0 }
    let configuration = RequestFixture.configuration
    let regions = configuration.devices.map { RegionEntry.wholeSurface(of: $0.name) } + configuration.regions
    let surface = ConfiguredSurface(configuration: configuration, entry: configuration.devices[0], surface: Size(width: 300, height: 200))
    switch request {
    case .addRegion(let json):
        guard let region = try? configuration.clientRegion(ConfigValue(json), regions: regions, parents: regions) else { return 0 }
        do {
            try surface.addRegion(region)
        } catch {
            preconditionFailure("a region the checks accepted does not fit: \(error)")
        }
    case .addRecognizer(let json):
        let names = configuration.recognizers.map(\.name)
        guard let recognizer = try? configuration.clientRecognizer(ConfigValue(json), recognizers: names, regions: regions) else { return 0 }
        surface.add(recognizer)
    default:
        break
    }
    return 0
}

enum RequestFixture {
    /// A device with a region and a recognizer, for additions to refer to and collide with.
    static let configuration = try! Configuration.parse(
        """
        [[device]]
        name = "touch"
        [[region]]
        name = "keys"
        device = "touch"
        rect = [0, 0.5, 1, 0.5]
        [[recognizer]]
        name = "tap"
        kind = "tap"
        region = "keys"
        """, file: "fixture.toml")
}
