package httpjson_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lender/sandbox/httpjson"
)

func TestMethods(t *testing.T) {
	ok := func(w http.ResponseWriter, _ *http.Request) {
		httpjson.Write(w, http.StatusOK, map[string]string{"status": "ok"})
	}
	h := httpjson.Methods{http.MethodGet: ok, http.MethodPost: ok}
	tests := []struct {
		method string
		status int
		allow  string
	}{
		{http.MethodGet, http.StatusOK, ""},
		{http.MethodHead, http.StatusOK, ""},
		{http.MethodPost, http.StatusOK, ""},
		{http.MethodDelete, http.StatusMethodNotAllowed, "GET, POST"},
	}
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, "/", nil))
			if rec.Code != tt.status || rec.Header().Get("Allow") != tt.allow {
				t.Fatalf("= %d Allow %q, want %d %q", rec.Code, rec.Header().Get("Allow"), tt.status, tt.allow)
			}
			if rec.Header().Get("Content-Type") != "application/json" || rec.Header().Get("Cache-Control") != "no-store" {
				t.Fatalf("headers = %v", rec.Header())
			}
		})
	}
}

func TestDecode(t *testing.T) {
	type body struct {
		A string `json:"a"`
	}
	tests := []struct {
		name, in string
		ok       bool
	}{
		{"valid", `{"a":"x"}`, true},
		{"unknown field", `{"a":"x","b":1}`, false},
		{"trailing data", `{"a":"x"}{"a":"y"}`, false},
		{"empty", ``, false},
		{"too large", `{"a":"` + strings.Repeat("x", 70<<10) + `"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b body
			err := httpjson.Decode(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.in)), &b)
			if (err == nil) != tt.ok {
				t.Fatalf("Decode error = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestError(t *testing.T) {
	rec := httptest.NewRecorder()
	httpjson.Error(rec, http.StatusConflict, "already_done", "it was done")
	var got map[string]string
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusConflict ||
		got["code"] != "already_done" || got["message"] != "it was done" {
		t.Fatalf("= %d %v %v", rec.Code, got, err)
	}
}
