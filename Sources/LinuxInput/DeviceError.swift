import Glibc

/// A system or library call that failed on a device: which call, which device, and why.
public struct DeviceError: Error, Equatable, CustomStringConvertible {
    public var call: String
    public var device: String
    public var code: Int32

    public init(call: String, device: String, code: Int32) {
        self.call = call
        self.device = device
        self.code = code
    }

    public var description: String { "\(call) failed for \(device): \(String(cString: strerror(code)))" }
}
