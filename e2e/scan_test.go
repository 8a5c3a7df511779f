package e2e

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"image"
	"image/draw"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
	"boardside/internal/fakecam"
	"boardside/internal/webdriver"
)

// QR codes between two browsers, for a table a browser hosts over WebRTC:
// the web app reads a code with the camera (web/app/scan.js), the quick
// viewer draws one (assets/web/qrdraw.js over qrcode.js).
//
// Chromium on Linux has no BarcodeDetector, so in Chromium as in Firefox
// these tests read codes with jsQR (web/app/jsqr.js), the path of every
// browser but Chrome on Android and macOS.

// scanTag matches the built page's <script> of scan.js, which names
// jsqr.js's hashed file in data-jsqr.
var scanTag = regexp.MustCompile(`<script src="scan\.[0-9a-f]{8}\.js" data-jsqr="jsqr\.[0-9a-f]{8}\.js" defer></script>`)

// scanPages serves, on loopback (a secure context, where a page has a
// camera), the web app's build at /app/ and the quick viewer's files at
// /viewer/, and two test pages beside the app's, each with the built
// page's own scan.js tag: /app/scan-test.html with nothing else, and
// /app/qr-test.html with the viewer's encoder too. The pages start no
// app (the wasm would take the machine's two cores for half a minute):
// what is tested is scan.js and the files it loads.
func scanPages(t *testing.T) (base string) {
	t.Helper()
	dir := builtWebApp(t)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	tag := scanTag.Find(page)
	require.NotNil(t, tag, "the built page loads scan.js, naming jsqr.js")
	viewer, err := fs.Sub(assets.Web, "web")
	require.NoError(t, err)
	testPage := func(head string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>QR test</title>%s</head><body>%s</body></html>", head, tag)
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/app/", http.StripPrefix("/app/", http.FileServer(http.Dir(dir))))
	mux.Handle("/viewer/", http.StripPrefix("/viewer/", http.FileServerFS(viewer)))
	mux.Handle("/app/scan-test.html", testPage(""))
	mux.Handle("/app/qr-test.html", testPage(`<script src="/viewer/qrcode.js"></script><script src="/viewer/qrdraw.js"></script>`))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + l.Addr().String()
}

// answerLike is n characters of base64url, as a WebRTC answer's code
// carries.
func answerLike(t *testing.T, n int) string {
	b := make([]byte, n)
	_, err := rand.Read(b)
	require.NoError(t, err)
	return base64.RawURLEncoding.EncodeToString(b)[:n]
}

// fakeCamera is a Chromium whose camera shows text's QR code, and whose
// page is allowed it without asking.
func fakeCamera(t *testing.T, text string) func() *webdriver.Chrome {
	t.Helper()
	y4m := filepath.Join(t.TempDir(), "qr.y4m")
	require.NoError(t, fakecam.WriteY4M(y4m, fakecam.QRFrame(text), 10))
	return browser(t, map[string]string{
		"use-fake-ui-for-media-stream":     "", // allow the camera, as a player's tap would
		"use-fake-device-for-media-stream": "",
		"use-file-for-fake-video-capture":  y4m,
	})
}

// keepStream keeps the camera's stream the page is given, in
// window.__stream, so that a test sees it stopped.
const keepStream = `(() => {
  const media = navigator.mediaDevices, get = media.getUserMedia.bind(media);
  media.getUserMedia = async (c) => (window.__stream = await get(c));
  return true;
})()`

// cameraOff tells whether the scan's screen is gone and its camera stopped.
const cameraOff = `!document.getElementById("boardside-scan") && !!window.__stream && window.__stream.getTracks().every((t) => t.readyState === "ended")`

type scanResult struct {
	Text, Error string
	Ms          float64
}

// startScan starts a scan in the page; the result is in window.__scan
// once a callback is called.
const startScan = `(() => {
  const t0 = performance.now();
  window.__scan = null;
  window.__stop = boardsideScan.start(
    (text) => { window.__scan = { text, ms: performance.now() - t0 }; },
    (error) => { window.__scan = { error, ms: performance.now() - t0 }; },
    { hint: "Point the camera at the code on the guest's phone.", cancel: "Cancel" });
  return typeof window.__stop === "function";
})()`

// TestScan_ReadsTheCodeTheCameraShows: a 150-character answer in front
// of the camera is read within seconds, exactly; then the camera is off
// and its screen gone. jsqr.js is loaded by the scan, not by the page.
func TestScan_ReadsTheCodeTheCameraShows(t *testing.T) {
	base := scanPages(t)
	text := answerLike(t, 150)
	tab := fakeCamera(t, text)()
	require.NoError(t, tab.Navigate(t.Context(), base+"/app/scan-test.html"))
	waitJS(tab, t, `!!window.boardsideScan`, "scan.js runs")
	assert.False(t, eval[bool](tab, t, `typeof jsQR === "function" || !!document.querySelector('script[src*="jsqr."]')`), "jsqr.js waits for a scan")
	native := eval[bool](tab, t, `typeof BarcodeDetector === "function"`)
	t.Logf("BarcodeDetector: %v", native)

	require.True(t, eval[bool](tab, t, keepStream))
	require.True(t, eval[bool](tab, t, startScan))
	assert.True(t, eval[bool](tab, t, `!!document.getElementById("boardside-scan")`), "the camera's screen shows at once")
	var got scanResult
	require.NoError(t, webdriver.Until(t.Context(), tab, `window.__scan`, patient(10*time.Second), 50*time.Millisecond, &got),
		"no code read in %v", patient(10*time.Second))
	require.Empty(t, got.Error, "the scan failed")
	assert.Equal(t, text, got.Text, "the code's text, exactly")
	t.Logf("read %d characters %.0f ms after start (camera, first frames, decoding)", len(got.Text), got.Ms)
	assert.True(t, eval[bool](tab, t, cameraOff), "the camera is off and its screen gone")
	if !native {
		assert.True(t, eval[bool](tab, t, `typeof jsQR === "function"`), "jsqr.js was loaded for the scan")
	}
	errs, err := tab.Errors(t.Context())
	require.NoError(t, err)
	assert.Empty(t, errs)
}

// TestScan_EndsWithAReason: the Cancel button and Escape close the
// camera's screen, stop the camera and say "cancelled"; a camera refused
// says "denied", and a page that is no secure context (a plain-HTTP page
// on the local network, as boardside serve's) has no camera and says
// "insecure", each without a screen left behind.
func TestScan_EndsWithAReason(t *testing.T) {
	base := scanPages(t)
	// A picture with no code: the scan goes on until it is cancelled.
	y4m := filepath.Join(t.TempDir(), "blank.y4m")
	blank := image.NewGray(image.Rect(0, 0, fakecam.Width, fakecam.Height))
	draw.Draw(blank, blank.Bounds(), image.NewUniform(fakecam.Background), image.Point{}, draw.Src)
	require.NoError(t, fakecam.WriteY4M(y4m, blank, 2))
	camera := map[string]string{
		"use-fake-ui-for-media-stream":     "",
		"use-fake-device-for-media-stream": "",
		"use-file-for-fake-video-capture":  y4m,
		"host-resolver-rules":              "MAP " + lanName(t) + " 127.0.0.1",
	}
	newTab := browser(t, camera)
	open := func(t *testing.T, newTab func() *webdriver.Chrome, url string) *webdriver.Chrome {
		tab := newTab()
		require.NoError(t, tab.Navigate(t.Context(), url))
		waitJS(tab, t, `!!window.boardsideScan`, "scan.js runs")
		return tab
	}
	ended := func(t *testing.T, tab *webdriver.Chrome) string {
		var got scanResult
		require.NoError(t, webdriver.Until(t.Context(), tab, `window.__scan`, patient(5*time.Second), 20*time.Millisecond, &got))
		assert.Empty(t, got.Text)
		return got.Error
	}

	for _, how := range []string{"tap", "Escape"} {
		t.Run(how, func(t *testing.T) {
			tab := open(t, newTab, base+"/app/scan-test.html")
			require.True(t, eval[bool](tab, t, keepStream))
			require.True(t, eval[bool](tab, t, startScan))
			waitJS(tab, t, `!!window.__stream && document.querySelector("#boardside-scan video").readyState >= 2`, "the camera shows")
			if how == "tap" {
				x, y := centreIn(tab, t, "#boardside-scan", "Cancel")
				require.NoError(t, tab.Tap(t.Context(), x, y)) // a finger
			} else {
				for _, kind := range []webdriver.KeyKind{webdriver.RawKeyDown, webdriver.KeyUp} {
					require.NoError(t, tab.Key(t.Context(), webdriver.KeyEvent{Kind: kind, Key: "Escape", Code: "Escape", KeyCode: 27}))
				}
			}
			assert.Equal(t, "cancelled", ended(t, tab))
			assert.True(t, eval[bool](tab, t, cameraOff), "the camera is off and its screen gone")
		})
	}

	t.Run("insecure", func(t *testing.T) {
		_, port, err := net.SplitHostPort(base[len("http://"):])
		require.NoError(t, err)
		tab := open(t, newTab, "http://"+lanName(t)+":"+port+"/app/scan-test.html")
		require.False(t, eval[bool](tab, t, `window.isSecureContext`), "a page on the local network")
		require.True(t, eval[bool](tab, t, startScan))
		assert.Equal(t, "insecure", ended(t, tab))
		assert.True(t, eval[bool](tab, t, `!document.getElementById("boardside-scan")`), "no screen left")
	})

	t.Run("denied", func(t *testing.T) {
		refused := maps.Clone(camera)
		refused["use-fake-ui-for-media-stream"] = "deny" // the player says no
		tab := open(t, browser(t, refused), base+"/app/scan-test.html")
		require.True(t, eval[bool](tab, t, startScan))
		assert.Equal(t, "denied", ended(t, tab))
		assert.True(t, eval[bool](tab, t, `!document.getElementById("boardside-scan")`), "no screen left")
	})
}

// TestQR_TheViewersCodeReads: the quick viewer's code (qrdraw.js), drawn
// on a canvas as a browser draws it, is read back by the web app's reader
// exactly, for answers of 110, 150 and 200 characters and a text outside
// ASCII, in Chromium and Firefox; black on white with a quiet zone of 4
// modules.
func TestQR_TheViewersCodeReads(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two browsers")
	}
	base := scanPages(t)
	disp := display(t)
	texts := []string{answerLike(t, 110), answerLike(t, 150), answerLike(t, 200), "Jörg ✓ Ærø 🎲"}
	for _, e := range engines {
		if e.name == "webkit" { // the table's iPhones read with the camera's own app, or BarcodeDetector
			continue
		}
		t.Run(e.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), patient(2*time.Minute))
			defer cancel()
			p, err := e.start(ctx, webdriver.Options{Width: 412, Height: 915, Display: disp, Log: t.Logf})
			if err != nil {
				cannotStart(t, e.name, err)
			}
			defer p.Close()
			require.NoError(t, p.Navigate(ctx, base+"/app/qr-test.html"))
			require.NoError(t, webdriver.Until(ctx, p, `!!window.boardsideScan && !!window.boardsideQR`, patient(10*time.Second), 50*time.Millisecond, nil))
			for _, text := range texts {
				var got struct {
					Text          *string
					Modules       int
					Quiet, Corner bool
					Ms            float64
				}
				require.NoError(t, p.Eval(ctx, drawAndRead(text), &got))
				require.NotNil(t, got.Text, "%d characters: no code read", utf8.RuneCountInString(text))
				assert.Equal(t, text, *got.Text)
				assert.True(t, got.Quiet, "%d characters: white around the code, 4 modules wide", utf8.RuneCountInString(text))
				assert.True(t, got.Corner, "%d characters: the finder pattern's dark corner inside the quiet zone", utf8.RuneCountInString(text))
				t.Logf("%d characters: %d modules (version %d), read in %.1f ms", utf8.RuneCountInString(text), got.Modules, (got.Modules-17)/4, got.Ms)
			}
			errs, err := p.Errors(ctx)
			require.NoError(t, err)
			assert.Empty(t, errs)
		})
	}
}

// drawAndRead draws text's code from boardsideQR on a 400×400 canvas,
// checks its quiet zone, and reads it with boardsideScan.decodeImage. The
// SVG is drawn as an image at 400 px: Firefox draws an SVG on a canvas
// only with a size of its own, which the viewer's (100 %, to fill the
// screen) is not.
func drawAndRead(text string) string {
	return `(async () => {
  const S = 400;
  const doc = new DOMParser().parseFromString(boardsideQR(` + jsString(text) + `), "image/svg+xml");
  const svg = doc.documentElement;
  const size = Number(svg.getAttribute("viewBox").split(" ")[2]);
  svg.setAttribute("width", S);
  svg.setAttribute("height", S);
  const img = new Image();
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
  await img.decode();
  const c = document.createElement("canvas");
  c.width = c.height = S;
  const ctx = c.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(img, 0, 0, S, S);
  const data = ctx.getImageData(0, 0, S, S);
  const at = (x, y) => data.data[(Math.floor(y) * S + Math.floor(x)) * 4];
  const m = S / size; // px per module
  let quiet = true;
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) {
    const inside = Math.min(x, y, S - 1 - x, S - 1 - y) >= 4 * m - 1;
    if (!inside && at(x, y) < 250) quiet = false;
  }
  const corner = at(4.5 * m, 4.5 * m) < 10;
  const t0 = performance.now();
  const text = await boardsideScan.decodeImage(data);
  return { text, modules: size - 8, quiet, corner, ms: performance.now() - t0 };
})()`
}
