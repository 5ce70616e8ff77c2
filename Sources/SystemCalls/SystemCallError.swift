import SystemPackage

/// A system call, or a library call that reports failure the same way, that failed: which call, on what, and
/// the errno. The one error type for such failures, so that every one reads "CALL failed for SUBJECT: reason".
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    public var call: String
    public var subject: String
    public var errno: Errno

    public init(_ call: String, on subject: String, _ errno: Errno) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    public var description: String { "\(call) failed for \(subject): \(errno)" }
}
