import ConfigLanguage
import ConfigSchema
import Glibc
import SystemCalls
import SystemPackage

/// The files gestured is configured with, read from the file system: a regular file of at most
/// `ConfigLimits.fileBytes` bytes, or an error at its start that says what the path is instead, in words:
/// Foundation's reading said "NSCocoaErrorDomain error 256" of a directory, and waited forever on a FIFO.
public struct SystemFiles: FileSource {
    public init() {}

    public func bytes(of path: String) throws(ConfigErrors) -> [UInt8] {
        func fail(_ message: String) -> ConfigErrors {
            ConfigErrors([ConfigError(file: path, position: SourcePosition(line: 1, column: 1), message)])
        }
        func call<Result: FixedWidthInteger>(_ name: StaticString, _ body: () -> Result) throws(ConfigErrors) -> Result {
            do { return try systemCall(name, on: path, body) } catch { throw fail(Self.describe(error.errno)) }
        }
        var status = stat()
        _ = try call("stat") { stat(path, &status) }
        // Told apart before opening: opening a FIFO waits for a writer, and opening a device can do things.
        if let kind = Self.notAFile(status) { throw fail(kind) }
        guard status.st_size <= ConfigLimits.fileBytes else { throw fail(ConfigText.tooLarge(Int(status.st_size))) }
        // O_NONBLOCK: should the path have become a FIFO since stat, opening it still returns at once, and fstat
        // tells.
        let descriptor = try call("open") { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        defer { FileDescriptor(rawValue: descriptor).closeReleasing() }
        _ = try call("fstat") { fstat(descriptor, &status) }
        if let kind = Self.notAFile(status) { throw fail(kind) }
        // Room for what fstat says and a byte more, which tells a file that grew since; a file that did grows the
        // room, up to one byte over the limit, which tells a file over it from one exactly at it. (Room for the
        // limit every time, zeroed, cost a millisecond a file: a configuration names up to 256 shape files.)
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), ConfigLimits.fileBytes) + 1)
        var count = 0
        while true {
            let n = try call("read") { bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) } }
            guard n > 0 else { break }
            count += n
            if count == bytes.count {
                guard bytes.count <= ConfigLimits.fileBytes else { break }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, ConfigLimits.fileBytes + 1 - bytes.count))
            }
        }
        guard count <= ConfigLimits.fileBytes else { throw fail(ConfigText.tooLarge(max(count, Int(status.st_size)))) }
        bytes.removeSubrange(count...)
        return bytes
    }

    public func tomlFiles(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasSuffix(".toml"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// What a path is when it is not a regular file; nil when it is one.
    private static func notAFile(_ status: stat) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "is a directory, not a configuration file"
        case S_IFCHR, S_IFBLK: "is a device file, not a configuration"
        case S_IFIFO: "is a FIFO (a named pipe), not a configuration file"
        case S_IFSOCK: "is a socket, not a configuration file"
        default: "is not a regular file"
        }
    }

    private static func describe(_ errno: Errno) -> String {
        switch errno {
        case .noSuchFileOrDirectory: "does not exist"
        case .notDirectory: "does not exist: a part of its path is not a directory"
        case .permissionDenied, .notPermitted: "cannot be read: permission denied"
        case .tooManySymbolicLinkLevels: "cannot be read: too many symbolic links (a loop of them?)"
        case .isDirectory: "is a directory, not a configuration file"
        default: "cannot be read: \(errno)"
        }
    }
}
