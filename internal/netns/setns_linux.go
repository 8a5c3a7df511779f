//go:build linux

package netns

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"golang.org/x/sys/unix"
)

// in runs fn on an OS thread moved into the namespace at path (a file of
// /run/netns). A socket fn makes belongs to that namespace for good,
// whichever thread uses it later. fn must not start goroutines that make
// sockets: they run on other threads, in the test's own namespace.
//
// fn runs on a goroutine of its own, so the caller's thread is never
// moved. That goroutine's thread goes back to the pool only once it is
// back in the namespace it came from; a thread that cannot go back stays
// locked, and Go ends it with the goroutine.
func in(path string, fn func() error) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		own, err := unix.Open("/proc/thread-self/ns/net", unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			runtime.UnlockOSThread()
			done <- fmt.Errorf("opening this thread's namespace: %w", err)
			return
		}
		defer unix.Close(own)
		target, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			runtime.UnlockOSThread()
			done <- fmt.Errorf("opening namespace %s: %w", path, err)
			return
		}
		defer unix.Close(target)
		if err := unix.Setns(target, unix.CLONE_NEWNET); err != nil {
			runtime.UnlockOSThread()
			done <- fmt.Errorf("entering namespace %s: %w", path, err)
			return
		}
		err = fn()
		if unix.Setns(own, unix.CLONE_NEWNET) == nil {
			runtime.UnlockOSThread()
		}
		done <- err
	}()
	return <-done
}

// probe says whether this process may make network namespaces: it
// makes one for a moment, on a thread that then goes back to its own.
func probe() error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		own, err := unix.Open("/proc/thread-self/ns/net", unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			runtime.UnlockOSThread()
			done <- err
			return
		}
		defer unix.Close(own)
		if err := unix.Unshare(unix.CLONE_NEWNET); err != nil {
			runtime.UnlockOSThread()
			done <- err
			return
		}
		if unix.Setns(own, unix.CLONE_NEWNET) == nil {
			runtime.UnlockOSThread()
		}
		done <- nil
	}()
	if err := <-done; err != nil {
		return fmt.Errorf("this process may not make network namespaces (it needs root, CAP_SYS_ADMIN): %w", err)
	}
	return nil
}

// killIn kills the processes (but this one) whose namespace is the one
// at path: a browser a failed test did not close keeps its namespace, and
// so the LAN's veths, alive after the name is gone.
func killIn(path string) {
	var ns unix.Stat_t
	if unix.Stat(path, &ns) != nil {
		return
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/ns/net")
	self := os.Getpid()
	for _, p := range procs {
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(p))))
		if err != nil || pid == self {
			continue
		}
		var st unix.Stat_t
		if unix.Stat(p, &st) == nil && st.Dev == ns.Dev && st.Ino == ns.Ino {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
	}
}

// alive says whether process pid still runs.
func alive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}
