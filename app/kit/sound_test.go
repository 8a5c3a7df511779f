package kit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPlayer_WithOrWithoutAnAudioDevice: the real player either opens the
// device or gives up quietly for good; playing never panics or blocks.
func TestPlayer_WithOrWithoutAnAudioDevice(t *testing.T) {
	p := &player{}
	p.play(SoundMark)
	p.play(SoundMark)
	assert.True(t, (p.ctx != nil) != p.failed, "exactly one of: a context, or a logged failure")
}
