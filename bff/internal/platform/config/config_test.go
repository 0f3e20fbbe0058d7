package config

import (
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaultsLoadWithNoEnvironment(t *testing.T) {
	cfg, err := LoadFrom(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Profile != ProfileDev || cfg.HTTP.Addr != ":8080" || cfg.Redis.URL != "" {
		t.Fatalf("defaults: profile=%q addr=%q redis=%q", cfg.Profile, cfg.HTTP.Addr, cfg.Redis.URL)
	}
	if cfg.HTTP.MaxBodyBytes != 1<<20 {
		t.Fatalf("body limit %d, want 1 MiB", cfg.HTTP.MaxBodyBytes)
	}
	if cfg.Session.IdleTTL != 30*time.Minute || cfg.Session.AbsoluteTTL != 12*time.Hour {
		t.Fatalf("session TTLs %v %v", cfg.Session.IdleTTL, cfg.Session.AbsoluteTTL)
	}
	if got := cfg.Upstream.BaseFor("lending"); got != "http://localhost:8090/lending/v1" {
		t.Fatalf("lending base %q", got)
	}
	if cfg.API.BasePath() != "/api/v2/lender" {
		t.Fatalf("base path %q", cfg.API.BasePath())
	}
}

func TestFixedEnvNames(t *testing.T) {
	want := map[string]string{
		"http.addr":                "BFF_HTTP_ADDR",
		"profile":                  "BFF_PROFILE",
		"redis.url":                "REDIS_URL",
		"upstream.baseURL":         "BFF_UPSTREAM_BASE_URL",
		"upstream.lending.baseURL": "BFF_UPSTREAM_LENDING_BASE_URL",
		"session.jwtSecret":        "BFF_SESSION_JWT_SECRET",
		"session.tokenTTL":         "BFF_SESSION_TOKEN_TTL",
		"metrics.addr":             "BFF_METRICS_ADDR",
	}
	got := map[string]string{}
	for _, k := range Keys() {
		got[k.Path] = k.Env
	}
	for path, name := range want {
		if got[path] != name {
			t.Errorf("%s: env %q, want %q", path, got[path], name)
		}
	}
}

func TestEnvironmentOverridesEveryKind(t *testing.T) {
	cfg, err := LoadFrom(env(map[string]string{
		"BFF_HTTP_ADDR":                 "127.0.0.1:0",
		"BFF_UPSTREAM_BASE_URL":         "http://127.0.0.1:9999/",
		"BFF_UPSTREAM_LENDING_BASE_URL": "https://lending.example/api/",
		"BFF_SESSION_IDLE_TTL":          "90s",
		"BFF_HTTP_MAX_BODY_BYTES":       "2048",
		"BFF_SANDBOX_ENDPOINTS":         "false",
		"BFF_HTTP_TRUSTED_PROXIES":      "10.0.0.0/8, 192.168.1.1",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.HTTP.Addr != "127.0.0.1:0" || cfg.Session.IdleTTL != 90*time.Second || cfg.HTTP.MaxBodyBytes != 2048 || cfg.Sandbox.Endpoints {
		t.Fatalf("overrides not applied: %+v", cfg)
	}
	if got := cfg.Upstream.BaseFor("payments"); got != "http://127.0.0.1:9999/payments/v1" {
		t.Fatalf("payments base %q", got)
	}
	if got := cfg.Upstream.BaseFor("lending"); got != "https://lending.example/api" {
		t.Fatalf("per-upstream override %q", got)
	}
	if got := cfg.HTTP.TrustedProxyList(); len(got) != 2 || got[1] != "192.168.1.1" {
		t.Fatalf("trusted proxies %v", got)
	}
}

func TestProductionRefusesUnsafeDefaults(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"default secret", map[string]string{"REDIS_URL": "redis://r:6379/0", "BFF_SANDBOX_ENDPOINTS": "false"}, "default BFF_SESSION_JWT_SECRET"},
		{"no redis", map[string]string{"BFF_SESSION_JWT_SECRET": strings.Repeat("s", 40)}, "needs REDIS_URL"},
		{"sandbox endpoints", map[string]string{"BFF_SESSION_JWT_SECRET": strings.Repeat("s", 40), "REDIS_URL": "redis://r:6379/0", "BFF_SANDBOX_ENDPOINTS": "true"}, "BFF_SANDBOX_ENDPOINTS"},
		{"short secret", map[string]string{"BFF_SESSION_JWT_SECRET": "short", "REDIS_URL": "redis://r:6379/0"}, "at least 32 bytes"},
		{"cookie without __Host-", map[string]string{"BFF_SESSION_JWT_SECRET": strings.Repeat("s", 40), "REDIS_URL": "redis://r:6379/0",
			"BFF_SESSION_COOKIE_NAME": "lender_session"}, "starting with __Host-"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.env["BFF_PROFILE"] = "production"
			_, err := LoadFrom(env(tc.env))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want it to mention %q", err, tc.want)
			}
		})
	}
	cfg, err := LoadFrom(env(map[string]string{
		"BFF_PROFILE": "production", "BFF_SESSION_JWT_SECRET": strings.Repeat("s", 40), "REDIS_URL": "redis://r:6379/0",
		"BFF_UPSTREAM_PAYMENTS_SECRET": strings.Repeat("p", 40), "BFF_UPSTREAM_PAYMENTS_WEBHOOK_URL": "https://bff.example/webhooks/payments",
	}))
	if err != nil {
		t.Fatalf("a safe production config is refused: %v", err)
	}
	if cfg.Sandbox.Endpoints || !cfg.HTTP.HSTS || cfg.Session.CookieName != "__Host-lender_session" || !cfg.Session.CookieSecure {
		t.Fatalf("production profile overlay not applied: sandbox=%v hsts=%v cookie=%q secure=%v", cfg.Sandbox.Endpoints, cfg.HTTP.HSTS,
			cfg.Session.CookieName, cfg.Session.CookieSecure)
	}
}

func TestUnknownProfileIsRefused(t *testing.T) {
	if _, err := LoadFrom(env(map[string]string{"BFF_PROFILE": "staging"})); err == nil {
		t.Fatal("an unknown profile was accepted")
	}
}

func TestMaskedHidesSecrets(t *testing.T) {
	secret := strings.Repeat("x", 40)
	cfg, err := LoadFrom(env(map[string]string{"BFF_SESSION_JWT_SECRET": secret, "REDIS_URL": "redis://:hunter2-password@cache:6379/0"}))
	if err != nil {
		t.Fatal(err)
	}
	m := cfg.Masked()
	all := strings.Join(cfg.SortedMasked(), "\n")
	if strings.Contains(all, secret) || strings.Contains(all, "hunter2") {
		t.Fatalf("a secret leaked into the printed config:\n%s", all)
	}
	if m["BFF_SESSION_JWT_SECRET"] != "********" || !strings.Contains(m["REDIS_URL"], "cache:6379") {
		t.Fatalf("masked values: secret=%q redis=%q", m["BFF_SESSION_JWT_SECRET"], m["REDIS_URL"])
	}
	if m["BFF_HTTP_ADDR"] != ":8080" || len(m) != len(Keys()) {
		t.Fatalf("masked config lacks keys: %d of %d, addr %q", len(m), len(Keys()), m["BFF_HTTP_ADDR"])
	}
}

func TestBreakerSettings(t *testing.T) {
	cfg, err := LoadFrom(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if b := cfg.Upstream.Breaker; b.Failures != 5 || b.Cooldown != 10*time.Second || b.HealthInterval != 250*time.Millisecond || b.HealthMaxInterval != 2*time.Second {
		t.Fatalf("breaker defaults %+v", b)
	}
	cfg, err = LoadFrom(env(map[string]string{
		"BFF_UPSTREAM_BREAKER_FAILURES": "3", "BFF_UPSTREAM_BREAKER_COOLDOWN": "30s",
		"BFF_UPSTREAM_BREAKER_HEALTH_INTERVAL": "1s", "BFF_UPSTREAM_BREAKER_HEALTH_MAX_INTERVAL": "5s",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if b := cfg.Upstream.Breaker; b.Failures != 3 || b.Cooldown != 30*time.Second || b.HealthInterval != time.Second || b.HealthMaxInterval != 5*time.Second {
		t.Fatalf("breaker overrides %+v", b)
	}
	for name, bad := range map[string]map[string]string{
		"no failures":            {"BFF_UPSTREAM_BREAKER_FAILURES": "0"},
		"no health interval":     {"BFF_UPSTREAM_BREAKER_HEALTH_INTERVAL": "0s"},
		"cap below the interval": {"BFF_UPSTREAM_BREAKER_HEALTH_INTERVAL": "3s", "BFF_UPSTREAM_BREAKER_HEALTH_MAX_INTERVAL": "2s"},
		"interval past cooldown": {"BFF_UPSTREAM_BREAKER_HEALTH_INTERVAL": "10s", "BFF_UPSTREAM_BREAKER_HEALTH_MAX_INTERVAL": "10s"},
	} {
		if _, err := LoadFrom(env(bad)); err == nil || !strings.Contains(err.Error(), "BFF_UPSTREAM_BREAKER") {
			t.Errorf("%s: err %v, want it refused", name, err)
		}
	}
}

func TestTelemetryLimitSettings(t *testing.T) {
	cfg, err := LoadFrom(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Telemetry.RequestsPerIP != 3000 || cfg.Telemetry.LimitWindow != time.Minute {
		t.Fatalf("telemetry limit defaults: %d per %v", cfg.Telemetry.RequestsPerIP, cfg.Telemetry.LimitWindow)
	}
	cfg, err = LoadFrom(env(map[string]string{"BFF_TELEMETRY_REQUESTS_PER_IP": "50", "BFF_TELEMETRY_LIMIT_WINDOW": "10s"}))
	if err != nil || cfg.Telemetry.RequestsPerIP != 50 || cfg.Telemetry.LimitWindow != 10*time.Second {
		t.Fatalf("telemetry limit overrides: %d per %v (%v)", cfg.Telemetry.RequestsPerIP, cfg.Telemetry.LimitWindow, err)
	}
	for _, bad := range []map[string]string{{"BFF_TELEMETRY_REQUESTS_PER_IP": "0"}, {"BFF_TELEMETRY_LIMIT_WINDOW": "0s"}} {
		if _, err := LoadFrom(env(bad)); err == nil || !strings.Contains(err.Error(), "BFF_TELEMETRY_REQUESTS_PER_IP") {
			t.Errorf("%v: err %v, want it refused", bad, err)
		}
	}
}

func TestAKeyPrefixWithABraceIsRefused(t *testing.T) {
	for _, prefix := range []string{"lender{", "lender}", "{lender}:"} {
		if _, err := LoadFrom(env(map[string]string{"BFF_REDIS_KEY_PREFIX": prefix})); err == nil || !strings.Contains(err.Error(), "BFF_REDIS_KEY_PREFIX") {
			t.Errorf("prefix %q: err %v, want it refused", prefix, err)
		}
	}
}

func TestNoticesPollIntervalIsBounded(t *testing.T) {
	cfg, err := LoadFrom(env(map[string]string{"BFF_NOTICES_POLL_INTERVAL": "5s"}))
	if err != nil || cfg.Notices.PollInterval != 5*time.Second {
		t.Fatalf("BFF_NOTICES_POLL_INTERVAL=5s: %v %v", cfg.Notices.PollInterval, err)
	}
	if cfg, err := LoadFrom(env(nil)); err != nil || cfg.Notices.PollInterval != time.Second {
		t.Fatalf("the default: %v %v", cfg.Notices.PollInterval, err)
	}
	for _, bad := range []string{"0s", "500ms", "2m"} {
		if _, err := LoadFrom(env(map[string]string{"BFF_NOTICES_POLL_INTERVAL": bad})); err == nil {
			t.Errorf("BFF_NOTICES_POLL_INTERVAL=%s was accepted", bad)
		}
	}
}
