import GestureConfig
import GestureEngine
import GestureProtocol

/// One connection's state: who it is and what it may do, whether it said hello, what it subscribed to and what
/// it added.
final class ClientSession {
    let id: ClientID
    let peer: PeerCredentials
    /// What the configuration lets this peer do, read again on every reload (docs/protocol.md, Who sees what).
    /// Read for every line sent, changed only by a reload, never while another access is open: unchecked for
    /// exclusivity (docs/daemon.md, What a frame costs).
    @exclusivity(unchecked) var mayReceiveTouches: Bool
    @exclusivity(unchecked) var positions: Sight = .nowhere
    /// daemon.control allows it: its recognizers join the configured ones' arbitration; otherwise they run apart.
    var trusted: Bool
    var name: String?
    var greeted = false
    /// When the connection is closed if it has not said hello by then.
    var helloDeadline: Timestamp?
    private(set) var subscriptions: [Int: Subscription] = [:]
    private var nextSubscription = 1
    /// What the client added, removed when it disconnects (UIKit's addGestureRecognizer, for one connection).
    var regions: [RegionEntry] = []
    var recognizers: [RecognizerEntry] = []
    /// Shapes for its shape recognizers (add_shape), which name them.
    var shapes: [ShapeTemplate] = []
    /// Its share of daemon.client_shape_steps: the shape matching its own engines may do in one step
    /// (`GestureEngine.shapeWorkPerCall`; Requests.shareShapeSteps). Read before each step of its engines.
    @exclusivity(unchecked) var shapeSteps = 0

    /// The points of its shapes.
    var shapePoints: Int { shapes.reduce(0) { $0 + $1.pointCount } }
    /// The examples its shape recognizers compare a drawing with, each recognizer's counted.
    var shapeComparisons: Int { recognizers.reduce(0) { $0 + ($1.shapes?.examples ?? 0) } }

    /// The examples of its shapes that an add_recognizer's `shapes` names (each name once; a name it did not add
    /// counts nothing, and is refused when the recognizer is made).
    func examples(named request: JSONValue) -> Int {
        guard case .object(let fields) = request, case .array(let names)? = fields["shapes"] else { return 0 }
        var seen: Set<String> = []
        return names.reduce(0) { sum, name in
            guard case .string(let n) = name, seen.insert(n).inserted, let shape = shapes.first(where: { $0.name == n }) else { return sum }
            return sum + shape.heldDrawings
        }
    }

    /// Where the peer sees positions: everywhere or nowhere need no region looked up, as most peers are.
    /// Where the connection sees positions, as its hello says.
    typealias Sight = Hello.Positions

    init(id: ClientID, peer: PeerCredentials, mayReceiveTouches: Bool, trusted: Bool) {
        self.id = id
        self.peer = peer
        self.mayReceiveTouches = mayReceiveTouches
        self.trusted = trusted
    }

    /// `client N`, as lines and lists name what it added.
    var ownerName: String { "client \(id)" }

    /// Takes the touch subscriptions away (its raw touches were revoked by a reload); whether it had any.
    func dropTouchSubscriptions() -> Bool {
        let touching = subscriptions.filter { $0.value.wants(.touches) }.map(\.key)
        for n in touching { subscriptions[n] = nil }
        if !touching.isEmpty { summarize() }
        return !touching.isEmpty
    }

    func subscribe(_ subscription: Subscription) -> Int {
        let n = nextSubscription
        nextSubscription += 1
        subscriptions[n] = subscription
        summarize()
        return n
    }

    func unsubscribe(_ n: Int) -> Bool {
        defer { summarize() }
        return subscriptions.removeValue(forKey: n) != nil
    }

    /// Whether any subscription wants this.
    func wants(_ test: (Subscription) -> Bool) -> Bool {
        subscriptions.values.contains(where: test)
    }

    // Every action and every touch is matched against every client: most subscriptions filter nothing, and
    // those say yes without being read (reading one out of the dictionary copies its five filters).
    @exclusivity(unchecked) private var listed: [Subscription] = []
    private var takesEveryGesture = false
    private var takesEveryTouch = false
    private var takesGestures = false
    private var takesTouches = false

    private func summarize() {
        listed = Array(subscriptions.values)
        takesEveryGesture = listed.contains { $0.takesEveryGesture }
        takesEveryTouch = listed.contains { $0.takesEveryTouch }
        takesGestures = listed.contains { $0.wants(.gestures) }
        takesTouches = listed.contains { $0.wants(.touches) }
    }

    /// Whether any subscription wants an action that passes `test`.
    func wantsGesture(_ test: (Subscription) -> Bool) -> Bool {
        takesEveryGesture || takesGestures && listed.contains(where: test)
    }

    /// Whether the client gets touches of any kind: allowed them, and subscribed to some.
    var takesAnyTouch: Bool { mayReceiveTouches && takesTouches }

    /// Whether any subscription wants a touch that passes `test`.
    func wantsTouch(_ test: (Subscription) -> Bool) -> Bool {
        takesEveryTouch || takesTouches && listed.contains(where: test)
    }
}
