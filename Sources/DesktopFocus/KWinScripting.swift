import Foundation

/// KWin's scripting over the session bus, as the questions (KWinFocus) and the watch (KWinChanges) both use it: a
/// script written where KWin reads it, loaded under a plugin name and run, and unloaded by that name.
enum KWinScripting {
    /// Writes `text` as `folder/plugin.js`, has KWin load and run it, and removes the file. A script that loaded but
    /// would not run is unloaded again.
    static func run(_ text: String, plugin: String, in folder: String, on bus: SessionBus) throws(SessionBusError) {
        let path = "\(folder)/\(plugin).js"
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw SessionBusError("cannot write the script \(path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try bus.call(
            destination: "org.kde.KWin", path: "/Scripting", interface: "org.kde.kwin.Scripting", member: "loadScript", [.string(path), .string(plugin)])
        guard case .int32(let id)? = loaded.first, id >= 0 else {
            throw SessionBusError("KWin did not load the script \(path) (loadScript answered \(loaded))")
        }
        // org.kde.kwin.Script.run on the script's object: /Scripting/Script<id> since KWin 5.27.80 (Plasma 6), /<id>
        // before; the one that is not there answers UnknownObject (or UnknownMethod).
        do {
            do {
                try bus.call(destination: "org.kde.KWin", path: "/Scripting/Script\(id)", interface: "org.kde.kwin.Script", member: "run")
            } catch {
                try bus.call(destination: "org.kde.KWin", path: "/\(id)", interface: "org.kde.kwin.Script", member: "run")
            }
        } catch {
            unload(plugin, on: bus)
            throw error
        }
    }

    /// Unloads the script of `plugin`, if KWin has one.
    static func unload(_ plugin: String, on bus: SessionBus) {
        _ = try? bus.call(destination: "org.kde.KWin", path: "/Scripting", interface: "org.kde.kwin.Scripting", member: "unloadScript", [.string(plugin)])
    }
}
