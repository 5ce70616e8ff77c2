// sd_notify (READY, RELOADING, STOPPING) and sd_listen_fds (socket activation) from libsystemd.
#include <systemd/sd-daemon.h>
