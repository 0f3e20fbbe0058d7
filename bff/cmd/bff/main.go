// Command bff is the backend-for-frontend of the borrower app and the finance portal.
// Start-up order: config → logger → Redis → upstream clients → router → serve; SIGTERM drains.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"lender/bff/internal/app"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/logging"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bff:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	log, err := logging.New(os.Stdout, cfg.Log.Level, cfg.Log.Format)
	if err != nil {
		return err
	}
	log.Info("configuration", "profile", cfg.Profile, "effective", cfg.SortedMasked())
	server, err := app.New(cfg, log)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	return server.Run(ctx)
}
