/// A desktop asked which window is in front. Each source keeps what it needs between questions (a connection,
/// interned atoms) and connects again when that broke, so that asking at every gesture costs a round trip or
/// two. A source is used from one thread at a time.
public protocol FocusSource: AnyObject, CustomStringConvertible {
    var desktop: DesktopFocus.Desktop { get }
    /// The focused application's window; nil when nothing has the focus (an empty workspace, the desktop itself).
    func front() throws(FocusError) -> WindowIdentity?
    /// The window under the pointer; nil over no window. Sway's IPC does not say where the pointer is: it throws.
    func underPointer() throws(FocusError) -> WindowIdentity?
}

/// A question a desktop could not answer: which desktop, where (`source` is the source's description, "sway at
/// /run/user/1000/sway-ipc.1000.812.sock") and what failed.
public struct FocusError: Error, Equatable, CustomStringConvertible {
    public var source: String
    public var message: String

    public init(source: String, _ message: String) {
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(message)" }
}
