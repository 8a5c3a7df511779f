package netns_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"boardside/internal/netns"
	"boardside/internal/webdriver"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newLAN is a LAN for one test, closed after it; the test skips where
// this process may not build one.
func newLAN(t *testing.T, name string) *netns.LAN {
	t.Helper()
	if err := netns.Available(); err != nil {
		t.Skip(err)
	}
	start := time.Now()
	lan, err := netns.NewLAN(name)
	require.NoError(t, err)
	t.Logf("LAN %s (%v) in %v", lan.Name(), lan.Prefix(), time.Since(start).Round(time.Millisecond))
	t.Cleanup(func() {
		start := time.Now()
		assert.NoError(t, lan.Close())
		t.Logf("LAN %s closed in %v", lan.Name(), time.Since(start).Round(time.Millisecond))
	})
	return lan
}

func add(t *testing.T, lan *netns.LAN, name string) *netns.Device {
	t.Helper()
	start := time.Now()
	d, err := lan.Add(name)
	require.NoError(t, err)
	t.Logf("device %s at %v in %v", d.Name(), d.Addr(), time.Since(start).Round(time.Millisecond))
	return d
}

// echo answers each connection to l with what it reads, until l closes.
func echo(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go func() { defer c.Close(); _, _ = io.Copy(c, c) }()
	}
}

// roundTrip sends a line over c and reads it back.
func roundTrip(t *testing.T, c net.Conn) string {
	t.Helper()
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(5*time.Second)))
	_, err := c.Write([]byte("ping\n"))
	require.NoError(t, err)
	got := make([]byte, 5)
	_, err = io.ReadFull(c, got)
	require.NoError(t, err)
	return string(got)
}

func TestLAN_DevicesReachTheRouterEachOtherAndNothingElse(t *testing.T) {
	lan := newLAN(t, "sealed")
	a, b := add(t, lan, "a"), add(t, lan, "b")
	assert.True(t, lan.Prefix().Contains(a.Addr()) && lan.Prefix().Contains(b.Addr()), "%v and %v on %v", a.Addr(), b.Addr(), lan.Prefix())
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	router, err := lan.Listen("tcp", lan.Addr().String()+":0")
	require.NoError(t, err)
	defer router.Close()
	go echo(router)
	c, err := a.Dial(ctx, "tcp", router.Addr().String())
	require.NoError(t, err, "a device reaches the router")
	assert.Equal(t, "ping\n", roundTrip(t, c))

	onB, err := b.Listen("tcp", ":0")
	require.NoError(t, err)
	defer onB.Close()
	go echo(onB)
	port := onB.Addr().(*net.TCPAddr).Port
	c, err = a.Dial(ctx, "tcp", fmt.Sprintf("%s:%d", b.Addr(), port))
	require.NoError(t, err, "a device reaches another across the bridge")
	assert.Equal(t, "ping\n", roundTrip(t, c))

	// Forward: the test reaches a port on b's own loopback.
	local, stop, err := b.Forward(port)
	require.NoError(t, err)
	defer stop()
	c, err = net.Dial("tcp", local)
	require.NoError(t, err)
	assert.Equal(t, "ping\n", roundTrip(t, c), "through Forward")

	// A program in a device looks names up on its own loopback, where
	// nothing answers: no lookup waits for the machine's DNS server.
	out, err := a.Command("cat", "/etc/resolv.conf").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "nameserver 127.0.0.1\n")

	// The machine's own listener, on every address of its namespace: no
	// device reaches it, not on the machine's addresses (the router does
	// not route) and not on 127.0.0.1 (a device's loopback is its own).
	machine, err := net.Listen("tcp", ":0")
	require.NoError(t, err)
	defer machine.Close()
	go echo(machine)
	machinePort := machine.Addr().(*net.TCPAddr).Port
	targets := []string{"127.0.0.1"}
	addrs, err := net.InterfaceAddrs()
	require.NoError(t, err)
	for _, ad := range addrs {
		if p, err := netip.ParsePrefix(ad.String()); err == nil && p.Addr().Is4() && !p.Addr().IsLoopback() {
			targets = append(targets, p.Addr().String())
		}
	}
	t.Logf("the machine's addresses tried: %v", targets)
	for _, host := range targets {
		dialCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		c, err := a.Dial(dialCtx, "tcp", fmt.Sprintf("%s:%d", host, machinePort))
		cancel()
		if err == nil {
			c.Close()
		}
		assert.Error(t, err, "a device reaches the machine's %s", host)
		t.Logf("a device dialing the machine's %s: %v", host, err)
	}
}

func TestNewLAN_ClearsWhatAKilledRunLeft(t *testing.T) {
	if err := netns.Available(); err != nil {
		t.Skip(err)
	}
	// A finished process's id stands for a killed run's.
	gone := exec.Command("true")
	require.NoError(t, gone.Run())
	stale := fmt.Sprintf("boardside-%d-killed", gone.Process.Pid)
	own := fmt.Sprintf("boardside-%d-again", os.Getpid()) // NewLAN("again")'s own name
	for _, name := range []string{stale, own} {
		require.NoError(t, exec.Command("ip", "netns", "add", name).Run())
		t.Cleanup(func() { _ = exec.Command("ip", "netns", "del", name).Run() })
	}

	lan := newLAN(t, "again")
	_, err := lan.Add("a")
	require.NoError(t, err)
	assert.NoFileExists(t, filepath.Join("/run/netns", stale), "a dead process's LAN is removed")
	assert.FileExists(t, filepath.Join("/run/netns", own), "the leftover under the same name made anew")

	require.NoError(t, lan.Close())
	left, _ := filepath.Glob(filepath.Join("/run/netns", lan.Name()+"*"))
	etc, _ := filepath.Glob(filepath.Join("/etc/netns", lan.Name()+"*"))
	assert.Empty(t, append(left, etc...), "Close removes the LAN's namespaces and their files")
}

// rtcPage seats a peer on each side of a negotiated data channel; the
// test carries the offer and the answer between pages. Every function
// takes the peer's key, one for each other device.
const rtcPage = `<!doctype html><title>rtc</title><script>
const peers = {};
const gathered = (pc) => new Promise((ok) => {
  if (pc.iceGatheringState === "complete") return ok();
  pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && ok());
});
function peer(key) {
  const p = peers[key] = { pc: new RTCPeerConnection({ iceServers: [] }), got: [] };
  p.dc = p.pc.createDataChannel("table", { negotiated: true, id: 0 });
  p.dc.onmessage = (e) => p.got.push(e.data);
  return p;
}
async function offer(key, camera) {
  // The host grants the camera first: a page with the camera shows its
  // address in its candidates, one without hides it behind a .local name.
  if (camera && !window.camera) window.camera = await navigator.mediaDevices.getUserMedia({ video: true });
  const p = peer(key);
  await p.pc.setLocalDescription(await p.pc.createOffer());
  await gathered(p.pc);
  return p.pc.localDescription.sdp;
}
async function answer(key, sdp) {
  const p = peer(key);
  await p.pc.setRemoteDescription({ type: "offer", sdp });
  await p.pc.setLocalDescription(await p.pc.createAnswer());
  await gathered(p.pc);
  return p.pc.localDescription.sdp;
}
async function accept(key, sdp) { await peers[key].pc.setRemoteDescription({ type: "answer", sdp }); return true; }
const opened = (key) => peers[key] && peers[key].dc.readyState === "open";
function send(key, text) { peers[key].dc.send(text); return true; }
const got = (key) => peers[key].got.length > 0 && peers[key].got;
</script>`

// candidates are the addresses in an SDP's candidate lines.
func candidates(sdp string) []string {
	var addrs []string
	for line := range strings.SplitSeq(sdp, "\n") {
		// a=candidate:FOUNDATION COMPONENT TRANSPORT PRIORITY ADDRESS PORT typ TYPE
		if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "a=")); len(f) >= 8 && strings.HasPrefix(f[0], "candidate:") {
			addrs = append(addrs, f[4])
		}
	}
	return addrs
}

// onTheLAN asserts that every candidate is on the LAN or a .local name:
// none is the machine's own address.
func onTheLAN(t *testing.T, who string, addrs []string, lan *netns.LAN) {
	t.Helper()
	require.NotEmpty(t, addrs, "%s gathered candidates", who)
	for _, a := range addrs {
		ip, err := netip.ParseAddr(a)
		assert.True(t, strings.HasSuffix(a, ".local") || err == nil && lan.Prefix().Contains(ip),
			"%s's candidate %s is on %v or a .local name", who, a, lan.Prefix())
	}
}

// js is v as a JavaScript literal.
func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestLAN_WebRTCBetweenBrowsersInNamespaces(t *testing.T) {
	if testing.Short() {
		t.Skip("starts browsers")
	}
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Skip("Chromium is not installed:", err)
	}
	lan := newLAN(t, "rtc")
	a, b, c := add(t, lan, "host"), add(t, lan, "chromium"), add(t, lan, "firefox")
	srv, err := lan.Listen("tcp", lan.Addr().String()+":0")
	require.NoError(t, err)
	page := "http://" + srv.Addr().String()
	go func() {
		_ = http.Serve(srv, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = io.WriteString(w, rtcPage)
		}))
	}()
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	start := time.Now()
	host, err := webdriver.StartChrome(ctx, webdriver.ChromeOptions{Netns: a, Flags: map[string]string{
		// The camera, granted without asking and fed by Chromium's own
		// test pattern; getUserMedia needs a secure origin, which the LAN's
		// plain HTTP is made.
		"use-fake-ui-for-media-stream":             "",
		"use-fake-device-for-media-stream":         "",
		"unsafely-treat-insecure-origin-as-secure": page,
	}})
	require.NoError(t, err)
	defer host.Close()
	t.Logf("Chromium started in %s in %v", a.Name(), time.Since(start).Round(time.Millisecond))
	require.NoError(t, host.Navigate(ctx, page))

	// Carries the offer from host to guest and the answer back, checks
	// each side's candidates, and sends a message each way.
	connect := func(t *testing.T, guest webdriver.Page, key string) {
		start := time.Now()
		var offer, answer string
		require.NoError(t, host.Eval(ctx, fmt.Sprintf("offer(%s, true)", js(key)), &offer))
		hostAddrs := candidates(offer)
		onTheLAN(t, "the host", hostAddrs, lan)
		assert.Contains(t, hostAddrs, a.Addr().String(), "the host, with the camera, shows its own address")
		require.NoError(t, guest.Eval(ctx, fmt.Sprintf("answer(%s, %s)", js(key), js(offer)), &answer))
		guestAddrs := candidates(answer)
		onTheLAN(t, "the guest", guestAddrs, lan)
		t.Logf("candidates: the host's %v, the guest's %v", hostAddrs, guestAddrs)
		require.NoError(t, host.Eval(ctx, fmt.Sprintf("accept(%s, %s)", js(key), js(answer)), nil))
		for _, p := range []webdriver.Page{host, guest} {
			require.NoError(t, webdriver.Until(ctx, p, fmt.Sprintf("opened(%s)", js(key)), 30*time.Second, 50*time.Millisecond, nil))
		}
		t.Logf("data channel open in %v", time.Since(start).Round(time.Millisecond))

		for _, m := range []struct {
			from, to webdriver.Page
			text     string
		}{{host, guest, "from the host"}, {guest, host, "from " + key}} {
			require.NoError(t, m.from.Eval(ctx, fmt.Sprintf("send(%s, %s)", js(key), js(m.text)), nil))
			var got []string
			require.NoError(t, webdriver.Until(ctx, m.to, fmt.Sprintf("got(%s)", js(key)), 10*time.Second, 20*time.Millisecond, &got))
			assert.Equal(t, []string{m.text}, got)
		}
	}

	t.Run("chromium guest", func(t *testing.T) {
		start := time.Now()
		guest, err := webdriver.StartChrome(ctx, webdriver.ChromeOptions{Netns: b})
		require.NoError(t, err)
		defer guest.Close()
		t.Logf("Chromium started in %s in %v", b.Name(), time.Since(start).Round(time.Millisecond))
		require.NoError(t, guest.Navigate(ctx, page))
		connect(t, guest, "chromium")
	})

	t.Run("firefox guest", func(t *testing.T) {
		// Headless Firefox has no WebGL, which the app needs: the tests
		// give Firefox an X screen. A browser in a namespace reaches it by
		// its socket file (/tmp/.X11-unix), which no network namespace
		// hides.
		if _, err := exec.LookPath(webdriver.Firefox); err != nil {
			t.Skip("Firefox is not installed:", err)
		}
		x, err := webdriver.StartXvfb()
		if err != nil {
			t.Skip(err)
		}
		defer x.Stop()
		start := time.Now()
		guest, err := webdriver.StartFirefox(ctx, webdriver.Options{Netns: c, Display: x.Display, Width: 390, Height: 844, Log: t.Logf,
			// The camera without asking, a fake one, on plain HTTP.
			Prefs: map[string]any{
				"media.navigator.permission.disabled": true,
				"media.navigator.streams.fake":        true,
				"media.devices.insecure.enabled":      true,
				"media.getusermedia.insecure.enabled": true,
			}})
		require.NoError(t, err)
		defer guest.Close()
		t.Logf("Firefox started in %s in %v", c.Name(), time.Since(start).Round(time.Millisecond))
		require.NoError(t, guest.Navigate(ctx, page))
		connect(t, guest, "firefox")

		var tracks int
		require.NoError(t, guest.Eval(ctx, "navigator.mediaDevices.getUserMedia({ video: true }).then((s) => s.getVideoTracks().length)", &tracks))
		assert.Equal(t, 1, tracks, "the preferences given reach Firefox: a camera without asking")
	})
}
