package webdriver

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// bidi is a WebDriver BiDi session straight to Firefox: JSON commands and
// events over one WebSocket.
type bidi struct {
	browser   *exec.Cmd
	profile   string
	unforward func() // ends Forward's listener, when Firefox runs in a namespace
	conn      *websocket.Conn
	context   string // the browsing context (tab) the page is in

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan bidiReply
	done    chan struct{}
}

type bidiReply struct {
	Type    string          `json:"type"`
	ID      *int            `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
}

// Firefox is the Firefox command, Debian's firefox-esr.
const Firefox = "firefox-esr"

// firefoxPrefs keep a test's Firefox from asking anything or calling out
// (this machine has no network but loopback); the remote agent adds its
// own recommended preferences on top.
const firefoxPrefs = `user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.disabledForTesting", true);
user_pref("dom.w3c_touch_events.enabled", 1);
user_pref("webgl.force-enabled", true);
`

var listening = regexp.MustCompile(`WebDriver BiDi listening on (ws://\S+)`)

// StartFirefox starts Firefox ESR with a new profile on the X display
// (headless Firefox has no WebGL here, Fyne's web driver needs it), opens
// a BiDi session and gives its tab the phone's viewport.
func StartFirefox(ctx context.Context, o Options) (Page, error) {
	bin, err := exec.LookPath(Firefox)
	if err != nil {
		return nil, fmt.Errorf("%s is not installed: %w", Firefox, err)
	}
	profile, err := os.MkdirTemp("", "boardside-firefox-")
	if err != nil {
		return nil, err
	}
	prefs := firefoxPrefs
	if o.UserAgent != "" {
		ua, _ := json.Marshal(o.UserAgent)
		prefs += `user_pref("general.useragent.override", ` + string(ua) + ");\n"
	}
	for _, name := range slices.Sorted(maps.Keys(o.Prefs)) {
		// JSON's true, 3 and "text" are JavaScript's too.
		key, _ := json.Marshal(name)
		value, err := json.Marshal(o.Prefs[name])
		if err != nil {
			return nil, fmt.Errorf("Firefox preference %s: %w", name, err)
		}
		prefs += "user_pref(" + string(key) + ", " + string(value) + ");\n"
	}
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(prefs), 0o600); err != nil {
		return nil, err
	}
	b := &bidi{profile: profile, waiting: map[int]chan bidiReply{}, done: make(chan struct{})}
	args := []string{"--remote-debugging-port=0", "--no-remote", "--new-instance", "--profile", profile, "about:blank"}
	if o.Netns != nil {
		b.browser = o.Netns.Command(bin, args...)
	} else {
		b.browser = exec.Command(bin, args...)
	}
	b.browser.Env = withDisplay(o.Display)
	ownGroup(b.browser)
	stderr, err := b.browser.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := b.browser.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", Firefox, err)
	}
	ws, err := waitForLine(stderr, 60*time.Second, o)
	var dial websocket.DialOptions
	if err == nil && o.Netns != nil {
		ws, dial.Host, err = b.forward(ws, o.Netns)
	}
	if err != nil {
		b.stop()
		return nil, err
	}
	conn, _, err := websocket.Dial(ctx, ws+"/session", &dial)
	if err != nil {
		b.stop()
		return nil, fmt.Errorf("connecting to Firefox: %w", err)
	}
	conn.SetReadLimit(256 << 20) // screenshots
	b.conn = conn
	go b.read()
	if err := b.open(ctx, o); err != nil {
		_ = b.Close()
		return nil, err
	}
	return b, nil
}

// forward makes ws, a WebSocket address on the loopback of the
// namespace Firefox runs in, an address on the test's own loopback. host
// is the Host header to send: Firefox's own address, as Firefox refuses
// (400) a handshake whose Host names another port than its own.
func (b *bidi) forward(ws string, ns Namespace) (local, host string, err error) {
	u, err := url.Parse(ws)
	if err != nil {
		return "", "", fmt.Errorf("Firefox's WebDriver BiDi address %q: %w", ws, err)
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil {
		return "", "", fmt.Errorf("Firefox's WebDriver BiDi address %q has no port", ws)
	}
	host = u.Host
	u.Host, b.unforward, err = ns.Forward(port)
	if err != nil {
		return "", "", fmt.Errorf("forwarding Firefox's WebDriver BiDi port: %w", err)
	}
	return u.String(), host, nil
}

// waitForLine reads Firefox's output until it says where BiDi listens;
// the rest of its output is dropped (or logged).
func waitForLine(r io.Reader, timeout time.Duration, o Options) (string, error) {
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
			o.logf("firefox: %s", sc.Text())
		}
	}()
	select {
	case ws := <-found:
		return ws, nil
	case <-time.After(timeout):
		return "", errors.New("Firefox never said where WebDriver BiDi listens")
	}
}

// open starts the session, finds its tab, has each page keep its errors,
// and sizes the viewport.
func (b *bidi) open(ctx context.Context, o Options) error {
	if _, err := b.call(ctx, "session.new", map[string]any{"capabilities": map[string]any{}}); err != nil {
		return fmt.Errorf("opening a Firefox session: %w", err)
	}
	raw, err := b.call(ctx, "browsingContext.getTree", map[string]any{})
	if err != nil {
		return err
	}
	var tree struct {
		Contexts []struct{ Context string } `json:"contexts"`
	}
	if err := json.Unmarshal(raw, &tree); err != nil || len(tree.Contexts) == 0 {
		return fmt.Errorf("Firefox has no tab: %v %s", err, raw)
	}
	b.context = tree.Contexts[0].Context
	// From each page's first line on, before its own scripts.
	if _, err := b.call(ctx, "script.addPreloadScript", map[string]any{"functionDeclaration": "() => " + errorCatcher}); err != nil {
		return err
	}
	scale := o.Scale
	if scale == 0 {
		scale = 1
	}
	_, err = b.call(ctx, "browsingContext.setViewport", map[string]any{"context": b.context,
		"viewport": map[string]int{"width": o.Width, "height": o.Height}, "devicePixelRatio": scale})
	if err != nil {
		return fmt.Errorf("sizing the viewport: %w", err)
	}
	o.logf("firefox: tab %s, viewport %d×%d at %.1f", b.context, o.Width, o.Height, scale)
	return nil
}

// read hands each reply to its caller.
func (b *bidi) read() {
	defer close(b.done)
	for {
		_, msg, err := b.conn.Read(context.Background())
		if err != nil {
			b.mu.Lock()
			for id, ch := range b.waiting {
				ch <- bidiReply{Type: "error", Error: "connection closed", Message: err.Error()}
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var r bidiReply
		if json.Unmarshal(msg, &r) != nil {
			continue
		}
		if r.ID == nil { // an event: none is subscribed to
			continue
		}
		b.mu.Lock()
		ch := b.waiting[*r.ID]
		delete(b.waiting, *r.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
}

// call sends one command and waits for its result.
func (b *bidi) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	ch := make(chan bidiReply, 1)
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	b.waiting[id] = ch
	b.mu.Unlock()
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if err := b.conn.Write(ctx, websocket.MessageText, msg); err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	select {
	case r := <-ch:
		if r.Type == "error" {
			return nil, fmt.Errorf("%s: %s: %s", method, r.Error, r.Message)
		}
		return r.Result, nil
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.waiting, id)
		b.mu.Unlock()
		return nil, fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

func (b *bidi) Navigate(ctx context.Context, url string) error {
	_, err := b.call(ctx, "browsingContext.navigate", map[string]any{"context": b.context, "url": url, "wait": "complete"})
	return err
}

func (b *bidi) Eval(ctx context.Context, expr string, out any) error {
	raw, err := b.call(ctx, "script.evaluate", map[string]any{"expression": asJSON(expr), "target": map[string]any{"context": b.context},
		"awaitPromise": true, "resultOwnership": "none"})
	if err != nil {
		return err
	}
	var r struct {
		Type   string `json:"type"`
		Result struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"result"`
		ExceptionDetails struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return err
	}
	if r.Type == "exception" {
		return fmt.Errorf("the page threw: %s", r.ExceptionDetails.Text)
	}
	return decode(r.Result.Value, out)
}

func (b *bidi) Tap(ctx context.Context, x, y float64) error {
	_, err := b.call(ctx, "input.performActions", map[string]any{"context": b.context, "actions": tap("touch", x, y)})
	return err
}

func (b *bidi) Scroll(ctx context.Context, x, y, dy float64) error {
	_, err := b.call(ctx, "input.performActions", map[string]any{"context": b.context, "actions": wheel(x, y, dy)})
	return err
}

func (b *bidi) Type(ctx context.Context, text string) error {
	_, err := b.call(ctx, "input.performActions", map[string]any{"context": b.context,
		"actions": []map[string]any{{"type": "key", "id": "keyboard", "actions": keys(text)}}})
	return err
}

func (b *bidi) Screenshot(ctx context.Context) ([]byte, error) {
	raw, err := b.call(ctx, "browsingContext.captureScreenshot", map[string]any{"context": b.context})
	if err != nil {
		return nil, err
	}
	var r struct{ Data string }
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

func (b *bidi) Errors(ctx context.Context) ([]string, error) {
	return pageErrors(ctx, b)
}

func (b *bidi) Close() error {
	if b.conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, _ = b.call(ctx, "browser.close", map[string]any{})
		cancel()
		_ = b.conn.CloseNow()
	}
	b.stop()
	return nil
}

// stop ends Firefox, if browser.close did not, and removes its profile.
func (b *bidi) stop() {
	if b.browser.Process != nil {
		exited := make(chan struct{})
		go func() { _ = b.browser.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			killGroup(b.browser)
			<-exited
		}
	}
	if b.unforward != nil {
		b.unforward()
	}
	_ = os.RemoveAll(b.profile)
}
