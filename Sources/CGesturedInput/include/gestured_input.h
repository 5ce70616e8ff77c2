#ifndef GESTURED_INPUT_H
#define GESTURED_INPUT_H

// What Swift cannot import well from the input headers, and nothing else.

#include <linux/input.h>
#include <poll.h>
#include <stdint.h>
#include <sys/types.h>
// Swift's Glibc module does not export signalfd or timerfd; re-exported here for SignalReader and DeadlineTimer.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
// Nor eventfd: the configuration reader's thread wakes the loop through one when its result is ready.
#include <sys/eventfd.h>
// Nor glibc's malloc.h: malloc_trim gives memory freed after a burst of clients back to the system.
#include <malloc.h>

// Nor pidfd_open (Linux 5.3; glibc 2.36's sys/pidfd.h is not in the module): a descriptor that polls readable when
// the process ends, which the actions service's command runner waits on. -1 with errno set when it cannot.
int gestured_pidfd_open(pid_t pid);

// SO_PEERCRED's struct ucred is only declared with _GNU_SOURCE, which Swift's Glibc module does not set.
// The same layout (checked in gestured_input.c), for reading the option.
struct gestured_peer_credentials {
    int32_t pid;
    uint32_t uid;
    uint32_t gid;
};

// SO_PEERGROUPS (Linux 4.13): the peer's supplementary groups, taken when it connected, as SO_PEERCRED's ids
// are. Swift's Glibc module does not export the constant on every libc.
int gestured_so_peergroups(void);

// struct input_event's time is `time.tv_sec` on 64-bit builds but the macros `input_event_sec` /
// `input_event_usec` (fields `__sec`, `__usec`) on 32-bit builds with a 64-bit time_t; Swift sees neither
// macro, so these read whichever the build has. Inline, so that Swift compiles them into the reading loop: two
// calls for every event of every device otherwise.
static inline int64_t gestured_input_event_sec(const struct input_event *event) { return (int64_t)event->input_event_sec; }
static inline int64_t gestured_input_event_usec(const struct input_event *event) { return (int64_t)event->input_event_usec; }

// libevdev logs through a printf-style callback taking a va_list, which Swift cannot implement. This
// installs a C callback that formats each message and hands the text to `sink` with libevdev's priority.
typedef void (*gestured_log_sink)(int priority, const char *message);
void gestured_libevdev_set_log_sink(gestured_log_sink sink);

// poll(2) with a timeout in nanoseconds (ppoll, which Swift's Glibc module does not export), negative for none:
// a recognizer's deadline or a replay's next frame is met within microseconds, not rounded up to a millisecond.
int gestured_poll_ns(struct pollfd *fds, nfds_t count, int64_t timeout_ns);

// accept4(2) with SOCK_CLOEXEC (declared only with _GNU_SOURCE): a connection is close-on-exec from the start,
// with no window in which a child could inherit it.
int gestured_accept_cloexec(int listener);

#endif
