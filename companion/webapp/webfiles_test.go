package webapp

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
)

func TestWebFiles_CompressedForBrowsersThatAcceptIt(t *testing.T) {
	web, err := fs.Sub(assets.Web, "web")
	require.NoError(t, err)
	h := Files(web)
	get := func(path, enc, etag string) *http.Response {
		r := httptest.NewRequest("GET", path, nil)
		if enc != "" {
			r.Header.Set("Accept-Encoding", enc)
		}
		if etag != "" {
			r.Header.Set("If-None-Match", etag)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Result()
	}
	for path, file := range map[string]string{"/": "index.html", "/app.js": "app.js", "/style.css": "style.css"} {
		t.Run(path, func(t *testing.T) {
			raw, err := fs.ReadFile(web, file)
			require.NoError(t, err)

			resp := get(path, "gzip, deflate, br", "")
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
			assert.Contains(t, resp.Header.Get("Vary"), "Accept-Encoding")
			packed := mustRead(t, resp.Body)
			assert.Less(t, len(packed), len(raw)*6/10, "compression pays")
			zr, err := gzip.NewReader(bytes.NewReader(packed))
			require.NoError(t, err)
			assert.Equal(t, raw, mustRead(t, zr), "the same file, compressed")

			again := get(path, "gzip", resp.Header.Get("ETag"))
			assert.Equal(t, http.StatusNotModified, again.StatusCode, "a reload revalidates")

			plain := get(path, "", "")
			require.Equal(t, http.StatusOK, plain.StatusCode)
			assert.Empty(t, plain.Header.Get("Content-Encoding"))
			assert.Equal(t, raw, mustRead(t, plain.Body), "a client without gzip gets the file as it is")
			refused := get(path, "gzip;q=0, identity", "")
			assert.Empty(t, refused.Header.Get("Content-Encoding"), "q=0 refuses gzip")
		})
	}
	video := get("/awake.webm", "gzip", "")
	assert.Equal(t, http.StatusOK, video.StatusCode)
	assert.Empty(t, video.Header.Get("Content-Encoding"), "videos are already compressed")
}

func mustRead(t *testing.T, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return b
}
