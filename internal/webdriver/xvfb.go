package webdriver

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Xvfb is a virtual X screen: WebKitGTK and Firefox draw WebGL (Mesa's
// llvmpipe) only in a window, and this machine has no screen.
type Xvfb struct {
	Display string // ":N"
	cmd     *exec.Cmd
}

// StartXvfb starts Xvfb on a display it picks itself.
func StartXvfb() (*Xvfb, error) {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return nil, fmt.Errorf("Xvfb is not installed (Debian: xvfb): %w", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// -displayfd: Xvfb picks a free display and writes its number to fd 3.
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, fmt.Errorf("starting Xvfb: %w", err)
	}
	w.Close()
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return nil, errors.New("Xvfb exited without a display")
		}
		return &Xvfb{Display: ":" + n, cmd: cmd}, nil
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, errors.New("Xvfb gave no display in 20 s")
	}
}

// Stop ends the X server.
func (x *Xvfb) Stop() {
	_ = x.cmd.Process.Kill()
	_ = x.cmd.Wait()
}
