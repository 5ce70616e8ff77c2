import ConfigFiles
import Foundation
import GestureActions
import GestureConfig
import Testing

@testable import ActionImports

/// The imported recognizers' names never clash with a recognizer of gestured's shipped configurations, which the
/// daemon would refuse to a client: theirs spell fingers in words, imported ones in digits.
@Suite struct ImportedNamesTests {
    static let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config")

    static func shippedNames() throws -> [String] {
        let files = [configFolder, configFolder.appendingPathComponent("examples")].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []).filter { $0.pathExtension == "toml" }
        }
        #expect(files.count >= 6)
        return try files.flatMap { try Configuration.load($0.path, files: SystemFiles()).get().recognizers.map(\.name) }
    }

    @Test func noImportedNameIsAShippedOne() throws {
        let shipped = try Self.shippedNames()
        #expect(shipped.contains("three-finger-swipe-horizontal"))
        let fixtures: [(ImportSource, String)] = [
            (.touchegg, "touchegg-default.conf"), (.touchegg, "touchegg-examples.conf"), (.fusuma, "fusuma-default.yml"),
            (.fusuma, "fusuma-examples.yml"), (.libinputGestures, "libinput-gestures-default.conf"),
            (.libinputGestures, "libinput-gestures-examples.conf"),
        ]
        var imported: Set<String> = []
        for (source, fixture) in fixtures { imported.formUnion(try Imported(source, fixture: fixture).recognizerNames) }
        #expect(imported.count >= 15)
        #expect(imported.isDisjoint(with: shipped))
        // The way imported names are made (kind, digits) is one no shipped name has, whatever the fingers.
        let pattern = /^(swipe|pan|pinch|rotation|tap|long-press)-[0-9]/
        #expect(imported.allSatisfy { $0.firstMatch(of: pattern) != nil })
        #expect(shipped.allSatisfy { $0.firstMatch(of: pattern) == nil })
    }

    /// The desktops the importer gives each window action's shortcut to are those whose shipped presets have it.
    @Test func theWindowActionsShortcutsAreThePresetsOnTheirDesktops() throws {
        let presets = try ShortcutPresets.load(folder: Imported.presets.path, files: SystemFiles())
        #expect(WindowAction.presetDesktops.count == 11)
        for (name, desktops) in WindowAction.presetDesktops {
            #expect(desktops == ShortcutPresets.desktops.filter { presets.shortcuts[$0]?[name] != nil }, "\(name)")
        }
        let actions: [WindowAction] = [
            .maximize, .minimize, .tile(left: true), .tile(left: false), .fullscreen, .close, .showDesktop, .workspace("next"), .workspace("left"),
            .workspace("previous"), .workspace("right"), .moveWindow("next"), .moveWindow("previous"), .moveWindow("left"), .moveWindow("right"),
        ]
        #expect(actions.allSatisfy { $0.shortcut.map { WindowAction.presetDesktops[$0] != nil } == true })
        #expect(WindowAction.workspace("up").shortcut == nil && WindowAction.moveWindow("down").shortcut == nil)
    }
}
