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

    /// Whether every recognizer linked to `recognizer` by failure requirements, either way and through
    /// others, is done: ended, cancelled, failed or idle. A group resets together (R10), so a recognizer
    /// that others waited on stays failed, and takes no new touches, until they have finished.
    func groupIsDone(_ recognizer: GestureRecognizer) -> Bool {
        groupGeneration &+= 1
        groupStack.removeAll(keepingCapacity: true)
        groupStack.append(recognizer)
        recognizer.groupVisit = groupGeneration
        while let member = groupStack.popLast() {
            if member.isInPlay, !member._state.isTerminal { return false }
            for other in member.failureRequirements { visitGroupMember(other) }
            for other in member.attempt.requirements { visitGroupMember(other) }
            eachRecognizer { other in
                if other.failureRequirements.contains(where: { $0 === member }) || other.attempt.requirements.contains(where: { $0 === member }) {
                    visitGroupMember(other)
                }
            }
        }
        return true
    }

    private func visitGroupMember(_ member: GestureRecognizer) {
        guard member.groupVisit != groupGeneration else { return }
        member.groupVisit = groupGeneration
        groupStack.append(member)
    }

    func finishPass() {
        eachRecognizer { recognizer in
            if !recognizer.attempt.hasSentActions { recognizer.attempt.pendingChanges = 0 }
            recognizer.settleTrackedTouches()
        }
        eachRecognizer { recognizer in
            if recognizer._state.isTerminal, groupIsDone(recognizer) { recognizer.resetAttempt() }
        }
        releaseFinishedRecords()
    }
}
