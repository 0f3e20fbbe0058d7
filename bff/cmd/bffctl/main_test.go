package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/redistest"
	"lender/bff/internal/service"
)

// testRedis is the Redis the tests use (REDIS_URL, or a redis-server started for the test) and a key
// prefix no other test shares.
func testRedis(t *testing.T) (url, prefix string, client *redis.Client) {
	t.Helper()
	url = os.Getenv("REDIS_URL")
	if url == "" {
		url = redistest.Start(t).URL()
	}
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	opts.DisableIdentity = true
	client = redis.NewClient(opts)
	t.Cleanup(func() { _ = client.Close() })
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	prefix = "test:" + hex.EncodeToString(b) + ":"
	t.Cleanup(func() { _ = client.Del(context.Background(), prefix+"service:status").Err() }) // before Close
	return url, prefix, client
}

func envOf(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := vars[k]
		return v, ok
	}
}

type result struct {
	code           int
	stdout, stderr string
}

func runWith(env func(string) (string, bool), args ...string) result {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut, env)
	return result{code, out.String(), errOut.String()}
}

func TestServiceCommands(t *testing.T) {
	url, prefix, client := testRedis(t)
	env := envOf(map[string]string{"REDIS_URL": url, "BFF_REDIS_KEY_PREFIX": prefix})
	store := service.NewStore(client, prefix)
	ctx := context.Background()

	r := runWith(env, "service", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "Service: ENABLED") || !strings.Contains(r.stdout, "key "+prefix+"service:status") {
		t.Fatalf("status on an empty Redis: %+v", r)
	}

	r = runWith(env, "service", "disable", "--title", "Planned maintenance",
		"--body", `<p>Back at <strong>9am</strong></p><script>alert(1)</script><a href="javascript:alert(2)">x</a>`)
	if r.code != 0 {
		t.Fatalf("disable: %+v", r)
	}
	for _, want := range []string{"Service: DISABLED", "Title:   Planned maintenance", "<p>Back at <strong>9am</strong></p>x"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("disable printed %q, want it to contain %q", r.stdout, want)
		}
	}
	if strings.Contains(r.stdout, "script") || strings.Contains(r.stdout, "alert") {
		t.Errorf("disable printed the unsanitised body: %q", r.stdout)
	}
	if !strings.Contains(r.stderr, "sanitising changed the body") {
		t.Errorf("no note that the body was changed: %q", r.stderr)
	}
	st, err := store.Get(ctx)
	if err != nil || !st.Disabled || st.Title != "Planned maintenance" || st.BodyHTML != "<p>Back at <strong>9am</strong></p>x" {
		t.Fatalf("stored %+v, %v", st, err)
	}

	r = runWith(env, "service", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "Service: DISABLED") || !strings.Contains(r.stdout, "<p>Back at <strong>9am</strong></p>x") {
		t.Fatalf("status while disabled: %+v", r)
	}

	r = runWith(env, "service", "enable")
	if r.code != 0 || !strings.Contains(r.stdout, "Service: ENABLED") || strings.Contains(r.stdout, "Title") {
		t.Fatalf("enable: %+v", r)
	}
	if st, err := store.Get(ctx); err != nil || st.Disabled {
		t.Fatalf("after enable: %+v, %v", st, err)
	}
}

func TestDisableWithBodyFileAndDefaults(t *testing.T) {
	url, prefix, client := testRedis(t)
	env := envOf(map[string]string{"REDIS_URL": url, "BFF_REDIS_KEY_PREFIX": prefix})
	store := service.NewStore(client, prefix)

	path := filepath.Join(t.TempDir(), "notice.html")
	notice := `<h2>Planned maintenance</h2><p>See <a href="https://status.lender.example/">our status page</a>.</p>`
	if err := os.WriteFile(path, []byte(notice), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runWith(env, "service", "disable", "--body-file", path)
	if r.code != 0 {
		t.Fatalf("disable --body-file: %+v", r)
	}
	stored := `<h2>Planned maintenance</h2><p>See <a href="https://status.lender.example/" rel="noopener noreferrer" target="_blank">our status page</a>.</p>`
	if !strings.Contains(r.stdout, stored) || !strings.Contains(r.stdout, `Title:   (none: the app shows "We'll be back soon!")`) {
		t.Fatalf("disable --body-file printed %q", r.stdout)
	}
	if st, err := store.Get(context.Background()); err != nil || st.BodyHTML != stored || st.Title != "" {
		t.Fatalf("stored %+v, %v", st, err)
	}

	r = runWith(env, "service", "disable")
	if r.code != 0 || !strings.Contains(r.stdout, "Body:    (none: the app shows its scheduled-maintenance notice)") || r.stderr != "" {
		t.Fatalf("disable with defaults: %+v", r)
	}

	r = runWith(env, "service", "disable", "-body", "<script>alert(1)</script>")
	if r.code != 0 || !strings.Contains(r.stderr, "nothing of the body survived") {
		t.Fatalf("disable with an all-script body: %+v", r)
	}
}

func TestUsageErrors(t *testing.T) {
	url, prefix, client := testRedis(t)
	env := envOf(map[string]string{"REDIS_URL": url, "BFF_REDIS_KEY_PREFIX": prefix})
	big := filepath.Join(t.TempDir(), "big.html")
	if err := os.WriteFile(big, bytes.Repeat([]byte("a"), service.MaxBodyBytes+1), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no arguments", nil, 2, "Usage:"},
		{"unknown command", []string{"cache", "flush"}, 2, `unknown command "cache"`},
		{"service alone", []string{"service"}, 2, "service needs disable, enable or status"},
		{"unknown action", []string{"service", "reboot"}, 2, `unknown service action "reboot"`},
		{"unknown flag", []string{"service", "disable", "--colour", "red"}, 2, "flag provided but not defined: -colour"},
		{"flag on enable", []string{"service", "enable", "--title", "x"}, 2, "flag provided but not defined: -title"},
		{"missing flag value", []string{"service", "disable", "--title"}, 2, "flag needs an argument: -title"},
		{"unquoted title", []string{"service", "disable", "--title", "Planned", "maintenance"}, 2, `unexpected argument "maintenance"`},
		{"extra argument", []string{"service", "status", "now"}, 2, `unexpected argument "now"`},
		{"body and body file", []string{"service", "disable", "--body", "<p>x</p>", "--body-file", big}, 2, "not both"},
		{"missing body file", []string{"service", "disable", "--body-file", filepath.Join(t.TempDir(), "nope.html")}, 1, "body file"},
		{"body file too large", []string{"service", "disable", "--body-file", big}, 1, "larger than"},
		{"body too large", []string{"service", "disable", "--body", strings.Repeat("a", service.MaxBodyBytes+1)}, 1, "larger than"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runWith(env, tc.args...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.msg) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", r.code, r.stderr, tc.code, tc.msg)
			}
			if r.stdout != "" {
				t.Fatalf("printed to stdout on failure: %q", r.stdout)
			}
		})
	}
	// None of the refused commands touched Redis.
	if n, err := client.Exists(context.Background(), prefix+"service:status").Result(); err != nil || n != 0 {
		t.Fatalf("a refused command wrote the status (%d, %v)", n, err)
	}
}

func TestHelp(t *testing.T) {
	env := envOf(nil)
	for _, args := range [][]string{{"--help"}, {"help"}, {"service", "help"}} {
		if r := runWith(env, args...); r.code != 0 || !strings.Contains(r.stdout, "bffctl service disable") {
			t.Errorf("%v: %+v", args, r)
		}
	}
	if r := runWith(env, "service", "disable", "-h"); r.code != 0 || !strings.Contains(r.stderr, "Usage:") {
		t.Errorf("disable -h: %+v", r)
	}
}

func TestNeedsRedisURL(t *testing.T) {
	for _, env := range []map[string]string{nil, {"REDIS_URL": ""}} {
		r := runWith(envOf(env), "service", "status")
		if r.code != 1 || !strings.Contains(r.stderr, "needs REDIS_URL pointing at the BFF's Redis") ||
			!strings.Contains(r.stderr, "REDIS_URL=redis://127.0.0.1:PORT/0") {
			t.Fatalf("env %v: %+v", env, r)
		}
	}
}

func TestBadConfiguration(t *testing.T) {
	r := runWith(envOf(map[string]string{"REDIS_URL": "http://[::1", "BFF_PROFILE": "dev"}), "service", "status")
	if r.code != 1 || !strings.Contains(r.stderr, "REDIS_URL") {
		t.Fatalf("bad REDIS_URL: %+v", r)
	}
	r = runWith(envOf(map[string]string{"REDIS_URL": "redis://user:s3cret@127.0.0.1:1/0", "BFF_PROFILE": "staging"}), "service", "status")
	if r.code != 1 || !strings.Contains(r.stderr, "BFF_PROFILE") || strings.Contains(r.stderr, "s3cret") {
		t.Fatalf("bad profile: %+v", r)
	}
}

func TestRedisUnreachable(t *testing.T) {
	srv := redistest.Start(t)
	url := srv.URL()
	srv.Stop()
	r := runWith(envOf(map[string]string{"REDIS_URL": url}), "service", "disable", "--title", "x")
	if r.code != 1 || !strings.Contains(r.stderr, "bffctl: disable (Redis at 127.0.0.1:") || r.stdout != "" {
		t.Fatalf("disable with Redis down: %+v", r)
	}
	r = runWith(envOf(map[string]string{"REDIS_URL": url}), "service", "status")
	if r.code != 1 || !strings.Contains(r.stderr, "bffctl: status (Redis at 127.0.0.1:") {
		t.Fatalf("status with Redis down: %+v", r)
	}
}
