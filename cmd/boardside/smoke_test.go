//go:build smoke

package main

import (
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/internal/windowprobe"
)

// TestSmoke builds the real binary, starts it in a real window (make test
// runs this under Xvfb), and fails if it dies or draws nothing. The
// window's screenshot is kept in SMOKE_SHOT when that is set.
func TestSmoke(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "boardside")
	build := exec.Command("go", "build", "-tags", "migrated_fynedo", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "build: %s", out)

	home := t.TempDir() // a first start: no settings, no saved games
	p, err := windowprobe.Launch(bin, []string{"HOME=" + home, "LANG=en_US.UTF-8", "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")})
	require.NoError(t, err)
	defer p.Stop()

	frame, err := p.WaitForFrame(60 * time.Second)
	require.NoError(t, err)
	assert.True(t, windowprobe.Drawn(frame.Image))
	t.Logf("first frame within %v (not before %v)", frame.After.Round(time.Millisecond), frame.NotBefore.Round(time.Millisecond))

	// A real wait, not a fake clock: the test watches a separate process and
	// a real window, which only show a crash or a blank frame in real time.
	time.Sleep(time.Second)
	assert.True(t, p.Alive(), "the app is still running a second after its first frame: %s", p.Output.String())
	again, err := windowprobe.Screenshot()
	require.NoError(t, err)
	assert.True(t, windowprobe.Drawn(again), "the window is not blank a second later")

	if path := os.Getenv("SMOKE_SHOT"); path != "" {
		f, err := os.Create(path)
		require.NoError(t, err)
		defer f.Close()
		// With no window manager the window sits at the top left, at the
		// size the app gives it.
		require.NoError(t, png.Encode(f, again.SubImage(image.Rect(0, 0, 900, 640))))
	}
}
