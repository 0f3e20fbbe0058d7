package app

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkAuthenticatedProductCall measures the BFF's own cost of an authenticated call that reaches
// the lending core (the loan product, as bff/cmd/loadbench measures it): session check in Redis,
// contract validation, the upstream call and shaping. The sandbox runs as a separate process so its
// allocations are not counted; `make bench` prints allocs/op from here.
func BenchmarkAuthenticatedProductCall(b *testing.B) {
	st := startStack(b, map[string]string{"BFF_UPSTREAM_BASE_URL": startSandboxProcess(b)})
	creds := st.signIn("bench-borrower")
	handler := st.srv.Handler()
	req := httptest.NewRequest(http.MethodGet, "/api/v2/lender/ledger/loanProduct", nil)
	req.Header.Set("accessToken", creds.token)
	req.AddCookie(creds.cookie)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"status":200`) {
			b.Fatalf("HTTP %d %s", rec.Code, rec.Body.String())
		}
	}
}

// startSandboxProcess builds and runs the sandbox binary, returning its base URL.
func startSandboxProcess(tb testing.TB) string {
	tb.Helper()
	bin := filepath.Join(tb.TempDir(), "sandbox")
	build := exec.Command("go", "build", "-o", bin, "lender/sandbox/cmd/sandbox")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		tb.Fatalf("go build sandbox: %v", err)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "SANDBOX_HTTP_ADDR=127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			var entry struct{ Msg, Listener, Addr string }
			if json.Unmarshal(scanner.Bytes(), &entry) == nil && entry.Msg == "listening" && entry.Listener == "http" {
				addr <- entry.Addr
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(20 * time.Second):
		tb.Fatal("the sandbox did not start")
		return ""
	}
}
