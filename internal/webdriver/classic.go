package webdriver

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// classic is a WebDriver classic session: JSON commands over HTTP to a
// driver process, WebKitWebDriver here.
type classic struct {
	base        string // http://127.0.0.1:port/session/id
	driver      *exec.Cmd
	config      string // the driver's XDG_CONFIG_HOME
	pointerType string
	client      http.Client
}

// WebKitDriver is the WebKitGTK driver's command (Debian's
// webkit2gtk-driver).
const WebKitDriver = "WebKitWebDriver"

// smallToolbar is GTK's style for the MiniBrowser window WebKitWebDriver
// opens: its toolbar (address field, buttons) is at least 447 px wide and
// would keep the window wider than a phone. Shrunk to almost nothing, the
// window takes a phone's width; the page is not styled by it.
const smallToolbar = `toolbar, toolbar *, headerbar, headerbar *, entry, button, box {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px;
}
`

// StartWebKit starts WebKitWebDriver on the X display, opens a session in
// WebKitGTK's MiniBrowser (in automation mode, which keeps no data on
// disk: a page's storage lives as long as the session) and sizes its
// window to the phone's viewport. WebKitGTK has no device emulation: the
// page sees a pixel ratio of 1 whatever o.Scale says.
func StartWebKit(ctx context.Context, o Options) (Page, error) {
	if o.Netns != nil {
		return nil, errors.New("WebKit in a network namespace is not supported yet: its driver's port would need forwarding")
	}
	if _, err := exec.LookPath(WebKitDriver); err != nil {
		return nil, fmt.Errorf("%s is not installed (Debian: webkit2gtk-driver): %w", WebKitDriver, err)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	config, err := os.MkdirTemp("", "boardside-webkit-")
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(config, "gtk-3.0"), 0o700); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(config, "gtk-3.0", "gtk.css"), []byte(smallToolbar), 0o600); err != nil {
		return nil, err
	}
	cmd := exec.Command(WebKitDriver, "--port="+strconv.Itoa(port))
	cmd.Env = append(withDisplay(o.Display), "XDG_CONFIG_HOME="+config)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", WebKitDriver, err)
	}
	c := &classic{driver: cmd, config: config, pointerType: "touch", client: http.Client{Timeout: 5 * time.Minute}}
	root := "http://127.0.0.1:" + strconv.Itoa(port)
	// The driver answers its status once it listens.
	for deadline := time.Now().Add(20 * time.Second); ; {
		if _, err := c.call(ctx, http.MethodGet, root+"/status", nil); err == nil {
			break
		} else if time.Now().After(deadline) {
			c.kill()
			return nil, fmt.Errorf("%s did not answer: %v\n%s", WebKitDriver, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	var s struct {
		SessionID string `json:"sessionId"`
	}
	caps := map[string]any{}
	if o.UserAgent != "" {
		// The driver starts MiniBrowser itself; with options of our own it
		// needs the browser's path and its automation flag said.
		mini, _ := filepath.Glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")
		if len(mini) == 0 {
			c.kill()
			return nil, errors.New("WebKitGTK's MiniBrowser is not installed (Debian: webkit2gtk-driver)")
		}
		caps["alwaysMatch"] = map[string]any{"webkitgtk:browserOptions": map[string]any{"binary": mini[0], "args": []string{"--automation", "--user-agent=" + o.UserAgent}}}
	}
	raw, err := c.call(ctx, http.MethodPost, root+"/session", map[string]any{"capabilities": caps})
	if err == nil {
		err = json.Unmarshal(raw, &s)
	}
	if err != nil || s.SessionID == "" {
		c.kill()
		return nil, fmt.Errorf("opening a WebKit session: %v %s", err, raw)
	}
	c.base = root + "/session/" + s.SessionID
	if err := c.size(ctx, o.Width, o.Height); err != nil {
		_ = c.Close()
		return nil, err
	}
	o.logf("webkit: session %s, window %d×%d", s.SessionID, o.Width, o.Height)
	return c, nil
}

// size makes the viewport w×h: the window rectangle is the window's outer
// size, so the difference the first try leaves is added. GTK sizes the
// window on its own time: the viewport is read once it has stood still.
func (c *classic) size(ctx context.Context, w, h int) error {
	ww, wh := w, h
	for range 5 {
		if _, err := c.call(ctx, http.MethodPost, c.base+"/window/rect", map[string]any{"width": ww, "height": wh}); err != nil {
			return fmt.Errorf("sizing the window: %w", err)
		}
		got, err := c.steadyViewport(ctx)
		if err != nil {
			return err
		}
		if got == [2]int{w, h} {
			return nil
		}
		ww, wh = ww+w-got[0], wh+h-got[1]
	}
	return fmt.Errorf("the window would not give a %d×%d viewport", w, h)
}

// steadyViewport is [innerWidth, innerHeight] once two reads 100 ms apart
// agree (2 s at most).
func (c *classic) steadyViewport(ctx context.Context) ([2]int, error) {
	var last [2]int
	for i := range 20 {
		var got [2]int
		if err := c.Eval(ctx, "[innerWidth, innerHeight]", &got); err != nil {
			return got, err
		}
		if i > 0 && got == last {
			return got, nil
		}
		last = got
		time.Sleep(100 * time.Millisecond)
	}
	return last, nil
}

func (c *classic) Navigate(ctx context.Context, url string) error {
	if _, err := c.call(ctx, http.MethodPost, c.base+"/url", map[string]any{"url": url}); err != nil {
		return fmt.Errorf("loading %s: %w", url, err)
	}
	return c.Eval(ctx, errorCatcher, nil)
}

func (c *classic) Eval(ctx context.Context, expr string, out any) error {
	raw, err := c.call(ctx, http.MethodPost, c.base+"/execute/sync", map[string]any{"script": "return " + asJSON(expr), "args": []any{}})
	if err != nil {
		return err
	}
	var s *string
	if err := json.Unmarshal(raw, &s); err != nil || s == nil {
		return fmt.Errorf("the page answered %.200s", raw)
	}
	return decode(*s, out)
}

func (c *classic) Tap(ctx context.Context, x, y float64) error {
	_, err := c.call(ctx, http.MethodPost, c.base+"/actions", map[string]any{"actions": tap(c.pointerType, x, y)})
	if err != nil && c.pointerType == "touch" {
		// An engine built without touch events refuses a finger: use the mouse.
		c.pointerType = "mouse"
		_, err = c.call(ctx, http.MethodPost, c.base+"/actions", map[string]any{"actions": tap(c.pointerType, x, y)})
	}
	return err
}

func (c *classic) Scroll(ctx context.Context, x, y, dy float64) error {
	_, err := c.call(ctx, http.MethodPost, c.base+"/actions", map[string]any{"actions": wheel(x, y, dy)})
	return err
}

func (c *classic) Type(ctx context.Context, text string) error {
	_, err := c.call(ctx, http.MethodPost, c.base+"/actions", map[string]any{"actions": []map[string]any{{"type": "key", "id": "keyboard", "actions": keys(text)}}})
	return err
}

func (c *classic) Screenshot(ctx context.Context) ([]byte, error) {
	raw, err := c.call(ctx, http.MethodGet, c.base+"/screenshot", nil)
	if err != nil {
		return nil, err
	}
	var b64 string
	if err := json.Unmarshal(raw, &b64); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(b64)
}

func (c *classic) Errors(ctx context.Context) ([]string, error) {
	return pageErrors(ctx, c)
}

func (c *classic) Close() error {
	var err error
	if c.base != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err = c.call(ctx, http.MethodDelete, c.base, nil)
		cancel()
	}
	c.kill()
	return err
}

func (c *classic) kill() {
	if c.driver.Process != nil {
		killGroup(c.driver)
		_ = c.driver.Wait()
	}
	_ = os.RemoveAll(c.config)
}

// call sends one command and returns its value, or the driver's error in
// words.
func (c *classic) call(ctx context.Context, method, url string, body any) (json.RawMessage, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var r struct {
		Value json.RawMessage `json:"value"`
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("%s %s: %d %.200s", method, url, resp.StatusCode, raw)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct{ Error, Message string }
		_ = json.Unmarshal(r.Value, &e)
		return nil, errors.New(e.Error + ": " + e.Message)
	}
	return r.Value, nil
}

// freePort is a TCP port nobody listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// withDisplay is the environment with DISPLAY set to display, when given.
func withDisplay(display string) []string {
	env := os.Environ()
	if display != "" {
		env = append(env, "DISPLAY="+display)
	}
	return env
}
