#define _GNU_SOURCE
#include "gestured_input.h"

#include <stddef.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

_Static_assert(sizeof(struct gestured_peer_credentials) == sizeof(struct ucred), "ucred layout");
_Static_assert(offsetof(struct gestured_peer_credentials, uid) == offsetof(struct ucred, uid), "ucred uid");
_Static_assert(offsetof(struct gestured_peer_credentials, gid) == offsetof(struct ucred, gid), "ucred gid");

#include <libevdev/libevdev.h>
#include <stdarg.h>
#include <stdio.h>

#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif

int gestured_so_peergroups(void) { return SO_PEERGROUPS; }

int gestured_pidfd_open(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

static gestured_log_sink log_sink;

static void forward_log(enum libevdev_log_priority priority, void *data, const char *file, int line, const char *func,
                        const char *format, va_list args) {
    (void)data;
    (void)file;
    (void)line;
    (void)func;
    char message[512];
    vsnprintf(message, sizeof message, format, args);
    if (log_sink) log_sink((int)priority, message);
}

void gestured_libevdev_set_log_sink(gestured_log_sink sink) {
    log_sink = sink;
    libevdev_set_log_function(sink ? forward_log : NULL, NULL);
}

int gestured_poll_ns(struct pollfd *fds, nfds_t count, int64_t timeout_ns) {
    if (timeout_ns < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = {.tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000};
    return ppoll(fds, count, &timeout, NULL);
}

int gestured_accept_cloexec(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC); }
