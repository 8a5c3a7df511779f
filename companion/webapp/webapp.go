package webapp

import (
	"fmt"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// The full app in a browser: `make web` (cmd/webbuild) builds Boardside
// for WebAssembly into a folder, build/web, and every host serves that
// folder at /app/ beside the quick viewer. A host binary cannot carry its
// own wasm (it would have to be built twice), so the folder is found on
// disk: given (boardside serve --webapp DIR), or in one of dirs.

// Path is where hosts serve the full app.
const Path = "/app/"

// URL is the link that opens the full app from the host of the table link
// tableURL (a URL from share.URL), with the table in ?join=, for the app to
// join it in one tap.
func URL(tableURL string) string {
	u, err := url.Parse(tableURL)
	if err != nil || u.Host == "" {
		return Path + "?join=" + url.QueryEscape(tableURL)
	}
	return u.Scheme + "://" + u.Host + Path + "?join=" + url.QueryEscape(tableURL)
}

// dirs are where a host looks for a web app when it is not told: web and
// build/web beside its executable, then build/web in the folder it runs in
// (the repository, for `make web` then `boardside serve`).
func dirs() []string {
	var dirs []string
	if exe, err := os.Executable(); err == nil {
		if exe, err := filepath.EvalSymlinks(exe); err == nil {
			dirs = append(dirs, filepath.Join(filepath.Dir(exe), "web"), filepath.Join(filepath.Dir(exe), "build", "web"))
		}
	}
	if wd, err := os.Getwd(); err == nil {
		dirs = append(dirs, filepath.Join(wd, "build", "web"))
	}
	return dirs
}

// Find is the first of the folders a host looks in (web and build/web
// beside its executable, build/web in the folder it runs in) that holds a
// web app, or "".
func Find() string {
	for _, d := range dirs() {
		if Built(d) {
			return d
		}
	}
	return ""
}

// Built tells whether dir holds a web app: its page.
func Built(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "index.html"))
	return err == nil && fi.Mode().IsRegular()
}

// hashedName matches the names cmd/webbuild gives the files that never
// change: boardside.0123abcd.wasm.
var hashedName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[^/]+\.[0-9a-f]{8}\.[A-Za-z0-9]+$`) })

// IsHashedName tells whether a file's name carries its content's hash.
func IsHashedName(name string) bool { return hashedName().MatchString(path.Base(name)) }

// webTypes are the content types of a web app's files, whatever the
// system's MIME table says.
var webTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".ico":         "image/x-icon",
	".webm":        "video/webm", // awake.js's video: a phone plays it only with its type right
	".mp4":         "video/mp4",
}

// Handler serves the web app in dir under /app/ (it expects whole paths):
//
//   - a file's .br or .gz, made by cmd/webbuild, to a browser that accepts
//     brotli or gzip (brotli where it takes both: the wasm is a quarter
//     smaller), with its Content-Encoding, Vary: Accept-Encoding and an
//     ETag of its own; the file as it is to any other client, and where
//     a build has no .br (one made before webbuild wrote them), the .gz;
//   - the wasm as application/wasm, so the browser compiles it while it
//     downloads;
//   - files with a content hash in their names for a year, immutable, so a
//     phone downloads the app once; the page, the service worker and the
//     manifest with no-cache, so a new build is seen at once;
//   - without a build, a page saying how to make one, with a link to the
//     table in the quick viewer, as 404 Not Found: the quick viewer asks
//     HEAD /app/ and offers the full app only on a success.
//
// With dir "", the folder is looked for at every request (Find), so a
// build made while the host runs is served.
func Handler(dir string) http.Handler { return webApp{dir: dir} }

type webApp struct{ dir string }

func (a webApp) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == strings.TrimSuffix(Path, "/") {
		u := *r.URL
		u.Path = Path
		http.Redirect(w, r, u.RequestURI(), http.StatusMovedPermanently)
		return
	}
	name, ok := fileName(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	dir := a.dir
	if dir == "" {
		dir = Find()
	}
	if dir == "" || !Built(dir) {
		if name == "index.html" {
			notBuilt(w, r, a.dir)
		} else {
			http.NotFound(w, r)
		}
		return
	}
	root, err := os.OpenRoot(dir) // no path leaves dir, symbolic links included
	if err != nil {
		http.Error(w, "the web app's folder cannot be read", http.StatusInternalServerError)
		return
	}
	defer root.Close()
	serveFile(w, r, root, name)
}

// fileName is the file of the build that urlPath names (index.html for
// the folder itself), and whether it may be served: never a hidden file
// nor a .gz or .br asked for by its own name.
func fileName(urlPath string) (string, bool) {
	name, ok := strings.CutPrefix(urlPath, Path)
	if !ok {
		return "", false
	}
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html" // a folder's page: the app's, or the viewer's in j/
	}
	if !fs.ValidPath(name) || strings.HasPrefix(path.Base(name), ".") || encodings[path.Ext(name)] != "" {
		return "", false
	}
	return name, true
}

// encodings are the content codings of the files cmd/webbuild puts beside
// a file, by their extensions, and preferred is the order a host offers
// them in: brotli's is the smaller.
var (
	encodings = map[string]string{".br": "br", ".gz": "gzip"}
	preferred = []string{".br", ".gz"}
)

// serveFile serves the regular file name in root, or the .br or .gz beside
// it that the browser takes (negotiate), with its type, caching and ETag.
func serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, name string) {
	f, err := root.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	setTypeAndCaching(h, name)
	body, info, encoding := f, fi, ""
	type packedFile struct {
		f  *os.File
		fi fs.FileInfo
	}
	var offered []string
	packed := map[string]packedFile{} // by coding
	for _, ext := range preferred {
		p, err := root.Open(name + ext)
		if err != nil {
			continue
		}
		defer p.Close()
		if pi, err := p.Stat(); err == nil && pi.Mode().IsRegular() {
			offered = append(offered, encodings[ext])
			packed[encodings[ext]] = packedFile{p, pi}
		}
	}
	if len(offered) > 0 {
		h.Add("Vary", "Accept-Encoding")
		if encoding = negotiate(r, offered...); encoding != "" {
			body, info = packed[encoding].f, packed[encoding].fi
			h.Set("Content-Encoding", encoding)
		}
	}
	h.Set("ETag", `"`+etag(name, info, encoding)+`"`)
	http.ServeContent(w, r, name, info.ModTime(), body)
}

// setTypeAndCaching sets name's content type, and keeps a hashed name for
// a year where every other file is checked every time.
func setTypeAndCaching(h http.Header, name string) {
	ext := path.Ext(name)
	ctype := webTypes[ext]
	if ctype == "" {
		ctype = mime.TypeByExtension(ext)
	}
	if ctype != "" {
		h.Set("Content-Type", ctype)
	}
	if IsHashedName(name) {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
}

// etag tells the versions of name apart (sent as info, in encoding): by
// the hash in its name, or else by its time and size.
func etag(name string, info fs.FileInfo, encoding string) string {
	tag := strconv.FormatInt(info.ModTime().UnixNano(), 36) + "-" + strconv.FormatInt(info.Size(), 36)
	if IsHashedName(name) { // the name says it all
		parts := strings.Split(path.Base(name), ".")
		tag = parts[len(parts)-2]
	}
	if encoding != "" {
		tag += "-" + encoding
	}
	return tag
}

// notBuilt says how to build the web app, and offers the quick viewer.
func notBuilt(w http.ResponseWriter, r *http.Request, dir string) {
	viewer := "/"
	if join, err := url.Parse(r.URL.Query().Get("join")); err == nil && join.Query().Get("t") != "" {
		viewer = "/?t=" + url.QueryEscape(join.Query().Get("t")) // this host's table, whatever host the link named
	}
	where := "the folder it starts in (build/web) or beside its program (web, build/web)"
	if dir != "" {
		where = dir
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprintf(w, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Boardside: the full app is not built here</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36em;margin:2em auto;padding:0 1em}code{background:#8882;padding:0 .2em}a{display:inline-block;padding:10px 0}</style>
</head><body>
<h1>The full app is not on this host</h1>
<p>This host serves Boardside's full app at /app/ once it has been built. It looks in %s.</p>
<p>To build it, run <code>make web</code> in Boardside's source folder (or <code>go run ./cmd/webbuild</code>), then start the host from that folder, or give it the folder: <code>boardside serve --webapp build/web</code>.</p>
<p><a href="%s">Open the table in the quick viewer</a></p>
</body></html>
`, html.EscapeString(where), html.EscapeString(viewer))
}

// With serves GET and HEAD requests for /app and below with app, and
// every other request with next.
func With(next, app http.Handler) http.Handler {
	prefix := strings.TrimSuffix(Path, "/")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != prefix && !strings.HasPrefix(r.URL.Path, Path) {
			next.ServeHTTP(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		app.ServeHTTP(w, r)
	})
}
