// Package httpjson is how the sandbox answers JSON: bodies, the {"code","message"} error shape of the
// upstream APIs, request decoding, and method dispatch with JSON 405s.
package httpjson

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"lender/bff/upstream/transport"
)

// Write answers v as JSON with status.
func Write(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"code":"internal","message":"the sandbox could not encode its answer"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// Error answers the upstream APIs' error shape.
func Error(w http.ResponseWriter, status int, code, message string) {
	Write(w, status, transport.ErrorBody{Code: code, Message: message})
}

// NotFound answers 404 not_found.
func NotFound(w http.ResponseWriter, _ *http.Request) {
	Error(w, http.StatusNotFound, "not_found", "no such sandbox route")
}

// maxBody caps a request body the sandbox decodes.
const maxBody = 64 << 10

// Decode reads a JSON body into v, refusing unknown fields, trailing data and bodies over 64 KiB.
func Decode(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return errors.New("unexpected data after the JSON body")
	}
	return nil
}

// Methods dispatches on the request method; other methods answer 405 method_not_allowed with Allow.
type Methods map[string]http.HandlerFunc

func (m Methods) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h, ok := m[r.Method]; ok {
		h(w, r)
		return
	}
	if r.Method == http.MethodHead {
		if h, ok := m[http.MethodGet]; ok {
			h(w, r)
			return
		}
	}
	allow := make([]string, 0, len(m))
	for k := range m {
		allow = append(allow, k)
	}
	sort.Strings(allow)
	w.Header().Set("Allow", strings.Join(allow, ", "))
	Error(w, http.StatusMethodNotAllowed, "method_not_allowed", "method not allowed on this route")
}
