package benchbrowser

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestCPUSample_SinceCountsEachKindOverTheWindow(t *testing.T) {
	ms := time.Millisecond
	before := CPUSample{
		1: {"browser", 500 * ms},
		2: {"renderer", 900 * ms},  // the page
		3: {"renderer", 4000 * ms}, // a closed tab's, ends in the window
		4: {"gpu-process", 700 * ms},
		5: {"utility", 300 * ms}, // ends, and its number is taken by a new renderer
	}
	after := CPUSample{
		1: {"browser", 520 * ms},
		2: {"renderer", 950 * ms},
		4: {"gpu-process", 800 * ms},
		5: {"renderer", 40 * ms},
		6: {"renderer", 10 * ms}, // started in the window
	}
	assert.Equal(t, map[string]time.Duration{
		"browser":     20 * ms,
		"renderer":    100 * ms, // 50 + 40 + 10: the ended one neither adds nor takes away
		"gpu-process": 100 * ms,
	}, after.Since(before))
}

func TestTypeArg_ReadsChromiumsCommandLines(t *testing.T) {
	// As Chromium rewrites them: one string, spaces between.
	assert.Equal(t, "gpu-process", typeArg([]byte("/usr/lib/chromium/chromium --type=gpu-process --no-sandbox --use-gl=angle\x00")))
	// As the kernel keeps them: NULs between.
	assert.Equal(t, "renderer", typeArg([]byte("/usr/lib/chromium/chromium\x00--no-sandbox\x00--type=renderer\x00")))
	assert.Equal(t, "other", typeArg([]byte("/usr/lib/chromium/chrome_crashpad_handler\x00--monitor-self\x00")))
	assert.Equal(t, "browser", kind(os.Getpid(), os.Getpid()))
}
