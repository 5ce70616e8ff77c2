/// The daemon without its I/O (docs/daemon.md, One thread and data flow): devices and their surfaces, frames
/// through the engines, touch conditioning and the twin's frames, clients and their requests, who may see and do
/// what, reloads. `DaemonCore` takes every input with its time and answers with lines queued for clients (its
/// `Outbox`) and actions for its caller (`CoreAction`); the input loop (GestureDaemon) and `gestured replay` both
/// drive it, by one rule of time.
///
/// What it may not touch: the platform. No Glibc, no LinuxInput, no clock, no file, socket or device: reading
/// devices, the socket, the configuration file and the user database, writing twins and logs are the caller's,
/// asked for through `CoreAction` or done before a call (`Access.resolve`). Its state is one thread's: the caller's.
enum GestureCore {}
