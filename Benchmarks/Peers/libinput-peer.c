/* The libinput peer of scripts/bench-peers: what a desktop's compositor runs on a touchpad, reduced to
 * libinput itself. It opens one device with the path backend, turns tap-to-click on as desktops do, and
 * dispatches every event. It writes a line only when the kind of event changes (the first pointer motion of
 * a stroke, the first scroll, a gesture's begin and end), for every button, and for the first event after half a
 * second without any (a new stroke of the same kind: the benchmarks pause between captures), not for each
 * motion, so that its output costs about what gesturectl's lines cost gestured and not what printing every
 * motion would.
 *
 * Each line: the event's type, its time (the kernel's stamp of its frame, CLOCK_MONOTONIC, in microseconds,
 * which tells the benchmark which touch it is about), for a button its code (linux/input-event-codes.h: 272 is
 * BTN_LEFT, 273 BTN_RIGHT, 274 BTN_MIDDLE) and "pressed" or "released", and last the time it was handled
 * (CLOCK_MONOTONIC, ns). A tap's press carries the time its finger landed (libinput's tap state machine dates it
 * so), though libinput knows it is a tap only once the finger lifts.
 *
 *   libinput-peer /dev/input/eventN */
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int open_restricted(const char *path, int flags, void *data) {
    int fd = open(path, flags);
    return fd < 0 ? -errno : fd;
}

static void close_restricted(int fd, void *data) { close(fd); }

static const struct libinput_interface interface = {open_restricted, close_restricted};

static const char *name(enum libinput_event_type type) {
    switch (type) {
    case LIBINPUT_EVENT_DEVICE_ADDED: return "DEVICE_ADDED";
    case LIBINPUT_EVENT_KEYBOARD_KEY: return "KEYBOARD_KEY";
    case LIBINPUT_EVENT_POINTER_MOTION: return "POINTER_MOTION";
    case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE: return "POINTER_MOTION_ABSOLUTE";
    case LIBINPUT_EVENT_POINTER_BUTTON: return "POINTER_BUTTON";
    case LIBINPUT_EVENT_POINTER_SCROLL_FINGER: return "POINTER_SCROLL_FINGER";
    case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL: return "POINTER_SCROLL_WHEEL";
    case LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS: return "POINTER_SCROLL_CONTINUOUS";
    case LIBINPUT_EVENT_TOUCH_DOWN: return "TOUCH_DOWN";
    case LIBINPUT_EVENT_TOUCH_UP: return "TOUCH_UP";
    case LIBINPUT_EVENT_TOUCH_MOTION: return "TOUCH_MOTION";
    case LIBINPUT_EVENT_TOUCH_CANCEL: return "TOUCH_CANCEL";
    case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: return "GESTURE_SWIPE_BEGIN";
    case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: return "GESTURE_SWIPE_UPDATE";
    case LIBINPUT_EVENT_GESTURE_SWIPE_END: return "GESTURE_SWIPE_END";
    case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: return "GESTURE_PINCH_BEGIN";
    case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: return "GESTURE_PINCH_UPDATE";
    case LIBINPUT_EVENT_GESTURE_PINCH_END: return "GESTURE_PINCH_END";
    case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: return "GESTURE_HOLD_BEGIN";
    case LIBINPUT_EVENT_GESTURE_HOLD_END: return "GESTURE_HOLD_END";
    default: return "OTHER";
    }
}

/* The kernel's time of the frame the event came from (0 for device events, which have none). */
static unsigned long long time_usec(struct libinput_event *event) {
    switch (libinput_event_get_type(event)) {
    case LIBINPUT_EVENT_KEYBOARD_KEY: return libinput_event_keyboard_get_time_usec(libinput_event_get_keyboard_event(event));
    case LIBINPUT_EVENT_POINTER_MOTION ... LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
        return libinput_event_pointer_get_time_usec(libinput_event_get_pointer_event(event));
    case LIBINPUT_EVENT_TOUCH_DOWN ... LIBINPUT_EVENT_TOUCH_FRAME:
        return libinput_event_touch_get_time_usec(libinput_event_get_touch_event(event));
    case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN ... LIBINPUT_EVENT_GESTURE_HOLD_END:
        return libinput_event_gesture_get_time_usec(libinput_event_get_gesture_event(event));
    default: return 0;
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: libinput-peer /dev/input/eventN\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0); /* a pipe: each line goes out when it is written */
    struct libinput *li = libinput_path_create_context(&interface, NULL);
    struct libinput_device *device = li ? libinput_path_add_device(li, argv[1]) : NULL;
    if (!device) {
        fprintf(stderr, "libinput-peer: libinput does not take %s (is udev running, and is the device tagged?)\n", argv[1]);
        return 1;
    }
    if (libinput_device_config_tap_get_finger_count(device) > 0)
        libinput_device_config_tap_set_enabled(device, LIBINPUT_CONFIG_TAP_ENABLED);

    enum libinput_event_type last = LIBINPUT_EVENT_NONE;
    struct pollfd fds = {libinput_get_fd(li), POLLIN, 0};
    for (;;) {
        int ready = poll(&fds, 1, 500);
        if (ready < 0 && errno != EINTR) return 1;
        if (ready == 0) last = LIBINPUT_EVENT_NONE;
        libinput_dispatch(li);
        struct libinput_event *event;
        while ((event = libinput_get_event(li))) {
            enum libinput_event_type type = libinput_event_get_type(event);
            /* POINTER_AXIS repeats each SCROLL_* event for old clients, and TOUCH_FRAME closes each frame's touch
             * events: neither is a change of kind. */
            if ((type != last || type == LIBINPUT_EVENT_POINTER_BUTTON) && type != LIBINPUT_EVENT_POINTER_AXIS &&
                type != LIBINPUT_EVENT_TOUCH_FRAME) {
                struct timespec now;
                clock_gettime(CLOCK_MONOTONIC, &now);
                printf("%s %llu", name(type), time_usec(event));
                if (type == LIBINPUT_EVENT_POINTER_BUTTON) {
                    struct libinput_event_pointer *pointer = libinput_event_get_pointer_event(event);
                    printf(" %u %s", libinput_event_pointer_get_button(pointer),
                           libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED ? "pressed" : "released");
                }
                printf(" %lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
                last = type;
            }
            libinput_event_destroy(event);
        }
    }
}
