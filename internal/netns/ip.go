package netns

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// runDir is where ip keeps a named namespace (a bind mount of it).
const runDir = "/run/netns"

// etcDir holds a namespace's own files of /etc, which ip netns exec
// mounts over the machine's for the programs it runs (etcDir/NAME/FILE
// over /etc/FILE).
const etcDir = "/etc/netns"

// resolvConf is a device's /etc/resolv.conf. The LAN has no DNS server,
// and the machine's is out of reach: a lookup sent there waits out the
// resolver's 5 s timeout (Firefox looked one up as it closed, and took
// 6 s to close instead of 1). A query to the device's own loopback, where
// nothing listens, fails at once.
const resolvConf = "# A test LAN's device (boardside internal/netns): no DNS server.\nnameserver 127.0.0.1\n"

// prefix begins every namespace this package names: prefix, the
// process id, "-", the LAN's name and, for a device, "-" and its name.
const prefix = "boardside-"

// Available is nil when this process can build a LAN: it runs on Linux,
// may make network namespaces, and finds iproute2's ip. Tests skip with
// its error otherwise.
func Available() error {
	if err := probe(); err != nil {
		return err
	}
	if _, err := exec.LookPath("ip"); err != nil {
		return fmt.Errorf("iproute2's ip is not installed: %w", err)
	}
	return nil
}

// ip runs ip with args.
func ip(args ...string) error {
	out, err := exec.Command("ip", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}

// ipIn runs ip's commands, one a line, in namespace ns: one process for
// them all (ip -batch), which stops at the first that fails.
func ipIn(ns string, commands ...string) error {
	cmd := exec.Command("ip", "-n", ns, "-batch", "-")
	cmd.Stdin = strings.NewReader(strings.Join(commands, "\n") + "\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("ip -n %s: %q: %v: %s", ns, commands, err, bytes.TrimSpace(out))
	}
	return nil
}

// addNS makes namespace name, removing first one a killed run of this
// same process id left under that name.
func addNS(name string) error {
	if err := removeNS(name); err != nil {
		return err
	}
	return ip("netns", "add", name)
}

// removeNS ends what still runs in namespace name and removes it; a
// namespace that is not there is no error. Its interfaces go with it:
// a veth pair ends when either end's namespace does.
func removeNS(name string) error {
	etcErr := os.RemoveAll(filepath.Join(etcDir, name))
	if _, err := os.Stat(path(name)); errors.Is(err, os.ErrNotExist) {
		return etcErr
	}
	killIn(path(name))
	return errors.Join(etcErr, ip("netns", "del", name))
}

// noDNS gives namespace name resolvConf. Without it (/etc read-only)
// the device still works, only lookups time out instead of failing.
func noDNS(name string) {
	dir := filepath.Join(etcDir, name)
	if os.MkdirAll(dir, 0o755) == nil {
		_ = os.WriteFile(filepath.Join(dir, "resolv.conf"), []byte(resolvConf), 0o644)
	}
}

// reapLeftovers removes the namespaces of this package's earlier runs
// whose process is gone (killed, or timed out, before its Close): their
// browsers may still run in them.
func reapLeftovers() {
	entries, _ := os.ReadDir(runDir)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok {
			continue
		}
		pidText, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() || alive(pid) {
			continue
		}
		_ = removeNS(e.Name())
	}
}

// clean keeps the letters, digits, '_' and '.' of a name given to NewLAN
// or Add, which become part of a namespace's name ('-' separates parts).
func clean(name string) string {
	b := []byte(name)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}
