import Glibc
import SystemCalls
import SystemPackage
import Testing

/// The funnel's contract, on calls whose failures are set up here: EINTR is made again, EAGAIN is "nothing now",
/// any other failure is one error naming the call, its subject and the reason.
struct SystemCallTests {
    /// A call that fails with each of `errnos` in turn, then returns `result`; counts how often it was made.
    final class Failing {
        var errnos: [Int32]
        let result: Int
        var calls = 0
        init(_ errnos: [Int32], then result: Int) {
            self.errnos = errnos
            self.result = result
        }
        func call() -> Int {
            calls += 1
            guard !errnos.isEmpty else { return result }
            errno = errnos.removeFirst()
            return -1
        }
    }

    @Test func anInterruptedCallIsMadeAgain() throws {
        let call = Failing([EINTR, EINTR], then: 7)
        #expect(try systemCall("read", on: "a test") { call.call() } == 7)
        #expect(call.calls == 3)
    }

    @Test func aWaitThatMustNotBeRepeatedThrowsTheInterruption() {
        let call = Failing([EINTR], then: 7)
        #expect(throws: SystemCallError("ppoll", on: "a test", .interrupted)) {
            try systemCall("ppoll", on: "a test", retryingInterrupts: false) { call.call() }
        }
        #expect(call.calls == 1)
    }

    @Test func wouldBlockIsNothingNowOnANonBlockingDescriptor() throws {
        let waiting = Failing([EAGAIN], then: 1)
        #expect(try nonBlockingCall("recv", on: "a test") { waiting.call() } == nil)
        let interrupted = Failing([EINTR], then: 5)
        #expect(try nonBlockingCall("recv", on: "a test") { interrupted.call() } == 5)
        #expect(interrupted.calls == 2)
    }

    @Test func anyOtherFailureNamesTheCallItsSubjectAndTheReason() {
        do {
            let broken = Failing([EPIPE], then: 0)
            _ = try nonBlockingCall("send", on: "client 3") { broken.call() }
            Issue.record("EPIPE was not thrown")
        } catch {
            #expect(error.errno == .brokenPipe)
            #expect(error.description == "send failed for client 3: Broken pipe")
        }
    }

    @Test func libraryCallsReportANegativeErrno() throws {
        var results: [Int32] = [-EINTR, 4]
        #expect(try negativeErrnoCall("libevdev_grab", on: "/dev/input/event3") { results.removeFirst() } == 4)
        #expect(throws: SystemCallError("libevdev_grab", on: "/dev/input/event3", .resourceBusy)) {
            try negativeErrnoCall("libevdev_grab", on: "/dev/input/event3") { -EBUSY }
        }
    }

    @Test func aNullPointerWithoutErrnoIsOutOfMemory() {
        errno = 0
        #expect(throws: SystemCallError("udev_new", on: "udev", .noMemory)) {
            try pointerCall("udev_new", on: "udev") { Optional<OpaquePointer>.none }
        }
    }

    @Test func theSubjectIsOnlyMadeWhenTheCallFailed() throws {
        var made = 0
        func subject() -> String {
            made += 1
            return "a test"
        }
        _ = try systemCall("read", on: subject()) { 0 }
        #expect(made == 0)
        let failing = Failing([EIO], then: 0)
        _ = try? systemCall("read", on: subject()) { failing.call() }
        #expect(made == 1)
    }

    @Test func aRealDescriptorBecomesNonBlocking() throws {
        let (read, write) = try FileDescriptor.pipe()
        defer {
            read.closeReleasing()
            write.closeReleasing()
        }
        try read.setNonBlocking()
        var byte: UInt8 = 0
        #expect(try nonBlockingCall("read", on: "a pipe") { Glibc.read(read.rawValue, &byte, 1) } == nil)
    }
}
