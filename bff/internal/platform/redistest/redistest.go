// Package redistest gives tests a real Redis. Tests never use an in-process imitation: they talk to a
// redis-server process, either the one REDIS_URL names (isolated by a fresh key prefix) or one started
// for the test on a free port, which the test may also stop and start again.
package redistest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Server is a redis-server process owned by one test.
type Server struct {
	t    testing.TB
	port int
	dir  string
	cmd  *exec.Cmd
}

// Start launches redis-server on a free loopback port with no persistence. The process is stopped
// when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Fatalf("redis-server is not installed (Debian: apt-get install redis-server): %v", err)
	}
	s := &Server{t: t, port: freePort(t), dir: t.TempDir()}
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

// URL is the redis:// address of the server.
func (s *Server) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", s.port) }

// Addr is host:port of the server.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

// Stop kills the server and waits until it is gone. Stopping a stopped server does nothing.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	s.cmd = nil
}

// Restart starts the server again on the same port and waits until it answers PING.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	cmd, err := launch(s.port, s.dir)
	if err != nil {
		s.t.Fatal(err)
	}
	s.cmd = cmd
}

// launch starts redis-server on port with no persistence and waits until it answers PING; extra
// arguments are added to its command line.
func launch(port int, dir string, extra ...string) (*exec.Cmd, error) {
	args := append([]string{"--bind", "127.0.0.1", "--port", strconv.Itoa(port),
		"--save", "", "--appendonly", "no", "--dir", dir, "--loglevel", "warning"}, extra...)
	cmd := exec.Command("redis-server", args...)
	// redis-server's start-up banner and warnings would drown the test output; a failure to start
	// shows as the PING deadline below.
	cmd.Stdout = io.Discard
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start redis-server: %w", err)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	client := redis.NewClient(&redis.Options{Addr: addr, DisableIdentity: true, MaxRetries: -1})
	defer client.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		err := client.Ping(ctx).Err()
		cancel()
		if err == nil {
			return cmd, nil
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return nil, fmt.Errorf("redis-server did not answer on %s: %w", addr, err)
		}
		time.Sleep(20 * time.Millisecond) // polling for readiness, not standing in for a state
	}
}

// Client connects to the shared Redis named by REDIS_URL, or to a fresh redis-server for this test
// when REDIS_URL is unset. It returns the client and a key prefix unique to the test, so tests sharing
// one Redis never see each other's keys.
func Client(t testing.TB) (*redis.Client, string) {
	t.Helper()
	url := os.Getenv("REDIS_URL")
	if url == "" {
		url = Start(t).URL()
	}
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatalf("REDIS_URL: %v", err)
	}
	opts.DisableIdentity = true
	opts.ContextTimeoutEnabled = true // as the BFF configures it: deadlines bound socket reads
	client := redis.NewClient(opts)
	t.Cleanup(func() { _ = client.Close() })
	if err := client.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("redis at %s: %v", opts.Addr, err)
	}
	return client, "test:" + randomHex(8) + ":"
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func freePort(t testing.TB) int {
	t.Helper()
	port, err := pickFreePort()
	if err != nil {
		t.Fatal(err)
	}
	return port
}

func pickFreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
