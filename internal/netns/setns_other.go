//go:build !linux

package netns

import "errors"

// Network namespaces are Linux's; elsewhere the package builds and
// Available says why it cannot be used.
var errNotLinux = errors.New("network namespaces need Linux")

func in(string, func() error) error { return errNotLinux }

func probe() error { return errNotLinux }

func killIn(string) {}

func alive(int) bool { return true }
