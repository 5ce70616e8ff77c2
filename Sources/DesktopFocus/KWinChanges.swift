/// KWin's word of the window in front: a script kept loaded for as long as the watch runs (KWinScript.watching),
/// which calls this connection with the window at each activation, on a bus connection of its own; KWin's name
/// losing its owner (KWin gone) ends it. The script has one name per user: a watch that starts unloads one left by
/// a watch killed before it could, so at most one is ever left calling a connection that is gone, until the next.
final class KWinChanges: FocusChanges {
    static let plugin = "gestured-focus-watch"
    private let bus: SessionBus

    init(busAddress: String, scriptFolder: String, timeout: Duration) throws(SessionBusError) {
        bus = try SessionBus(address: busAddress, timeout: timeout)
        try bus.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "AddMatch",
            [.string("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.kde.KWin'")])
        // A script of this name left by a watch killed before it could unload it goes first.
        KWinScripting.unload(Self.plugin, on: bus)
        try KWinScripting.run(KWinScript.watching(replyTo: bus.uniqueName), plugin: Self.plugin, in: scriptFolder, on: bus)
    }

    deinit { KWinScripting.unload(Self.plugin, on: bus) }

    /// The window the script names; nil once KWin is gone, the bus broke or `stopping` became readable. A call whose
    /// window cannot be read is a change all the same: the source is asked.
    func next(stopping: Int32) -> FocusChange? {
        guard let call = bus.nextCall(stopping: stopping, { $0.member == "changed" || $0.member == "NameOwnerChanged" }) else { return nil }
        bus.answer(call)
        guard call.member == "changed" else { return nil }
        guard case .string(let json)? = call.body.first, let window = try? KWinWindow.identity(json) else { return .ask }
        return .window(window)
    }
}
