import Glibc
import SystemCalls

/// The cookie an X server wants, read from an Xauthority file (libXau's format) for a display of this machine,
/// so that the X11 source uses the XAUTHORITY of the environment it was given, not the process's (which is all
/// libxcb's own look-up reads).
///
/// The file is a list of entries, each five fields with big-endian 16-bit lengths: family (a number), address,
/// display number, authorization name and data. An entry is for this display when its family is FamilyWild
/// (65535) or FamilyLocal (256) with this host's name as address, and its number is this display's or empty
/// (libXau's XauGetBestAuthByAddr); MIT-MAGIC-COOKIE-1, the one libxcb sends, is taken.
enum XAuthority {
    struct Entry: Equatable {
        var family: UInt16
        var address: [UInt8]
        var number: [UInt8]
        var name: [UInt8]
        var data: [UInt8]
    }

    static let familyLocal: UInt16 = 256
    static let familyWild: UInt16 = 65535
    static let cookieName = Array("MIT-MAGIC-COOKIE-1".utf8)

    /// $XAUTHORITY, else ~/.Xauthority (libXau's XauFileName).
    static func path(environment: [String: String]) -> String? {
        if let path = environment["XAUTHORITY"], !path.isEmpty { return path }
        return environment["HOME"].flatMap { $0.isEmpty ? nil : "\($0)/.Xauthority" }
    }

    /// The entries of a file's bytes; a truncated last entry is left out, as libXau stops at it.
    static func entries(_ bytes: [UInt8]) -> [Entry] {
        var entries: [Entry] = []
        var offset = 0
        func field() -> [UInt8]? {
            guard offset + 2 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard offset + 2 + length <= bytes.count else { return nil }
            defer { offset += 2 + length }
            return Array(bytes[offset + 2..<offset + 2 + length])
        }
        while offset + 2 <= bytes.count {
            let family = UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
            offset += 2
            guard let address = field(), let number = field(), let name = field(), let data = field() else { break }
            entries.append(Entry(family: family, address: address, number: number, name: name, data: data))
        }
        return entries
    }

    /// The MIT-MAGIC-COOKIE-1 entry for local display `number` on host `hostname`.
    static func cookie(in entries: [Entry], display number: String, hostname: String) -> Entry? {
        entries.first { entry in
            let family = entry.family == familyWild || (entry.family == familyLocal && entry.address == Array(hostname.utf8))
            let display = entry.number.isEmpty || entry.number == Array(number.utf8)
            return family && display && entry.name == cookieName
        }
    }

    /// The display number of a display on this machine (":0", ":1.0", "unix:2"); nil for a display elsewhere
    /// ("host:0", left to libxcb's own look-up) or one given as a socket's path.
    static func localDisplayNumber(_ display: String) -> String? {
        guard let colon = display.lastIndex(of: ":") else { return nil }
        let host = display[..<colon]
        guard host.isEmpty || host == "unix" else { return nil }
        let number = display[display.index(after: colon)...].prefix { $0 != "." }
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber) ? String(number) : nil
    }

    static func hostname() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
