/// Numbers in the words of `because`: millimetres to a tenth, seconds to a millisecond, without Foundation.
extension Double {
    /// `8.1 mm`.
    var mmText: String { "\((self * 10).rounded() / 10) mm" }
    /// Radians as `15.2 degrees`.
    var degreesText: String { "\((self * 1800 / .pi).rounded() / 10) degrees" }
    /// `0.35 s`.
    var secondsText: String { "\((self * 1000).rounded() / 1000) s" }
    /// A match's score, `0.87`.
    var scoreText: String { "\((self * 100).rounded() / 100)" }
}
