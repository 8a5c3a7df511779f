package webapp

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNegotiate_TheBestCodingTheBrowserTakes(t *testing.T) {
	for header, want := range map[string]string{
		"":                             "",
		"gzip, deflate, br, zstd":      "br",   // Chrome over HTTPS and on localhost
		"gzip, deflate":                "gzip", // Chrome and Firefox over plain HTTP
		"br":                           "br",
		"BR":                           "br",
		"br;q=0, gzip":                 "gzip",
		"br; q=0, gzip":                "gzip",
		"br;q=0":                       "",
		"br;q=0, gzip;q=0":             "",
		"gzip;q=0":                     "",
		"gzip;q=1, br;q=0.5":           "gzip", // the browser's preference first
		"zstd, br;q=0.9, gzip;q=0.8":   "br",
		"gzip;q=0.001":                 "gzip",
		"*":                            "br",
		"*;q=0":                        "",
		"gzip, *;q=0":                  "gzip",
		"br;q=0, *":                    "gzip",
		"identity":                     "",
		"identity;q=1, br;q=0.5":       "",
		"br, identity;q=0":             "br",
		"identity;q=0":                 "",     // refuses everything: the file as it is all the same
		"br;q=bogus, gzip":             "gzip", // an entry that cannot be read is left out
		"br;q=2, gzip":                 "gzip",
		"br;q=NaN, gzip":               "gzip",
		"x-gzip-ish, deflate":          "",
		"br;q=0, br":                   "", // the first mention counts
		"gzip;level=9;q=0.5, br;q=0.4": "gzip",
		",,;, ;q=1":                    "",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", header)
		assert.Equal(t, want, negotiate(r, "br", "gzip"), "%q", header)
	}

	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Add("Accept-Encoding", "gzip")
	r.Header.Add("Accept-Encoding", "br")
	assert.Equal(t, "br", negotiate(r, "br", "gzip"), "every line of the header counts")

	for header, want := range map[string]string{"br": "", "*": "gzip", "gzip, br": "gzip", "gzip;q=0, br": ""} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", header)
		assert.Equal(t, want, negotiate(r, "gzip"), "only gzip offered: %q", header)
	}
}

func FuzzNegotiate(f *testing.F) {
	for _, s := range []string{"gzip", "br, gzip;q=0.5", "gzip;q=0", ",,;", "GzIp ;q=1", "*;q=0.1", "identity;q=1, br;q=0.5"} {
		f.Add(s)
	}
	offered := []string{"br", "gzip"}
	f.Fuzz(func(t *testing.T, header string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", header)
		got := negotiate(r, offered...)
		if got == "" {
			return
		}
		if !slices.Contains(offered, got) {
			t.Fatalf("%q: %q was not offered", header, got)
		}
		lower := strings.ToLower(r.Header.Get("Accept-Encoding"))
		if !strings.Contains(lower, got) && !strings.Contains(lower, "*") {
			t.Fatalf("%q names neither %s nor *", header, got)
		}
	})
}
