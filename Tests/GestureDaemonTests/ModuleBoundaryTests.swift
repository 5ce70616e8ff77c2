import Foundation
import Testing

/// What some modules may not touch, as their first files say: the package's dependencies keep most modules out
/// (a module not listed cannot be imported), but the platform's own modules are there for every target, so their
/// absence is checked here, in the sources.
@Suite struct ModuleBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Each module and the modules its sources may not import.
    static let forbidden: [(module: String, imports: [String])] = [
        // The core does no I/O and reads no clock (GestureCore.swift).
        ("GestureCore", ["Glibc", "Foundation", "LinuxInput", "SystemCalls", "SystemPackage", "CLibevdev", "CLibudev", "CaptureFormats"]),
        // The engine is pure Swift: time is an input.
        ("GestureEngine", ["Glibc", "Foundation"]),
    ]

    @Test(arguments: forbidden.map(\.module))
    func aModuleImportsNothingItMayNotTouch(_ module: String) throws {
        let banned = Set(Self.forbidden.first { $0.module == module }!.imports)
        let folder = Self.sources.appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let name = String(line.split(separator: " ").last!)
                #expect(!banned.contains(name), "\(module)/\(file) imports \(name)")
            }
        }
    }
}
