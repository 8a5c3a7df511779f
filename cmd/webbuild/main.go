// Command webbuild builds Boardside's web app, the whole Fyne app in a
// browser, into a folder that every host serves at /app/ (see
// webapp.Handler in companion/webapp):
//
//   - boardside.<hash>.wasm: cmd/boardside for GOOS=js GOARCH=wasm,
//     stripped (-trimpath -ldflags "-s -w") and built with Fyne's
//     size-minded tags (no_emoji: no 4 MB colour emoji font; release: no
//     debug paths);
//   - wasm_exec.<hash>.js from the Go toolchain that built it (the two must
//     match);
//   - the page's shell from web/app: index.html, boot.<hash>.js, sw.js and
//     manifest.webmanifest, the first, the last two filled in with the
//     hashed names, the wasm's size and the service worker's list of files
//     to keep;
//   - icon-192.<hash>.png and icon-512.<hash>.png from
//     assets/icons/boardside.png;
//   - a .gz and a .br (brotli) beside every text file and the wasm, made
//     once here, so a host sends them without compressing anything:
//     brotli to the browsers that take it, gzip to the rest.
//
// Every file but the page, the service worker and the manifest has a
// content hash in its name: hosts let browsers keep those for a year, and
// a new build is new names. The folder is replaced whole, only if it is
// one webbuild made (it holds .webbuild, a list of the files).
//
// The wasm's .br is made at brotli's quality 9 by default, in seconds;
// make web-small makes it at 11 with a 16 MB window, 13 % smaller (6.28
// MB for 7.24), in a minute and a half (two without the brotli command).
//
// -pkg builds another main package into the same page, under the same
// name: bench/webappbench builds a bare Fyne app so (-pkg
// ./bench/webappbench/bare -out DIR) to time Boardside's start against.
//
//	make web
//	make web-small
//	go run ./cmd/webbuild [-out build/web] [-src web/app] [-pkg ./cmd/boardside] [-wasm FILE] [-zopfli] [-brotli-quality 9] [-brotli-window 22]
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/andybalholm/brotli"

	"boardside/assets"
	"boardside/cmd/webbuild/wasmfix"
)

// Tags are the build tags of the web build: the app's own, and Fyne's
// that make it smaller (Fyne 2.8.1 has no others that do).
const Tags = "migrated_fynedo,no_emoji,release"

// templates are the files of the shell that are filled in and keep their
// names: the page's address, the service worker's and the manifest's must
// not change from build to build.
var templates = []string{"index.html", "sw.js", "manifest.webmanifest"}

// awakeVideos are the quick viewer's files the web app shares.
var awakeVideos = []string{"awake.webm", "awake.mp4"}

// Viewer is the folder the quick viewer is put in, beside the web app: a
// browser that hosts a table (assets/web/rtc.js) links devices to it, at
// the same origin, so a phone that opened the web app once has the viewer
// from the service worker even on a Wi-Fi without internet. Its files
// keep their names: the viewer loads them so (a game's <game>.js).
const Viewer = "j/"

// compressed are the extensions given a .gz and a .br.
var compressed = map[string]bool{".wasm": true, ".js": true, ".html": true, ".css": true, ".json": true, ".svg": true, ".webmanifest": true}

// Marker names the list of files webbuild writes in the folder it made.
const Marker = ".webbuild"

type config struct {
	Src   string // the shell: web/app
	Out   string // the folder made: build/web
	Pkg   string // the app's main package
	Tags  string
	Wasm  string // a wasm already built: not built again
	GoCmd string // the go command, whose toolchain gives wasm_exec.js
	Icon  []byte // a square PNG
	// Zopfli gzips the wasm with pigz -11 (zopfli): about 6 % smaller
	// than Go's gzip, but minutes instead of seconds.
	Zopfli bool
	// Deflater gzips the wasm when Zopfli is off: libdeflate-gzip -12
	// where it is installed (Debian libdeflate-tools; scripts/deps.sh
	// installs it), 5 % smaller than Go's gzip in seconds; "" for Go's.
	Deflater string
	// Brotli compresses the wasm into its .br at BrotliQuality (0 to 11)
	// with a window of 2^BrotliWindow bytes (10 to 24): Debian's brotli
	// command where it is installed (scripts/deps.sh installs it), "" for
	// the Go library, github.com/andybalholm/brotli: a translation of the
	// same C code, as fast up to quality 9 (where it writes 0.3 % more
	// than the command reading a pipe) and at 11 the same bytes, 30 %
	// slower (118 s of CPU against 84-91 for the app's wasm). The
	// text files, a few KB each, always go through the library at quality
	// 11. BrotliQuality -1 makes no .br.
	Brotli        string
	BrotliQuality int
	BrotliWindow  int
	// Unmended builds the wasm without cmd/webbuild/wasmfix's patches: only
	// to measure the crash they mend, never for players.
	Unmended bool
}

// File is one file of the build, as .webbuild lists it.
type File struct {
	Name   string `json:"name"`
	Source string `json:"source"` // its name without the hash
	Size   int    `json:"size"`
	Gzip   int    `json:"gzip,omitempty"`   // the .gz's size, if there is one
	Brotli int    `json:"brotli,omitempty"` // the .br's size, if there is one
}

// Build is what .webbuild holds.
type Build struct {
	Version string `json:"version"`
	Files   []File `json:"files"`
}

func main() {
	c := config{Icon: assets.Icon}
	flag.StringVar(&c.Src, "src", "web/app", "the web app's shell: index.html, sw.js, manifest.webmanifest and what they load")
	flag.StringVar(&c.Out, "out", "build/web", "the folder to make (replaced whole, if webbuild made it)")
	flag.StringVar(&c.Pkg, "pkg", "./cmd/boardside", "the app's main package")
	flag.StringVar(&c.Tags, "tags", Tags, "build tags")
	flag.StringVar(&c.Wasm, "wasm", "", "use this wasm instead of building one")
	flag.StringVar(&c.GoCmd, "go", "go", "the go command")
	flag.BoolVar(&c.Zopfli, "zopfli", false, "gzip the wasm with pigz -11 (zopfli): about 6 % smaller, minutes slower")
	flag.IntVar(&c.BrotliQuality, "brotli-quality", 9, "brotli's quality for the wasm's .br, 0 to 11: 11 is 13 % smaller than 9, a minute and a half instead of seconds; -1 makes no .br")
	flag.IntVar(&c.BrotliWindow, "brotli-window", 22, "brotli's window for the wasm's .br: 2^N bytes, 10 to 24 (24 with quality 11: 1 % smaller than 22)")
	flag.BoolVar(&c.Unmended, "unmended", false, "build without cmd/webbuild/wasmfix's patches, to measure the crash they mend (never for players)")
	patches := flag.String("wasmfix-patches", "", "with -wasmfix-only: only these of cmd/webbuild/wasmfix's patches, comma-separated (runtime, fyne, fonts), to see what each mends")
	wasmfixOnly := flag.String("wasmfix-only", "", "only prepare cmd/webbuild/wasmfix's patches, with its tests' files, in this folder and print the go flags that use them (make wasm-test)")
	flag.Parse()
	if *wasmfixOnly != "" {
		names := strings.FieldsFunc(*patches, func(r rune) bool { return r == ',' })
		flags, err := wasmfix.Prepare(c.GoCmd, *wasmfixOnly, names, wasmfix.TestFiles, func(s string) { fmt.Fprintln(os.Stderr, s) })
		if err != nil {
			fmt.Fprintln(os.Stderr, "webbuild:", err)
			os.Exit(1)
		}
		fmt.Println(strings.Join(flags, " "))
		return
	}
	if c.BrotliQuality < -1 || c.BrotliQuality > 11 || c.BrotliWindow < 10 || c.BrotliWindow > 24 {
		fmt.Fprintln(os.Stderr, "webbuild: -brotli-quality is 0 to 11 (or -1 for no .br), -brotli-window 10 to 24")
		os.Exit(2)
	}
	if p, err := exec.LookPath("libdeflate-gzip"); err == nil {
		c.Deflater = p
	} else if !c.Zopfli {
		fmt.Println("webbuild: no libdeflate-gzip (apt-get install libdeflate-tools): the wasm is gzipped by Go, about 5 % larger")
	}
	if p, err := exec.LookPath("brotli"); err == nil {
		c.Brotli = p
	} else if c.BrotliQuality >= 10 {
		fmt.Println("webbuild: no brotli command (apt-get install brotli): the wasm's .br is made by Go's brotli, the same bytes, about 30 % slower")
	}
	start := time.Now()
	b, err := build(c, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "webbuild:", err)
		os.Exit(1)
	}
	var gz, br int
	for _, f := range b.Files {
		if f.Source == "boardside.wasm" {
			gz, br = f.Gzip, f.Brotli
		}
	}
	with := ""
	if br > 0 {
		with = fmt.Sprintf(", %.2f MB with brotli", float64(br)/1e6)
	}
	fmt.Printf("built %s (version %s) in %.1f s; the app is %.2f MB gzipped%s\n", c.Out, b.Version, time.Since(start).Seconds(), float64(gz)/1e6, with)
}

// build makes c.Out, saying what it does on log.
func build(c config, log io.Writer) (*Build, error) {
	if err := checkOut(c.Out); err != nil {
		return nil, err
	}
	staging, err := os.MkdirTemp(filepath.Dir(filepath.Clean(c.Out)), ".webbuild-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(staging)

	step := func(what string, since time.Time) {
		fmt.Fprintf(log, "  %-44s %5.1f s\n", what, time.Since(since).Seconds())
	}
	t := time.Now()
	var wasm []byte
	if c.Wasm != "" {
		wasm, err = os.ReadFile(c.Wasm)
	} else {
		wasm, err = buildWasm(c, staging, log)
	}
	if err != nil {
		return nil, err
	}
	step(fmt.Sprintf("wasm (%.1f MB)", float64(len(wasm))/1e6), t)

	t = time.Now()
	execJS, err := wasmExec(c.GoCmd)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{"boardside.wasm": wasm, "wasm_exec.js": execJS}
	for _, n := range []int{192, 512} {
		b, err := icon(c.Icon, n)
		if err != nil {
			return nil, fmt.Errorf("icon: %w", err)
		}
		files[fmt.Sprintf("icon-%d.png", n)] = b
	}
	// The quick viewer's muted videos, which keep a phone awake where the
	// page has no wake lock (web/app/awake.js): one copy for both pages.
	for _, name := range awakeVideos {
		b, err := fs.ReadFile(assets.Web, "web/"+name)
		if err != nil {
			return nil, err
		}
		files[name] = b
	}
	shell := map[string][]byte{}
	err = filepath.WalkDir(c.Src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		rel, _ := filepath.Rel(c.Src, p)
		rel = filepath.ToSlash(rel)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if slices.Contains(templates, rel) {
			shell[rel] = b
		} else if _, dup := files[rel]; dup {
			return fmt.Errorf("%s: the build makes a file of that name", p)
		} else {
			files[rel] = b
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, name := range templates {
		if shell[name] == nil {
			return nil, fmt.Errorf("%s has no %s", c.Src, name)
		}
	}

	// The hashed files, then the page and the manifest that name them, then
	// the service worker that lists them all.
	out := map[string][]byte{}
	hashed := map[string]string{} // source name → name in the build
	for name, b := range files {
		hashed[name] = HashedName(name, b)
		out[hashed[name]] = b
	}
	data := struct {
		Version  string
		Precache string
	}{}
	funcs := template.FuncMap{
		"asset": func(name string) (string, error) {
			if h, ok := hashed[name]; ok {
				return h, nil
			}
			return "", fmt.Errorf("no file %q in the build", name)
		},
		"size": func(name string) (int, error) {
			if b, ok := files[name]; ok {
				return len(b), nil
			}
			return 0, fmt.Errorf("no file %q in the build", name)
		},
	}
	render := func(name string) error {
		tm, err := template.New(name).Funcs(funcs).Option("missingkey=error").Parse(string(shell[name]))
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := tm.Execute(&buf, data); err != nil {
			return err
		}
		out[name] = buf.Bytes()
		return nil
	}
	for _, name := range []string{"index.html", "manifest.webmanifest"} {
		if err := render(name); err != nil {
			return nil, err
		}
	}
	viewer, err := fs.Sub(assets.Web, "web")
	if err != nil {
		return nil, err
	}
	var viewerFiles []string
	err = fs.WalkDir(viewer, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(viewer, p)
		out[Viewer+p] = b
		if p == "index.html" {
			p = "" // the folder: what the device's link opens
		}
		viewerFiles = append(viewerFiles, Viewer+p)
		return err
	})
	if err != nil {
		return nil, err
	}
	precache := []string{"./", "manifest.webmanifest"}
	for _, h := range hashed {
		precache = append(precache, h)
	}
	precache = append(precache, viewerFiles...)
	slices.Sort(precache[2:])
	sum := sha256.New()
	for _, name := range append(precache, "index.html") {
		sum.Write([]byte(name + "\n"))
	}
	sum.Write(out["index.html"])
	sum.Write(out["manifest.webmanifest"])
	data.Version = hex.EncodeToString(sum.Sum(nil))[:12]
	list, _ := json.Marshal(precache)
	data.Precache = string(list)
	if err := render("sw.js"); err != nil {
		return nil, err
	}
	step("shell, icons, wasm_exec.js", t)

	t = time.Now()
	packs, err := compressAll(out, c.wasmPackers())
	if err != nil {
		return nil, err
	}
	step(c.compressing(), t)

	t = time.Now()
	b := &Build{Version: data.Version}
	for name, body := range out {
		if err := write(staging, name, body); err != nil {
			return nil, err
		}
		f := File{Name: name, Source: sourceName(name, hashed), Size: len(body)}
		if z := packs[name].gz; z != nil {
			if err := write(staging, name+".gz", z); err != nil {
				return nil, err
			}
			f.Gzip = len(z)
		}
		if z := packs[name].br; z != nil {
			if err := write(staging, name+".br", z); err != nil {
				return nil, err
			}
			f.Brotli = len(z)
		}
		b.Files = append(b.Files, f)
	}
	slices.SortFunc(b.Files, func(x, y File) int { return strings.Compare(x.Name, y.Name) })
	list, _ = json.MarshalIndent(b, "", "  ")
	if err := write(staging, Marker, list); err != nil {
		return nil, err
	}
	if err := replace(staging, c.Out); err != nil {
		return nil, err
	}
	step("written", t)
	for _, f := range b.Files {
		z := ""
		if f.Gzip > 0 {
			z = fmt.Sprintf(", %s gzipped", mb(f.Gzip))
		}
		if f.Brotli > 0 {
			z += fmt.Sprintf(", %s with brotli", mb(f.Brotli))
		}
		fmt.Fprintf(log, "    %-34s %s%s\n", f.Name, mb(f.Size), z)
	}
	return b, nil
}

// HashedName puts the first 8 hex digits of the content's SHA-256 before
// the name's extension: boot.js → boot.1a2b3c4d.js.
func HashedName(name string, content []byte) string {
	sum := sha256.Sum256(content)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:4]) + ext
}

func sourceName(name string, hashed map[string]string) string {
	for src, h := range hashed {
		if h == name {
			return src
		}
	}
	return name
}

func mb(n int) string {
	if n < 100_000 {
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	}
	return fmt.Sprintf("%.2f MB", float64(n)/1e6)
}

// checkOut refuses to replace a folder that webbuild did not make.
func checkOut(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(filepath.Dir(filepath.Clean(out)), 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(out, Marker)); err != nil {
		return fmt.Errorf("%s exists and was not made by webbuild (no %s in it): not replacing it", out, Marker)
	}
	return nil
}

// replace puts the staged folder in out's place: a host serving out sees
// the old build or the new one.
func replace(staging, out string) error {
	old := ""
	if _, err := os.Stat(out); err == nil {
		old = staging + ".old"
		if err := os.Rename(out, old); err != nil {
			return err
		}
	}
	if err := os.Rename(staging, out); err != nil {
		return err
	}
	if err := os.Chmod(out, 0o755); err != nil {
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

func write(dir, name string, b []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

// buildWasm builds c.Pkg for browsers, mended by cmd/webbuild/wasmfix (the Go
// runtime's and Fyne's faults that crashed the page or kept fonts).
func buildWasm(c config, tmp string, log io.Writer) ([]byte, error) {
	p := filepath.Join(tmp, "boardside.wasm")
	args := []string{"build", "-trimpath", "-ldflags=-s -w", "-tags", c.Tags, "-o", p}
	if c.Unmended {
		fmt.Fprintln(log, "  webbuild: -unmended: the wasm crashes as issue 33 describes; never give it to players")
	} else {
		// Beside the build, not in tmp, which becomes it: the copy of
		// Fyne stays where it is, and Go's cache keeps what it compiled.
		flags, err := wasmfix.Prepare(c.GoCmd, filepath.Join(filepath.Dir(filepath.Clean(c.Out)), "wasmfix"), nil, nil,
			func(s string) { fmt.Fprintln(log, "  "+s) })
		if err != nil {
			return nil, err
		}
		args = append(args, flags...)
	}
	cmd := exec.Command(c.GoCmd, append(args, c.Pkg)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building the wasm: %w", err)
	}
	b, err := os.ReadFile(p)
	if err == nil {
		err = os.Remove(p)
	}
	return b, err
}

// wasmExec is the glue that runs a wasm the toolchain built: lib/wasm
// since Go 1.24, misc/wasm before.
func wasmExec(goCmd string) ([]byte, error) {
	root, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	dir := strings.TrimSpace(string(root))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(dir, p)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s (lib/wasm or misc/wasm)", dir)
}

// packers say how the wasm is compressed: Gzip is a gzip command (nil:
// Go's gzip); Brotli a brotli command (nil: the Go library at Quality,
// with a window of 2^Window bytes; Quality -1: no .br). Both commands
// read the file on stdin and write to stdout.
type packers struct {
	Gzip, Brotli    []string
	Quality, Window int
}

// wasmPackers are c's ways of compressing the wasm.
func (c config) wasmPackers() packers {
	p := packers{Quality: c.BrotliQuality, Window: c.BrotliWindow}
	switch {
	case c.Zopfli:
		p.Gzip = []string{"pigz", "-11", "-c"}
	case c.Deflater != "":
		p.Gzip = []string{c.Deflater, "-12", "-c"}
	}
	if c.Brotli != "" && c.BrotliQuality >= 0 {
		p.Brotli = []string{c.Brotli, "-q", strconv.Itoa(c.BrotliQuality), "-w", strconv.Itoa(c.BrotliWindow), "-c"}
	}
	return p
}

// compressing names the step that compresses, for the log.
func (c config) compressing() string {
	p := c.wasmPackers()
	gz := "Go's gzip"
	if p.Gzip != nil {
		gz = strings.Join(p.Gzip[:len(p.Gzip)-1], " ")
	}
	br := "no brotli"
	switch {
	case p.Brotli != nil:
		br = strings.Join(p.Brotli[:len(p.Brotli)-1], " ")
	case p.Quality >= 0:
		br = fmt.Sprintf("Go's brotli -q %d -w %d", p.Quality, p.Window)
	}
	return "compress (" + filepath.Base(gz) + "; " + filepath.Base(br) + ")"
}

// packed are a file's compressed copies, nil where they are left out.
type packed struct{ gz, br []byte }

// compressAll compresses the files worth it, each with gzip and brotli,
// side by side. A .gz no smaller than its file is left out, and so is a
// .br no smaller than its .gz (a host then sends the .gz). The wasm, nine
// tenths of the bytes, goes through p: Go's gzip at its best level leaves
// about 5 % more than libdeflate's level 12 and 6 % more than zopfli;
// brotli leaves 17 % less than libdeflate at quality 9 (in as long as
// libdeflate takes, beside it) and 28 % less at 11 with a 16 MB window
// (a minute and a half).
func compressAll(files map[string][]byte, p packers) (map[string]packed, error) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var errs []error
	gz, br := map[string][]byte{}, map[string][]byte{}
	keep := func(to map[string][]byte, name string, z []byte, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		} else {
			to[name] = z
		}
	}
	for name, b := range files {
		if !compressed[path.Ext(name)] {
			continue
		}
		wasm := path.Ext(name) == ".wasm"
		wg.Go(func() {
			if wasm && p.Gzip != nil {
				z, err := pipe(p.Gzip, b)
				keep(gz, name, z, err)
				return
			}
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(b)
			err := zw.Close()
			keep(gz, name, buf.Bytes(), err)
		})
		if p.Quality < 0 && p.Brotli == nil {
			continue
		}
		wg.Go(func() {
			if wasm && p.Brotli != nil {
				z, err := pipe(p.Brotli, b)
				keep(br, name, z, err)
				return
			}
			q, w := brotli.BestCompression, 0 // 0: the library's window for that quality
			if wasm {
				q, w = p.Quality, p.Window
			}
			var buf bytes.Buffer
			bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: q, LGWin: w})
			_, _ = bw.Write(b)
			err := bw.Close()
			keep(br, name, buf.Bytes(), err)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	packs := map[string]packed{}
	for name, b := range files {
		var pk packed
		if z := gz[name]; len(z) < len(b) {
			pk.gz = z
		}
		if z := br[name]; z != nil && len(z) < len(b) && (pk.gz == nil || len(z) < len(pk.gz)) {
			pk.br = z
		}
		if pk.gz != nil || pk.br != nil {
			packs[name] = pk
		}
	}
	return packs, nil
}

// pipe runs a command that compresses stdin to stdout (its arguments make
// it do so) over b.
func pipe(command []string, b []byte) ([]byte, error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stdin = bytes.NewReader(b)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %w %s", strings.Join(command, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out.Bytes(), nil
}

// icon is the PNG at n×n: the source itself when it has that size, else
// each pixel the average of the source's area it covers.
func icon(src []byte, n int) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	if b := img.Bounds(); b.Dx() == n && b.Dy() == n {
		return src, nil
	}
	var buf bytes.Buffer
	err = png.Encode(&buf, resize(img, n))
	return buf.Bytes(), err
}

func resize(src image.Image, n int) *image.NRGBA {
	b := src.Bounds()
	fx, fy := float64(b.Dx())/float64(n), float64(b.Dy())/float64(n)
	dst := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		y0, y1 := float64(y)*fy, float64(y+1)*fy
		for x := range n {
			x0, x1 := float64(x)*fx, float64(x+1)*fx
			var r, g, bl, a, area float64
			for sy := int(y0); float64(sy) < y1; sy++ {
				wy := math.Min(y1, float64(sy+1)) - math.Max(y0, float64(sy))
				for sx := int(x0); float64(sx) < x1; sx++ {
					w := wy * (math.Min(x1, float64(sx+1)) - math.Max(x0, float64(sx)))
					cr, cg, cb, ca := src.At(b.Min.X+sx, b.Min.Y+sy).RGBA() // alpha-premultiplied
					r, g, bl, a = r+w*float64(cr), g+w*float64(cg), bl+w*float64(cb), a+w*float64(ca)
					area += w
				}
			}
			if a == 0 {
				continue
			}
			dst.SetNRGBA(x, y, color.NRGBA{
				R: uint8(math.Round(r / a * 255)), G: uint8(math.Round(g / a * 255)), B: uint8(math.Round(bl / a * 255)),
				A: uint8(math.Round(a / area / 0xffff * 255)),
			})
		}
	}
	return dst
}
