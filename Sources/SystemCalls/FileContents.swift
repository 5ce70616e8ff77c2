import Glibc
import SystemPackage

/// The whole contents of the file at `path` (a recording, a gesture script: files a command is given to read),
/// through the funnel, so that a failure says which call failed on which file and why ("open failed for x.evemu:
/// No such file or directory") where Foundation's reading printed an NSCocoaErrorDomain dump.
public func fileContents(_ path: String) throws(SystemCallError) -> [UInt8] {
    let descriptor = FileDescriptor(rawValue: try systemCall("open", on: path) { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) })
    defer { descriptor.closeReleasing() }
    // Read straight into room for the whole file (its size from fstat, and more if it grows or is not a regular
    // file): appending 64 KiB chunks copied a recording of a few megabytes over and over as the array grew.
    var status = stat()
    _ = try systemCall("fstat", on: path) { fstat(descriptor.rawValue, &status) }
    var contents = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + (1 << 16))
    var count = 0
    while true {
        if count == contents.count { contents += repeatElement(0, count: contents.count) }
        let n = try systemCall("read", on: path) {
            contents.withUnsafeMutableBytes { read(descriptor.rawValue, $0.baseAddress! + count, $0.count - count) }
        }
        guard n > 0 else { break }
        count += n
    }
    contents.removeSubrange(count...)
    return contents
}
