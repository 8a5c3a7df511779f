package benchbrowser

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// clockTick is Linux's USER_HZ: /proc/PID/stat counts CPU time in
// hundredths of a second on every Linux a Go program runs on.
const clockTick = 10 * time.Millisecond

// CPUSample is the CPU time (user and system, every thread) each of
// Chromium's processes has used so far.
type CPUSample map[int]ProcessCPU

// ProcessCPU is one process's: its kind, "browser", "gpu-process",
// "renderer", "utility" and so on (Chromium's --type), and its CPU time.
type ProcessCPU struct {
	Kind  string
	Spent time.Duration
}

// Since is the CPU time each kind of process used from before to s. A
// process that ended in between is left out (its time is lost with it),
// one that started counts whole.
func (s CPUSample) Since(before CPUSample) map[string]time.Duration {
	out := map[string]time.Duration{}
	for pid, p := range s {
		b, ok := before[pid]
		if ok && b.Kind != p.Kind { // the number was taken again
			b.Spent = 0
		}
		out[p.Kind] += p.Spent - b.Spent
	}
	return out
}

// CPU reads what Chromium's processes have used so far. On a phone the
// GPU process's work is the graphics chip's; here SwiftShader does it on
// the CPU, so it is read apart from the page's. Linux only: elsewhere it
// says so.
func (b *Browser) CPU() (CPUSample, error) {
	c := chromedp.FromContext(b.Ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return nil, errors.New("no Chromium process to read")
	}
	root := c.Browser.Process().Pid
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil || len(stats) == 0 {
		return nil, errors.New("no /proc to read CPU time from")
	}
	parent := map[int]int{}
	spent := map[int]time.Duration{}
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the process ended
		}
		// pid (comm) state ppid … utime stime: comm may hold spaces, so
		// the fields are counted from its closing parenthesis.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b[:bytes.IndexByte(b, '(')])))
		if err != nil {
			continue
		}
		fields := strings.Fields(string(b[i+1:]))
		if len(fields) < 13 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		utime, _ := strconv.ParseInt(fields[11], 10, 64)
		stime, _ := strconv.ParseInt(fields[12], 10, 64)
		parent[pid], spent[pid] = ppid, time.Duration(utime+stime)*clockTick
	}
	out := CPUSample{}
	for pid, t := range spent {
		if descends(pid, root, parent) {
			out[pid] = ProcessCPU{kind(pid, root), t}
		}
	}
	return out, nil
}

// descends tells whether pid is root or one of its descendants.
func descends(pid, root int, parent map[int]int) bool {
	for range 64 { // deeper than any process tree Chromium makes
		if pid == root {
			return true
		}
		p, ok := parent[pid]
		if !ok || p == pid || p == 0 {
			return false
		}
		pid = p
	}
	return false
}

// kind is a Chromium process's --type, "browser" for the one without.
func kind(pid, root int) string {
	if pid == root {
		return "browser"
	}
	cmd, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return "other"
	}
	return typeArg(cmd)
}

// typeArg is the --type in a /proc/PID/cmdline, "other" without one (a
// helper such as the crash handler). Chromium rewrites its processes'
// command lines into one string, the arguments parted by spaces rather
// than NULs.
func typeArg(cmdline []byte) string {
	for _, arg := range bytes.FieldsFunc(cmdline, func(r rune) bool { return r == 0 || r == ' ' }) {
		if t, ok := bytes.CutPrefix(arg, []byte("--type=")); ok {
			return string(t)
		}
	}
	return "other"
}

// WaitQuiet waits until Chromium's processes together use less than share
// of one CPU over a window, or until most has passed, and says how long it
// waited and whether they went quiet. A visit timed at once after another
// shares the machine with what the last one left running: a closed tab's
// teardown, a service worker's caching, the code cache being written.
func (b *Browser) WaitQuiet(window, most time.Duration, share float64) (time.Duration, bool) {
	start := time.Now()
	before, err := b.CPU()
	if err != nil {
		return 0, false
	}
	for time.Since(start) < most {
		time.Sleep(window)
		now, err := b.CPU()
		if err != nil {
			return time.Since(start), false
		}
		var used time.Duration
		for _, d := range now.Since(before) {
			used += d
		}
		if float64(used) <= share*float64(window) {
			return time.Since(start), true
		}
		before = now
	}
	return time.Since(start), false
}
