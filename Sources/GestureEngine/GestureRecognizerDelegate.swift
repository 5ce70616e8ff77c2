/// The pluggable decisions of UIGestureRecognizerDelegate. Every method has UIKit's default, so an
/// implementation overrides only what it decides. The daemon answers them from configuration; clients can
/// answer them per connection.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer leaves possible for began or recognized. No makes it fail.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked before the recognizer sees a new touch. No: it never sees that touch.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Yes from either side lets both recognize at once.
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
    /// Asked once per attempt: yes makes `recognizer` wait for `other` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Asked once per attempt: yes makes `other` wait for `recognizer` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
    /// No: `recognizer` beginning does not make `other` fail (one-way).
    func gestureRecognizer(_ recognizer: GestureRecognizer, canPrevent other: GestureRecognizer) -> Bool
    /// No: `other` beginning does not make `recognizer` fail (one-way).
    func gestureRecognizer(_ recognizer: GestureRecognizer, canBePreventedBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, canPrevent other: GestureRecognizer) -> Bool {
        true
    }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, canBePreventedBy other: GestureRecognizer
    ) -> Bool { true }
}
