/// A `[[recognizer]]` of the imported file: the file declares every recognizer its actions bind, so it works
/// whatever the daemon's configuration is. Its name is its kind, its fingers and, for a swipe, its axis
/// (`swipe-4-horizontal`): digits, which gestured's shipped configurations never use in a name
/// (`four-finger-swipe-horizontal`), since the daemon refuses a client's recognizer named like one of its own.
struct ImportedRecognizer {
    var name: String
    var kind: String
    var fingers: Int
    /// Its keys after `name` and `kind`, in this order.
    var keys: [(String, TOMLText.Value)]
    /// Comment lines above its table.
    var comments: [String] = []
}

/// How one tool's gestures become recognizers: which touches it takes and what its swipes need.
struct RecognizerStyle {
    /// `touch_types`: nil for every kind of touch.
    var touchTypes: [String]?
    /// `minimum_distance_mm` of swipes, when not the engine's default.
    var swipeDistance: Double?
    /// `maximum_duration` of swipes, when not the engine's default.
    var swipeDuration: Double?

    private func touches() -> [(String, TOMLText.Value)] {
        touchTypes.map { [("touch_types", .strings($0))] } ?? []
    }

    func swipe(fingers: Int, vertical: Bool) -> ImportedRecognizer {
        var keys = touches()
        keys.append(("direction", .strings(vertical ? ["up", "down"] : ["left", "right"])))
        keys.append(("number_of_touches_required", .integer(fingers)))
        if let swipeDistance { keys.append(("minimum_distance_mm", .number(swipeDistance))) }
        if let swipeDuration { keys.append(("maximum_duration", .number(swipeDuration))) }
        return ImportedRecognizer(name: "swipe-\(fingers)-\(vertical ? "vertical" : "horizontal")", kind: "swipe", fingers: fingers, keys: keys)
    }

    /// Two fingers: the engine's pinch and rotation take no other number.
    func twoWay(_ kind: TwoWayKind) -> ImportedRecognizer {
        ImportedRecognizer(name: "\(kind.name)-2", kind: kind.name, fingers: 2, keys: touches())
    }

    func tap(fingers: Int, maximumDuration: Double? = nil) -> ImportedRecognizer {
        var keys = touches()
        keys.append(("number_of_touches_required", .integer(fingers)))
        if let maximumDuration { keys.append(("maximum_tap_duration", .number(maximumDuration))) }
        return ImportedRecognizer(name: "tap-\(fingers)", kind: "tap", fingers: fingers, keys: keys)
    }

    /// A long press of `duration` seconds (nil: the engine's 0.5), named by it when given.
    func longPress(fingers: Int, duration: Double?) -> ImportedRecognizer {
        var keys = touches()
        keys.append(("number_of_touches_required", .integer(fingers)))
        var name = "long-press-\(fingers)"
        if let duration {
            keys.append(("minimum_press_duration", .number(duration)))
            name += "-" + TOMLText.number(duration) + "s"
        }
        return ImportedRecognizer(name: name, kind: "long-press", fingers: fingers, keys: keys)
    }

    /// A pan of exactly `fingers`, for acting when a swipe begins and ends.
    func pan(fingers: Int) -> ImportedRecognizer {
        var keys = touches()
        keys.append(("minimum_number_of_touches", .integer(fingers)))
        keys.append(("maximum_number_of_touches", .integer(fingers)))
        return ImportedRecognizer(name: "pan-\(fingers)", kind: "pan", fingers: fingers, keys: keys)
    }
}
