import Testing
@testable import GestureConfig
