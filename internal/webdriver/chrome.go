package webdriver

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/chromedp/chromedp"
)

// Chrome is one tab of a headless Chromium, through chromedp (Chrome's own
// protocol). It is a Page, as every engine's tab is, and it offers beside
// it what only Chromium lets a test do: emulate a phone (chrome_emulate.go),
// press keys and move fingers as a device's own input does
// (chrome_input.go), hear the page's console and answers and hold its
// requests (chrome_events.go, chrome_network.go), and walk its history and
// the browser's other tabs (chrome_history.go).
//
// Each method runs within the tab's own bound (the context OpenTab was
// given) and the ctx it is passed, whichever ends first.
type Chrome struct {
	tab   context.Context // chromedp's context of the tab, with its bound
	close func()
}

// ChromeOptions are what StartChrome starts Chromium with.
type ChromeOptions struct {
	// Width and Height are the window's size; 0 is 420×860, a phone's
	// window and some room.
	Width, Height int
	// WebGL turns the GPU on, drawn by SwiftShader (Fyne's web driver
	// draws with WebGL); without it the GPU is off.
	WebGL bool
	// Flags are more command-line switches, --name=value; an empty
	// value is a bare --name.
	Flags map[string]string
	// Netns is the network Chromium runs in; nil: the test's own.
	Netns Namespace
}

// StartChrome starts headless Chromium (Debian's chromium) with the
// options and returns its first tab, blank; OpenTab opens more. Closing
// the first tab ends the browser. ctx bounds the start only.
func StartChrome(ctx context.Context, o ChromeOptions) (*Chrome, error) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return nil, fmt.Errorf("chromium is not installed: %w", err)
	}
	if o.Width == 0 || o.Height == 0 {
		o.Width, o.Height = 420, 860
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		// This machine has no network: Chromium's own calls out only fail.
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true), chromedp.WindowSize(o.Width, o.Height))
	if o.WebGL {
		opts = append(opts, chromedp.Flag("disable-gpu", false), chromedp.Flag("use-gl", "swiftshader"),
			chromedp.Flag("enable-unsafe-swiftshader", true))
	}
	for name, value := range o.Flags {
		if value == "" {
			opts = append(opts, chromedp.Flag(name, true))
		} else {
			opts = append(opts, chromedp.Flag(name, value))
		}
	}
	if o.Netns != nil {
		// chromedp talks to Chromium over a pipe (its fds 3 and 4), which
		// crosses into a namespace as it is: only the command changes, and
		// no DevTools port needs forwarding. This takes the place of
		// chromedp's own command setup, whose kill-with-parent signal is
		// then not set; Chromium still ends with the test, at its pipe's
		// end.
		ns := o.Netns
		opts = append(opts, chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			in := ns.Command(cmd.Path, cmd.Args[1:]...)
			cmd.Path, cmd.Args, cmd.Err = in.Path, in.Args, in.Err
		}))
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	first, cancelFirst := chromedp.NewContext(alloc)
	c := &Chrome{tab: first, close: func() { cancelFirst(); cancelAlloc() }}
	// The browser lives as long as the context of its first command, so
	// that command runs on the tab's own; ctx ends it only while it starts.
	stop := context.AfterFunc(ctx, c.close)
	err = chromedp.Do(first, chromedp.Navigate("about:blank"))
	if !stop() || err != nil {
		c.close()
		return nil, fmt.Errorf("starting Chromium: %w", err)
	}
	return c, nil
}

// OpenTab opens a new tab in c's browser, blank. ctx bounds the tab's
// every command (its deadline, not its cancellation, is kept: a test's
// bound on a stuck page); Close closes it.
func (c *Chrome) OpenTab(ctx context.Context) (*Chrome, error) {
	tab, cancelTab := chromedp.NewContext(c.tab)
	bounded, cancelBound := tab, context.CancelFunc(func() {})
	if d, ok := ctx.Deadline(); ok {
		bounded, cancelBound = context.WithDeadline(tab, d)
	}
	t := &Chrome{tab: bounded, close: func() { cancelBound(); cancelTab() }}
	// The tab is opened now, on its own context, which its events need.
	if err := chromedp.Do(bounded); err != nil {
		t.close()
		return nil, fmt.Errorf("opening a tab: %w", err)
	}
	return t, nil
}

// Tab is the Chrome of a chromedp tab a program opened itself (tab is
// its context). Closing it leaves the tab to its opener. It is for the
// measuring programs in bench/, which open their tabs with chromedp for
// what no test asks (Chrome's profiler, its performance timeline) and
// read and tap the app as the tests do; the tests open theirs with
// StartChrome and OpenTab.
func Tab(tab context.Context) *Chrome {
	return &Chrome{tab: tab, close: func() {}}
}

// on is the context a command runs in: the tab's, ended as well when ctx
// ends, and by ctx's deadline where it is sooner. done releases it.
func (c *Chrome) on(ctx context.Context) (run context.Context, done func()) {
	run, cancel := context.WithCancel(c.tab)
	cancelDeadline := context.CancelFunc(func() {})
	if d, ok := ctx.Deadline(); ok {
		run, cancelDeadline = context.WithDeadline(run, d)
	}
	stop := context.AfterFunc(ctx, cancel)
	return run, func() { stop(); cancelDeadline(); cancel() }
}

// do runs chromedp's actions in the tab, within ctx.
func (c *Chrome) do(ctx context.Context, actions ...chromedp.Action[chromedp.Void]) error {
	run, done := c.on(ctx)
	defer done()
	return chromedp.Do(run, actions...)
}

// Close closes the tab; the first tab's Close ends the browser.
func (c *Chrome) Close() error {
	c.close()
	return nil
}
