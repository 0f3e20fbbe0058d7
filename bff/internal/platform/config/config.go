// Package config loads the BFF's configuration: the embedded defaults of bff/config.yaml, overlaid by
// the chosen profile, overlaid by environment variables. Every key has one env var, listed by Keys.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"lender/bff"
)

// Profiles the BFF can run under.
const (
	ProfileDev        = "dev"
	ProfileSandbox    = "sandbox"
	ProfileProduction = "production"
)

// Config is the effective configuration.
type Config struct {
	Profile   string    `mapstructure:"profile"`
	HTTP      HTTP      `mapstructure:"http"`
	Metrics   Metrics   `mapstructure:"metrics"`
	API       API       `mapstructure:"api"`
	Redis     Redis     `mapstructure:"redis"`
	Session   Session   `mapstructure:"session"`
	Upstream  Upstream  `mapstructure:"upstream"`
	Auth      Auth      `mapstructure:"auth"`
	Notices   Notices   `mapstructure:"notices"`
	Sandbox   Sandbox   `mapstructure:"sandbox"`
	Telemetry Telemetry `mapstructure:"telemetry"`
	Brands    Brands    `mapstructure:"brands"`
	Static    Static    `mapstructure:"static"`
	Shutdown  Shutdown  `mapstructure:"shutdown"`
	Log       Log       `mapstructure:"log"`
}

type HTTP struct {
	Addr              string        `mapstructure:"addr"`
	TrustedProxies    string        `mapstructure:"trustedProxies"`
	MaxBodyBytes      int64         `mapstructure:"maxBodyBytes"`
	ReadHeaderTimeout time.Duration `mapstructure:"readHeaderTimeout"`
	ReadTimeout       time.Duration `mapstructure:"readTimeout"`
	WriteTimeout      time.Duration `mapstructure:"writeTimeout"`
	IdleTimeout       time.Duration `mapstructure:"idleTimeout"`
	HSTS              bool          `mapstructure:"hsts"`
}

// TrustedProxyList splits the comma-separated trusted proxies; empty trusts none.
func (h HTTP) TrustedProxyList() []string {
	var out []string
	for _, p := range strings.Split(h.TrustedProxies, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

type Metrics struct {
	Addr string `mapstructure:"addr"`
}

type API struct {
	Provider string `mapstructure:"provider"`
}

// BasePath is the prefix of every API route: /api/v2/{provider}.
func (a API) BasePath() string { return "/api/v2/" + a.Provider }

type Redis struct {
	URL         string        `mapstructure:"url"`
	KeyPrefix   string        `mapstructure:"keyPrefix"`
	DialTimeout time.Duration `mapstructure:"dialTimeout"`
	Timeout     time.Duration `mapstructure:"timeout"`
	PoolSize    int           `mapstructure:"poolSize"`
}

type Session struct {
	JWTSecret    string        `mapstructure:"jwtSecret"`
	TokenTTL     time.Duration `mapstructure:"tokenTTL"`
	RenewWithin  time.Duration `mapstructure:"renewWithin"`
	IdleTTL      time.Duration `mapstructure:"idleTTL"`
	AbsoluteTTL  time.Duration `mapstructure:"absoluteTTL"`
	UnprovenTTL  time.Duration `mapstructure:"unprovenTTL"`
	CookieName   string        `mapstructure:"cookieName"`
	CookieSecure bool          `mapstructure:"cookieSecure"`
}

type Provider struct {
	BaseURL string `mapstructure:"baseURL"`
}

type Upstream struct {
	BaseURL     string        `mapstructure:"baseURL"`
	Timeout     time.Duration `mapstructure:"timeout"`
	Breaker     Breaker       `mapstructure:"breaker"`
	Lending     Provider      `mapstructure:"lending"`
	Payments    Payments      `mapstructure:"payments"`
	OpenBanking Provider      `mapstructure:"openbanking"`
	Identity    Provider      `mapstructure:"identity"`
	Notify      Provider      `mapstructure:"notify"`
}

// Payments configures the payment gateway: where it is, the secret its redirects and webhooks are
// signed with, and where it sends the webhooks of the payments the BFF takes.
type Payments struct {
	BaseURL string `mapstructure:"baseURL"`
	Secret  string `mapstructure:"secret"`
	// WebhookURL is the BFF's webhook receiver as the gateway reaches it; empty means the BFF's own
	// listening address on the loopback (the sandbox on the same machine: make run and the tests).
	WebhookURL string `mapstructure:"webhookURL"`
}

// Breaker configures every upstream's circuit breaker (transport.Config has the same fields).
type Breaker struct {
	Failures          int           `mapstructure:"failures"`
	Cooldown          time.Duration `mapstructure:"cooldown"`
	HealthInterval    time.Duration `mapstructure:"healthInterval"`
	HealthMaxInterval time.Duration `mapstructure:"healthMaxInterval"`
}

// BaseFor is the full base URL of one upstream: its own override, or the shared base plus the
// provider's path prefix (the sandbox's layout, DESIGN §5).
func (u Upstream) BaseFor(name string) string {
	own := map[string]string{
		"lending": u.Lending.BaseURL, "payments": u.Payments.BaseURL, "openbanking": u.OpenBanking.BaseURL,
		"identity": u.Identity.BaseURL, "notify": u.Notify.BaseURL,
	}[name]
	if own != "" {
		return strings.TrimRight(own, "/")
	}
	return strings.TrimRight(u.BaseURL, "/") + "/" + name + "/v1"
}

// Auth configures the sign-in ceremonies (magic links, codes, PINs, staff sign-in).
type Auth struct {
	// PublicURL is the borrower app's origin (and path) as people reach it; links in e-mails are built on it.
	PublicURL string `mapstructure:"publicURL"`
	// LinkTTL is how long a sign-in link works; CodeTTL how long a sign-in code works (each at most 10 min).
	LinkTTL time.Duration `mapstructure:"linkTTL"`
	CodeTTL time.Duration `mapstructure:"codeTTL"`
	// CodeAttempts is how many wrong codes kill a code.
	CodeAttempts int `mapstructure:"codeAttempts"`
	// LimitWindow is the window of every sign-in rate limit; the limits are counts per window. The
	// per-address limits are one person's allowance; the per-IP ones are sized for the people behind
	// one address (a household or an office), and staff have an allowance of their own
	// (docs/decisions/sign-in-allowances.md).
	LimitWindow        time.Duration `mapstructure:"limitWindow"`
	SendsPerIP         int           `mapstructure:"sendsPerIP"`
	VerifiesPerIP      int           `mapstructure:"verifiesPerIP"`
	StaffSignInsPerIP  int           `mapstructure:"staffSignInsPerIP"`
	SendsPerAddress    int           `mapstructure:"sendsPerAddress"`
	VerifiesPerAddress int           `mapstructure:"verifiesPerAddress"`
}

type Sandbox struct {
	Endpoints bool `mapstructure:"endpoints"`
}

// Notices configures the e-mails that follow the lending core's events (bff/internal/notices).
type Notices struct {
	// PollInterval is how often the lending core's event feed is read: a decision, a signature or a
	// payout is mailed within about this long.
	PollInterval time.Duration `mapstructure:"pollInterval"`
}

// Telemetry configures error reporting and product analytics (DESIGN §6): what the apps start their
// SDKs with, and where the BFF's tunnels forward what the browsers send.
type Telemetry struct {
	// ErrorReportingDSN is the DSN the apps' error-reporting SDK starts with; the errors tunnel forwards
	// only envelopes for it. Empty turns error reporting off.
	ErrorReportingDSN string `mapstructure:"errorReportingDsn"`
	// ErrorReportingURL receives the envelopes; empty means <upstream.baseURL>/telemetry/v1/errors.
	ErrorReportingURL string `mapstructure:"errorReportingURL"`
	// AnalyticsKey is the product-analytics project key; the analytics tunnel forwards only batches
	// for it. Empty turns analytics off.
	AnalyticsKey string `mapstructure:"analyticsKey"`
	// AnalyticsURL receives the batches; empty means <upstream.baseURL>/telemetry/v1/analytics/batch.
	AnalyticsURL        string `mapstructure:"analyticsURL"`
	ProductionHost      string `mapstructure:"productionHost"`
	TestApplicationHost string `mapstructure:"testApplicationHost"`
	Release             string `mapstructure:"release"`
	// RequestsPerIP is how many requests the two tunnels together take from one client IP per
	// LimitWindow (the contract's x-rate-limit: telemetry). The default is sized so that an office
	// behind one NAT never meets it while a flood does. One browser tab sends at most 20 analytics
	// batches a minute (one per 3000 ms flush; a failed batch is retried after 3 s, 6 s, … instead
	// of, not besides, the next flush), one more when the page is hidden, and an error envelope per
	// distinct error (repeats are dropped by the SDK): 30 a minute covers a busy tab. 3000 a minute
	// is 100 such tabs at once behind one address (a call centre, an office, a mobile carrier's NAT),
	// while one client looping or scripted, at hundreds of requests a second, is cut off within
	// seconds. A one-minute window lets a refused office back within the minute.
	RequestsPerIP int           `mapstructure:"requestsPerIP"`
	LimitWindow   time.Duration `mapstructure:"limitWindow"`
}

// ErrorsURL is where error envelopes are forwarded: the configured URL, or the sandbox's receiver
// under the shared upstream base.
func (c Config) ErrorsURL() string {
	if c.Telemetry.ErrorReportingURL != "" {
		return c.Telemetry.ErrorReportingURL
	}
	return strings.TrimRight(c.Upstream.BaseURL, "/") + "/telemetry/v1/errors"
}

// AnalyticsBatchURL is where analytics batches are forwarded: the configured URL, or the sandbox's
// receiver under the shared upstream base.
func (c Config) AnalyticsBatchURL() string {
	if c.Telemetry.AnalyticsURL != "" {
		return c.Telemetry.AnalyticsURL
	}
	return strings.TrimRight(c.Upstream.BaseURL, "/") + "/telemetry/v1/analytics/batch"
}

type Static struct {
	BorrowerDir string `mapstructure:"borrowerDir"`
	PortalDir   string `mapstructure:"portalDir"`
}

type Shutdown struct {
	DrainDelay time.Duration `mapstructure:"drainDelay"`
	Timeout    time.Duration `mapstructure:"timeout"`
}

type Log struct {
	Level  string `mapstructure:"level"`
	Format string `mapstructure:"format"`
}

// Key is one configuration key and the environment variable that overrides it.
type Key struct {
	Path   string // e.g. session.jwtSecret
	Env    string // e.g. BFF_SESSION_JWT_SECRET
	Secret bool
}

// envNames are the env vars fixed by name rather than derived from the key.
var envNames = map[string]string{
	"redis.url": "REDIS_URL",
}

var secretKeys = map[string]bool{"session.jwtSecret": true, "redis.url": true, "upstream.payments.secret": true}

// Keys lists every configuration key with its env var, in file order of bff/config.yaml.
func Keys() []Key {
	var root yaml.Node
	if err := yaml.Unmarshal(bff.DefaultConfig, &root); err != nil {
		panic(fmt.Sprintf("bff/config.yaml: %v", err))
	}
	var keys []Key
	var walk func(prefix string, n *yaml.Node)
	walk = func(prefix string, n *yaml.Node) {
		for i := 0; i+1 < len(n.Content); i += 2 {
			name, val := n.Content[i].Value, n.Content[i+1]
			path := name
			if prefix != "" {
				path = prefix + "." + name
			}
			if path == "profiles" {
				continue
			}
			if val.Kind == yaml.SequenceNode {
				continue // a list is replaced whole by a file a key names (brands.list by brands.file)
			}
			if val.Kind == yaml.MappingNode {
				walk(path, val)
				continue
			}
			keys = append(keys, Key{Path: path, Env: envName(path), Secret: secretKeys[path]})
		}
	}
	walk("", root.Content[0])
	return keys
}

func envName(path string) string {
	if name, ok := envNames[path]; ok {
		return name
	}
	var b strings.Builder
	b.WriteString("BFF")
	for _, part := range strings.Split(path, ".") {
		b.WriteByte('_')
		runes := []rune(part)
		for i, r := range runes {
			// camelCase → SNAKE: break before an upper-case letter that follows a lower-case one.
			if i > 0 && unicode.IsUpper(r) && unicode.IsLower(runes[i-1]) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// DefaultPaymentsSecret is the sandbox gateway's signing secret (its default), shipped in
// bff/config.yaml; production refuses it.
const DefaultPaymentsSecret = "sandbox-payments-secret"

// DefaultJWTSecret is the development secret shipped in bff/config.yaml; production refuses it.
func DefaultJWTSecret() string {
	v := viper.New()
	v.SetConfigType("yaml")
	_ = v.ReadConfig(bytes.NewReader(bff.DefaultConfig))
	return v.GetString("session.jwtSecret")
}

// Load reads the configuration from the embedded defaults, the profile and the environment.
func Load() (Config, error) { return LoadFrom(os.LookupEnv) }

// LoadFrom is Load with the environment given as a lookup function (tests pass their own).
func LoadFrom(lookup func(string) (string, bool)) (Config, error) {
	v := viper.New()
	v.SetConfigType("yaml")
	if err := v.ReadConfig(bytes.NewReader(bff.DefaultConfig)); err != nil {
		return Config{}, fmt.Errorf("read embedded defaults: %w", err)
	}
	profile := v.GetString("profile")
	if p, ok := lookup("BFF_PROFILE"); ok && p != "" {
		profile = p
	}
	switch profile {
	case ProfileDev, ProfileSandbox, ProfileProduction:
	default:
		return Config{}, fmt.Errorf("BFF_PROFILE %q: must be dev, sandbox or production", profile)
	}
	if overlay, ok := v.Get("profiles." + profile).(map[string]any); ok && len(overlay) > 0 {
		if err := v.MergeConfigMap(overlay); err != nil {
			return Config{}, fmt.Errorf("profile %s: %w", profile, err)
		}
	}
	for _, k := range Keys() {
		if val, ok := lookup(k.Env); ok {
			v.Set(k.Path, val)
		}
	}
	v.Set("profile", profile)
	if path := v.GetString("brands.file"); path != "" {
		if err := readBrandsFile(v, path); err != nil {
			return Config{}, err
		}
	}
	var cfg Config
	if err := v.Unmarshal(&cfg); err != nil {
		return Config{}, fmt.Errorf("decode configuration: %w", err)
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

var providerPattern = regexp.MustCompile(`^[a-z0-9-]{1,32}$`)

// Validate checks the configuration, and in production refuses the unsafe defaults (DESIGN §4).
func (c Config) Validate() error {
	var problems []string
	if !providerPattern.MatchString(c.API.Provider) {
		problems = append(problems, "BFF_API_PROVIDER must be 1–32 lower-case letters, digits or dashes")
	}
	if len(c.Session.JWTSecret) < 32 {
		problems = append(problems, "BFF_SESSION_JWT_SECRET must be at least 32 bytes")
	}
	if c.HTTP.MaxBodyBytes <= 0 {
		problems = append(problems, "BFF_HTTP_MAX_BODY_BYTES must be positive")
	}
	if c.Auth.LinkTTL <= 0 || c.Auth.LinkTTL > 10*time.Minute || c.Auth.CodeTTL <= 0 || c.Auth.CodeTTL > 10*time.Minute {
		problems = append(problems, "BFF_AUTH_LINK_TTL and BFF_AUTH_CODE_TTL must be positive and at most 10m")
	}
	if c.Auth.CodeAttempts < 1 || c.Auth.CodeAttempts > 10 {
		problems = append(problems, "BFF_AUTH_CODE_ATTEMPTS must be 1–10")
	}
	if c.Auth.LimitWindow <= 0 || c.Auth.SendsPerIP < 1 || c.Auth.VerifiesPerIP < 1 || c.Auth.StaffSignInsPerIP < 1 ||
		c.Auth.SendsPerAddress < 1 || c.Auth.VerifiesPerAddress < 1 {
		problems = append(problems, "the BFF_AUTH_* rate limits and BFF_AUTH_LIMIT_WINDOW must be positive")
	}
	if b := c.Upstream.Breaker; b.Failures < 1 || b.HealthInterval <= 0 || b.HealthMaxInterval < b.HealthInterval || b.Cooldown <= b.HealthInterval {
		problems = append(problems, "BFF_UPSTREAM_BREAKER_FAILURES must be positive, and 0 < BFF_UPSTREAM_BREAKER_HEALTH_INTERVAL ≤ BFF_UPSTREAM_BREAKER_HEALTH_MAX_INTERVAL, with the interval below BFF_UPSTREAM_BREAKER_COOLDOWN")
	}
	if c.Notices.PollInterval < time.Second || c.Notices.PollInterval > time.Minute {
		problems = append(problems, "BFF_NOTICES_POLL_INTERVAL must be 1s to 1m")
	}
	if c.Telemetry.RequestsPerIP < 1 || c.Telemetry.LimitWindow <= 0 {
		problems = append(problems, "BFF_TELEMETRY_REQUESTS_PER_IP and BFF_TELEMETRY_LIMIT_WINDOW must be positive")
	}
	if c.Upstream.Payments.Secret == "" {
		problems = append(problems, "BFF_UPSTREAM_PAYMENTS_SECRET must be set")
	}
	if strings.ContainsAny(c.Redis.KeyPrefix, "{}") {
		// A brace there would become every key's Redis Cluster hash tag, or cut the keys' own tags short.
		problems = append(problems, "BFF_REDIS_KEY_PREFIX must not contain { or }")
	}
	if c.Redis.URL != "" {
		if _, err := url.Parse(c.Redis.URL); err != nil {
			problems = append(problems, "REDIS_URL is not a URL")
		}
	}
	problems = append(problems, c.Brands.problems()...)
	if c.Profile == ProfileProduction {
		if c.Session.JWTSecret == DefaultJWTSecret() {
			problems = append(problems, "production refuses the default BFF_SESSION_JWT_SECRET")
		}
		if c.Upstream.Payments.Secret == DefaultPaymentsSecret {
			problems = append(problems, "production refuses the default BFF_UPSTREAM_PAYMENTS_SECRET")
		}
		if c.Upstream.Payments.WebhookURL == "" {
			problems = append(problems, "production needs BFF_UPSTREAM_PAYMENTS_WEBHOOK_URL")
		}
		if c.Redis.URL == "" {
			problems = append(problems, "production needs REDIS_URL")
		}
		if c.Sandbox.Endpoints {
			problems = append(problems, "production refuses BFF_SANDBOX_ENDPOINTS=true")
		}
		if !c.Session.CookieSecure {
			problems = append(problems, "production refuses BFF_SESSION_COOKIE_SECURE=false")
		}
		if !strings.HasPrefix(c.Session.CookieName, "__Host-") {
			// The prefix makes browsers keep the cookie host-only, Secure and Path=/, so a sibling host
			// cannot plant a session or eligibility cookie for this one.
			problems = append(problems, "production needs a BFF_SESSION_COOKIE_NAME starting with __Host-")
		}
	}
	if len(problems) > 0 {
		return errors.New("invalid configuration: " + strings.Join(problems, "; "))
	}
	return nil
}

// Masked is the effective configuration as env var → value, with secrets masked, for the start-up
// log. A Redis URL keeps its host but loses its password.
func (c Config) Masked() map[string]string {
	v := viper.New()
	raw := map[string]any{}
	_ = decodeToMap(c, raw)
	_ = v.MergeConfigMap(raw)
	out := map[string]string{}
	for _, k := range Keys() {
		val := fmt.Sprint(v.Get(k.Path))
		switch {
		case k.Path == "redis.url" && val != "":
			if u, err := url.Parse(val); err == nil {
				u.User = nil
				val = u.Redacted()
			} else {
				val = "********"
			}
		case k.Secret && val != "":
			val = "********"
		}
		out[k.Env] = val
	}
	return out
}

// SortedMasked is Masked as "ENV=value" lines in a stable order.
func (c Config) SortedMasked() []string {
	m := c.Masked()
	lines := make([]string, 0, len(m))
	for k, v := range m {
		lines = append(lines, k+"="+v)
	}
	sort.Strings(lines)
	return lines
}
