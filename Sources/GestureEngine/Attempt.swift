/// The engine's record of one recognizer's attempt, from its first touch to its reset: what arbitration has
/// decided for it, and what it still owes its subscribers. The recognizer's own state (possible, began, ...)
/// says what it saw; this says what the engine did about it (docs/engine.md, "Arbitration").
struct Attempt {
    enum Decision: Equatable {
        /// Nothing sent: it may yet begin, be recognized or fail.
        case undecided
        /// It began or was recognized, but a recognizer it requires to fail is undecided (R6): it sends nothing
        /// until that one fails. (An identifier, not the recognizer: the value stays trivial to copy and compare,
        /// which arbitration does many times a frame.)
        case waiting(on: ObjectIdentifier)
        /// Its first action is sent; updates follow as they come.
        case committed
        /// Its ended or cancelled action is sent: this attempt owes nothing more.
        case finished
    }

    var decision = Decision.undecided
    /// Every touch of the attempt, ended ones included, ignored ones excluded: the touches it shares with other
    /// recognizers and cancels in its region.
    var touchIDs: [TouchID] = []
    /// Requirements the delegates asked for in this attempt (static ones are the recognizer's own).
    var requirements: [GestureRecognizer] = []
    /// The union of its touches' `Touch.placesVisited`, as of each frame they were in: every place whose
    /// positions could have reached its values.
    var placesVisited: UInt64 = 0
    /// The first touch type seen locks out other types until reset.
    var lockedTouchType: TouchType?
    /// Entered began during the attempt (so an ended that was held back needs a synthetic began first).
    var passedBegan = false
    /// Changed updates not sent yet.
    var pendingChanges = 0

    /// It has sent its first action.
    var hasSentActions: Bool {
        switch decision {
        case .committed, .finished: true
        case .undecided, .waiting: false
        }
    }

    var isWaiting: Bool {
        if case .waiting = decision { return true }
        return false
    }

    /// Back to a fresh attempt, keeping the storage.
    mutating func clear() {
        decision = .undecided
        touchIDs.removeFewKeepingCapacity()
        requirements.removeFewKeepingCapacity()
        placesVisited = 0
        lockedTouchType = nil
        passedBegan = false
        pendingChanges = 0
    }
}
