package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
)

// TestLicences_EveryModuleInTheBinaryIsListed keeps the About screen honest:
// after a dependency change, `make licenses` must be run.
func TestLicences_EveryModuleInTheBinaryIsListed(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-tags", "migrated_fynedo",
		"-f", "{{with .Module}}{{if not .Main}}{{.Path}}{{end}}{{end}}", ".").Output()
	require.NoError(t, err)
	listed := map[string]bool{}
	for _, l := range assets.Licenses() {
		listed[l.Module] = true
		assert.NotEmpty(t, strings.TrimSpace(l.Text), l.Module)
	}
	modules := 0
	for _, m := range strings.Fields(string(out)) {
		modules++
		assert.True(t, listed[m], "%s is built into boardside but has no licence in assets/licenses: run make licenses", m)
	}
	assert.Greater(t, modules, 5, "go list found the app's modules")
}
