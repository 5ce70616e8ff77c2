import Conditioning
import ConfigSchema
import GestureConfig
import GestureEngine
import GestureProtocol
import InputCore
import Logging

/// The daemon without its I/O: devices and their surfaces, frames through the engines, clients and their
/// requests, reloads. Single-threaded: the input loop (or a replay) calls it; the lines it makes go into the
/// outbox, a queue the caller writes out, and what else is to be done (grab a device, write its twin, read the
/// configuration, log) comes back as actions (`takeActions`). Time comes in with every call; it never reads a
/// clock.
///
/// It is the step function: every input that comes at a time (a frame, a device gone, a connection, a line, a
/// reload) first fires the deadlines due before it, by one rule of time (docs/daemon.md, Time), whatever order
/// the caller calls in, then goes to the part that owns it: frames to FrameRouter, devices to Devices,
/// connections and their lines to Requests, configurations read to Reloads. What they share is CoreState.
public final class DaemonCore {
    let state: CoreState
    let router: FrameRouter
    let devices: Devices
    let requests: Requests
    let reloads: Reloads

    /// `access`: who may do what, the configuration's names resolved by the caller (`Access.resolve`). `logLevel`:
    /// the level of the log its `.log` actions go to, below which it makes none. `explainTo`: the connection
    /// `gestured replay --explain` writes to: every recognizer transition and every contact's change in touch
    /// conditioning go to it as lines that start with `#`, between the event lines.
    public init(configuration: Configuration, access: Access, outbox: any Outbox, logLevel: Logger.Level = .info, explainTo: ClientID? = nil) {
        state = CoreState(configuration: configuration, access: access, outbox: outbox, logLevel: logLevel, explainTo: explainTo)
        router = FrameRouter(state: state)
        devices = Devices(state: state, router: router)
        requests = Requests(state: state)
        reloads = Reloads(state: state, router: router, devices: devices, requests: requests)
    }

    public var configuration: Configuration { state.configuration }

    /// What the caller is to do after its last call, in order (docs/daemon.md, One thread and data flow), and what
    /// the answers it gives meanwhile (`grabbed`, `grabFailed`, `finishReload`) ask for in turn.
    public func takeActions(_ body: (CoreAction) -> Void) {
        // Asked after every frame, and most frames ask for nothing.
        guard !state.actions.queued.isEmpty else { return }
        state.actions.take(body)
    }

    // MARK: Time

    /// A device's frame, after every deadline due before it has fired, each at its own time (DaemonCore's one rule
    /// of time, live and in replay alike: docs/daemon.md, Time).
    public func frame(_ frame: TouchFrame, from device: DeviceID) {
        fireDeadlines(through: frame.timestamp, inclusive: false)
        router.frame(frame, from: device)
    }

    /// The earliest time a recognizer or a device's touch conditioning wants to be woken, a connection must have
    /// said hello by, or the client lines left out of the log can be told of; nil when none waits for anything.
    public var nextDeadline: Timestamp? {
        var earliest = requests.helloDeadline
        if let d = requests.clientLog.reportDue, earliest.map({ d < $0 }) ?? true { earliest = d }
        if let d = router.nextDeadline, earliest.map({ d < $0 }) ?? true { earliest = d }
        return earliest
    }

    /// Time has come to `time` with no input: every deadline due by then fires, each at its own time, earliest first.
    public func advance(to time: Timestamp) { fireDeadlines(through: time, inclusive: true) }

    /// Every deadline up to `time` (at it too when `inclusive`), each at its own time, earliest first (TimeRule):
    /// connections that must have said hello, the client lines left out of the log, the devices' touch
    /// conditioning and engines.
    private func fireDeadlines(through time: Timestamp, inclusive: Bool) {
        var fired: Timestamp?
        while let due = nextDeadline, TimeRule.fires(due, through: time, inclusive: inclusive, after: fired) {
            if requests.helloDeadline.map({ $0 <= due }) ?? false { requests.closeSilentClients(at: due) }
            requests.reportDroppedLines(at: due)
            router.fire(at: due)
            fired = due
        }
    }

    // MARK: Devices

    public func deviceAdded(_ info: DeviceInfo) { devices.deviceAdded(info) }

    /// The input layer already delivered a last frame cancelling the device's touches.
    public func deviceRemoved(_ device: DeviceID, at time: Timestamp) {
        fireDeadlines(through: time, inclusive: false)
        devices.deviceRemoved(device, at: time)
    }

    /// The kernel's buffer for a device overflowed (SYN_DROPPED): libevdev already resynchronized its touches, but
    /// whatever moved meanwhile was lost.
    public func eventsDropped(_ device: DeviceID, times: Int) { devices.eventsDropped(device, times: times) }

    /// Why a device was not grabbed, as the caller found.
    public enum GrabRefusal: Error {
        /// The device is a recording: nothing else reads it.
        case recording
        /// The input layer could not (another process holds the device, no /dev/uinput, ...), saying why.
        case failed(String)
    }

    /// The caller grabbed the device and made its twin at `twin`: the recognizers' leftovers go there from the next
    /// frame on. A device gone or no longer to be grabbed meanwhile is let go again.
    public func grabbed(_ device: DeviceID, twin: String) { devices.grabbed(device, twin: twin) }

    /// The caller did not grab the device: it is read without grabbing (a reload asks again).
    public func grabFailed(_ device: DeviceID, because refusal: GrabRefusal) { devices.grabFailed(device, because: refusal) }

    /// How many devices are served.
    public var deviceCount: Int { state.sessions.count }

    // MARK: Clients

    /// A new connection at `time`, within daemon.max_clients and max_clients_per_user (the socket server refuses
    /// the rest where it accepts them): it has daemon.hello_timeout_s from then to say hello.
    public func clientConnected(_ id: ClientID, peer: PeerCredentials, at time: Timestamp) {
        fireDeadlines(through: time, inclusive: false)
        requests.clientConnected(id, peer: peer, at: time)
    }

    /// The client is gone: its subscriptions end and what it added is removed from every surface.
    public func clientDisconnected(_ id: ClientID, reason: String = "closed", at time: Timestamp) {
        fireDeadlines(through: time, inclusive: false)
        requests.clientDisconnected(id, reason: reason, at: time)
    }

    /// One request line, without its newline, at `time`.
    public func clientLine(_ id: ClientID, _ line: some Collection<UInt8>, at time: Timestamp) {
        fireDeadlines(through: time, inclusive: false)
        requests.clientLine(id, line, at: time)
    }

    /// A subscriber inside the process (a replay's output), greeted and subscribed without a socket.
    public func addLocalSubscriber(_ id: ClientID, _ subscription: Subscription) { requests.addLocalSubscriber(id, subscription) }

    /// Whether a peer may control the daemon (daemon.control): the socket server asks at each accept, so that a
    /// reload's daemon.control counts from the next connection on.
    public func mayControl(_ peer: PeerCredentials) -> Bool { state.control.allows(peer) }

    /// Whether any client subscribed to anything: a replay waits for the first.
    public var hasSubscribers: Bool { state.clients.values.contains { !$0.subscriptions.isEmpty } }

    /// One line for systemd's STATUS=.
    public var statusLine: String {
        "\(state.sessions.count) device(s), \(state.clients.count) client(s), \(state.runningRecognizers) recognizer(s)"
    }

    // MARK: Reload

    /// Takes a new configuration: every touch in flight is cancelled on the old surfaces, and devices are
    /// claimed again under the new entries. Clients stay connected; their additions are kept where they still fit.
    public func apply(_ new: Configuration, access: Access, at time: Timestamp) {
        fireDeadlines(through: time, inclusive: false)
        reloads.apply(new, access: access, at: time)
    }

    /// A configuration read for a reload: applied, or refused with its errors; the requests that waited for it
    /// are answered.
    public func finishReload(_ result: Result<(Configuration, Access), ConfigErrors>, at time: Timestamp) {
        fireDeadlines(through: time, inclusive: false)
        reloads.finishReload(result, at: time)
    }
}
