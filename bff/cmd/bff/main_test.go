package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"lender/bff/internal/platform/redistest"
	sandbox "lender/sandbox/server"
)

// buildBFF compiles this command, so the test drives the real binary and real signals.
func buildBFF(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bff")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

// process is a running bff binary whose stdout is parsed as JSON log lines.
type process struct {
	cmd   *exec.Cmd
	addr  chan string
	mu    sync.Mutex
	lines []string
	done  chan error
}

func startBFF(t *testing.T, bin string, env []string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(bin), addr: make(chan string, 1), done: make(chan error, 1)}
	p.cmd.Env = append(os.Environ(), env...)
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stderr = os.Stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		scanner := bufio.NewScanner(stdout)
		scanner.Buffer(make([]byte, 1<<20), 1<<20)
		for scanner.Scan() {
			line := scanner.Text()
			p.mu.Lock()
			p.lines = append(p.lines, line)
			p.mu.Unlock()
			var entry struct{ Msg, Listener, Addr string }
			if json.Unmarshal([]byte(line), &entry) == nil && entry.Msg == "listening" && entry.Listener == "http" {
				p.addr <- entry.Addr
			}
		}
		p.done <- p.cmd.Wait()
	}()
	t.Cleanup(func() { _ = p.cmd.Process.Kill() })
	return p
}

func (p *process) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines, "\n")
}

func TestSIGTERMLetsAnInFlightRequestFinish(t *testing.T) {
	bin := buildBFF(t)
	redis := redistest.Start(t)

	// The real sandbox, told to answer the lending core slowly; the wrapper only reports when the
	// BFF's call has arrived, so the test signals while that request is certainly in flight.
	sbx := sandbox.New(sandbox.Config{})
	arrived := make(chan struct{}, 1)
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/lending/v1/product" {
			select {
			case arrived <- struct{}{}:
			default:
			}
		}
		sbx.ServeHTTP(w, r)
	}))
	defer upstream.Close()
	res, err := http.Post(upstream.URL+"/_sandbox/faults", "application/json", strings.NewReader(`{"provider":"lending","latencyMs":2500}`))
	if err != nil || res.StatusCode >= 300 {
		t.Fatalf("inject latency: %v %v", err, res)
	}
	res.Body.Close()

	p := startBFF(t, bin, []string{
		"BFF_PROFILE=sandbox",
		"BFF_HTTP_ADDR=127.0.0.1:0",
		"BFF_METRICS_ADDR=127.0.0.1:0",
		"REDIS_URL=" + redis.URL(),
		"BFF_UPSTREAM_BASE_URL=" + upstream.URL,
		"BFF_SESSION_JWT_SECRET=" + strings.Repeat("s", 40),
		"BFF_SHUTDOWN_DRAIN_DELAY=1s",
		"BFF_STATIC_BORROWER_DIR=" + t.TempDir(),
		"BFF_STATIC_PORTAL_DIR=" + t.TempDir(),
	})
	var base string
	select {
	case addr := <-p.addr:
		base = "http://" + addr
	case err := <-p.done:
		t.Fatalf("bff exited before listening: %v\n%s", err, p.output())
	case <-time.After(20 * time.Second):
		t.Fatalf("bff did not start:\n%s", p.output())
	}

	type answer struct {
		status int
		body   string
		err    error
	}
	slow := make(chan answer, 1)
	go func() {
		res, err := http.Get(base + "/api/v2/lender/ledger/loanProduct")
		if err != nil {
			slow <- answer{err: err}
			return
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		slow <- answer{status: res.StatusCode, body: string(body)}
	}()
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		t.Fatal("the BFF never called the lending core")
	}

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// Once the BFF says it is draining, the listener is still open for the drain delay and readiness
	// fails at once.
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(p.output(), "draining"); {
		if time.Now().After(deadline) {
			t.Fatalf("the BFF did not start draining:\n%s", p.output())
		}
		time.Sleep(10 * time.Millisecond) // polling the log for the state
	}
	ready, err := http.Get(base + "/readyz")
	if err != nil {
		t.Fatalf("readyz during the drain delay: %v", err)
	}
	readyBody, _ := io.ReadAll(ready.Body)
	ready.Body.Close()
	if ready.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(readyBody), "draining") {
		t.Fatalf("readyz while draining: %d %s", ready.StatusCode, readyBody)
	}

	got := <-slow
	if got.err != nil || got.status != 200 || !strings.Contains(got.body, `"status":200`) {
		t.Fatalf("the in-flight request did not complete: %+v", got)
	}
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("bff exited with %v\n%s", err, p.output())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("bff did not exit after SIGTERM")
	}
	if !strings.Contains(p.output(), `"msg":"stopped"`) {
		t.Fatalf("no clean stop in the log:\n%s", p.output())
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("the listener still accepts connections after exit")
	}
}

func TestProductionRefusesToStartWithTheDefaultSecret(t *testing.T) {
	bin := buildBFF(t)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "BFF_PROFILE=production", "REDIS_URL=redis://127.0.0.1:1/0", "BFF_SANDBOX_ENDPOINTS=false")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("production started with the default secret:\n%s", out)
	}
	if !strings.Contains(string(out), "default BFF_SESSION_JWT_SECRET") {
		t.Fatalf("the refusal does not say why:\n%s", out)
	}
}

func TestDevWithoutRedisURLUsesTheEmbeddedServerAndSaysSo(t *testing.T) {
	bin := buildBFF(t)
	p := startBFF(t, bin, []string{
		"BFF_PROFILE=dev", "REDIS_URL=", "BFF_HTTP_ADDR=127.0.0.1:0", "BFF_METRICS_ADDR=127.0.0.1:0",
		"BFF_UPSTREAM_BASE_URL=http://127.0.0.1:1", "BFF_STATIC_BORROWER_DIR=" + t.TempDir(), "BFF_STATIC_PORTAL_DIR=" + t.TempDir(),
	})
	var base string
	select {
	case addr := <-p.addr:
		base = "http://" + addr
	case <-time.After(20 * time.Second):
		t.Fatalf("bff did not start:\n%s", p.output())
	}
	res, err := http.Get(base + "/api/v2/lender/application/getServiceDisable")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"disabled":false`) {
		t.Fatalf("service check on the embedded Redis: %d %s", res.StatusCode, body)
	}
	out := p.output()
	if !strings.Contains(out, `"level":"WARN"`) || !strings.Contains(out, "EMBEDDED") || !strings.Contains(out, "embeddedRedisURL") {
		t.Fatalf("no loud warning about the embedded Redis:\n%s", out)
	}
	if strings.Contains(out, "dev-only-jwt-secret") {
		t.Fatal("the start-up config printed the secret")
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.done
}
