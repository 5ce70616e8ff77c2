import Testing

@testable import DesktopFocus

/// Xauthority files read as libXau reads them, and the entry for a display chosen as XauGetBestAuthByAddr chooses.
struct XAuthorityTests {
    static func field(_ text: String) -> [UInt8] { field(Array(text.utf8)) }
    static func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
    static let cookie: [UInt8] = Array(0..<16)

    /// What `xauth add :5 . <hex>` wrote on a machine named vm: FamilyLocal, the host's name, "5".
    static let local: [UInt8] = [0x01, 0x00] + field("vm") + field("5") + field("MIT-MAGIC-COOKIE-1") + field(cookie)

    @Test func entriesAreReadAndATruncatedOneLeftOut() {
        let other: [UInt8] = [0x01, 0x00] + Self.field("vm") + Self.field("7") + Self.field("XDM-AUTHORIZATION-1") + Self.field([1, 2, 3])
        let entries = XAuthority.entries(Self.local + other + Self.local.prefix(20))
        #expect(entries.count == 2)
        #expect(entries[0] == XAuthority.Entry(family: 256, address: Array("vm".utf8), number: Array("5".utf8), name: XAuthority.cookieName, data: Self.cookie))
        #expect(entries[1].name == Array("XDM-AUTHORIZATION-1".utf8))
    }

    @Test func theEntryIsThisHostsForThisDisplayOrAWildOne() {
        let entries = XAuthority.entries(Self.local)
        #expect(XAuthority.cookie(in: entries, display: "5", hostname: "vm")?.data == Self.cookie)
        #expect(XAuthority.cookie(in: entries, display: "6", hostname: "vm") == nil)
        #expect(XAuthority.cookie(in: entries, display: "5", hostname: "other") == nil)
        // FamilyWild, no number: any display anywhere (what the tests' X server is given).
        let wild = XAuthority.entries([0xFF, 0xFF] + Self.field("") + Self.field("") + Self.field("MIT-MAGIC-COOKIE-1") + Self.field(Self.cookie))
        #expect(XAuthority.cookie(in: wild, display: "9", hostname: "anything")?.data == Self.cookie)
    }

    @Test func onlyDisplaysOfThisMachineAreLookedUp() {
        #expect(XAuthority.localDisplayNumber(":0") == "0")
        #expect(XAuthority.localDisplayNumber(":12.1") == "12")
        #expect(XAuthority.localDisplayNumber("unix:3") == "3")
        #expect(XAuthority.localDisplayNumber("remote:0") == nil)
        #expect(XAuthority.localDisplayNumber("/tmp/.X11-unix/X0") == nil)
        #expect(XAuthority.localDisplayNumber(":") == nil)
    }

    @Test func theFileIsXAUTHORITYElseTheHomeFoldersOne() {
        #expect(XAuthority.path(environment: ["XAUTHORITY": "/run/user/1000/gdm/Xauthority", "HOME": "/home/u"]) == "/run/user/1000/gdm/Xauthority")
        #expect(XAuthority.path(environment: ["HOME": "/home/u"]) == "/home/u/.Xauthority")
        #expect(XAuthority.path(environment: [:]) == nil)
    }
}
