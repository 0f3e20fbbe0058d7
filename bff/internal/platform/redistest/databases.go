package redistest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/redis/go-redis/v9"
)

// Databases is one redis-server shared by the tests of a package, which hands each test a numbered
// database of its own. Tests then run in parallel without starting a process each, and what one
// test stores, scans or flushes is invisible to the others. A test that stops Redis or watches it
// with MONITOR sees the whole process, so it starts a Server of its own instead.
type Databases struct {
	port int
	dir  string
	cmd  *exec.Cmd
	free chan int
}

// StartDatabases launches the shared redis-server with n databases; it is meant for TestMain, before
// any test runs. Stop ends it.
func StartDatabases(n int) (*Databases, error) {
	if _, err := exec.LookPath("redis-server"); err != nil {
		return nil, fmt.Errorf("redis-server is not installed (Debian: apt-get install redis-server): %w", err)
	}
	port, err := pickFreePort()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "redistest-")
	if err != nil {
		return nil, err
	}
	cmd, err := launch(port, dir, "--databases", strconv.Itoa(n))
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	d := &Databases{port: port, dir: dir, cmd: cmd, free: make(chan int, n)}
	for db := range n {
		d.free <- db
	}
	return d, nil
}

// URL hands t a database nobody else is using and answers its redis:// URL. When t ends the database
// is flushed and handed back. With every database in use it waits for one to be handed back.
func (d *Databases) URL(t testing.TB) string {
	t.Helper()
	db := <-d.free
	url := fmt.Sprintf("redis://127.0.0.1:%d/%d", d.port, db)
	t.Cleanup(func() {
		client := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", d.port), DB: db, DisableIdentity: true})
		defer client.Close()
		if err := client.FlushDB(context.Background()).Err(); err != nil {
			t.Errorf("flush Redis database %d: %v", db, err)
			return // a database that may still hold keys is not handed out again
		}
		d.free <- db
	})
	return url
}

// Stop kills the shared server and removes its directory.
func (d *Databases) Stop() {
	_ = d.cmd.Process.Kill()
	_ = d.cmd.Wait()
	_ = os.RemoveAll(d.dir)
}
