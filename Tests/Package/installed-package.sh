#!/bin/sh
# The Debian package as an administrator meets it, on a machine that booted systemd as PID 1 (scripts/check-deb
# runs this in the VM of `scripts/vm --boot`, where the package's changes vanish at power-off):
#
#   installed-package.sh PACKAGE.deb
#
# install: user and groups made, /dev/uinput given to uinput, nothing enabled or started; a touchscreen plugged
# in (evemu-device, the bundled demo's description); gestured.socket started; a member of group gestured runs
# gesturectl, which starts the service through the socket, sees the device and gets the demo's gestures as it
# plays; its limits and watchdog as the unit sets them; systemctl reload (a good file taken, a broken one
# refused with the daemon still running); the device database (the shipped one checked, a local entry shown by
# gestured devices, a broken one refused in words while the daemon runs); grab = true without /dev/uinput (the warning says how to give it),
# then with the drop-in gestured-grab.conf (the twin appears); the same package installed over it restarts the
# daemon; systemctl stop ends it cleanly (the watchdog never fired); enable, then purge removes it all. Each step prints what it checks; the first that fails says why and shows the daemon's journal.
set -eu
package=$(readlink -f "$1")
work=$(mktemp -d)

step() { echo "-- $(cut -d' ' -f1 /proc/uptime) s: $*"; }
fail() {
    echo "FAIL: $*"
    journalctl -b --no-pager -o short-monotonic -u gestured.service -u gestured.socket | tail -n 40
    exit 1
}
# expect WHAT ACTUAL WANTED
expect() { [ "$2" = "$3" ] || fail "$1 is '$2', expected '$3'"; }
# The value of a field of `gesturectl status --json`, asked as the user tester.
status_field() {
    runuser -u tester -- gesturectl status --json | python3 -c "import json, sys; print(json.load(sys.stdin)['$1'])"
}
status_says() { [ "$(status_field "$1")" = "$2" ]; }
uinput_group_is() { [ "$(stat -c %G /dev/uinput)" = "$1" ]; }
lists_device() { runuser -u tester -- gesturectl devices | grep -q "$1"; }
# The daemon's own messages (not systemd's about it) at priority $1 or more urgent.
daemon_log() { journalctl -b --no-pager -q -p "$1" _SYSTEMD_UNIT=gestured.service; }
# Waits up to $1 seconds (the emulated machine is slow) for the command after it to succeed.
within() {
    seconds=$1; shift
    while ! "$@" 2>/dev/null; do
        seconds=$((seconds - 1))
        [ "$seconds" -gt 0 ] || return 1
        sleep 1
    done
}

# Container images (this VM boots one) carry a policy-rc.d that forbids maintainer scripts to start or stop
# services; a booted machine has none, and its upgrade and removal steps are part of what is tested here.
if [ -e /usr/sbin/policy-rc.d ]; then
    echo "(removing this image's /usr/sbin/policy-rc.d, which would keep the maintainer scripts from systemd)"
    rm /usr/sbin/policy-rc.d
fi

# man-db's trigger would index every manual page of the host's root, through 9p in an emulated CPU: minutes.
# Turned off as `dpkg-reconfigure man-db` does; gestured's pages are checked with man -w below.
rm -f /var/lib/man-db/auto-update

step "dpkg -i $(basename "$package")"
dpkg -i "$package" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i failed"; }
getent passwd gestured >/dev/null || fail "installing made no user gestured"
for group in gestured gestured-raw input uinput; do
    getent group "$group" >/dev/null || fail "installing made no group $group"
done
expect "gestured.socket's enablement" "$(systemctl is-enabled gestured.socket || true)" disabled
expect "gestured.service's enablement" "$(systemctl is-enabled gestured.service || true)" disabled
expect "gestured.socket" "$(systemctl is-active gestured.socket || true)" inactive
expect "gestured.service" "$(systemctl is-active gestured.service || true)" inactive
within 20 uinput_group_is uinput || fail "/dev/uinput's group is $(stat -c %G /dev/uinput), not uinput"
man -w gestured >/dev/null || fail "no manual page for gestured"
[ -f /usr/share/doc/gestured/gestured-grab.conf ] || fail "no drop-in gestured-grab.conf in /usr/share/doc/gestured"
gestured --version >/dev/null || fail "gestured --version failed"

step "a touchscreen is plugged in"
evemu-device recordings/demo.evemu >"$work/device" 2>&1 &
maker=$!
within 30 grep -q /dev/input/ "$work/device" || fail "evemu-device made no device: $(cat "$work/device")"
node=$(sed -n 's|.*\(/dev/input/event[0-9]*\).*|\1|p' "$work/device")
udevadm settle

step "systemctl start gestured.socket"
systemctl start gestured.socket
expect "the socket's owner, group and mode" "$(stat -c '%U %G %a' /run/gestured/gestured.sock)" "gestured gestured 660"
expect "gestured.service before any client" "$(systemctl is-active gestured.service || true)" inactive

step "a member of gestured connects with gesturectl"
useradd --no-create-home --groups gestured tester
runuser -u tester -- gesturectl status >"$work/status" || fail "gesturectl status failed: $(cat "$work/status")"
expect "gestured.service after the first connection" "$(systemctl is-active gestured.service)" active
within 60 lists_device "gestured synthetic touchscreen" || fail "the daemon does not list the touchscreen: $(runuser -u tester -- gesturectl devices)"
runuser -u tester -- gesturectl monitor --json >"$work/monitor" 2>&1 &
monitor=$!
# Subscribed when the daemon counts two clients: the monitor and the status request asking.
within 30 status_says clients 2 || fail "the monitor did not connect: $(cat "$work/monitor")"
evemu-play "$node" <recordings/demo.evemu
for recognizer in pan pinch; do
    within 60 grep -q "\"recognizer\":\"$recognizer\".*\"state\":\"ended\"" "$work/monitor" \
        || fail "the monitor got no $recognizer ending: $(head -c 2000 "$work/monitor")"
done
kill "$monitor"

step "the service's limits: watchdog, descriptors, memory; no /dev/uinput"
expect "WatchdogUSec" "$(systemctl show -p WatchdogUSec --value gestured.service)" 10s
expect "LimitNOFILE" "$(systemctl show -p LimitNOFILE --value gestured.service)" 4224
expect "MemoryMax" "$(systemctl show -p MemoryMax --value gestured.service)" 268435456
expect "the daemon's descriptor limit" "$(sed -n 's/^Max open files *\([0-9]*\).*/\1/p' "/proc/$(systemctl show -p MainPID --value gestured.service)/limits")" 4224
if systemctl show -p DeviceAllow --value gestured.service | grep -q uinput; then fail "the service may open /dev/uinput without the drop-in"; fi

step "systemctl reload gestured"
pid=$(systemctl show -p MainPID --value gestured.service)
systemctl reload gestured.service || fail "systemctl reload failed"
expect "the daemon's pid after a reload" "$(systemctl show -p MainPID --value gestured.service)" "$pid"
within 30 status_says reloads 1 || fail "the daemon counts $(status_field reloads) reloads, expected 1"
cp /etc/gestured/gestured.toml "$work/gestured.toml"
echo "this is not toml" >>/etc/gestured/gestured.toml
if systemctl reload gestured.service 2>"$work/reload"; then fail "systemctl reload took a broken configuration"; fi
cp "$work/gestured.toml" /etc/gestured/gestured.toml
expect "gestured.service after a refused reload" "$(systemctl is-active gestured.service)" active
expect "the daemon's pid after a refused reload" "$(systemctl show -p MainPID --value gestured.service)" "$pid"

# Without a daemon to ask: the daemon here runs the shipped gestured.toml, not the laptop configuration whose
# recognizers the actions bind (the names are checked against a daemon when one answers).
step "gesturectl actions --check: the shipped actions with the installed shortcut presets, on each desktop"
for desktop in GNOME KDE sway Hyprland XFCE; do
    XDG_CURRENT_DESKTOP=$desktop gesturectl actions --check --file /usr/share/doc/gestured/actions/laptop.toml \
        --socket /nonexistent/gestured.sock >"$work/actions" 2>&1 \
        || fail "the shipped actions do not check on $desktop: $(cat "$work/actions")"
    grep -q ": ok (" "$work/actions" || fail "gesturectl actions --check on $desktop said: $(cat "$work/actions")"
done

step "the device database: the shipped one checked, a local entry applied, a broken one refused with the daemon running"
gestured check /etc/gestured/gestured.toml >"$work/check" || fail "gestured check failed: $(cat "$work/check")"
grep -q "^device database (/usr/share/gestured/devices, /etc/gestured/devices.d): ok" "$work/check" \
    || fail "gestured check did not check the installed device database: $(cat "$work/check")"
mkdir -p /etc/gestured/devices.d
cat >/etc/gestured/devices.d/screen.toml <<'ENTRY'
[[device]]
id = "demo-screen"
about = "the package test's touchscreen"
match = { name = "gestured synthetic touchscreen" }
palm_size = 100
sources = ["the package test"]
ENTRY
gestured devices >"$work/devices" 2>&1 || fail "gestured devices failed: $(cat "$work/devices")"
grep -q "device database: demo-screen (/etc/gestured/devices.d/screen.toml:1): name \"gestured synthetic touchscreen\"" "$work/devices" \
    || fail "gestured devices does not show the local entry: $(cat "$work/devices")"
printf '[[device]]\nid = "typo"\nabout = "x"\nmatch = { name = "x" }\npalm_sise = 3\nsources = ["s"]\n' >/etc/gestured/devices.d/typo.toml
if gestured check /etc/gestured/gestured.toml >"$work/check"; then fail "gestured check took a broken device database entry"; fi
grep -q "^/etc/gestured/devices.d/typo.toml:5:1: unknown key 'palm_sise'" "$work/check" || fail "the broken entry was not said: $(cat "$work/check")"
systemctl restart gestured.service
runuser -u tester -- gesturectl status >/dev/null || fail "the daemon did not start with a broken local database entry"
within 30 sh -c 'journalctl -b --no-pager -q _SYSTEMD_UNIT=gestured.service | grep -q "device database entry refused.*typo.toml:5:1"' \
    || fail "the daemon did not log the refused entry: $(daemon_log warning | tail -n 5)"
rm -r /etc/gestured/devices.d
systemctl restart gestured.service
pid=$(systemctl show -p MainPID --value gestured.service)

step "grab = true without the drop-in: read without grabbing, and the warning says how to give /dev/uinput"
sed -i 's/^match = { kinds = \["touchscreen", "touchpad"\] }$/&\ngrab = true/' /etc/gestured/gestured.toml
grep -q '^grab = true' /etc/gestured/gestured.toml || fail "grab = true was not set in the configuration"
systemctl reload gestured.service || fail "systemctl reload with grab = true failed"
within 30 sh -c 'journalctl -b --no-pager -q _SYSTEMD_UNIT=gestured.service | grep -q "cannot grab the device.*gestured-grab.conf"' \
    || fail "no warning naming gestured-grab.conf: $(daemon_log warning | tail -n 5)"

step "with the drop-in: the device is grabbed and its twin made"
install -D -m 0644 /usr/share/doc/gestured/gestured-grab.conf /etc/systemd/system/gestured.service.d/grab.conf
systemctl daemon-reload
systemctl restart gestured.service
systemctl show -p DeviceAllow --value gestured.service | grep -q '/dev/uinput rw' || fail "the drop-in gives no /dev/uinput"
runuser -u tester -- gesturectl status >/dev/null || fail "gesturectl status failed after the restart"
within 60 grep -q "gestured twin of" /proc/bus/input/devices || fail "no twin: $(daemon_log info | tail -n 5)"
rm /etc/systemd/system/gestured.service.d/grab.conf
rmdir /etc/systemd/system/gestured.service.d
systemctl daemon-reload
cp "$work/gestured.toml" /etc/gestured/gestured.toml
systemctl restart gestured.service
pid=$(systemctl show -p MainPID --value gestured.service)

step "the same package installed again (an upgrade) restarts the daemon"
dpkg -i "$package" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i over the installed package failed"; }
expect "gestured.service after the upgrade" "$(systemctl is-active gestured.service)" active
[ "$(systemctl show -p MainPID --value gestured.service)" != "$pid" ] || fail "the upgrade left the old daemon running"

step "systemctl stop gestured.service gestured.socket"
systemctl stop gestured.service gestured.socket
expect "gestured.service's result" "$(systemctl show -p Result --value gestured.service)" success
expect "gestured.service's exit status" "$(systemctl show -p ExecMainStatus --value gestured.service)" 0
expect "gestured.service's restarts (the watchdog never fired)" "$(systemctl show -p NRestarts --value gestured.service)" 0
[ ! -e /run/gestured/gestured.sock ] || fail "the socket is still there after stop"
daemon_log notice | grep -q "configuration reloaded" || fail "the journal has no notice of the reload from the daemon"
[ -z "$(daemon_log err)" ] || fail "the daemon logged errors: $(daemon_log err)"

step "systemctl enable gestured.socket, then dpkg --purge gestured"
systemctl enable gestured.socket 2>/dev/null
expect "gestured.socket's enablement" "$(systemctl is-enabled gestured.socket)" enabled
dpkg --purge gestured >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg --purge failed"; }
for path in /usr/bin/gestured /usr/bin/gesturectl /lib/systemd/system/gestured.service /etc/gestured \
    /etc/systemd/system/sockets.target.wants/gestured.socket; do
    [ ! -e "$path" ] && [ ! -L "$path" ] || fail "$path is still there after purge"
done
expect "gestured.socket after purge" "$(systemctl is-active gestured.socket || true)" inactive

kill "$maker" 2>/dev/null || true
rm -rf "$work"
echo "the installed package passed"
