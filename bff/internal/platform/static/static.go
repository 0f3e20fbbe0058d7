// Package static serves a built single-page app (a Vite dist folder) from memory: hashed assets are
// cached for a year as immutable, index.html is revalidated on every load, compressible files are sent
// Brotli-compressed (from the build's precompressed `.br` siblings) or gzipped to clients that accept
// either, and unknown asset paths answer 404 instead of index.html.
package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strings"
)

const (
	indexFile        = "index.html"
	immutableControl = "public, max-age=31536000, immutable"
	revalidate       = "no-cache"
	// Files smaller than this are not worth compressing.
	minGzipSize = 512
)

type file struct {
	body        []byte
	brotli      []byte // the build's precompressed sibling (name.br), nil when there is none
	gzipped     []byte // nil when compression does not pay
	contentType string
	etag        string
	cache       string
}

// Site is one app's dist folder, loaded at start. The folder is read once: a new build needs a
// restart, which is how releases roll out anyway.
type Site struct {
	files map[string]*file
}

// Load reads every file under dir. Files under assets/ are Vite's content-hashed output and are
// served immutable; everything else must be revalidated.
func Load(dir string) (*Site, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("app folder %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("app folder %s is not a folder", dir)
	}
	site := &Site{files: map[string]*file{}}
	if err := site.add(os.DirFS(dir)); err != nil {
		return nil, fmt.Errorf("load %s: %w", dir, err)
	}
	if _, ok := site.files[indexFile]; !ok {
		return nil, fmt.Errorf("app folder %s has no %s (was the app built?)", dir, indexFile)
	}
	return site, nil
}

// Files is a site of plain files with no app: each layer's files in turn, a later layer's file
// replacing an earlier one of the same path (a deployment's folder over the shipped files).
func Files(layers ...fs.FS) (*Site, error) {
	site := &Site{files: map[string]*file{}}
	for _, layer := range layers {
		if err := site.add(layer); err != nil {
			return nil, err
		}
	}
	return site, nil
}

// add reads every file of fsys into the site.
func (s *Site) add(fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(p, ".gz") || strings.HasSuffix(p, ".br") {
			return nil // precompressed siblings are attached to their file below, never served by name
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f := newFile(p, body)
		if br, err := fs.ReadFile(fsys, p+".br"); err == nil && len(br) < len(body) {
			f.brotli = br
		}
		s.files[p] = f
		return nil
	})
}

func newFile(rel string, body []byte) *file {
	sum := sha256.Sum256(body)
	f := &file{
		body:        body,
		contentType: contentTypeOf(rel),
		etag:        `"` + hex.EncodeToString(sum[:12]) + `"`,
		cache:       revalidate,
	}
	if strings.HasPrefix(rel, "assets/") {
		f.cache = immutableControl
	}
	if compressible(f.contentType) && len(body) >= minGzipSize {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if buf.Len() < len(body) {
			f.gzipped = buf.Bytes()
		}
	}
	return f
}

func contentTypeOf(name string) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func compressible(contentType string) bool {
	for _, prefix := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json", "application/wasm"} {
		if strings.HasPrefix(contentType, prefix) {
			return true
		}
	}
	return false
}

// Serve answers GET or HEAD for rel, a path inside the app ("" or "/" means index.html).
// A path with no extension that is not a file is a client-side route: it gets index.html, so an app
// opened at /loan/purpose can rewrite itself to /#/loan/purpose. A missing path with an extension
// (a stale or mistyped asset) answers 404: sending HTML for a script only hides the fault.
func (s *Site) Serve(w http.ResponseWriter, r *http.Request, rel string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	rel = strings.TrimPrefix(path.Clean("/"+rel), "/")
	if rel == "" {
		rel = indexFile
	}
	f, ok := s.files[rel]
	if !ok {
		if path.Ext(rel) != "" || s.files[indexFile] == nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		f = s.files[indexFile]
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", f.cache)
	h.Set("ETag", f.etag)
	h.Add("Vary", "Accept-Encoding")
	if match := r.Header.Get("If-None-Match"); match != "" && match == f.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	switch {
	case f.brotli != nil && accepts(r, "br"):
		h.Set("Content-Encoding", "br")
		body = f.brotli
	case f.gzipped != nil && accepts(r, "gzip"):
		h.Set("Content-Encoding", "gzip")
		body = f.gzipped
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

// accepts reads Accept-Encoding for coding (or "*"), honouring an explicit "coding;q=0" refusal.
func accepts(r *http.Request, coding string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), coding) || strings.TrimSpace(name) == "*" {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
