package marsmaze

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/gametest"
)

func TestBannerText_WrapsBetweenWords(t *testing.T) {
	test.NewTempApp(t)
	b := newBannerText("Talk now, until someone acts", theme.TextHeadingSize())
	whole := fyne.MeasureText(b.Text, b.size, bannerStyle).Width
	widest := fyne.MeasureText("someone", b.size, bannerStyle).Width

	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(whole+20, 200))
	assert.Equal(t, []string{"Talk now, until someone acts"}, b.lines(b.Size().Width), "room for one line")
	assert.Equal(t, widest, b.MinSize().Width, "as narrow as its widest word")
	one := b.MinSize().Height

	b.Resize(fyne.NewSize(whole*0.6, 200))
	lines := b.lines(b.Size().Width)
	require.Greater(t, len(lines), 1)
	assert.Equal(t, b.Text, strings.Join(lines, " "), "every word, in order")
	for _, l := range lines {
		assert.LessOrEqual(t, fyne.MeasureText(l, b.size, bannerStyle).Width, b.Size().Width, "%q fits", l)
	}
	assert.InDelta(t, float32(len(lines))*one, b.MinSize().Height, 0.5, "a line's height each")

	b.SetText("")
	assert.Empty(t, b.lines(100))
}

// TestMarsMaze_TalkBannerFitsAPhone: mission 3's banner after a flip, with
// the expert rule's reminder, wraps on a phone: on one line it made the
// window 590 px wide, and the timer read "0:1".
func TestMarsMaze_TalkBannerFitsAPhone(t *testing.T) {
	for _, code := range []string{"en", "de"} {
		t.Run(code, func(t *testing.T) {
			gametest.SetLanguage(t, code)
			env := newTestEnv(t)
			u := env.Start(t)
			m := openMarsMaze(t, u)
			m.mission.SetSelected("3")
			test.Tap(m.expert)
			test.Tap(m.start)
			env.Clock.Advance(30 * time.Second)
			test.Tap(m.flip)
			test.Tap(m.joker) // the longer banner
			require.True(t, m.passTiles.Visible())

			size := fyne.NewSize(360, 640)
			u.Win.Resize(size)
			assert.LessOrEqual(t, u.Win.Content().MinSize().Width, size.Width, "no wider than a phone")
			for _, o := range []fyne.CanvasObject{m.talkText, m.passTiles, m.act, m.digits, m.flip} {
				r := rectOf(o)
				assert.True(t, r.x >= 0 && r.x+r.w <= size.Width && r.y >= 0 && r.y+r.h <= size.Height, "%T at %v", o, r)
			}
			assert.Greater(t, len(m.talkText.lines(m.talkText.Size().Width)), 1, "the banner takes two lines")
			assert.GreaterOrEqual(t, m.talkText.Size().Height, m.talkText.MinSize().Height, "and has room for them")
		})
	}
}

// TestMarsMaze_GlassKeepsClearOfTheDigits: the sand glass's base never
// touches the digits under it (it did on a 360×640 phone's setup), nor its
// side the digits beside it.
func TestMarsMaze_GlassKeepsClearOfTheDigits(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 412, Height: 915}, {Width: 640, Height: 360}, {Width: 1280, Height: 800}} {
		for _, code := range []string{"en", "de"} {
			t.Run(fmt.Sprintf("%s_%.0fx%.0f", code, size.Width, size.Height), func(t *testing.T) {
				gametest.SetLanguage(t, code)
				u := newTestEnv(t).Start(t)
				m := openMarsMaze(t, u)
				m.mission.SetSelected("3")
				u.Win.Resize(size)
				g, d := rectOf(m.glass), rectOf(m.digits)
				require.Positive(t, g.h, "a glass is drawn")
				gap := theme.Padding()
				if g.y+g.h <= d.y {
					assert.GreaterOrEqual(t, d.y-(g.y+g.h), gap, "above the digits: glass %v, digits %v", g, d)
				} else {
					assert.GreaterOrEqual(t, d.x-(g.x+g.w), gap, "beside the digits: glass %v, digits %v", g, d)
				}
			})
		}
	}
}

type rect struct{ x, y, w, h float32 }

func rectOf(o fyne.CanvasObject) rect {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	return rect{p.X, p.Y, o.Size().Width, o.Size().Height}
}
