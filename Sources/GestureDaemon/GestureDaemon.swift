// GestureDaemon: the daemon's I/O around its core (docs/daemon.md). It owns the one thread's poll loop
// (InputLoop: devices, the timer, signals, the configuration reader, the socket), the socket server and its
// bounds (SocketServer, PeerConnection, RefusedConnections, AcceptPause, RequestRates, DescriptorLimit), carrying
// out what the core asks (grabbing and twins: DeviceTwins; reading the configuration on a thread of its own:
// ConfigurationReader; the user database's names: Access.resolve), the replays (OfflineReplay for `gestured
// replay`, ReplaySource for `run --replay`), systemd (notifications, the watchdog, the journal), and where a
// frame's time goes (FrameLatency).
//
// It decides nothing about gestures, clients' rights or what a line says: that is GestureCore's, which it feeds
// with every input and its time, in the order they came.
