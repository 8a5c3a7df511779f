package e2e

import (
	"archive/zip"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/internal/webdriver"
)

// staticHost is the static host's name: not loopback, so only HTTPS with a
// certificate the browser trusts makes its pages a secure context, where a
// service worker may run.
const staticHost = "boardside.test"

// TestWebApp_StartsFromAStaticHTTPSHostAndOffline puts the released web
// zip (scripts/release.sh web-zip) on a plain static file server over
// HTTPS, with no Boardside host behind it, as GitHub Pages or Netlify would
// serve it: at a site's root, and under /boardside/ as GitHub Pages serves
// a project. On a phone the app draws, the wasm comes as application/wasm
// (instantiateStreaming takes nothing else), and the service worker keeps
// the page and the wasm; then the host goes, the HTTP cache is emptied,
// and a reload starts the app from the service worker's copy.
func TestWebApp_StartsFromAStaticHTTPSHostAndOffline(t *testing.T) {
	builtWebApp(t)
	t.Parallel() // a browser and a static host of its own
	released := releasedWebZip(t)
	site := t.TempDir()
	unzip(t, released, site)
	unzip(t, released, filepath.Join(site, "boardside"))
	cert, spki := selfSigned(t, staticHost)
	// The host's name and certificate.
	newTab := webAppBrowser(t, map[string]string{
		"host-resolver-rules": "MAP " + staticHost + " 127.0.0.1",
		// Trusts this one certificate, not any; Chromium heeds it only
		// with a --user-data-dir, which webdriver.StartChrome gives it.
		"ignore-certificate-errors-spki-list": spki})

	for _, at := range []string{"/", "/boardside/"} {
		t.Run("at "+at, func(t *testing.T) {
			// What the host's answers for the wasm said they were, seen at
			// the host: a first visit asks for it from a worker (boot.js),
			// whose requests the tab's own events do not show.
			var mu sync.Mutex
			var wasmTypes []string
			files := http.FileServer(http.Dir(site))
			srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				files.ServeHTTP(w, r)
				// A 304 (the HTTP cache asking again) carries no type.
				if typ := w.Header().Get("Content-Type"); strings.HasSuffix(r.URL.Path, ".wasm") && typ != "" {
					mu.Lock()
					wasmTypes = append(wasmTypes, typ)
					mu.Unlock()
				}
			}))
			srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
			srv.EnableHTTP2 = true
			srv.StartTLS()
			t.Cleanup(srv.Close)
			_, port, err := net.SplitHostPort(srv.Listener.Addr().String())
			require.NoError(t, err)
			appURL := "https://" + net.JoinHostPort(staticHost, port) + at

			tab := newTab()
			require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: 412, Height: 915, Scale: phoneRatio, Mobile: true, Touch: true}))
			require.NoError(t, tab.Navigate(t.Context(), appURL))
			waitDrawn(tab, t)
			screenShows(tab, t)
			assert.True(t, eval[bool](tab, t, `isSecureContext && location.protocol === "https:"`), "HTTPS, the certificate trusted")
			mu.Lock()
			// The service worker may have asked for its copy by now, through
			// the HTTP cache: a second answer, the same.
			assert.NotEmpty(t, wasmTypes, "the host sent the wasm")
			for _, typ := range wasmTypes {
				assert.Equal(t, "application/wasm", typ, "the static host's answer for the wasm")
			}
			mu.Unlock()

			waitJS(tab, t, `!!navigator.serviceWorker.controller`, "the service worker controls the page")
			assert.Equal(t, appURL, eval[string](tab, t, `navigator.serviceWorker.controller.scriptURL.replace(/sw\.js$/, "")`), "sw.js beside the page")
			err = webdriver.Until(t.Context(), tab, `(async () => {
				for (const k of await caches.keys()) {
					const urls = (await (await caches.open(k)).keys()).map((r) => r.url);
					if (urls.some((u) => /boardside\.[0-9a-f]{8}\.wasm$/.test(u)) && urls.includes(`+"`"+appURL+"`"+`)) return true;
				}
				return false;
			})()`, patient(30*time.Second), frame, nil)
			require.NoError(t, err, "the page and the wasm are kept")

			srv.CloseClientConnections()
			srv.Close() // the host is gone
			if c, err := net.DialTimeout("tcp", srv.Listener.Addr().String(), time.Second); err == nil {
				c.Close()
				t.Fatal("the host still answers")
			}
			require.NoError(t, tab.ClearCache(t.Context()))
			require.NoError(t, tab.Reload(t.Context()))
			waitDrawn(tab, t)
			screenShows(tab, t)
			assert.True(t, eval[bool](tab, t, fromKept), "the wasm came from the service worker's copy")
			assert.Equal(t, appURL, eval[string](tab, t, `location.href`))
		})
	}
}

// releasedWebZip packs build/web as make release does, with
// scripts/release.sh itself, and returns the zip.
func releasedWebZip(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("zip"); err != nil {
		t.Skip("zip is not installed here: scripts/release.sh packs the web app with it (scripts/deps.sh installs it)")
	}
	dist := t.TempDir()
	cmd := exec.Command("bash", filepath.Join("..", "scripts", "release.sh"), "web-zip")
	cmd.Env = append(os.Environ(), "DIST="+dist, "STAGE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "scripts/release.sh web-zip: %s", out)
	zips, err := filepath.Glob(filepath.Join(dist, "boardside-*-web.zip"))
	require.NoError(t, err)
	require.Len(t, zips, 1, "scripts/release.sh web-zip: %s", out)
	return zips[0]
}

// unzip unpacks the zip into dir, as a static host's upload would.
func unzip(t *testing.T, file, dir string) {
	t.Helper()
	r, err := zip.OpenReader(file)
	require.NoError(t, err)
	defer r.Close()
	require.NoError(t, os.CopyFS(dir, r))
	for _, name := range []string{"index.html", "sw.js", "manifest.webmanifest", "_headers"} {
		require.FileExists(t, filepath.Join(dir, name))
	}
}

// selfSigned makes an ECDSA P-256 certificate for host, and the base64 of
// the SHA-256 of its public key, which Chromium is told to trust.
func selfSigned(t *testing.T, host string) (tls.Certificate, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	leaf, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	sum := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, base64.StdEncoding.EncodeToString(sum[:])
}

// TestWebApp_SaysWhyWhenAHostSendsTheWasmWrong: a static host that sends
// the wasm as a download (application/octet-stream), as a misconfigured
// one does, stops the start at once while the bytes still come. The page
// says why in words, with Try again, and the download's count never
// covers that.
func TestWebApp_SaysWhyWhenAHostSendsTheWasmWrong(t *testing.T) {
	dir := builtWebApp(t)
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/octet-stream")
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)

	tab := webAppBrowser(t, nil)()
	emulatePhone(t, tab, 412, 915)
	require.NoError(t, tab.Navigate(t.Context(), srv.URL+"/"))
	waitJS(tab, t, `!!document.querySelector("#loader.failed")`, "the start fails")
	waitJS(tab, t, `performance.getEntriesByType("resource").some((e) => /\.wasm$/.test(e.name) && e.responseEnd > 0)`, "the download ends")
	// A count shown after the download's last bytes would be on screen by
	// the next frame.
	require.NoError(t, tab.Eval(t.Context(), `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))`, nil))
	status := eval[string](tab, t, `document.getElementById("status").textContent`)
	assert.True(t, strings.HasPrefix(status, "Boardside could not be loaded ("), status)
	assert.Equal(t, "Try again", eval[string](tab, t, `document.querySelector("#loader button").textContent`))
}
