// Command loadbench measures what the BFF adds to an upstream call (DESIGN §9). It starts a real
// redis-server, the sandbox and the BFF from their built binaries on free ports, signs a borrower in,
// then sends requests at a constant arrival rate, first straight to the sandbox and then through the
// BFF (an authenticated call that reaches the sandbox through the lending client), and prints the
// latency percentiles of both paths and their difference.
//
// Latency is measured from each request's scheduled start, not from when it was sent, so a stalled
// generator or server cannot hide queueing (no coordinated omission).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/session"
)

func main() {
	rate := flag.Int("rate", 1000, "requests per second on each path")
	duration := flag.Duration("duration", 20*time.Second, "measured time on each path")
	warmup := flag.Duration("warmup", 2*time.Second, "unmeasured load before each measurement")
	bffBin := flag.String("bff", "bin/bff", "the BFF binary")
	sandboxBin := flag.String("sandbox", "bin/sandbox", "the sandbox binary")
	budgetP50 := flag.Duration("budget-p50", time.Millisecond, "budget for the p50 the BFF adds")
	budgetP99 := flag.Duration("budget-p99", 5*time.Millisecond, "budget for the p99 the BFF adds")
	flag.Parse()
	if err := run(*rate, *duration, *warmup, *bffBin, *sandboxBin, *budgetP50, *budgetP99); err != nil {
		fmt.Fprintln(os.Stderr, "loadbench:", err)
		os.Exit(1)
	}
}

const secret = "loadbench-secret-0123456789abcdefghijklmnop"

func run(rate int, duration, warmup time.Duration, bffBin, sandboxBin string, budgetP50, budgetP99 time.Duration) error {
	redisPort, err := freePort()
	if err != nil {
		return err
	}
	redisSrv := exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(redisPort), "--save", "", "--appendonly", "no")
	if err := redisSrv.Start(); err != nil {
		return fmt.Errorf("start redis-server: %w", err)
	}
	defer stop(redisSrv)
	redisURL := fmt.Sprintf("redis://127.0.0.1:%d/0", redisPort)

	sandboxAddr, sandboxCmd, err := startLogged(sandboxBin, []string{"SANDBOX_HTTP_ADDR=127.0.0.1:0"})
	if err != nil {
		return err
	}
	defer stop(sandboxCmd)
	bffAddr, bffCmd, err := startLogged(bffBin, []string{
		"BFF_PROFILE=sandbox", "BFF_HTTP_ADDR=127.0.0.1:0", "BFF_METRICS_ADDR=127.0.0.1:0",
		"REDIS_URL=" + redisURL, "BFF_UPSTREAM_BASE_URL=http://" + sandboxAddr,
		"BFF_SESSION_JWT_SECRET=" + secret,
	})
	if err != nil {
		return err
	}
	defer stop(bffCmd)

	token, cookie, err := signIn(redisURL)
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1024, IdleConnTimeout: time.Minute}, Timeout: 10 * time.Second}
	direct := func() (*http.Request, error) {
		return http.NewRequest(http.MethodGet, "http://"+sandboxAddr+"/lending/v1/product", nil)
	}
	viaBFF := func() (*http.Request, error) {
		req, err := http.NewRequest(http.MethodGet, "http://"+bffAddr+"/api/v2/lender/ledger/loanProduct", nil)
		if err == nil {
			req.Header.Set("accessToken", token)
			req.AddCookie(cookie)
			req.Header.Set("platform", "web")
		}
		return req, err
	}
	// Both paths must work before they are measured.
	for name, mk := range map[string]func() (*http.Request, error){"sandbox": direct, "bff": viaBFF} {
		if err := check(client, mk); err != nil {
			return fmt.Errorf("%s path: %w", name, err)
		}
	}

	fmt.Printf("BFF overhead: constant arrival rate %d req/s, %s per path after %s warm-up, %d cores\n\n", rate, duration, warmup, runtime.NumCPU())
	load(client, direct, rate, warmup)
	sandboxStats := load(client, direct, rate, duration)
	load(client, viaBFF, rate, warmup)
	bffStats := load(client, viaBFF, rate, duration)

	fmt.Printf("%-18s %9s %7s %10s %10s\n", "path", "requests", "errors", "p50", "p99")
	for _, row := range []struct {
		name string
		s    stats
	}{{"sandbox direct", sandboxStats}, {"through the BFF", bffStats}} {
		fmt.Printf("%-18s %9d %7d %10s %10s\n", row.name, row.s.count, row.s.errors, ms(row.s.p50), ms(row.s.p99))
	}
	addedP50, addedP99 := bffStats.p50-sandboxStats.p50, bffStats.p99-sandboxStats.p99
	fmt.Printf("%-18s %9s %7s %10s %10s\n\n", "added by the BFF", "", "", ms(addedP50), ms(addedP99))
	fmt.Printf("budget: added p50 %s ≤ %s: %s; added p99 %s ≤ %s: %s\n",
		ms(addedP50), ms(budgetP50), verdict(addedP50 <= budgetP50), ms(addedP99), ms(budgetP99), verdict(addedP99 <= budgetP99))
	if sandboxStats.errors > 0 || bffStats.errors > 0 {
		return errors.New("some requests failed; the figures above are not valid")
	}
	return nil
}

type stats struct {
	count, errors int
	p50, p99      time.Duration
}

// load sends rate requests per second for d, each at its scheduled time, and returns the latency
// percentiles measured from those scheduled times.
func load(client *http.Client, mk func() (*http.Request, error), rate int, d time.Duration) stats {
	n := int(d.Seconds() * float64(rate))
	interval := time.Second / time.Duration(rate)
	latencies := make([]time.Duration, n)
	failed := make([]bool, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < n; i++ {
		scheduled := start.Add(time.Duration(i) * interval)
		if wait := time.Until(scheduled); wait > 0 {
			time.Sleep(wait) // the schedule itself: requests go out at a constant rate
		}
		wg.Add(1)
		go func(i int, scheduled time.Time) {
			defer wg.Done()
			req, err := mk()
			if err == nil {
				var res *http.Response
				res, err = client.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != http.StatusOK {
						err = fmt.Errorf("HTTP %d", res.StatusCode)
					}
				}
			}
			latencies[i] = time.Since(scheduled)
			failed[i] = err != nil
		}(i, scheduled)
	}
	wg.Wait()
	s := stats{count: n}
	for _, f := range failed {
		if f {
			s.errors++
		}
	}
	sort.Slice(latencies, func(a, b int) bool { return latencies[a] < latencies[b] })
	s.p50 = latencies[n*50/100]
	s.p99 = latencies[n*99/100]
	return s
}

func check(client *http.Client, mk func() (*http.Request, error)) error {
	req, err := mk()
	if err != nil {
		return err
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"default"`) {
		return fmt.Errorf("HTTP %d: %.200s", res.StatusCode, body)
	}
	return nil
}

// signIn starts a borrower session in the BFF's Redis with the BFF's own session package, as a
// sign-in call does, and returns the token and the binding cookie a browser would hold.
func signIn(redisURL string) (string, *http.Cookie, error) {
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return "", nil, err
	}
	opts.DisableIdentity = true
	opts.ContextTimeoutEnabled = true
	rdb := redis.NewClient(opts)
	defer rdb.Close()
	cfg := session.DefaultConfig()
	cfg.Secret = []byte(secret)
	cfg.KeyPrefix = "lender:" // the BFF's default BFF_REDIS_KEY_PREFIX
	m, err := session.New(cfg, rdb)
	if err != nil {
		return "", nil, err
	}
	gin.SetMode(gin.ReleaseMode)
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
	token, err := m.Start(context.Background(), c, session.NewSession{Subject: "loadbench-borrower", Audience: session.AudienceBorrower,
		Proof: session.ProofPIN})
	if err != nil {
		return "", nil, err
	}
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 {
		return "", nil, fmt.Errorf("sign-in set %d cookies", len(cookies))
	}
	return token, cookies[0], nil
}

// startLogged starts a binary that logs JSON lines and returns the address of its "listening" line.
// Its stdout goes to a file, as a log shipper would take it: reading it through a pipe from this
// process, which is busy generating load, would make the server wait on a full pipe and measure the
// harness instead of the server.
func startLogged(bin string, env []string) (string, *exec.Cmd, error) {
	logFile, err := os.CreateTemp("", "loadbench-*.log")
	if err != nil {
		return "", nil, err
	}
	defer logFile.Close()
	// Unlinked at once: the process keeps writing to it, and nothing is left behind.
	defer os.Remove(logFile.Name())
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout = logFile
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("start %s (run make build-go first): %w", bin, err)
	}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		if addr := listeningAddr(logFile.Name()); addr != "" {
			return addr, cmd, nil
		}
		time.Sleep(20 * time.Millisecond) // polling the log for the listening line
	}
	stop(cmd)
	return "", nil, fmt.Errorf("%s did not start listening", bin)
}

// listeningAddr is the address of the "listening" line of the http listener in the log, or "".
func listeningAddr(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		if !bytes.Contains(scanner.Bytes(), []byte(`"listening"`)) {
			continue
		}
		var entry struct{ Msg, Listener, Addr string }
		if json.Unmarshal(scanner.Bytes(), &entry) == nil && entry.Msg == "listening" && entry.Listener == "http" {
			return entry.Addr
		}
	}
	return ""
}

func stop(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000) }

func verdict(ok bool) string {
	if ok {
		return "within budget"
	}
	return "OVER BUDGET"
}
