package share

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/webapp"
)

// fakeWebApp lays out a folder webapp.Built accepts: a page, nothing to
// run.
func fakeWebApp(t *testing.T) (dir string, page []byte) {
	t.Helper()
	dir = t.TempDir()
	page = []byte(`<!DOCTYPE html><script src="boot.89abcdef.js"></script>`)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644))
	return dir, page
}

func mustRead(t *testing.T, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return b
}

func TestHostServer_ServesTheAppBesideTheViewer(t *testing.T) {
	h := marsTable(t).host
	dir, page := fakeWebApp(t)
	srv := httptest.NewServer(NewServerWithWebApp(h, dir).Handler)
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/app/")
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, page, mustRead(t, resp.Body))
	viewer, err := http.Get(srv.URL + "/")
	require.NoError(t, err)
	defer viewer.Body.Close()
	assert.Contains(t, string(mustRead(t, viewer.Body)), "app.js", "the quick viewer is still at /")

	// Server alone finds no build from the tests' folder: the page says how.
	plain := httptest.NewServer(NewServer(h).Handler)
	defer plain.Close()
	resp, err = http.Get(plain.URL + "/app/")
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Contains(t, string(mustRead(t, resp.Body)), "make web")
}

func TestWebAppURL_JoinsTheTable(t *testing.T) {
	table := URL(netip.MustParseAddr("192.168.1.5"), 7777, "abc123")
	assert.Equal(t, "http://192.168.1.5:7777/app/?join=http%3A%2F%2F192.168.1.5%3A7777%2F%3Ft%3Dabc123", webapp.URL(table))
}
