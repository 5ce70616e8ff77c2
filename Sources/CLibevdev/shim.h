// libevdev, found with pkg-config (Debian: libevdev-dev). Both headers: the reader and uinput devices.
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
