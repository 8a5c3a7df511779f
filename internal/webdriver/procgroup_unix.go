//go:build unix

package webdriver

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup starts cmd in a process group of its own, so that killGroup
// ends what it started too: WebKitWebDriver's MiniBrowser and WebKit's
// helper processes, Firefox's content processes. Killed alone, the
// driver left MiniBrowser running with the driver's output pipe open, and
// Wait waited on that pipe for ever (a test hung after a failure).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 5 * time.Second // a pipe a stray child still holds
}

// killGroup kills cmd's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
