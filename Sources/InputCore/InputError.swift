/// Why a device or a recording cannot be used, naming it.
public struct InputError: Error, Equatable, CustomStringConvertible {
    public var device: String
    public var message: String

    public init(device: String, _ message: String) {
        self.device = device
        self.message = message
    }

    public var description: String { "\(device): \(message)" }
}
