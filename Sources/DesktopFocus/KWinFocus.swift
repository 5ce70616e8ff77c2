import Foundation

/// KDE Plasma's KWin (5.27 and 6), asked through its scripting over the session bus (sd-bus): for each question a small
/// script (KWinScript) is loaded with org.kde.kwin.Scripting.loadScript, run, and calls this connection back with
/// the window, then unloaded. KWin offers no call that names the active window (its /KWin interface's
/// queryWindowInfo waits for the user to click one), so a script is the way. The bus connection is kept and made
/// again when it broke.
public final class KWinFocus: FocusSource {
    public let busAddress: String
    /// Where the scripts are written for KWin to read: the user's runtime folder.
    let scriptFolder: String
    let timeout: Duration
    private var bus: SessionBus?
    private var questions: UInt32 = 0

    public init(busAddress: String, scriptFolder: String, timeout: Duration = .seconds(1)) {
        self.busAddress = busAddress
        self.scriptFolder = scriptFolder
        self.timeout = timeout
    }

    public var desktop: DesktopFocus.Desktop { .kde }
    public var description: String { "KWin on the session bus \(busAddress)" }

    public func front() throws(FocusError) -> WindowIdentity? { try ask(.front) }
    public func underPointer() throws(FocusError) -> WindowIdentity? { try ask(.underPointer) }

    /// The question on the kept connection, or a new one; once more on a new one when the kept one failed.
    private func ask(_ question: KWinScript.Question) throws(FocusError) -> WindowIdentity? {
        let kept = bus != nil
        do {
            return try ask(question, on: connected())
        } catch where kept {
            bus = nil
            do { return try ask(question, on: connected()) } catch { bus = nil; throw FocusError(source: description, error.message) }
        } catch {
            bus = nil
            throw FocusError(source: description, error.message)
        }
    }

    private func connected() throws(SessionBusError) -> SessionBus {
        if let bus { return bus }
        let made = try SessionBus(address: busAddress, timeout: timeout)
        bus = made
        return made
    }

    private func ask(_ question: KWinScript.Question, on bus: SessionBus) throws(SessionBusError) -> WindowIdentity? {
        questions &+= 1
        let number = questions
        // The plugin name is the script's name in KWin, one for this connection: a script left by a connection that
        // ended without unloading it cannot stand in the way.
        let plugin = "gestured-focus-" + bus.uniqueName.filter { $0.isLetter || $0.isNumber }
        try KWinScripting.run(KWinScript.text(question, number: number, replyTo: bus.uniqueName), plugin: plugin, in: scriptFolder, on: bus)
        defer { KWinScripting.unload(plugin, on: bus) }
        let answer: SessionBus.Call
        do {
            answer = try bus.receive { call in call.member == "answer" && call.body.first == .string(String(number)) }
        } catch {
            throw SessionBusError("waiting for the script's answer: \(error.message)")
        }
        bus.answer(answer)
        guard answer.body.count == 2, case .string(let json) = answer.body[1] else { throw SessionBusError("the script's answer has no window") }
        return try KWinWindow.identity(json)
    }
}

/// The window as the scripts describe it (KWinScript.describe).
struct KWinWindow: Decodable {
    /// The window of a script's JSON, nil for `null`.
    static func identity(_ json: String) throws(SessionBusError) -> WindowIdentity? {
        do {
            return try JSONDecoder().decode(KWinWindow?.self, from: Data(json.utf8))?.identity
        } catch {
            throw SessionBusError("the script's answer is not a window: \(JSONProblem(error))")
        }
    }

    var appID: String?
    var instance: String?
    var title: String?
    var pid: Int32?

    var identity: WindowIdentity {
        WindowIdentity(appID: appID ?? "", instance: instance, title: title, pid: pid.flatMap { $0 > 0 ? $0 : nil })
    }
}
