// Command sandbox runs the sandbox: one HTTP server that plays every upstream the BFF calls
// (DESIGN §5). See sandbox/README.md for its environment and control API.
//
// After it binds, it logs one JSON line with "msg":"listening", "listener":"http" and the actual
// "addr" (host:port), which harnesses parse to find a port chosen with SANDBOX_HTTP_ADDR=127.0.0.1:0.
// SIGINT or SIGTERM shuts it down gracefully.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"lender/sandbox/payments"
	"lender/sandbox/server"
)

const shutdownTimeout = 10 * time.Second

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", err)
		os.Exit(1)
	}
}

// config is the sandbox's environment.
type config struct {
	addr      string // SANDBOX_HTTP_ADDR
	publicURL string // SANDBOX_PUBLIC_URL
	appURL    string // SANDBOX_APP_URL
	// The payment gateway's signing secret (redirect signatures and webhooks) and the URL its
	// webhooks go to when a payment link names none: SANDBOX_PAYMENTS_SECRET, SANDBOX_PAYMENTS_WEBHOOK_URL.
	paymentsSecret     string
	paymentsWebhookURL string
	snapshotFile       string // SANDBOX_SNAPSHOT_FILE: where every provider keeps its state across restarts
}

func loadConfig(getenv func(string) string) config {
	c := config{
		addr: getenv("SANDBOX_HTTP_ADDR"), publicURL: getenv("SANDBOX_PUBLIC_URL"), appURL: getenv("SANDBOX_APP_URL"),
		paymentsSecret: getenv("SANDBOX_PAYMENTS_SECRET"), paymentsWebhookURL: getenv("SANDBOX_PAYMENTS_WEBHOOK_URL"),
		snapshotFile: getenv("SANDBOX_SNAPSHOT_FILE"),
	}
	if c.addr == "" {
		c.addr = ":8090"
	}
	if c.appURL == "" {
		c.appURL = "http://localhost:8080"
	}
	return c
}

// run serves until ctx is done, then shuts down gracefully.
func run(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	log := slog.New(slog.NewJSONHandler(stdout, nil))
	cfg := loadConfig(getenv)

	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.addr, err)
	}
	addr := ln.Addr().String()
	if cfg.publicURL == "" {
		_, port, _ := net.SplitHostPort(addr)
		cfg.publicURL = "http://localhost:" + port
	}

	sandbox := server.New(server.Config{
		PublicURL: cfg.publicURL, AppURL: cfg.appURL, Logger: log,
		Payments:     payments.Config{Secret: cfg.paymentsSecret, WebhookURL: cfg.paymentsWebhookURL},
		SnapshotFile: cfg.snapshotFile, // "" keeps state in memory only
	})
	defer sandbox.Close() // stops the webhook worker once requests are done, then writes the snapshot
	srv := &http.Server{
		Handler: sandbox,
		// No WriteTimeout: latency faults hold answers for up to ten minutes on purpose.
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("listening", "listener", "http", "addr", addr, "publicURL", cfg.publicURL, "appURL", cfg.appURL)

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}
