import Glibc
import SystemPackage

/// The whole contents of the file at `path` (a recording, a gesture script: files a command is given to read),
/// through the funnel, so that a failure says which call failed on which file and why ("open failed for x.evemu:
/// No such file or directory") where Foundation's reading printed an NSCocoaErrorDomain dump.
public func fileContents(_ path: String) throws(SystemCallError) -> [UInt8] {
    let descriptor = FileDescriptor(rawValue: try systemCall("open", on: path) { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) })
    defer { descriptor.closeReleasing() }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = try systemCall("read", on: path) { chunk.withUnsafeMutableBytes { read(descriptor.rawValue, $0.baseAddress, $0.count) } }
        guard n > 0 else { return contents }
        contents.append(contentsOf: chunk[..<n])
    }
}
