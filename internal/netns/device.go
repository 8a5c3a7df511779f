package netns

import (
	"context"
	"net"
	"net/netip"
	"os/exec"
)

// Device is one device on a LAN: a namespace of its own, with eth0 on the
// LAN and its own loopback. LAN.Close removes it.
type Device struct {
	ns   string
	addr [4]byte
}

// Name is the device namespace's name (ip netns exec NAME …).
func (d *Device) Name() string { return d.ns }

// Addr is the device's address on the LAN, 10.X.0.N.
func (d *Device) Addr() netip.Addr { return netip.AddrFrom4(d.addr) }

// Command is name run with args in the device's namespace (through ip
// netns exec, which then becomes name: the process is name's own). It
// sees the device's network only, and an /etc/resolv.conf of the
// device's, whose lookups fail at once (resolvConf); the other files,
// the X server's socket (/tmp/.X11-unix) and the processes are the
// machine's.
func (d *Device) Command(name string, args ...string) *exec.Cmd {
	return exec.Command("ip", append([]string{"netns", "exec", d.ns, name}, args...)...)
}

// Listen listens in the device's namespace, as net.Listen does; address
// is an IP and a port, such as ":0" or "127.0.0.1:0".
func (d *Device) Listen(network, address string) (net.Listener, error) {
	return listenIn(d.ns, network, address)
}

// Dial connects from inside the device's namespace, as a program running
// there would; address is an IP and a port (no name is looked up: that
// would run on other threads, in the test's own namespace).
func (d *Device) Dial(ctx context.Context, network, address string) (net.Conn, error) {
	var c net.Conn
	err := in(path(d.ns), func() error {
		var err error
		c, err = (&net.Dialer{}).DialContext(ctx, network, address)
		return err
	})
	return c, err
}

// listenIn is net.Listen in namespace ns.
func listenIn(ns, network, address string) (net.Listener, error) {
	var l net.Listener
	err := in(path(ns), func() error {
		var err error
		l, err = net.Listen(network, address)
		return err
	})
	return l, err
}
