package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image/png"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
	"boardside/companion/webapp"
)

// fakeBuild runs webbuild on the real shell (web/app) with a tiny fake
// wasm instead of the app, into out.
func fakeBuild(t *testing.T, out string, wasm []byte) *Build {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fake.wasm")
	require.NoError(t, os.WriteFile(p, wasm, 0o644))
	b, err := build(config{Src: "../../web/app", Out: out, Wasm: p, GoCmd: "go", Icon: assets.Icon, BrotliQuality: 5, BrotliWindow: 22}, io.Discard)
	require.NoError(t, err)
	return b
}

func fakeWasm(n int) []byte {
	return append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("boardside "), n)...)
}

func read(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return b
}

func TestBuild_MakesTheFoldersFilesWithHashedNames(t *testing.T) {
	out := filepath.Join(t.TempDir(), "build", "web")
	wasm := fakeWasm(1000)
	b := fakeBuild(t, out, wasm)

	names := map[string]string{} // source → built
	for _, f := range b.Files {
		names[f.Source] = f.Name
		body := read(t, out, f.Name)
		assert.Len(t, body, f.Size, f.Name)
		if f.Name != f.Source {
			assert.Equal(t, HashedName(f.Source, body), f.Name, "the name carries the content's hash")
			assert.True(t, webapp.IsHashedName(f.Name), "hosts keep %s for a year", f.Name)
		} else {
			assert.False(t, webapp.IsHashedName(f.Name), "hosts check %s every time", f.Name)
		}
		if f.Gzip > 0 {
			assert.Equal(t, body, gunzip(t, read(t, out, f.Name+".gz")), "%s.gz is the same file", f.Name)
		}
		if f.Brotli > 0 {
			assert.Equal(t, body, unbrotli(t, read(t, out, f.Name+".br")), "%s.br is the same file", f.Name)
			assert.Less(t, f.Brotli, f.Gzip, "%s.br is kept only where it is the smaller", f.Name)
		}
	}
	for _, src := range []string{"boardside.wasm", "wasm_exec.js", "boot.js", "awake.js", "scan.js", "jsqr.js", "awake.webm", "awake.mp4", "icon-192.png", "icon-512.png", "index.html", "sw.js", "manifest.webmanifest"} {
		assert.Contains(t, names, src)
	}
	for _, video := range awakeVideos {
		viewer, err := fs.ReadFile(assets.Web, "web/"+video)
		require.NoError(t, err)
		assert.Equal(t, viewer, read(t, out, names[video]), "the quick viewer's %s", video)
	}
	assert.Equal(t, wasm, read(t, out, names["boardside.wasm"]))
	assert.FileExists(t, filepath.Join(out, names["boardside.wasm"]+".gz"))
	assert.FileExists(t, filepath.Join(out, names["boardside.wasm"]+".br"))
	goroot, err := run("go", "env", "GOROOT")
	require.NoError(t, err)
	want, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err == nil {
		assert.Equal(t, want, read(t, out, names["wasm_exec.js"]), "the toolchain's own glue")
	}

	page := string(read(t, out, "index.html"))
	assert.Contains(t, page, `name="viewport" content="width=device-width, initial-scale=1`)
	assert.Regexp(t, `<input id="dummyEntry"`, page, "Fyne's web driver opens the keyboard with it")
	assert.Contains(t, page, `data-wasm="`+names["boardside.wasm"]+`"`)
	assert.Contains(t, page, `data-size="`+strconv.Itoa(len(wasm))+`"`, "the progress bar counts against it")
	assert.Contains(t, page, `src="`+names["wasm_exec.js"]+`"`)
	assert.Contains(t, page, `src="`+names["boot.js"]+`"`)
	assert.Contains(t, page, `data-webm="`+names["awake.webm"]+`" data-mp4="`+names["awake.mp4"]+`"`, "the video that keeps a phone awake")
	assert.Contains(t, page, `rel="manifest" href="manifest.webmanifest"`)
	// The camera's reader runs after the page is parsed, and learns its
	// decoder's name, which the page does not load: a scan does.
	assert.Contains(t, page, `<script src="`+names["scan.js"]+`" data-jsqr="`+names["jsqr.js"]+`" defer></script>`)
	assert.NotContains(t, page, `src="`+names["jsqr.js"]+`"`, "jsqr.js loads only when a scan starts")
	assert.NotContains(t, page, "{{")

	var manifest struct {
		Name     string
		StartURL string `json:"start_url"`
		Icons    []struct{ Src, Sizes, Type string }
	}
	require.NoError(t, json.Unmarshal(read(t, out, "manifest.webmanifest"), &manifest))
	assert.Equal(t, "Boardside", manifest.Name)
	assert.Equal(t, "./", manifest.StartURL)
	require.Len(t, manifest.Icons, 2)
	for i, size := range []int{192, 512} {
		icon := manifest.Icons[i]
		assert.Equal(t, names["icon-"+strconv.Itoa(size)+".png"], icon.Src)
		img, err := png.Decode(bytes.NewReader(read(t, out, icon.Src)))
		require.NoError(t, err)
		assert.Equal(t, size, img.Bounds().Dx())
		assert.Equal(t, size, img.Bounds().Dy())
		assert.Equal(t, strconv.Itoa(size)+"x"+strconv.Itoa(size), icon.Sizes)
	}

	sw := string(read(t, out, "sw.js"))
	assert.Contains(t, sw, `"boardside-app-`+b.Version+`"`)
	m := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	require.NotNil(t, m, sw)
	var precache []string
	require.NoError(t, json.Unmarshal([]byte(m[1]), &precache))
	assert.Contains(t, precache, "./", "the page")
	for _, src := range []string{"boardside.wasm", "wasm_exec.js", "boot.js", "awake.js", "scan.js", "jsqr.js", "awake.webm", "awake.mp4", "icon-192.png", "icon-512.png"} {
		assert.Contains(t, precache, names[src], "kept for offline play")
	}
	// The quick viewer beside the app, where a browser-hosted table's link
	// opens it, kept for a Wi-Fi without internet.
	for _, name := range []string{"index.html", "app.js", "rtc.js", "qrcode.js", "qrdraw.js", "style.css", "marsmaze.js", "adele.js"} {
		viewer, err := fs.ReadFile(assets.Web, "web/"+name)
		require.NoError(t, err)
		assert.Equal(t, viewer, read(t, out, Viewer+name), "the quick viewer's %s", name)
		if name == "index.html" {
			name = ""
		}
		assert.Contains(t, precache, Viewer+name, "kept for offline play")
	}
	var listed Build
	require.NoError(t, json.Unmarshal(read(t, out, Marker), &listed))
	assert.Equal(t, *b, listed)
}

func TestBuild_ANewBuildReplacesTheOldAndChangesItsVersion(t *testing.T) {
	out := filepath.Join(t.TempDir(), "web")
	first := fakeBuild(t, out, fakeWasm(10))
	again := fakeBuild(t, out, fakeWasm(10))
	assert.Equal(t, first.Version, again.Version, "the same input, the same build")
	second := fakeBuild(t, out, fakeWasm(20))
	assert.NotEqual(t, first.Version, second.Version, "a new wasm is a new service worker")
	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	wasms := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".wasm") {
			wasms++
		}
	}
	assert.Equal(t, 1, wasms, "the old build is gone")
	leftovers, err := filepath.Glob(filepath.Join(filepath.Dir(out), ".webbuild-*"))
	require.NoError(t, err)
	assert.Empty(t, leftovers)
}

func TestBuild_RefusesToReplaceAFolderItDidNotMake(t *testing.T) {
	out := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644))
	p := filepath.Join(t.TempDir(), "fake.wasm")
	require.NoError(t, os.WriteFile(p, fakeWasm(1), 0o644))
	_, err := build(config{Src: "../../web/app", Out: out, Wasm: p, GoCmd: "go", Icon: assets.Icon}, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not made by webbuild")
	assert.FileExists(t, filepath.Join(out, "notes.txt"))
}

func TestResize_AveragesTheAreaEachPixelCovers(t *testing.T) {
	b, err := icon(assets.Icon, 192)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	src, err := png.Decode(bytes.NewReader(assets.Icon))
	require.NoError(t, err)
	// The middle of the icon: the same colour at both sizes, within rounding.
	r1, g1, b1, a1 := src.At(256, 40).RGBA()
	r2, g2, b2, a2 := img.At(96, 15).RGBA()
	for i, pair := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
		assert.InDelta(t, float64(pair[0]>>8), float64(pair[1]>>8), 3, "channel %d", i)
	}
	_, _, _, corner := img.At(0, 0).RGBA()
	assert.Zero(t, corner, "the rounded corner stays transparent")
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	unpacked, err := io.ReadAll(zr)
	require.NoError(t, err)
	return unpacked
}

func unbrotli(t *testing.T, b []byte) []byte {
	t.Helper()
	unpacked, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	require.NoError(t, err)
	return unpacked
}

// TestBuild_BuildsTheMainPackageItIsGiven: -pkg builds another program
// than Boardside into the folder, with the same page around it (as
// bench/webappbench builds a bare Fyne app to time Boardside against).
func TestBuild_BuildsTheMainPackageItIsGiven(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm")
	}
	out := filepath.Join(t.TempDir(), "web")
	b, err := build(config{Src: "../../web/app", Out: out, Pkg: "./testdata/tiny", Tags: Tags, GoCmd: "go", Icon: assets.Icon, BrotliQuality: -1}, io.Discard)
	require.NoError(t, err)
	var wasm []byte
	for _, f := range b.Files {
		if f.Source == "boardside.wasm" {
			wasm = read(t, out, f.Name)
		}
	}
	require.NotNil(t, wasm, "the program is the build's wasm")
	assert.True(t, bytes.HasPrefix(wasm, []byte("\x00asm")), "a wasm")
	assert.Contains(t, string(wasm), "webbuild's tiny program", "built from -pkg")
	assert.Contains(t, string(read(t, out, "index.html")), "boot.", "the same page")
}

// TestBuild_AHostSendsTheSameWasmInEveryEncoding: the folder webbuild
// makes, served by a host (webapp.Handler), gives every browser the same
// wasm: brotli to one that takes it, gzip to one that takes only that,
// the file itself to the rest; each with Vary: Accept-Encoding and an
// ETag of its own.
func TestBuild_AHostSendsTheSameWasmInEveryEncoding(t *testing.T) {
	out := filepath.Join(t.TempDir(), "web")
	wasm := fakeWasm(5000)
	b := fakeBuild(t, out, wasm)
	var name string
	for _, f := range b.Files {
		if f.Source == "boardside.wasm" {
			name = f.Name
		}
	}
	h := webapp.Handler(out)
	etags := map[string]bool{}
	for header, want := range map[string]string{"gzip, deflate, br, zstd": "br", "gzip, deflate": "gzip", "br;q=0, gzip": "gzip", "": "", "*": "br"} {
		r := httptest.NewRequest("GET", webapp.Path+name, nil)
		r.Header.Set("Accept-Encoding", header)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusOK, w.Code, header)
		assert.Equal(t, want, w.Header().Get("Content-Encoding"), "%q", header)
		assert.Equal(t, "Accept-Encoding", w.Header().Get("Vary"), "%q", header)
		etags[w.Header().Get("ETag")] = true
		body := w.Body.Bytes()
		switch want {
		case "br":
			body = unbrotli(t, body)
		case "gzip":
			body = gunzip(t, body)
		}
		assert.Equal(t, wasm, body, "%q", header)
	}
	assert.Len(t, etags, 3, "an ETag for each encoding")
}

func run(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).Output()
	return strings.TrimSpace(string(out)), err
}

// TestCompressAll_TheWasmThroughCommands: the wasm goes through the
// commands given (here gzip, which every Debian has, as libdeflate-gzip
// and pigz take the same arguments; and brotli where it is installed),
// the other files through Go's gzip and brotli, and each .gz and .br
// gives back its file; a command that fails is an error, not a missing
// file.
func TestCompressAll_TheWasmThroughCommands(t *testing.T) {
	if _, err := exec.LookPath("gzip"); err != nil {
		t.Skip("no gzip command")
	}
	files := map[string][]byte{
		"boardside.0123.wasm": bytes.Repeat([]byte("wasm wasm wasm "), 1000),
		"index.html":          bytes.Repeat([]byte("<p>page</p>"), 100),
	}
	p := packers{Gzip: []string{"gzip", "-9", "-c"}, Quality: 5, Window: 22}
	if brotliCmd, err := exec.LookPath("brotli"); err == nil {
		p.Brotli = []string{brotliCmd, "-q", "5", "-w", "22", "-c"}
	} else {
		t.Log("no brotli command: the wasm goes through the library")
	}
	packs, err := compressAll(files, p)
	require.NoError(t, err)
	for name, b := range files {
		require.NotNil(t, packs[name].gz, name)
		require.NotNil(t, packs[name].br, name)
		assert.Equal(t, b, gunzip(t, packs[name].gz), name)
		assert.Equal(t, b, unbrotli(t, packs[name].br), name)
	}

	_, err = compressAll(files, packers{Gzip: []string{"gzip", "--no-such-option"}})
	assert.ErrorContains(t, err, "gzip --no-such-option")
	_, err = compressAll(files, packers{Brotli: []string{"gzip", "--no-such-brotli-option"}})
	assert.ErrorContains(t, err, "--no-such-brotli-option")
}

// TestCompressAll_NoBrotliWhereItIsNoSmaller: a .br no smaller than the
// .gz is left out (a host sends the .gz), and with quality -1 there are
// none.
func TestCompressAll_NoBrotliWhereItIsNoSmaller(t *testing.T) {
	files := map[string][]byte{"a.0123abcd.wasm": bytes.Repeat([]byte("wasm "), 1000)}
	// A "brotli" command that writes more than the file.
	packs, err := compressAll(files, packers{Brotli: []string{"sh", "-c", "cat; printf x"}})
	require.NoError(t, err)
	assert.NotNil(t, packs["a.0123abcd.wasm"].gz)
	assert.Nil(t, packs["a.0123abcd.wasm"].br)

	packs, err = compressAll(files, packers{Quality: -1})
	require.NoError(t, err)
	assert.NotNil(t, packs["a.0123abcd.wasm"].gz)
	assert.Nil(t, packs["a.0123abcd.wasm"].br)
}

// TestVendored_ScriptsNameTheirSourceAndLicence: the JavaScript libraries
// copied in as they are (the web app's QR reader, the quick viewer's QR
// encoder) start with a comment naming where they come from and the
// licence file in assets/licenses, which the About screen lists; the file
// must be there. scripts/licenses.sh rewrites that folder from the Go
// modules only: this test fails if it drops these.
func TestVendored_ScriptsNameTheirSourceAndLicence(t *testing.T) {
	for file, want := range map[string]struct{ source, licence string }{
		"../../web/app/jsqr.js":      {"https://github.com/cozmo/jsQR", "assets/licenses/jsQR.js.txt"},
		"../../assets/web/qrcode.js": {"https://github.com/kazuhikoarase/qrcode-generator", "assets/licenses/qrcode-generator.js.txt"},
	} {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		header := string(b[:min(len(b), 1000)]) // our comment: the first lines
		assert.Contains(t, header, "Vendored, unmodified", file)
		assert.Contains(t, header, want.source, file)
		assert.Contains(t, header, want.licence, file)
		licence, err := os.ReadFile(filepath.Join("..", "..", want.licence))
		require.NoError(t, err, "%s names its licence", file)
		assert.Regexp(t, `(MIT License|Apache License)`, string(licence), want.licence)
	}
}
