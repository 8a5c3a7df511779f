package webapp

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

// webFiles serves the viewer's files: see Files.
type webFiles struct {
	plain http.Handler
	gz    map[string]gzFile // by URL path
}

type gzFile struct {
	body        []byte
	etag, ctype string
}

// compressible are the extensions worth compressing (videos are not).
var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".json": true, ".svg": true}

// Files serves files, the quick viewer's (assets/web), at their paths.
// Text files are gzip-compressed once, when the host starts, and sent
// compressed to every browser that accepts it: a phone on a busy table
// Wi-Fi downloads about a third of the bytes. Each file carries an ETag,
// so a reload asks "still the same?" and gets a short 304 instead of the
// file again.
func Files(files fs.FS) http.Handler {
	w := &webFiles{plain: http.FileServerFS(files), gz: map[string]gzFile{}}
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[path.Ext(p)] {
			return err
		}
		raw, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(raw)
		_ = zw.Close()
		sum := sha256.Sum256(raw)
		f := gzFile{body: buf.Bytes(), etag: `"` + hex.EncodeToString(sum[:8]) + `-gz"`, ctype: mime.TypeByExtension(path.Ext(p))}
		if path.Base(p) == "index.html" { // served as its folder, as http.FileServer does
			w.gz["/"+strings.TrimSuffix(p, "index.html")] = f
		} else {
			w.gz["/"+p] = f
		}
		return nil
	})
	return w
}

func (w *webFiles) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	f, ok := w.gz[r.URL.Path]
	if !ok || negotiate(r, "gzip") != "gzip" {
		w.plain.ServeHTTP(rw, r)
		return
	}
	h := rw.Header()
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", f.etag)
	h.Set("Cache-Control", "no-cache") // keep it, but ask before using it: a new build may be served
	if r.Header.Get("If-None-Match") == f.etag {
		rw.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", f.ctype)
	h.Set("Content-Encoding", "gzip")
	_, _ = rw.Write(f.body)
}
