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
        return n
    }

    func unsubscribe(_ n: Int) -> Bool { subscriptions.removeValue(forKey: n) != nil }

    /// Whether any subscription wants this.
    func wants(_ test: (Subscription) -> Bool) -> Bool {
        subscriptions.values.contains(where: test)
    }
}
