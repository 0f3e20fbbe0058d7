// Command bffctl is the operator's tool for the BFF. It reads the same configuration as the BFF
// (bff/config.yaml, the profile, REDIS_URL and the BFF_… variables) and talks to the BFF's Redis.
//
//	bffctl service disable [--title "Planned maintenance"] [--body '<p>…</p>' | --body-file notice.html]
//	bffctl service enable
//	bffctl service status
//
// `service disable` switches the service off: every app shows the service-unavailable overlay with
// the title and body given (or its defaults) until `service enable`. The body is sanitised to a
// small allowlist of tags before it is stored; the command prints what was stored, which is what
// people will see.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/service"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1 // configuration, Redis, or a file that cannot be read
	exitUsage   = 2 // the command line is wrong
)

// opTimeout bounds the whole exchange with Redis.
const opTimeout = 10 * time.Second

const usage = `Usage:
  bffctl service disable [--title TEXT] [--body HTML | --body-file FILE]
  bffctl service enable
  bffctl service status

Switches the service-unavailable overlay of the apps on and off (application/getServiceDisable).
  disable    show the overlay; --title is plain text (at most 120 characters), --body or --body-file
             is HTML reduced to p, br, strong, em, b, i, ul, ol, li, h2, h3 and https/http/mailto
             links. Without them the app shows its defaults.
  enable     hide the overlay.
  status     print the current status.

Reads the BFF's configuration: REDIS_URL names the BFF's Redis, BFF_REDIS_KEY_PREFIX its key prefix.
`

func main() {
	// go-redis logs every failed dial; the command reports the failure once, in its own words.
	redis.SetLogger(quiet{})
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.LookupEnv))
}

type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

// run is the command with its arguments (without the program name), output streams and
// environment; it returns the exit code.
func run(args []string, stdout, stderr io.Writer, env func(string) (string, bool)) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "service":
	default:
		return usageError(stderr, "unknown command %q", args[0])
	}
	if len(args) < 2 {
		return usageError(stderr, "service needs disable, enable or status")
	}

	action, rest := args[1], args[2:]
	fs := flag.NewFlagSet("bffctl service "+action, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	var title, body, bodyFile string
	switch action {
	case "disable":
		fs.StringVar(&title, "title", "", "overlay title, plain text (default: the app's 'We'll be back soon!')")
		fs.StringVar(&body, "body", "", "overlay body, HTML (default: the app's scheduled-maintenance notice)")
		fs.StringVar(&bodyFile, "body-file", "", "read the body from this file")
	case "enable", "status":
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	default:
		return usageError(stderr, "unknown service action %q (want disable, enable or status)", action)
	}
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage // the flag package has said what was wrong, then printed the usage
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "unexpected argument %q (quote the title and body)", fs.Arg(0))
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if given["body"] && given["body-file"] {
		return usageError(stderr, "give the body with --body or --body-file, not both")
	}
	if given["body-file"] {
		b, err := readBody(bodyFile)
		if err != nil {
			fmt.Fprintf(stderr, "bffctl: %v\n", err)
			return exitFailure
		}
		body = b
	}
	if len(body) > service.MaxBodyBytes {
		fmt.Fprintf(stderr, "bffctl: %v\n", service.ErrBodyTooLarge)
		return exitFailure
	}

	store, where, closeStore, err := openStore(env)
	if err != nil {
		fmt.Fprintf(stderr, "bffctl: %v\n", err)
		return exitFailure
	}
	defer closeStore()
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()

	switch action {
	case "disable":
		err = store.Disable(ctx, title, body)
	case "enable":
		err = store.Enable(ctx)
	}
	if err != nil {
		fmt.Fprintf(stderr, "bffctl: %s (Redis at %s): %v\n", action, where, err)
		return exitFailure
	}
	// Read back what is stored: that, not what was typed, is what people will see.
	st, err := store.Get(ctx)
	if err != nil {
		what := "read the status back"
		if action == "status" {
			what = "status"
		}
		fmt.Fprintf(stderr, "bffctl: %s (Redis at %s): %v\n", what, where, err)
		return exitFailure
	}
	if action == "disable" {
		warnAboutChanges(stderr, title, body, st)
	}
	printStatus(stdout, st, where, store.Key())
	return exitOK
}

func usageError(stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "bffctl: "+format+"\n\n", a...)
	fmt.Fprint(stderr, usage)
	return exitUsage
}

// readBody reads the body file, refusing one larger than the store accepts.
func readBody(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("body file: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, service.MaxBodyBytes+1))
	if err != nil {
		return "", fmt.Errorf("body file: %w", err)
	}
	if len(b) > service.MaxBodyBytes {
		return "", fmt.Errorf("body file %s: %w", path, service.ErrBodyTooLarge)
	}
	return string(b), nil
}

// openStore connects to the BFF's Redis as its configuration says. where names the server (never
// its password) so the operator can see which Redis was changed.
func openStore(env func(string) (string, bool)) (store *service.Store, where string, closeFn func(), err error) {
	cfg, err := config.LoadFrom(env)
	if err != nil {
		return nil, "", nil, fmt.Errorf("configuration: %w", err)
	}
	if cfg.Redis.URL == "" {
		return nil, "", nil, errors.New("REDIS_URL is not set: bffctl needs REDIS_URL pointing at the BFF's Redis " +
			"(with the same BFF_REDIS_KEY_PREFIX as the BFF, if it sets one). In dev the BFF starts an embedded " +
			"Redis and logs its address when it starts; run bffctl with that, e.g. REDIS_URL=redis://127.0.0.1:PORT/0")
	}
	opts, err := redis.ParseURL(cfg.Redis.URL)
	if err != nil {
		return nil, "", nil, errors.New("REDIS_URL is not a valid redis:// or rediss:// URL")
	}
	opts.DisableIdentity = true // DESIGN §11: Redis 7.0 does not know CLIENT SETINFO
	if cfg.Redis.DialTimeout > opts.DialTimeout {
		opts.DialTimeout = cfg.Redis.DialTimeout
	}
	client := redis.NewClient(opts)
	where = fmt.Sprintf("%s db %d", opts.Addr, opts.DB)
	return service.NewStore(client, cfg.Redis.KeyPrefix), where, func() { _ = client.Close() }, nil
}

// warnAboutChanges tells the operator when the stored notice is not what they typed.
func warnAboutChanges(stderr io.Writer, title, body string, st service.Status) {
	if strings.TrimSpace(title) != st.Title {
		fmt.Fprintln(stderr, "note: the title was reduced to plain text of at most 120 characters; the stored title is below.")
	}
	switch {
	case strings.TrimSpace(body) != "" && st.BodyHTML == "":
		fmt.Fprintln(stderr, "warning: nothing of the body survived sanitising; the app will show its default notice.")
	case strings.TrimSpace(body) != st.BodyHTML:
		fmt.Fprintln(stderr, "note: sanitising changed the body (only p, br, strong, em, b, i, ul, ol, li, h2, h3 and "+
			"https/http/mailto links are kept; links open in a new tab); the stored body is below.")
	}
}

func printStatus(w io.Writer, st service.Status, where, key string) {
	since := "no change recorded"
	if !st.UpdatedAt.IsZero() {
		since = "since " + st.UpdatedAt.UTC().Format(time.RFC3339)
	}
	state := "ENABLED (the apps work normally)"
	if st.Disabled {
		state = "DISABLED (the apps show the service-unavailable overlay)"
	}
	fmt.Fprintf(w, "Service: %s, %s\n", state, since)
	fmt.Fprintf(w, "Redis:   %s, key %s\n", where, key)
	if !st.Disabled {
		return
	}
	if st.Title == "" {
		fmt.Fprintln(w, "Title:   (none: the app shows \"We'll be back soon!\")")
	} else {
		fmt.Fprintf(w, "Title:   %s\n", st.Title)
	}
	if st.BodyHTML == "" {
		fmt.Fprintln(w, "Body:    (none: the app shows its scheduled-maintenance notice)")
	} else {
		fmt.Fprintf(w, "Body (sanitised, as people will see it):\n%s\n", st.BodyHTML)
	}
}
