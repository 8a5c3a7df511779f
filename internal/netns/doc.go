// Package netns builds a private LAN out of Linux network namespaces, for
// browser tests that seat several browsers at one WebRTC table: each
// browser runs in a namespace of its own, as a phone on the table's Wi-Fi.
//
// A LAN (NewLAN) is a namespace holding a bridge, the Wi-Fi router, at
// 10.X.0.1/24. Each device (LAN.Add) is a namespace with a veth pair to
// the bridge, 10.X.0.N/24 on its eth0, loopback, and a default route via
// the router. A browser needs that interface and route: with loopback
// alone it gathers no ICE candidate at all. The router does not route and
// the LAN has no link to the machine's own network, so what the browsers
// send stays inside the namespaces, and every interface (veths included)
// lives in one of them and goes with it.
//
// The test process itself stays in its own namespace and reaches in
// through sockets made inside one (Listen, Dial: a thread enters the
// namespace to make the socket, which keeps that namespace for good) and
// Forward, which makes a port on a device's loopback (a browser's
// DevTools or WebDriver BiDi port) a port on the test's loopback. Command
// runs a program, such as a browser, in a device's namespace.
//
// Building a LAN needs root (CAP_SYS_ADMIN, CAP_NET_ADMIN) and iproute2's
// ip; Available says whether this process has them. The namespaces' names
// carry the process id, so test processes running side by side do not
// clash, and NewLAN removes what a killed earlier run left behind.
package netns
