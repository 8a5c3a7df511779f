package kit

import (
	"bytes"
	"log"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"

	"boardside/assets"
)

// Sound names, files in assets/sounds.
const (
	SoundAlert     = "alert"     // 5:00, 1:00, 0:30, 0:10
	SoundCountdown = "countdown" // 5, 4, 3, 2, 1
	SoundTimeUp    = "timeup"
	SoundMark      = "mark" // solo: the pawn may move
)

// SoundPlayer plays the embedded alert sounds on the device's audio, by
// name (Sound…): the shell's, which PlaySound goes through.
func SoundPlayer() func(name string) {
	p := &player{}
	return p.Play
}

// player plays the embedded alert sounds. Without an audio device it stays
// silent: the problem is logged once and never reaches the player.
type player struct {
	once    sync.Once
	ctx     *oto.Context
	ready   <-chan struct{}
	failed  bool
	mu      sync.Mutex
	playing []*oto.Player // kept until done, so they are not collected mid-sound
}

// readyWait is how long a sound waits for the audio device to be ready.
// In a browser it is ready only after the player's first tap; a sound due
// before then is dropped rather than queued, so the first tap does not set
// off every alert that was missed.
const readyWait = 300 * time.Millisecond

// Play starts a sound and returns at once; it is safe from any goroutine.
func (p *player) Play(name string) {
	go p.play(name)
}

func (p *player) play(name string) {
	p.once.Do(p.open)
	if p.failed {
		return
	}
	select {
	case <-p.ready:
	case <-time.After(readyWait):
		return
	}
	pcm, err := assets.Sound(name)
	if err != nil {
		log.Printf("sound %q: %v", name, err)
		return
	}
	pl := p.ctx.NewPlayer(bytes.NewReader(pcm))
	p.mu.Lock()
	live := p.playing[:0]
	for _, q := range p.playing {
		if q.IsPlaying() {
			live = append(live, q)
		}
	}
	p.playing = append(live, pl)
	p.mu.Unlock()
	pl.Play()
}

func (p *player) open() {
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate:   assets.SoundRate,
		ChannelCount: 1,
		Format:       oto.FormatSignedInt16LE,
	})
	if err != nil {
		log.Printf("no sound: %v", err)
		p.failed = true
		return
	}
	p.ctx, p.ready = ctx, ready
}
