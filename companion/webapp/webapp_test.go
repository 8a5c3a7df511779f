package webapp

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeWebApp lays out a folder as cmd/webbuild makes it, with a tiny wasm:
// a .gz and a .br beside the wasm and the text files, but for boot.js,
// which has only a .gz, as in a build made before webbuild wrote .br files.
func fakeWebApp(t *testing.T) (dir string, files map[string][]byte) {
	t.Helper()
	dir = t.TempDir()
	files = map[string][]byte{
		"index.html":              []byte(`<!DOCTYPE html><script src="boot.89abcdef.js"></script>` + strings.Repeat(" ", 200)),
		"sw.js":                   []byte(`const FILES = ["./"];` + strings.Repeat(" ", 200)),
		"manifest.webmanifest":    []byte(`{"name": "Boardside"}`),
		"boardside.0123abcd.wasm": append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{0}, 4000)...),
		"boot.89abcdef.js":        []byte(strings.Repeat("console.log(1);\n", 100)),
		"icon-192.01234567.png":   []byte("\x89PNG fake"),
		"awake.0a1b2c3d.webm":     []byte("\x1aE\xdf\xa3 fake"),
		"awake.4e5f6a7b.mp4":      []byte("\x00\x00\x00\x20ftyp fake"),
		".webbuild":               []byte(`{"version": "x"}`),
	}
	for name, b := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
		if strings.HasSuffix(name, ".wasm") || strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".html") {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			_, _ = zw.Write(b)
			require.NoError(t, zw.Close())
			require.NoError(t, os.WriteFile(filepath.Join(dir, name+".gz"), buf.Bytes(), 0o644))
			if !strings.HasPrefix(name, "boot.") {
				buf.Reset()
				bw := brotli.NewWriterLevel(&buf, brotli.BestCompression)
				_, _ = bw.Write(b)
				require.NoError(t, bw.Close())
				require.NoError(t, os.WriteFile(filepath.Join(dir, name+".br"), buf.Bytes(), 0o644))
			}
		}
	}
	return dir, files
}

func serveApp(h http.Handler, method, target string, header ...string) *http.Response {
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func read(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return b
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	return mustRead(t, zr)
}

func unbrotli(t *testing.T, b []byte) []byte {
	t.Helper()
	return mustRead(t, brotli.NewReader(bytes.NewReader(b)))
}

func TestWebApp_WasmIsSentCompressedAsWasmAndKeptForAYear(t *testing.T) {
	dir, files := fakeWebApp(t)
	h := Handler(dir)
	wasm := files["boardside.0123abcd.wasm"]

	resp := serveApp(h, "GET", "/app/boardside.0123abcd.wasm", "Accept-Encoding", "gzip, deflate, br, zstd")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"), "so the browser compiles it as it arrives")
	assert.Equal(t, "br", resp.Header.Get("Content-Encoding"), "brotli, the smaller, where the browser takes both")
	assert.Contains(t, resp.Header.Get("Vary"), "Accept-Encoding")
	assert.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"), "a hashed name never changes")
	packed := mustRead(t, resp.Body)
	assert.Equal(t, read(t, dir, "boardside.0123abcd.wasm.br"), packed, "the .br webbuild made, not the file")
	assert.Equal(t, wasm, unbrotli(t, packed))

	again := serveApp(h, "GET", "/app/boardside.0123abcd.wasm", "Accept-Encoding", "br", "If-None-Match", resp.Header.Get("ETag"))
	assert.Equal(t, http.StatusNotModified, again.StatusCode, "a browser that asks anyway gets a 304")

	gz := serveApp(h, "GET", "/app/boardside.0123abcd.wasm", "Accept-Encoding", "gzip, deflate")
	require.Equal(t, http.StatusOK, gz.StatusCode)
	assert.Equal(t, "gzip", gz.Header.Get("Content-Encoding"), "a browser without brotli (plain HTTP, not localhost) gets the .gz")
	assert.Contains(t, gz.Header.Get("Vary"), "Accept-Encoding")
	assert.Equal(t, "application/wasm", gz.Header.Get("Content-Type"))
	assert.Equal(t, wasm, gunzip(t, mustRead(t, gz.Body)))

	plain := serveApp(h, "GET", "/app/boardside.0123abcd.wasm")
	require.Equal(t, http.StatusOK, plain.StatusCode)
	assert.Empty(t, plain.Header.Get("Content-Encoding"))
	assert.Contains(t, plain.Header.Get("Vary"), "Accept-Encoding", "a cache must not give this copy to a browser that takes brotli")
	assert.Equal(t, "application/wasm", plain.Header.Get("Content-Type"))
	assert.Equal(t, wasm, mustRead(t, plain.Body), "a client without gzip or brotli gets the file itself")

	etags := map[string]string{}
	for _, r := range []*http.Response{resp, gz, plain} {
		etags[r.Header.Get("ETag")] = r.Header.Get("Content-Encoding")
	}
	assert.Len(t, etags, 3, "each encoding has an ETag of its own: %v", etags)
	stale := serveApp(h, "GET", "/app/boardside.0123abcd.wasm", "Accept-Encoding", "gzip", "If-None-Match", resp.Header.Get("ETag"))
	assert.Equal(t, http.StatusOK, stale.StatusCode, "the brotli copy's ETag does not stand for the gzip one")

	head := serveApp(h, "HEAD", "/app/boardside.0123abcd.wasm", "Accept-Encoding", "gzip, br")
	assert.Equal(t, http.StatusOK, head.StatusCode)
	assert.Equal(t, "br", head.Header.Get("Content-Encoding"))
}

// TestWebApp_TheEncodingTheBrowserAsksFor: brotli, gzip or the file as it
// is, by the browser's Accept-Encoding and its q-values, each decoding to
// the same file.
func TestWebApp_TheEncodingTheBrowserAsksFor(t *testing.T) {
	dir, files := fakeWebApp(t)
	h := Handler(dir)
	for header, want := range map[string]string{
		"gzip, deflate, br, zstd": "br",
		"br":                      "br",
		"gzip, deflate":           "gzip",
		"":                        "",
		"identity":                "",
		"br;q=0, gzip":            "gzip",
		"br;q=0":                  "",
		"gzip;q=0":                "",
		"br;q=0.5, gzip":          "gzip",
		"*":                       "br",
		"br;q=0, *":               "gzip",
		"*;q=0":                   "",
	} {
		for _, name := range []string{"boardside.0123abcd.wasm", "index.html"} {
			target := "/app/" + name
			if name == "index.html" {
				target = "/app/"
			}
			resp := serveApp(h, "GET", target, "Accept-Encoding", header)
			require.Equal(t, http.StatusOK, resp.StatusCode, "%s %q", name, header)
			assert.Equal(t, want, resp.Header.Get("Content-Encoding"), "%s %q", name, header)
			assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"), "%s %q", name, header)
			body := mustRead(t, resp.Body)
			switch want {
			case "br":
				body = unbrotli(t, body)
			case "gzip":
				body = gunzip(t, body)
			}
			assert.Equal(t, files[name], body, "%s %q", name, header)
		}
	}
}

// A build made before webbuild wrote .br files (boot.js here) is sent
// gzipped to a browser that takes brotli too.
func TestWebApp_WithoutABrTheGzipIsSent(t *testing.T) {
	dir, files := fakeWebApp(t)
	require.NoFileExists(t, filepath.Join(dir, "boot.89abcdef.js.br"))
	resp := serveApp(Handler(dir), "GET", "/app/boot.89abcdef.js", "Accept-Encoding", "gzip, deflate, br, zstd")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"))
	assert.Equal(t, files["boot.89abcdef.js"], gunzip(t, mustRead(t, resp.Body)))

	onlyBr := serveApp(Handler(dir), "GET", "/app/boot.89abcdef.js", "Accept-Encoding", "br")
	assert.Empty(t, onlyBr.Header.Get("Content-Encoding"), "no .br: the file itself to a browser that takes brotli alone")
	assert.Equal(t, files["boot.89abcdef.js"], mustRead(t, onlyBr.Body))

	png := serveApp(Handler(dir), "GET", "/app/icon-192.01234567.png", "Accept-Encoding", "gzip, br")
	assert.Empty(t, png.Header.Get("Content-Encoding"), "a PNG is sent as it is")
	assert.Empty(t, png.Header.Get("Vary"), "and the same to every browser")
}

func TestWebApp_PageServiceWorkerAndManifestAreCheckedEveryTime(t *testing.T) {
	dir, files := fakeWebApp(t)
	h := Handler(dir)
	for target, want := range map[string]struct{ file, ctype string }{
		"/app/":                      {"index.html", "text/html; charset=utf-8"},
		"/app/?join=x":               {"index.html", "text/html; charset=utf-8"},
		"/app/sw.js":                 {"sw.js", "text/javascript; charset=utf-8"},
		"/app/manifest.webmanifest":  {"manifest.webmanifest", "application/manifest+json"},
		"/app/boot.89abcdef.js":      {"boot.89abcdef.js", "text/javascript; charset=utf-8"},
		"/app/icon-192.01234567.png": {"icon-192.01234567.png", "image/png"},
		"/app/awake.0a1b2c3d.webm":   {"awake.0a1b2c3d.webm", "video/webm"},
		"/app/awake.4e5f6a7b.mp4":    {"awake.4e5f6a7b.mp4", "video/mp4"},
	} {
		t.Run(target, func(t *testing.T) {
			resp := serveApp(h, "GET", target, "Accept-Encoding", "gzip")
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Equal(t, want.ctype, resp.Header.Get("Content-Type"))
			body := mustRead(t, resp.Body)
			if resp.Header.Get("Content-Encoding") == "gzip" {
				body = gunzip(t, body)
			}
			assert.Equal(t, files[want.file], body)
			if IsHashedName(want.file) {
				assert.Contains(t, resp.Header.Get("Cache-Control"), "immutable")
			} else {
				assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "a new build is seen at once")
			}
		})
	}
}

func TestWebApp_OnlyTheBuildsFilesAreServed(t *testing.T) {
	dir, _ := fakeWebApp(t)
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.txt"), []byte("no"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(filepath.Dir(dir), "secret.txt"), filepath.Join(dir, "link.txt")))
	h := Handler(dir)
	for _, target := range []string{"/app/.webbuild", "/app/index.html.gz", "/app/index.html.br", "/app/boardside.0123abcd.wasm.br", "/app/missing.js", "/app/sub", "/app/sub/", "/app/link.txt", "/app//etc/passwd"} {
		resp := serveApp(h, "GET", target)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, target)
	}
	r := httptest.NewRequest("GET", "/app/x", nil)
	r.URL.Path = "/app/../secret.txt"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	assert.Equal(t, http.StatusNotFound, w.Code, "no path leaves the folder")

	moved := serveApp(h, "GET", "/app?join=abc")
	assert.Equal(t, http.StatusMovedPermanently, moved.StatusCode)
	assert.Equal(t, "/app/?join=abc", moved.Header.Get("Location"), "the query goes along")
}

func TestWebApp_WithoutABuildSaysHowToMakeOne(t *testing.T) {
	h := Handler(t.TempDir())
	resp := serveApp(h, "GET", "/app/?join="+"http%3A%2F%2F192.168.1.5%3A7777%2F%3Ft%3Dabc123")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"), "kept by nobody: the build may come")
	page := string(mustRead(t, resp.Body))
	assert.Contains(t, page, "make web")
	assert.Contains(t, page, `href="/?t=abc123"`, "the table in the quick viewer, on this host")

	resp = serveApp(h, "GET", "/app/boardside.0123abcd.wasm")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// The quick viewer offers the full app when HEAD /app/ succeeds: only a
// host with a build may answer it so.
func TestWebApp_HEADTellsTheQuickViewerWhetherThereIsAnApp(t *testing.T) {
	dir, _ := fakeWebApp(t)
	built := serveApp(With(http.NotFoundHandler(), Handler(dir)), "HEAD", "/app/")
	assert.Equal(t, http.StatusOK, built.StatusCode)
	assert.Empty(t, mustRead(t, built.Body))
	none := serveApp(With(http.NotFoundHandler(), Handler(t.TempDir())), "HEAD", "/app/")
	assert.Equal(t, http.StatusNotFound, none.StatusCode, "the page saying how to build the app is no success")
	assert.Equal(t, "no-store", none.Header.Get("Cache-Control"))
}

func TestWebApp_ABuildMadeWhileTheHostRunsIsServed(t *testing.T) {
	empty := t.TempDir()
	h := Handler(empty)
	assert.Equal(t, http.StatusNotFound, serveApp(h, "GET", "/app/").StatusCode)
	dir, _ := fakeWebApp(t)
	require.NoError(t, os.Remove(empty))
	require.NoError(t, os.Rename(dir, empty))
	assert.Equal(t, http.StatusOK, serveApp(h, "GET", "/app/").StatusCode)
}

func TestWithWebApp_RoutesOnlyTheAppsPaths(t *testing.T) {
	dir, _ := fakeWebApp(t)
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("viewer")) })
	h := With(next, Handler(dir))
	for _, target := range []string{"/", "/app.js", "/application", "/api/v1/state"} {
		resp := serveApp(h, "GET", target)
		assert.Equal(t, "viewer", string(mustRead(t, resp.Body)), target)
	}
	assert.Equal(t, http.StatusOK, serveApp(h, "GET", "/app/").StatusCode)
	post := serveApp(h, "POST", "/app/")
	assert.Equal(t, http.StatusMethodNotAllowed, post.StatusCode)
}

func TestIsHashedName(t *testing.T) {
	for name, want := range map[string]bool{
		"boardside.0123abcd.wasm": true, "boot.89abcdef.js": true, "icon-192.01234567.png": true,
		"index.html": false, "sw.js": false, "manifest.webmanifest": false, "boardside.wasm": false,
		"boot.0123ABCD.js": false, "boot.0123abc.js": false,
	} {
		assert.Equal(t, want, IsHashedName(name), name)
	}
}

// TestWebApp_ServesTheViewerBesideTheApp: the quick viewer's folder in the
// build (j/), which a browser-hosted table's link opens.
func TestWebApp_ServesTheViewerBesideTheApp(t *testing.T) {
	dir, _ := fakeWebApp(t)
	require.NoError(t, os.Mkdir(filepath.Join(dir, "j"), 0o755))
	page := []byte("<!doctype html><title>viewer</title>")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "j", "index.html"), page, 0o644))
	for _, target := range []string{"/app/j/", "/app/j/index.html"} {
		resp := serveApp(Handler(dir), "GET", target)
		require.Equal(t, http.StatusOK, resp.StatusCode, target)
		assert.Equal(t, page, mustRead(t, resp.Body))
		assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "a new build's viewer is seen at once")
	}
}
