package app

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"lender/bff/internal/platform/config"
)

// TestAServerThatFailsToStartClosesWhatItOpened: New fails after its Redis is up (here on a trusted
// proxy that is not an address), and the embedded Redis it started is stopped, not left listening.
func TestAServerThatFailsToStartClosesWhatItOpened(t *testing.T) {
	t.Parallel()
	vars := map[string]string{
		"BFF_PROFILE":              "dev",
		"BFF_HTTP_ADDR":            "127.0.0.1:0",
		"BFF_METRICS_ADDR":         "127.0.0.1:0",
		"BFF_HTTP_TRUSTED_PROXIES": "not-an-address",
		"BFF_SESSION_JWT_SECRET":   strings.Repeat("k", 48),
	}
	cfg, err := config.LoadFrom(func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	if _, err := New(cfg, slog.New(slog.NewJSONHandler(&logs, nil))); err == nil {
		t.Fatal("New started with a trusted proxy that is not an address")
	}
	var started struct {
		URL string `json:"embeddedRedisURL"`
	}
	for line := range strings.Lines(logs.String()) {
		if json.Unmarshal([]byte(line), &started) == nil && started.URL != "" {
			break
		}
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(started.URL, "redis://"), "/0")
	if addr == "" {
		t.Fatalf("the log does not say where the embedded Redis listened: %s", logs.String())
	}
	if conn, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		_ = conn.Close()
		t.Fatalf("the embedded Redis at %s still listens after New failed", addr)
	}
}
