package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfigDefaults(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want config
	}{
		{"defaults", nil, config{addr: ":8090", appURL: "http://localhost:8080"}},
		{"overrides", map[string]string{
			"SANDBOX_HTTP_ADDR": "127.0.0.1:0", "SANDBOX_PUBLIC_URL": "https://sandbox.example", "SANDBOX_APP_URL": "https://app.example",
		}, config{addr: "127.0.0.1:0", publicURL: "https://sandbox.example", appURL: "https://app.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := loadConfig(env(tt.env)); got != tt.want {
				t.Fatalf("loadConfig() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestRunListensServesAndShutsDown runs the command as a harness would: it reads the one "listening"
// line for the port, calls the sandbox, then stops it as SIGTERM would.
func TestRunListensServesAndShutsDown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, env(map[string]string{"SANDBOX_HTTP_ADDR": "127.0.0.1:0"}), pw)
		pw.Close()
	}()

	lines := bufio.NewScanner(pr)
	var listening map[string]any
	for lines.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(lines.Bytes(), &rec); err != nil {
			t.Fatalf("log line is not JSON: %q", lines.Text())
		}
		if rec["msg"] == "listening" {
			listening = rec
			break
		}
	}
	if listening == nil {
		t.Fatalf("no listening line; run returned %v", <-done)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }() // keep draining the log

	addr, _ := listening["addr"].(string)
	if listening["listener"] != "http" || !strings.HasPrefix(addr, "127.0.0.1:") || strings.HasSuffix(addr, ":0") {
		t.Fatalf("listening line = %v, want listener http and the bound 127.0.0.1 address", listening)
	}
	if want := "http://localhost:" + strings.TrimPrefix(addr, "127.0.0.1:"); listening["publicURL"] != want {
		t.Fatalf("publicURL = %v, want %s", listening["publicURL"], want)
	}

	resp, err := http.Get("http://" + addr + "/_sandbox/health")
	if err != nil {
		t.Fatal(err)
	}
	var st struct{ Status string }
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || st.Status != "ok" {
		t.Fatalf("health = %d %+v %v", resp.StatusCode, st, err)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run() = %v after shutdown", err)
		}
	case <-time.After(shutdownTimeout + 5*time.Second):
		t.Fatal("run did not return after its context ended")
	}
}
