package share

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"syscall"
)

// DefaultPort is where a table is served when it is free.
const DefaultPort = 7777

// Listen listens on every interface at port, or on a free port when that
// one is taken.
func Listen(port int) (net.Listener, error) {
	l, err := net.Listen("tcp", ":"+strconv.Itoa(port))
	if err == nil {
		return l, nil
	}
	if !errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("could not open port %d: %w", port, err)
	}
	return net.Listen("tcp", ":0")
}

// Addresses lists the addresses this device can be reached at on the
// local network, best first: private IPv4 addresses, then other IPv4,
// then loopback (useful only on this device).
func Addresses() []netip.Addr {
	ifaces, err := net.Interfaces()
	if err != nil {
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}
	}
	var out []netip.Addr
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil && p.Addr().Is4() {
				out = append(out, p.Addr())
			}
		}
	}
	slices.SortStableFunc(out, func(a, b netip.Addr) int { return rank(a) - rank(b) })
	if len(out) == 0 {
		out = append(out, netip.MustParseAddr("127.0.0.1"))
	}
	return slices.Compact(out)
}

// interfaceAddrs lists every address of this device's network interfaces
// that are up, IPv4 and IPv6, loopback included.
func interfaceAddrs() []netip.Addr {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var out []netip.Addr
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				out = append(out, p.Addr().Unmap())
			}
		}
	}
	return out
}

// rank orders addresses: a phone on the same Wi-Fi reaches private ones.
func rank(a netip.Addr) int {
	switch {
	case a.IsPrivate():
		return 0
	case a.IsLoopback():
		return 2
	default:
		return 1
	}
}

// URL is the link a device opens to join: the viewer with the token.
func URL(addr netip.Addr, port int, token string) string {
	return fmt.Sprintf("http://%s/?t=%s", netip.AddrPortFrom(addr, uint16(port)), token)
}
