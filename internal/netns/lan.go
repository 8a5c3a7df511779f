package netns

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"sync"
)

// LAN is a private network: a namespace holding a bridge (the Wi-Fi
// router) at 10.X.0.1/24, and the devices Add joins to it.
type LAN struct {
	ns     string       // the LAN namespace's name, under /run/netns
	prefix netip.Prefix // 10.X.0.0/24

	mu      sync.Mutex
	devices []*Device
	closed  bool
}

// lans are this process's LANs' namespace names and subnets, so that two
// do not share either.
var lans = struct {
	sync.Mutex
	names   map[string]bool
	subnets map[int]bool
	seq     int
}{names: map[string]bool{}, subnets: map[int]bool{}}

// NewLAN makes a LAN named name (letters, digits, '_', '.'; unique in
// this process). Its subnet 10.X.0.0/24 is picked from the process id,
// apart from this process's other LANs and the machine's own 10.X
// networks. That is for the reader of a log only: each LAN is sealed, so
// two LANs with one subnet would never meet. Close removes it.
func NewLAN(name string) (*LAN, error) {
	if err := Available(); err != nil {
		return nil, err
	}
	ns := fmt.Sprintf("%s%d-%s", prefix, os.Getpid(), clean(name))
	lans.Lock()
	if lans.names[ns] {
		lans.Unlock()
		return nil, fmt.Errorf("netns: this process already has a LAN named %q", name)
	}
	x, err := pickSubnet()
	if err != nil {
		lans.Unlock()
		return nil, err
	}
	lans.names[ns], lans.subnets[x] = true, true
	lans.Unlock()

	l := &LAN{ns: ns, prefix: netip.PrefixFrom(netip.AddrFrom4([4]byte{10, byte(x), 0, 0}), 24)}
	reapLeftovers()
	if err := l.build(); err != nil {
		return nil, errors.Join(fmt.Errorf("netns: building LAN %s: %w", ns, err), l.Close())
	}
	return l, nil
}

// pickSubnet is an X for 10.X.0.0/24: from the process id, so that test
// processes side by side mostly differ, and past the ones in use. lans
// is locked.
func pickSubnet() (int, error) {
	own := map[int]bool{}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				if ip4 := n.IP.To4(); ip4 != nil && ip4[0] == 10 {
					own[int(ip4[1])] = true
				}
			}
		}
	}
	lans.seq++
	for i := range 254 {
		x := 1 + (os.Getpid()+lans.seq*53+i)%254
		if !own[x] && !lans.subnets[x] {
			return x, nil
		}
	}
	return 0, errors.New("netns: no 10.X.0.0/24 left")
}

// build makes the namespace and its bridge. Leftovers of a killed run
// under the same name are removed first (addNS).
func (l *LAN) build() error {
	if err := addNS(l.ns); err != nil {
		return err
	}
	// No STP and no forward delay: a port forwards as soon as it is up.
	// No multicast snooping: mDNS (the .local names WebRTC hides
	// addresses behind) reaches every port, as on a home router.
	// No IPv6 link-local address, on any interface of the LAN: the
	// candidates are the LAN's IPv4 addresses, and nothing waits for
	// duplicate address detection.
	err := ipIn(l.ns,
		"link set lo up",
		"link add br0 type bridge stp_state 0 forward_delay 0 mcast_snooping 0",
		"link set br0 addrgenmode none",
		"addr add "+l.Addr().String()+"/24 dev br0",
		"link set br0 up")
	if err != nil {
		return err
	}
	// A router that forwards, with no route but the LAN's, answers a
	// packet for elsewhere with "network unreachable" at once, as a home
	// router without its uplink does; one that does not forward drops it
	// unanswered, and a device's dial or DNS query out waits for its
	// timeout. Nothing leaves either way: the LAN has no other link.
	return in(path(l.ns), func() error {
		return os.WriteFile("/proc/sys/net/ipv4/ip_forward", []byte("1\n"), 0)
	})
}

// Name is the LAN namespace's name (ip netns list, ip -n NAME).
func (l *LAN) Name() string { return l.ns }

// Addr is the router's address, 10.X.0.1: where a server for every
// device listens (Listen), and each device's default route.
func (l *LAN) Addr() netip.Addr { return l.prefix.Addr().Next() }

// Prefix is the LAN's subnet, 10.X.0.0/24.
func (l *LAN) Prefix() netip.Prefix { return l.prefix }

// Listen listens in the LAN namespace, as net.Listen does; address is an
// IP and a port (no name to look up), such as l.Addr().String()+":0".
// Every device reaches the router's address; nothing outside the LAN
// reaches the listener.
func (l *LAN) Listen(network, address string) (net.Listener, error) {
	return listenIn(l.ns, network, address)
}

// Add joins a new device named name (unique in the LAN) to the LAN: a
// namespace with a veth pair to the bridge, 10.X.0.N/24 on its eth0
// (N from 2, in the order devices are added), loopback up, and a default
// route via the router. Without an interface and route beyond loopback a
// browser gathers no ICE candidate. LAN.Close removes it.
func (l *LAN) Add(name string) (*Device, error) {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil, errors.New("netns: Add on a closed LAN")
	}
	n := len(l.devices) + 2
	if n > 254 {
		l.mu.Unlock()
		return nil, errors.New("netns: the LAN is full")
	}
	d := &Device{ns: l.ns + "-" + clean(name), addr: l.prefix.Addr().As4()}
	d.addr[3] = byte(n)
	for _, o := range l.devices {
		if o.ns == d.ns {
			l.mu.Unlock()
			return nil, fmt.Errorf("netns: the LAN already has a device named %q", name)
		}
	}
	// Listed before it is built, so that Close removes a half-built one.
	l.devices = append(l.devices, d)
	l.mu.Unlock()
	if err := l.join(d, n); err != nil {
		return nil, fmt.Errorf("netns: adding device %s: %w", d.ns, err)
	}
	return d, nil
}

// join makes d's namespace and its veth pair: the device's end made
// straight in its namespace as eth0, the bridge's end (vN) in the LAN's,
// so that no interface is ever in the machine's own namespace, where a
// killed run would leave it and names would clash.
func (l *LAN) join(d *Device, n int) error {
	if err := addNS(d.ns); err != nil {
		return err
	}
	noDNS(d.ns)
	port := fmt.Sprintf("v%d", n)
	err := ipIn(l.ns,
		"link add "+port+" type veth peer name eth0 netns "+d.ns,
		"link set "+port+" addrgenmode none",
		"link set "+port+" master br0",
		"link set "+port+" up")
	if err != nil {
		return err
	}
	return ipIn(d.ns,
		"link set lo up",
		"link set eth0 addrgenmode none",
		"addr add "+d.Addr().String()+"/24 dev eth0",
		"link set eth0 up",
		"route add default via "+l.Addr().String())
}

// Close removes the LAN's namespaces, the devices' and its own, with
// their interfaces, and ends what still runs in them. It removes what a
// failed NewLAN or Add built half-way, too; a second Close does nothing.
func (l *LAN) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	devices := l.devices
	l.mu.Unlock()
	var errs []error
	for _, d := range devices {
		errs = append(errs, removeNS(d.ns))
	}
	errs = append(errs, removeNS(l.ns))
	lans.Lock()
	delete(lans.names, l.ns)
	delete(lans.subnets, int(l.prefix.Addr().As4()[1]))
	lans.Unlock()
	return errors.Join(errs...)
}

// path is the file of namespace ns.
func path(ns string) string { return filepath.Join(runDir, ns) }
