package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeDist(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":               `<!doctype html><html lang="en-GB"><title>app</title><div id="root"></div></html>`,
		"assets/index-Ab12Cd34.js": "console.log('app');" + strings.Repeat(" // padding so gzip pays", 100),
		"assets/logo-Zz99.png":     "\x89PNG fake bytes",
		"favicon.svg":              "<svg xmlns='http://www.w3.org/2000/svg'></svg>",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, s *Site, rel string, headers map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/"+rel, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.Serve(rec, req, rel)
	return rec.Result()
}

func TestServing(t *testing.T) {
	site, err := Load(writeDist(t))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, rel       string
		status          int
		cache, typ, has string
	}{
		{"root is index", "", 200, "no-cache", "text/html", `<div id="root">`},
		{"index by name", "index.html", 200, "no-cache", "text/html", `<div id="root">`},
		{"hashed asset is immutable", "assets/index-Ab12Cd34.js", 200, "public, max-age=31536000, immutable", "javascript", "console.log"},
		{"unhashed file revalidates", "favicon.svg", 200, "no-cache", "image/svg+xml", "<svg"},
		{"client route gets index", "loan/purpose", 200, "no-cache", "text/html", `<div id="root">`},
		{"unknown asset is 404", "assets/missing-0000.js", 404, "", "", "not found"},
		{"unknown file with extension is 404", "robots.txt", 404, "", "", "not found"},
		{"path traversal stays inside the folder", "../../etc/passwd", 200, "no-cache", "text/html", `<div id="root">`},
		{"traversal to a file outside is 404", "../../etc/os-release.txt", 404, "", "", "not found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := get(t, site, tc.rel, nil)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if tc.cache != "" && res.Header.Get("Cache-Control") != tc.cache {
				t.Errorf("Cache-Control %q, want %q", res.Header.Get("Cache-Control"), tc.cache)
			}
			if tc.typ != "" && !strings.Contains(res.Header.Get("Content-Type"), tc.typ) {
				t.Errorf("Content-Type %q, want %q", res.Header.Get("Content-Type"), tc.typ)
			}
			if !strings.Contains(string(body), tc.has) {
				t.Errorf("body %q lacks %q", body, tc.has)
			}
		})
	}
}

func TestGzipWhenAccepted(t *testing.T) {
	site, err := Load(writeDist(t))
	if err != nil {
		t.Fatal(err)
	}
	plain := get(t, site, "assets/index-Ab12Cd34.js", nil)
	if plain.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip sent to a client that did not ask for it")
	}
	zipped := get(t, site, "assets/index-Ab12Cd34.js", map[string]string{"Accept-Encoding": "br, gzip"})
	if zipped.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("encoding %q vary %q", zipped.Header.Get("Content-Encoding"), zipped.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	want, _ := io.ReadAll(plain.Body)
	if !bytes.Equal(body, want) {
		t.Fatal("gunzipped body differs from the file")
	}
	refused := get(t, site, "assets/index-Ab12Cd34.js", map[string]string{"Accept-Encoding": "gzip;q=0"})
	if refused.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip sent despite q=0")
	}
	png := get(t, site, "assets/logo-Zz99.png", map[string]string{"Accept-Encoding": "gzip"})
	if png.Header.Get("Content-Encoding") != "" {
		t.Fatal("an image was gzipped")
	}
}

func TestBrotliSiblingWhenAccepted(t *testing.T) {
	dir := writeDist(t)
	js := filepath.Join(dir, "assets", "index-Ab12Cd34.js")
	// Stands in for the build's .br sibling: what matters is which bytes go to which client.
	br := []byte("brotli bytes of the script")
	if err := os.WriteFile(js+".br", br, 0o644); err != nil {
		t.Fatal(err)
	}
	site, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ accept, encoding string }{
		{"gzip, deflate, br, zstd", "br"},
		{"br", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"", ""},
	}
	for _, tc := range cases {
		res := get(t, site, "assets/index-Ab12Cd34.js", map[string]string{"Accept-Encoding": tc.accept})
		body, _ := io.ReadAll(res.Body)
		if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tc.accept, got, tc.encoding)
		}
		if tc.encoding == "br" && !bytes.Equal(body, br) {
			t.Errorf("Accept-Encoding %q: not the .br sibling", tc.accept)
		}
	}
	if res := get(t, site, "assets/index-Ab12Cd34.js.br", nil); res.StatusCode != http.StatusNotFound {
		t.Fatalf("the .br sibling is served by its own name: %d", res.StatusCode)
	}
}

func TestRevalidationAnswersNotModified(t *testing.T) {
	site, err := Load(writeDist(t))
	if err != nil {
		t.Fatal(err)
	}
	first := get(t, site, "", nil)
	etag := first.Header.Get("ETag")
	if etag == "" {
		t.Fatal("index.html has no ETag")
	}
	again := get(t, site, "", map[string]string{"If-None-Match": etag})
	if again.StatusCode != http.StatusNotModified {
		t.Fatalf("status %d, want 304", again.StatusCode)
	}
}

func TestLoadRefusesAFolderWithoutIndex(t *testing.T) {
	if _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "index.html") {
		t.Fatalf("err %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "absent")); err == nil {
		t.Fatal("a missing folder loaded")
	}
}
