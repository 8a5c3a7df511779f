package webdriver

import (
	"bytes"
	"context"
	"image/png"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// page records what reaches it: taps (as touch or mouse events) and the
// text typed into its field.
const testPage = `<!doctype html><meta name="viewport" content="width=device-width">
<body style="margin:0"><input id="f" style="position:absolute;left:0;top:200px;width:200px">
<script>
window.got = [];
for (const t of ["touchstart", "touchend", "mousedown", "mouseup"])
  addEventListener(t, (e) => { const p = e.changedTouches ? e.changedTouches[0] : e; got.push(t + " " + Math.round(p.clientX) + "," + Math.round(p.clientY)); });
</script>`

func TestEngines_DoWhatTheTestsAsk(t *testing.T) {
	if testing.Short() {
		t.Skip("starts browsers")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(testPage))
	}))
	defer srv.Close()
	x, err := StartXvfb()
	if err != nil {
		t.Skip(err)
	}
	defer x.Stop()
	for _, e := range []struct {
		name  string
		start func(context.Context, Options) (Page, error)
		tap   string // how a tap reaches the page
	}{
		{"webkit", StartWebKit, "mousedown"}, // WebKitGTK's driver has no finger
		{"firefox", StartFirefox, "touchstart"},
		{"chromium", StartChromium, "touchstart"},
	} {
		t.Run(e.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			p, err := e.start(ctx, Options{Width: 390, Height: 844, Scale: 2, Display: x.Display, UserAgent: "Mozilla/5.0 (iPhone) Boardside test", Log: t.Logf})
			if err != nil {
				t.Skip(err)
			}
			defer p.Close()
			require.NoError(t, p.Navigate(ctx, srv.URL))

			var size [2]int
			require.NoError(t, p.Eval(ctx, "[innerWidth, innerHeight]", &size))
			assert.Equal(t, [2]int{390, 844}, size, "the phone's viewport")
			var ua string
			require.NoError(t, p.Eval(ctx, "navigator.userAgent", &ua))
			assert.Equal(t, "Mozilla/5.0 (iPhone) Boardside test", ua, "the phone's user agent")
			var sum int
			require.NoError(t, p.Eval(ctx, "new Promise((ok) => setTimeout(() => ok(40 + 2), 10))", &sum))
			assert.Equal(t, 42, sum, "a promise is waited for")

			require.NoError(t, p.Tap(ctx, 100, 100))
			var got []string
			require.NoError(t, p.Eval(ctx, "got", &got))
			assert.Contains(t, got, e.tap+" 100,100", "a tap where it was asked for")

			require.NoError(t, p.Tap(ctx, 100, 210))
			require.NoError(t, p.Type(ctx, "Jörg"))
			var typed string
			require.NoError(t, p.Eval(ctx, `document.getElementById("f").value`, &typed))
			assert.Equal(t, "Jörg", typed, "an umlaut typed")

			shot, err := p.Screenshot(ctx)
			require.NoError(t, err)
			_, err = png.Decode(bytes.NewReader(shot))
			assert.NoError(t, err, "a PNG")

			require.NoError(t, p.Eval(ctx, `setTimeout(() => { throw new Error("on purpose") }), console.log("panic: on purpose")`, nil))
			time.Sleep(100 * time.Millisecond) // the page's own timer; the test waits for nothing else
			errs, err := p.Errors(ctx)
			require.NoError(t, err)
			assert.Len(t, errs, 2, "the uncaught error and the panic line: %q", errs)
		})
	}
}
