// SystemCalls: the one way the project makes system calls (docs/daemon.md): EINTR retried, EAGAIN as "nothing now",
// and one error type naming the call and what it was made on (SystemCallError), on swift-system's FileDescriptor
// and Errno; a file read whole through them (fileContents); and stream sockets at a path, connected or listening
// (UnixSocketConnection), for the daemon, its clients and the desktops' own sockets alike.
//
// It knows nothing of gestures, devices or the protocol.
