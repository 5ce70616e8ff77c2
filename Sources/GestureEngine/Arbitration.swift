/// Arbitration between recognizers after every recognizer has seen the event (rules R3-R7).
///
/// A recognizer that wants to begin (or is recognized) commits, sending its first action, only when
/// nothing it requires to fail is undecided (R6) and no recognizer that shares its touches prevents it
/// (R3, R4). Committing makes every undecided recognizer it prevents fail. Ties within one pass go by pass
/// order (R11), except that a recognizer which cannot prevent a rival that can prevent it yields to it,
/// which is how a double tap beats a single tap recognized on the same lift (R7).
extension GestureEngine {
    enum RequirementStatus {
        case clear
        case waiting(on: GestureRecognizer)
        case requiredRecognized(GestureRecognizer)
    }

    func arbitrate() {
        abandonIdleAttempts()
        var progress = true
        while progress {
            progress = false
            eachRecognizer { recognizer in
                guard recognizer.isUndecided else { return }
                switch requirementStatus(of: recognizer) {
                case .requiredRecognized(let other):
                    recognizer.force(.failed, cause: .requirementRecognized(other.name))
                    progress = true
                    return
                case .waiting(let other):
                    if recognizer._state != .possible, recognizer.attempt.decision != .waiting(on: ObjectIdentifier(other)) {
                        recognizer.attempt.decision = .waiting(on: ObjectIdentifier(other))
                        note(recognizer, .waiting(for: other.name))
                    }
                    return
                case .clear:
                    break
                }
                guard recognizer._state != .possible else { return }
                if let winner = preventer(of: recognizer) {
                    recognizer.force(.failed, cause: .excluded(by: winner.name))
                } else {
                    commit(recognizer)
                }
                progress = true
            }
        }
    }

    /// A recognizer still possible with no touch down and no deadline has nothing left to wait for: it
    /// fails, so that it holds no touches and blocks no one (decision: UIKit leaves this to the subclass).
    private func abandonIdleAttempts() {
        eachRecognizer { recognizer in
            if recognizer._state == .possible, recognizer.isInPlay, recognizer.deadline == nil, recognizer.activeTouchCount == 0 {
                recognizer.force(.failed, cause: .abandoned)
            }
        }
    }

    func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
        var status = RequirementStatus.clear
        for required in recognizer.failureRequirements where required !== recognizer {
            if required.attempt.hasSentActions { return .requiredRecognized(required) }
            if case .clear = status, required.isUndecided { status = .waiting(on: required) }
        }
        for required in recognizer.attempt.requirements where required !== recognizer {
            if required.attempt.hasSentActions { return .requiredRecognized(required) }
            if case .clear = status, required.isUndecided { status = .waiting(on: required) }
        }
        return status
    }

    /// Whether `a` beginning makes `b` fail (R3): they share a touch, `a` can prevent `b`, `b` can be
    /// prevented by `a`, and neither side allows simultaneous recognition (R5).
    func excludes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard a !== b, sharesTouches(a, b), a.canPrevent(b), b.canBePrevented(by: a) else { return false }
        return !recognizeSimultaneously(a, b)
    }

    func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    private func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for id in a.attempt.touchIDs where b.attempt.touchIDs.contains(id) { return true }
        return false
    }

    /// A recognizer that keeps `recognizer` from committing, if any.
    private func preventer(of recognizer: GestureRecognizer) -> GestureRecognizer? {
        firstRecognizer { other in
            guard other !== recognizer else { return false }
            if other.attempt.hasSentActions {
                // Once active, never kicked out (R4); an active one keeps out newcomers.
                return (other._state == .began || other._state == .changed || other._state == .ended) && excludes(other, recognizer)
            }
            // A rival committing in this same pass that this one defers to.
            guard other.isUndecided, other._state != .possible, case .clear = requirementStatus(of: other) else { return false }
            return !recognizer.canPrevent(other) && excludes(other, recognizer)
        }
    }

    private func commit(_ recognizer: GestureRecognizer) {
        let waited = recognizer.attempt.isWaiting
        recognizer.attempt.decision = .committed
        // R6: a recognizer that waited begins from where it is when it may, also when it ended meanwhile.
        if waited, recognizer.attempt.passedBegan { recognizer.didBeginAfterWaiting() }
        if recognizer.attempt.passedBegan { emitAction(recognizer, .began) }
        if !waited {
            for _ in 0..<recognizer.attempt.pendingChanges { emitAction(recognizer, .changed) }
        }
        recognizer.attempt.pendingChanges = 0
        if recognizer._state == .ended {
            emitAction(recognizer, .ended)
            recognizer.attempt.decision = .finished
        }
        if recognizer.cancelsTouchesInView { cancelRegionTouches(of: recognizer) }
        eachRecognizer { other in
            if other.isUndecided, excludes(recognizer, other) { other.force(.failed, cause: .excluded(by: recognizer.name)) }
        }
    }

    /// Actions of recognizers already committed: each changed update, then the end or cancel.
    func sendUpdates() {
        eachRecognizer { recognizer in
            guard recognizer.attempt.hasSentActions else { return }
            for _ in 0..<recognizer.attempt.pendingChanges { emitAction(recognizer, .changed) }
            recognizer.attempt.pendingChanges = 0
            if (recognizer._state == .ended || recognizer._state == .cancelled), recognizer.attempt.decision != .finished {
                emitAction(recognizer, recognizer._state)
                recognizer.attempt.decision = .finished
            }
        }
    }

    /// A line in the transition log that changes no state.
    func note(_ recognizer: GestureRecognizer, _ cause: Transition.Cause, reason: String? = nil) {
        transitionObserver?(
            Transition(recognizer: recognizer.name, from: recognizer._state, to: recognizer._state, cause: cause, reason: reason, time: now))
    }

    private func emitAction(_ recognizer: GestureRecognizer, _ state: GestureState) {
        output.append(.action(recognizer.snapshot(state: state, time: now)))
    }

    /// Resets each finished recognizer (ended, cancelled or failed) whose group is done (R10): every recognizer
    /// linked to it by failure requirements, either way and through others, is finished or idle. A group resets
    /// together, so a recognizer that others waited on stays failed, and takes no new touches, until they have
    /// finished. The groups are found once a pass, joining the two ends of every requirement in a union-find over
    /// the pass order: the work grows with the links, where walking each finished recognizer's group, and every
    /// recognizer for the links into each member, grew with the cube of a chain (1,024 taps each waiting for the
    /// next: 11 s of a 13 s recording).
    private func resetFinishedGroups() {
        guard firstRecognizer(where: { $0._state.isTerminal }) != nil else { return }
        groupGeneration &+= 1
        groupParent.removeAll(keepingCapacity: true)
        groupBusy.removeAll(keepingCapacity: true)
        eachRecognizer { recognizer in
            recognizer.groupVisit = groupGeneration
            recognizer.groupIndex = groupParent.count
            groupParent.append(groupParent.count)
            groupBusy.append(false)
        }
        eachRecognizer { recognizer in
            for other in recognizer.failureRequirements { join(recognizer, other) }
            for other in recognizer.attempt.requirements { join(recognizer, other) }
        }
        eachRecognizer { recognizer in
            if recognizer.isInPlay, !recognizer._state.isTerminal { groupBusy[groupRoot(recognizer.groupIndex)] = true }
        }
        // Resetting one changes no other's state, so the groups found above hold for the whole walk.
        eachRecognizer { recognizer in
            if recognizer._state.isTerminal, !groupBusy[groupRoot(recognizer.groupIndex)] { recognizer.resetAttempt() }
        }
    }

    /// One group for `a` and `b`; a recognizer outside this engine's pass is no member.
    private func join(_ a: GestureRecognizer, _ b: GestureRecognizer) {
        guard b.groupVisit == groupGeneration else { return }
        let ra = groupRoot(a.groupIndex), rb = groupRoot(b.groupIndex)
        if ra != rb { groupParent[ra] = rb }
    }

    /// The index that stands for the group of the recognizer at `index`, halving the path on the way.
    private func groupRoot(_ index: Int) -> Int {
        var i = index
        while groupParent[i] != i {
            groupParent[i] = groupParent[groupParent[i]]
            i = groupParent[i]
        }
        return i
    }

    func finishPass() {
        eachRecognizer { recognizer in
            if !recognizer.attempt.hasSentActions { recognizer.attempt.pendingChanges = 0 }
            recognizer.settleTrackedTouches()
        }
        resetFinishedGroups()
        releaseFinishedRecords()
    }
}
