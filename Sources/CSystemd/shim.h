// sd_notify (READY, RELOADING, STOPPING) and sd_listen_fds (socket activation) from libsystemd.
#include <systemd/sd-daemon.h>
// sd-bus: the session bus for DesktopFocus's KWin source (its calls made, and the calls KWin's scripts make to it).
#include <systemd/sd-bus.h>
