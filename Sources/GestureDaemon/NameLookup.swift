import GestureCore
import GestureConfig
import Glibc
import Logging

/// Users' and groups' ids by name from the system's user database, through the reentrant calls: a reload resolves
/// its names on the reader's thread (ConfigurationReader) while the loop may ask for others.
struct NameLookup: UserNames {
    var ownUID: UInt32 { geteuid() }

    func uid(_ name: String) -> UInt32? {
        var entry = passwd(), found: UnsafeMutablePointer<passwd>?
        return Self.withBuffer { getpwnam_r(name, &entry, $0, $1, &found) } && found != nil ? entry.pw_uid : nil
    }

    func gid(_ name: String) -> UInt32? {
        var entry = group(), found: UnsafeMutablePointer<group>?
        return Self.withBuffer { getgrnam_r(name, &entry, $0, $1, &found) } && found != nil ? entry.gr_gid : nil
    }

    /// Calls `lookup` with a buffer for the entry's strings, larger while it says ERANGE (a group of many members
    /// needs more than the usual 16 KiB); true when it answered, found or not.
    private static func withBuffer(_ lookup: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> Bool {
        var size = 16 * 1024
        while size <= 16 * 1024 * 1024 {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            let result = lookup(buffer, size)
            if result != ERANGE { return result == 0 }
            size *= 4
        }
        return false
    }
}

extension Access {
    /// The configuration's names resolved in the system's user database (`Access.resolve(_:names:logger:)`).
    public static func resolve(_ configuration: Configuration, logger: Logger) -> Access {
        var names = NameLookup()
        return resolve(configuration, names: &names, logger: logger)
    }
}
