// Package windowprobe starts a GUI program in a real X window (under Xvfb),
// watches the screen until the program has drawn something, and reads its
// memory use. The window smoke test and the start-up measurements share it.
//
// It needs DISPLAY set and ImageMagick's `import` on the PATH.
package windowprobe

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Proc is a started program.
type Proc struct {
	cmd     *exec.Cmd
	started time.Time
	exited  chan struct{}
	waitErr error
	Output  bytes.Buffer // what the program printed
}

// Launch starts bin with extra environment variables.
func Launch(bin string, env []string, args ...string) (*Proc, error) {
	if os.Getenv("DISPLAY") == "" {
		return nil, errors.New("DISPLAY is not set: run under xvfb-run")
	}
	p := &Proc{cmd: exec.Command(bin, args...), exited: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = &p.Output, &p.Output
	p.started = time.Now()
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	go func() {
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// Frame is what WaitForFrame saw.
type Frame struct {
	// After is an upper bound on the time from start to the first drawn
	// frame: the moment the screenshot that showed it was finished.
	After time.Duration
	// NotBefore is a lower bound: when the last blank screenshot began.
	NotBefore time.Duration
	Image     *image.RGBA
}

// WaitForFrame takes screenshots of the whole screen until one shows a
// drawn window, the program exits, or timeout passes.
func (p *Proc) WaitForFrame(timeout time.Duration) (Frame, error) {
	return p.waitForScreen(timeout, Drawn)
}

// WaitForChange is WaitForFrame on a screen that already shows another
// program: it waits for a drawn screen that differs from before.
func (p *Proc) WaitForChange(before *image.RGBA, timeout time.Duration) (Frame, error) {
	return p.waitForScreen(timeout, func(img *image.RGBA) bool {
		return Drawn(img) && !bytes.Equal(img.Pix, before.Pix)
	})
}

func (p *Proc) waitForScreen(timeout time.Duration, shown func(*image.RGBA) bool) (Frame, error) {
	var lastBlank time.Duration
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		select {
		case <-p.exited:
			return Frame{}, fmt.Errorf("the program exited before drawing (%v): %s", p.waitErr, p.Output.String())
		default:
		}
		began := time.Since(p.started)
		img, err := Screenshot()
		if err != nil {
			return Frame{}, err
		}
		if shown(img) {
			return Frame{After: time.Since(p.started), NotBefore: lastBlank, Image: img}, nil
		}
		lastBlank = began
	}
	return Frame{}, fmt.Errorf("nothing was drawn within %v", timeout)
}

// Alive reports whether the program is still running.
func (p *Proc) Alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// RSS returns the program's resident memory in bytes.
func (p *Proc) RSS() (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("no VmRSS line")
}

// Stop ends the program.
func (p *Proc) Stop() {
	if p.Alive() {
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}

// Screenshot captures the whole X screen.
func Screenshot() (*image.RGBA, error) {
	out, err := exec.Command("import", "-window", "root", "-depth", "8", "ppm:-").Output()
	if err != nil {
		return nil, fmt.Errorf("screenshot with import: %w", err)
	}
	return decodePPM(out)
}

// decodePPM reads a binary (P6) PPM with 8-bit samples.
func decodePPM(b []byte) (*image.RGBA, error) {
	var magic string
	var w, h, maxv int
	r := bytes.NewReader(b)
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxv); err != nil || magic != "P6" {
		return nil, fmt.Errorf("screenshot is not a PPM image (%q, %v)", magic, err)
	}
	if maxv != 255 || w <= 0 || h <= 0 {
		return nil, fmt.Errorf("unexpected PPM %dx%d max %d", w, h, maxv)
	}
	if _, err := r.ReadByte(); err != nil { // the single whitespace after the header
		return nil, err
	}
	pix := b[len(b)-r.Len():]
	if len(pix) < w*h*3 {
		return nil, fmt.Errorf("PPM image is cut short")
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < w*h; i++ {
		img.Pix[i*4], img.Pix[i*4+1], img.Pix[i*4+2], img.Pix[i*4+3] = pix[i*3], pix[i*3+1], pix[i*3+2], 255
	}
	return img, nil
}

// Drawn reports whether the image shows drawn content rather than an empty
// screen or a window filled with one colour: anti-aliased text alone gives
// dozens of distinct colours.
func Drawn(img *image.RGBA) bool { return DistinctColours(img, 64) >= 16 }

// DistinctColours counts colours in img, stopping at limit.
func DistinctColours(img *image.RGBA, limit int) int {
	seen := map[color.RGBA]bool{}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		seen[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 255}] = true
		if len(seen) >= limit {
			break
		}
	}
	return len(seen)
}

// CPUTime is the processor time (user + system) the program has used so
// far, from /proc/PID/stat, in clock ticks of 1/100 s.
func (p *Proc) CPUTime() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	return parseStatCPU(string(b))
}

// parseStatCPU reads utime + stime from a /proc/PID/stat line.
func parseStatCPU(s string) (time.Duration, error) {
	// The command name may hold spaces: fields are counted after its ')'.
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, errors.New("unreadable /proc stat")
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64) // field 14 of the whole line
	stime, err2 := strconv.ParseInt(f[12], 10, 64) // field 15
	if err1 != nil || err2 != nil {
		return 0, errors.New("unreadable CPU times")
	}
	const tick = 10 * time.Millisecond // USER_HZ is 100 on Linux
	return time.Duration(utime+stime) * tick, nil
}
