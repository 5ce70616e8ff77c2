/// Raw touch delivery to regions, after the recognizers (rules R2, V1-V5).
///
/// Each touch keeps a record from touch-down until its region has had its last word (ended or cancelled),
/// which can be after the finger lifted: a double tap holds the first tap's ended for up to 0.35 s.
struct TouchRecord {
    enum Delivery {
        /// Touch-began not delivered yet (held by a delaysTouchesBegan recognizer).
        case pendingBegan
        /// The region has the touch.
        case open
        /// The region has had ended or cancelled, or will never hear of the touch.
        case closed
    }

    var touch: Touch
    var region: Region
    /// The recognizers that received the touch at touch-down (R1). Whether one still tracks it is its own
    /// business (ignored, reset).
    var receivers: [GestureRecognizer]
    var delivery = Delivery.pendingBegan
    var movedThisFrame = false
    var lifted = false
    var inUse = true
}

extension GestureEngine {
    func recordIndex(of id: TouchID) -> Int? {
        records.firstIndex { $0.inUse && $0.touch.id == id }
    }

    /// Records are reused, receivers' storage included, so a touch-down allocates nothing once warm.
    func newRecord(touch: Touch, region: Region) -> Int {
        if let free = records.firstIndex(where: { !$0.inUse }) {
            records[free].touch = touch
            records[free].region = region
            records[free].receivers.removeAll(keepingCapacity: true)
            records[free].delivery = .pendingBegan
            records[free].movedThisFrame = false
            records[free].lifted = false
            records[free].inUse = true
            return free
        }
        var receivers: [GestureRecognizer] = []
        receivers.reserveCapacity(recognizers.count)
        records.append(TouchRecord(touch: touch, region: region, receivers: receivers))
        return records.count - 1
    }

    /// Whether an undecided recognizer that tracks this touch in its attempt holds this delivery.
    private func isHeld(_ record: TouchRecord, delayingBegan: Bool) -> Bool {
        for recognizer in record.receivers
        where (delayingBegan ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded)
            && recognizer.isUndecided && recognizer.attempt.touchIDs.contains(record.touch.id)
        {
            return true
        }
        return false
    }

    /// V3 for a touch that lands on a gesture already in progress: a recognizer that has begun (or been
    /// recognized) with `cancelsTouchesInView` and tracks the touch makes it one of that gesture's touches,
    /// which the region does not get. Touches it ignores (beyond a pan's maximum) are the region's (V5).
    private func isClaimedByGestureInProgress(_ record: TouchRecord) -> Bool {
        for recognizer in record.receivers
        where recognizer.attempt.hasSentActions && recognizer.cancelsTouchesInView && recognizer.attempt.touchIDs.contains(record.touch.id) {
            return true
        }
        return false
    }

    func deliverTouches() {
        for i in records.indices where records[i].inUse {
            deliver(&records[i])
        }
    }

    private func deliver(_ record: inout TouchRecord) {
        var arrivedLate = false
        if record.delivery == .pendingBegan {
            if record.lifted, record.touch.phase == .cancelled {
                record.delivery = .closed  // The region never saw it: nothing to cancel.
                return
            }
            if isClaimedByGestureInProgress(record) {
                record.delivery = .closed
                return
            }
            guard !isHeld(record, delayingBegan: true) else { return }
            // V1: a held began arrives when the recognizer fails, at the touch's current position; the moves
            // made meanwhile are not replayed.
            emit(&record, .began)
            record.delivery = .open
            arrivedLate = record.touch.phase != .began
        }
        guard record.delivery == .open else { return }
        if record.movedThisFrame, !arrivedLate, !record.lifted { emit(&record, .moved) }
        record.movedThisFrame = false
        guard record.lifted else { return }
        if record.touch.phase == .cancelled {
            emit(&record, .cancelled)
            record.delivery = .closed
        } else if !isHeld(record, delayingBegan: false) {
            emit(&record, .ended)  // V2: the recognizers failed, or never delayed it.
            record.delivery = .closed
        }
    }

    private func emit(_ record: inout TouchRecord, _ phase: TouchPhase) {
        output.append(.touch(TouchDelivery(region: record.region.name, touch: record.touch, phase: phase, time: now)))
    }

    /// V3: the touches of a recognizer that began or was recognized are cancelled in their region, right
    /// after its action (V4), and the region hears nothing more of them. Held ones are simply dropped.
    func cancelRegionTouches(of recognizer: GestureRecognizer) {
        for id in recognizer.attempt.touchIDs {
            guard let i = recordIndex(of: id) else { continue }
            switch records[i].delivery {
            case .pendingBegan:
                records[i].delivery = .closed
            case .open:
                emit(&records[i], .cancelled)
                records[i].delivery = .closed
            case .closed:
                break
            }
        }
    }

    func releaseFinishedRecords() {
        for i in records.indices where records[i].inUse {
            records[i].movedThisFrame = false
            if records[i].lifted, records[i].delivery == .closed {
                records[i].inUse = false
                records[i].receivers.removeAll(keepingCapacity: true)
            }
        }
    }
}
