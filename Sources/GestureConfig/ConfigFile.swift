import ConfigLanguage
import Glibc
import SystemCalls
import SystemPackage

/// Reading the files gestured is configured with: a regular file of at most `ConfigLimits.fileBytes` bytes,
/// or an error at its start that says what the path is instead, in words: Foundation's reading said
/// "NSCocoaErrorDomain error 256" of a directory, and waited forever on a FIFO.
enum ConfigFile {
    /// The file's bytes, for `ConfigText.decode`.
    static func read(_ path: String) throws(ConfigErrors) -> [UInt8] {
        func fail(_ message: String) -> ConfigErrors {
            ConfigErrors([ConfigError(file: path, position: SourcePosition(line: 1, column: 1), message)])
        }
        func call<Result: FixedWidthInteger>(_ name: StaticString, _ body: () -> Result) throws(ConfigErrors) -> Result {
            do { return try systemCall(name, on: path, body) } catch { throw fail(describe(error.errno)) }
        }
        var status = stat()
        _ = try call("stat") { stat(path, &status) }
        // Told apart before opening: opening a FIFO waits for a writer, and opening a device can do things.
        if let kind = notAFile(status) { throw fail(kind) }
        guard status.st_size <= ConfigLimits.fileBytes else { throw fail(ConfigText.tooLarge(Int(status.st_size))) }
        // O_NONBLOCK: should the path have become a FIFO since stat, opening it still returns at once, and fstat
        // tells.
        let descriptor = try call("open") { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        defer { FileDescriptor(rawValue: descriptor).closeReleasing() }
        _ = try call("fstat") { fstat(descriptor, &status) }
        if let kind = notAFile(status) { throw fail(kind) }
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

extension Configuration {
    /// Reads and checks a configuration file: what `gestured check` and a reload both do, so that a file one
    /// refuses the other refuses too, with the same errors. A file that cannot be read is one error, at its start.
    public static func load(_ path: String) -> Result<Configuration, ConfigErrors> {
        Result { () throws(ConfigErrors) in try Configuration.parse(bytes: try ConfigFile.read(path), file: path) }
    }

    /// Checks a file's bytes as `load` does once it has read them: UTF-8 text, then the configuration.
    public static func parse(bytes: [UInt8], file: String) throws(ConfigErrors) -> Configuration {
        try parse(try ConfigText.decode(bytes, file: file), file: file)
    }

    /// `gestured check` and `gesturectl check`: each file's verdict, or every error in it, to `report`.
    /// Returns whether all were valid.
    public static func check(_ files: [String], report: (String) -> Void) -> Bool {
        var valid = true
        for file in files {
            switch load(file) {
            case .success(let c):
                report("\(file): ok (\(c.devices.count) device entries, \(c.regions.count) regions, \(c.recognizers.count) recognizers)")
                for warning in FrameWork(c).warnings { report("\(file): warning: \(warning)") }
            case .failure(let errors):
                report(errors.description)
                valid = false
            }
        }
        return valid
    }
}
