import GestureConfig
import GestureProtocol

/// One connection's state: who it is, whether it said hello, what it subscribed to and what it added.
final class ClientSession {
    let id: ClientID
    let peer: PeerCredentials
    let mayReceiveTouches: Bool
    var name: String?
    var greeted = false
    private(set) var subscriptions: [Int: Subscription] = [:]
    private var nextSubscription = 1
    /// What the client added, removed when it disconnects (UIKit's addGestureRecognizer, for one connection).
    var regions: [RegionEntry] = []
    var recognizers: [RecognizerEntry] = []

    init(id: ClientID, peer: PeerCredentials, mayReceiveTouches: Bool) {
        self.id = id
        self.peer = peer
        self.mayReceiveTouches = mayReceiveTouches
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
