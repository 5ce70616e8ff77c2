import Conditioning
import ConfigFiles
import Foundation
import GestureEngine
import InputCore
import Testing

@testable import DeviceFactsDatabase

/// The device database (docs/devices.md): entries read with every error in place, refused one by one, matched
/// by identity, later ones overriding earlier ones.
@Suite struct DeviceDatabaseTests {
    static let lumpy = DeviceIdentity(name: "Cypress APA Trackpad (cyapa)", bus: 0x18, dmi: "dmi:bvncoreboot:svnSAMSUNG:pnLumpy:pvr1.0:")

    static let entry = """
        [[device]]
        id = "pad"
        about = "a pad"
        match = { name = "*cyapa*", bus = "i2c", dmi = "dmi:*pn*Lumpy*" }
        pressure_calibration = { slope = 2, offset = -4 }
        palm_contact_area_mm2 = 196
        sources = ["a data sheet"]
        """

    func errors(_ text: String) -> [String] {
        DeviceDatabase.parse(text, file: "f.toml").errors.map { "\($0.position.line):\($0.position.column): \($0.message)" }
    }

    @Test func anEntryMatchesByEveryKeyItGivesAndSaysWhy() throws {
        let (entries, errors) = DeviceDatabase.parse(Self.entry, file: "f.toml")
        #expect(errors.isEmpty)
        let database = DeviceDatabase(entries: entries)
        let known = database.knowledge(of: Self.lumpy)
        #expect(known.applied == [.init(id: "pad", file: "f.toml", line: 1, matched: [
            "name \"Cypress APA Trackpad (cyapa)\" matches \"*cyapa*\"", "bus i2c", "DMI matches \"dmi:*pn*Lumpy*\"",
        ])])
        #expect(known.facts.palmPressure == .contactArea(196))
        // Another machine, or no machine known: the entry does not apply.
        var link = Self.lumpy
        link.dmi = "dmi:svnGOOGLE:pnLink:"
        #expect(database.knowledge(of: link).applied.isEmpty)
        link.dmi = nil
        #expect(database.knowledge(of: link).applied.isEmpty)
    }

    @Test func aCalibratedPalmAreaBecomesTheConditioningsPressureFraction() throws {
        let (entries, _) = DeviceDatabase.parse(Self.entry, file: "f.toml")
        let facts = DeviceDatabase(entries: entries).knowledge(of: Self.lumpy).facts
        let description = DeviceDescription(
            name: "pad", axes: [
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: 10), AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 200),
            ])
        let geometry = SurfaceGeometry(x: description.axes[AbsCode.mtPositionX]!, y: description.axes[AbsCode.mtPositionY]!)
        var settings = TouchConditioning.defaults(for: .touchpad, surface: geometry.size)
        facts.apply(to: &settings, description: description, geometry: geometry)
        // (196 + 4) / 2 = 100 raw, half of the axis.
        #expect(settings.palmPressure == 0.5)
    }

    @Test func laterEntriesOverrideEarlierOnesFactByFact() {
        let (entries, errors) = DeviceDatabase.parse(Self.entry + """

            [[device]]
            id = "mine"
            about = "my own"
            match = { name = "Cypress APA Trackpad (cyapa)" }
            axes = { x = [10, 1010, 12] }
            palm_pressure = 150
            sources = ["my ruler"]
            """, file: "f.toml")
        #expect(errors.isEmpty)
        let known = DeviceDatabase(entries: entries).knowledge(of: Self.lumpy)
        #expect(known.applied.map(\.id) == ["pad", "mine"])
        #expect(known.facts.palmPressure == .raw(150))
        #expect(known.facts.pressureCalibration == .init(slope: 2, offset: -4))
        #expect(known.facts.x == .init(minimum: 10, maximum: 1010, resolution: 12))
    }

    @Test func factsCorrectTheAxesAndGiveAResolutionOnlyWhereNoneIsReported() {
        var facts = DeviceFacts()
        facts.x = .init(minimum: 100, maximum: 900, resolution: 0)
        facts.size = Size(width: 80, height: 50)
        let d = DeviceDescription(
            name: "pad", axes: [
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 20), AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500),
            ])
        let corrected = facts.corrected(d)
        // x keeps its own resolution (the fact's is 0) with the true range; y gets one from the size.
        #expect(corrected.axes[AbsCode.mtPositionX] == AbsInfo(minimum: 100, maximum: 900, resolution: 20))
        #expect(corrected.axes[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 500, resolution: 10))
    }

    @Test func everyMistakeIsSaidWithItsPlace() {
        #expect(errors("""
            [[device]]
            id = "pad"
            about = "a pad"
            match = { name = "x", bus = "usbb", dmi = "svnSAMSUNG" }
            palm_pressur = 3
            size_mm = "big"
            sources = []
            """) == [
                "1:1: the entry 'pad' states no fact (axes, size_mm, pressure_calibration, palm_pressure, palm_contact_area_mm2, palm_size, edge_palms, semi_mt)",
                "4:29: unknown bus 'usbb': one of pci, usb, hil, bluetooth, virtual, isa, ps2, host, i2c, spi, rmi; did you mean 'usb'?",
                "4:43: dmi 'svnSAMSUNG' can never match: a DMI modalias begins with dmi: (as in dmi:*svnSAMSUNG*:pnLumpy*)",
                "5:1: unknown key 'palm_pressur' in [[device]]; did you mean 'palm_pressure'?",
                "6:11: size_mm must be two numbers [width, height] in mm, got a string",
                "7:11: sources must name at least one public source of the entry's values",
            ])
        #expect(errors("""
            [[device]]
            id = "pad"
            about = "a pad"
            match = {}
            palm_contact_area_mm2 = 100
            axes = { x = [5, 5, 1] }
            sources = ["s"]
            """) == [
                "4:9: match needs at least one of name, bus, vendor, product, dmi: an entry about every device is no device's fact",
                "5:1: palm_contact_area_mm2 is in calibrated pressure: the entry needs pressure_calibration",
                "6:14: x must have its maximum above its minimum, got 5 to 5",
            ])
    }

    @Test func aBrokenEntryIsRefusedAndTheOthersApply() {
        let (entries, errors) = DeviceDatabase.parse(Self.entry + """

            [[device]]
            id = "typo"
            about = "a typo"
            match = { vendor = 0x10000 }
            size_mm = [50, 40]
            sources = ["s"]
            """, file: "f.toml")
        #expect(entries.map(\.id) == ["pad"])
        #expect(errors.map(\.description) == ["f.toml:11:20: vendor must be from 0 to 65535, got 65536"])
    }

    @Test func foldersAreReadInOrderAndAFileThatIsNotTOMLIsRefusedWhole() throws {
        let root = NSTemporaryDirectory() + "/device-database-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["shipped", "local"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        try Self.entry.write(toFile: root + "/shipped/50-pad.toml", atomically: true, encoding: .utf8)
        try Self.entry.replacingOccurrences(of: "196", with: "300").write(toFile: root + "/local/pad.toml", atomically: true, encoding: .utf8)
        try "[[device]\nid = ".write(toFile: root + "/local/broken.toml", atomically: true, encoding: .utf8)
        try "not read".write(toFile: root + "/local/notes.txt", atomically: true, encoding: .utf8)
        let database = DeviceDatabase.load(folders: [root + "/shipped", root + "/missing", root + "/local"], files: SystemFiles())
        #expect(database.entries.map(\.file) == [root + "/shipped/50-pad.toml", root + "/local/pad.toml"])
        #expect(database.knowledge(of: Self.lumpy).facts.palmPressure == .contactArea(300))
        #expect(database.refused.count == 1 && database.refused[0].file == root + "/local/broken.toml")
    }

    @Test func theInstalledFolderIsBesideTheExecutable() {
        #expect(DeviceDatabase.defaultFolders(executable: "/usr/local/bin/gestured") == ["/usr/local/share/gestured/devices", "/etc/gestured/devices.d"])
        #expect(DeviceDatabase.defaultFolders(executable: "/home/me/gestured/.build/release/gestured") == ["/usr/share/gestured/devices", "/etc/gestured/devices.d"])
    }

    /// The shipped database: every entry read without error, and each says where its values come from.
    @Test func theShippedDatabaseHasNoErrorAndCitesItsSources() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/devices"
        let database = DeviceDatabase.load(folders: [folder], files: SystemFiles())
        #expect(database.refused.isEmpty, "\(database.refused)")
        #expect(database.entries.count >= 6)
        for entry in database.entries { #expect(!entry.sources.isEmpty && !entry.about.isEmpty, "\(entry.id)") }
        // The Cr-48 is told from the other two machines with the same Synaptics pad by its DMI.
        let synaptics = DeviceIdentity(name: "SynPS/2 Synaptics TouchPad", bus: 0x11, vendor: 2, product: 7, dmi: "dmi:pnMario:")
        #expect(database.knowledge(of: synaptics).applied.map(\.id) == ["mario"])
    }
}
