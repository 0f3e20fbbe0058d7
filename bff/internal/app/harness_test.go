package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/redistest"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
	sandbox "lender/sandbox/server"
)

// stack is a whole BFF for one test: a Redis database of its own, its own sandbox over HTTP, and the
// BFF's real listeners on free ports. Nothing is shared with another stack but the redis-server
// process, so the tests run in parallel: moving one sandbox's clock, injecting its faults or filling
// one database leaves every other test as it was.
type stack struct {
	t        testing.TB
	redis    *redistest.Server // the test's own redis-server, only with stackOptions.ownRedis
	redisURL string            // the database the BFF uses
	sandbox  *sandbox.Server
	upstream *httptest.Server
	srv      *Server
	base     string // http://127.0.0.1:port
	api      string // base + /api/v2/lender
	logs     *syncBuffer

	mu               sync.Mutex
	upstreamRequests []string // the X-Request-Id of every call that reached the sandbox for a BFF request
}

// upstreamRequestIDs are the request ids the sandbox has received so far.
func (st *stack) upstreamRequestIDs() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return append([]string(nil), st.upstreamRequests...)
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// redisDatabases is the package's one redis-server; each stack gets a database of it.
var redisDatabases *redistest.Databases

func TestMain(m *testing.M) {
	// 128 databases: more than the stacks that -parallel lets run at once, so a test seldom waits.
	dbs, err := redistest.StartDatabases(128)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	redisDatabases = dbs
	code := m.Run()
	dbs.Stop()
	os.Exit(code)
}

// stackOptions are what a test changes about its stack.
type stackOptions struct {
	env     map[string]string // overrides the test defaults; an empty value leaves the embedded default
	prepare func(*Server)     // adds test-only routes before the BFF serves
	// ownRedis gives the stack a redis-server process of its own (st.redis), for a test that stops
	// and restarts Redis or watches it with MONITOR: either would reach every other test's database.
	ownRedis bool
}

// startStack starts the stack; env overrides the test defaults.
func startStack(t testing.TB, env map[string]string) *stack {
	t.Helper()
	return startStackWith(t, stackOptions{env: env})
}

// startStackWith starts the stack as opts say. It is the one place a test builds a BFF.
func startStackWith(t testing.TB, opts stackOptions) *stack {
	t.Helper()
	st := &stack{t: t, logs: &syncBuffer{}}
	if opts.ownRedis {
		st.redis = redistest.Start(t)
		st.redisURL = st.redis.URL()
	} else {
		st.redisURL = redisDatabases.URL(t)
	}
	st.sandbox = sandbox.New(sandbox.Config{PublicURL: "http://127.0.0.1", AppURL: "http://127.0.0.1"})
	st.upstream = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/lending/v1/events" { // the notices poller's reads, made for no request
			st.mu.Lock()
			st.upstreamRequests = append(st.upstreamRequests, r.Header.Get("X-Request-Id"))
			st.mu.Unlock()
		}
		st.sandbox.ServeHTTP(w, r)
	}))
	t.Cleanup(st.upstream.Close)

	vars := map[string]string{
		"BFF_PROFILE":             "sandbox",
		"BFF_HTTP_ADDR":           "127.0.0.1:0",
		"BFF_METRICS_ADDR":        "127.0.0.1:0",
		"REDIS_URL":               st.redisURL,
		"BFF_REDIS_KEY_PREFIX":    "apptest:",
		"BFF_UPSTREAM_BASE_URL":   st.upstream.URL,
		"BFF_SESSION_JWT_SECRET":  strings.Repeat("k", 48),
		"BFF_STATIC_BORROWER_DIR": writeDist(t, "borrower"),
		"BFF_STATIC_PORTAL_DIR":   writeDist(t, "portal"),
		// No load balancer waits on a test's BFF: the production profile's drain delay would only
		// hold the test open (the drain itself is tested in cmd/bff).
		"BFF_SHUTDOWN_DRAIN_DELAY": "0s",
		// The tests check behaviour, not Redis latency: on the shared 2-core CI machine under the race
		// detector a healthy Redis call can outlast the product's 250 ms. The test of that bound sets it
		// back to the embedded default.
		"BFF_REDIS_TIMEOUT": "5s",
	}
	for k, v := range opts.env {
		if v == "" { // the embedded default
			delete(vars, k)
			continue
		}
		vars[k] = v
	}
	cfg, err := config.LoadFrom(func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewJSONHandler(st.logs, nil))
	st.srv, err = New(cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	if opts.prepare != nil {
		opts.prepare(st.srv)
	}
	if err := st.srv.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- st.srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server stopped with: %v", err)
		}
	})
	st.base = "http://" + st.srv.Addr()
	st.api = st.base + cfg.API.BasePath()
	return st
}

// writeDist writes a small built app: an index naming the app, and one hashed asset.
func writeDist(t testing.TB, name string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":               `<!doctype html><html lang="en-GB"><title>` + name + `</title><script type="module" src="assets/index-AbCd1234.js"></script></html>`,
		"assets/index-AbCd1234.js": "export const app = '" + name + "';" + strings.Repeat("/* padding so gzip pays */", 40),
	}
	for rel, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// credentials are what a signed-in browser holds: the token and the binding cookie.
type credentials struct {
	token  string
	cookie *http.Cookie
}

// signIn starts a real session in the stack's Redis, as a sign-in handler will.
func (st *stack) signIn(subject string) credentials {
	st.t.Helper()
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
	token, err := st.srv.Sessions().Start(context.Background(), c, session.NewSession{Subject: subject, Audience: session.AudienceBorrower,
		Proof: session.ProofPIN})
	if err != nil {
		st.t.Fatal(err)
	}
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 {
		st.t.Fatalf("sign-in set %d cookies, want 1", len(cookies))
	}
	return credentials{token: token, cookie: cookies[0]}
}

type envelope struct {
	Status       int             `json:"status"`
	ErrorCode    int             `json:"errorCode"`
	ErrorMessage string          `json:"errorMessage"`
	ResultData   json.RawMessage `json:"resultData"`
}

// call makes one request and decodes the envelope (when the answer is JSON). Like the apps, it keeps a
// token the BFF hands back in the renewal header, with the cookie that came with it, in creds.
func (st *stack) call(method, url string, body io.Reader, creds *credentials, headers map[string]string) (*http.Response, envelope) {
	st.t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		st.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if creds != nil {
		req.Header.Set("accessToken", creds.token)
		req.AddCookie(creds.cookie)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		st.t.Fatal(err)
	}
	defer res.Body.Close()
	if renewed := res.Header.Get(session.HeaderRenewedToken); creds != nil && renewed != "" {
		creds.token = renewed
		for _, c := range res.Cookies() {
			if c.Name == creds.cookie.Name && c.Value != "" {
				creds.cookie = c
			}
		}
	}
	raw, _ := io.ReadAll(res.Body)
	var env envelope
	if strings.Contains(url, "/api/") && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &env); err != nil {
			st.t.Fatalf("%s %s: not an envelope: %s", method, url, raw)
		}
	}
	return res, env
}

func decode[T any](t *testing.T, env envelope) T {
	t.Helper()
	var v T
	if env.Status != 200 || env.ErrorCode != 0 {
		t.Fatalf("answer %+v, want success", env)
	}
	if err := json.Unmarshal(env.ResultData, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// get sends a GET to the operation at path (under the API base).
func (st *stack) get(path string, creds *credentials) (*http.Response, envelope) {
	st.t.Helper()
	return st.call(http.MethodGet, st.api+path, nil, creds, nil)
}

// browserDo is one request of a browser that does not follow redirects; it answers the status, the
// body and the Location.
func browserDo(t *testing.T, method, target string, form url.Values) (int, string, string) {
	t.Helper()
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var res *http.Response
	var err error
	if method == http.MethodPost {
		res, err = hc.PostForm(target, form)
	} else {
		res, err = hc.Get(target)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), res.Header.Get("Location")
}

func (st *stack) application(id string) lending.Application {
	st.t.Helper()
	a, err := st.lending().Application(context.Background(), id)
	if err != nil {
		st.t.Fatal(err)
	}
	return a
}
