// Package snapshot keeps the sandbox's state across restarts (SANDBOX_SNAPSHOT_FILE), so `make run`
// keeps demo data: state lives in memory; with a snapshot file it is also written there a moment after
// each change (debounced) and at shutdown, and read back at start. A reset deletes the file.
//
// The file is one versioned JSON document with a section per provider and the sandbox clock's offset
// from real time (restored at start, so loans look the same after a restart):
//
//	{"version":2,"savedAt":…,"clockOffsetNs":…,"providers":{"lending":{…},"payments":{…},…}}
//
// Version 1 files, written when only the lending core was kept, hold {"version":1,…,"parts":{…}}: their
// parts are the lending section of version 2, so they still load (the other providers keep their seed).
// A file of another version, or one whose section fails to load, is ignored: every provider keeps its
// seed, because the providers refer to each other (an application to a card on file) and half a restore
// would break those references. It is replaced at the next write.
package snapshot

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"lender/sandbox/clock"
)

// Version is the format written.
const Version = 2

// versionLendingOnly is the earlier format: the lending core's parts only.
const versionLendingOnly = 1

// Debounce is how long after a change the file is written by default (more changes meanwhile are
// written together).
const Debounce = 500 * time.Millisecond

// Part is a provider whose state a snapshot keeps.
type Part interface {
	// SaveSnapshot is the provider's state as JSON.
	SaveSnapshot() (json.RawMessage, error)
	// LoadSnapshot checks a section SaveSnapshot wrote and answers the function that replaces the
	// provider's state with it. Nothing changes until commit is called, so a damaged section of one
	// provider leaves every provider as it was.
	LoadSnapshot(raw json.RawMessage) (commit func(), err error)
}

// File is the file's JSON.
type File struct {
	Version   int                        `json:"version"`
	SavedAt   time.Time                  `json:"savedAt"` // real time
	Offset    time.Duration              `json:"clockOffsetNs"`
	Providers map[string]json.RawMessage `json:"providers,omitempty"`
	Parts     json.RawMessage            `json:"parts,omitempty"` // version 1: the lending section
}

// Store keeps the named parts in one file. It is safe for concurrent use.
type Store struct {
	path     string
	clock    *clock.Clock
	log      *slog.Logger
	debounce time.Duration
	names    []string // sorted
	parts    map[string]Part

	mu     sync.Mutex // guards timer, dirty, closed
	timer  *time.Timer
	dirty  bool
	closed bool

	writeMu sync.Mutex // one write at a time
}

// Open keeps parts (by provider name) in the file at path, loading it over their seed now if it
// exists. clk's offset is saved and restored with them. log receives what goes wrong with the file (nil
// discards it); debounce 0 means Debounce.
func Open(path string, clk *clock.Clock, log *slog.Logger, debounce time.Duration, parts map[string]Part) *Store {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if debounce <= 0 {
		debounce = Debounce
	}
	s := &Store{path: path, clock: clk, log: log, debounce: debounce, parts: parts}
	for name := range parts {
		s.names = append(s.names, name)
	}
	slices.Sort(s.names)
	s.load()
	return s
}

// load reads the file, if there is one, into every part, or into none.
func (s *Store) load() {
	b, err := os.ReadFile(s.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return
	case err != nil:
		s.log.Warn("snapshot not loaded: the sandbox starts from its seed", "path", s.path, "error", err.Error())
		return
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		s.log.Warn("snapshot not loaded: not a snapshot; the sandbox starts from its seed", "path", s.path)
		return
	}
	switch f.Version {
	case Version:
	case versionLendingOnly:
		f.Providers = map[string]json.RawMessage{"lending": f.Parts}
	default:
		s.log.Warn("snapshot not loaded: not a snapshot of a known version; the sandbox starts from its seed", "path", s.path, "version", f.Version)
		return
	}
	var commits []func()
	var loaded []string
	for _, name := range s.names {
		raw, ok := f.Providers[name]
		if !ok {
			continue // a provider the file lacks keeps its seed
		}
		commit, err := s.parts[name].LoadSnapshot(raw)
		if err != nil {
			s.log.Warn("snapshot not loaded: a section is damaged; the sandbox starts from its seed", "path", s.path, "provider", name, "error", err.Error())
			return
		}
		commits = append(commits, commit)
		loaded = append(loaded, name)
	}
	for _, c := range commits {
		c()
	}
	s.clock.Set(time.Now().Add(f.Offset))
	s.log.Info("snapshot loaded", "path", s.path, "providers", loaded, "version", f.Version, "savedAt", f.SavedAt, "sandboxTime", s.clock.Now())
}

// Changed schedules a write (a no-op on a nil Store or after Close).
func (s *Store) Changed() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.dirty = true
	if s.timer == nil {
		s.timer = time.AfterFunc(s.debounce, func() { _ = s.Flush() })
	}
}

// Flush writes the file now if anything changed since the last write.
func (s *Store) Flush() error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.Lock()
	dirty := s.dirty
	s.dirty, s.timer = false, nil
	s.mu.Unlock()
	if !dirty {
		return nil
	}
	err := s.write()
	if err != nil {
		s.log.Warn("snapshot not written", "path", s.path, "error", err.Error())
	}
	return err
}

// Bytes is the state as a snapshot file.
func (s *Store) Bytes() ([]byte, error) {
	f := File{Version: Version, SavedAt: time.Now().UTC(), Offset: time.Until(s.clock.Now()),
		Providers: map[string]json.RawMessage{}}
	for _, name := range s.names {
		raw, err := s.parts[name].SaveSnapshot()
		if err != nil {
			return nil, fmt.Errorf("provider %s: %w", name, err)
		}
		f.Providers[name] = raw
	}
	return json.Marshal(f)
}

// write replaces the file atomically (a temporary file renamed over it). writeMu is held.
func (s *Store) write() error {
	b, err := s.Bytes()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), filepath.Base(s.path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // a no-op once renamed
	if _, err := tmp.Write(b); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.path)
}

// Forget deletes the file and any pending write (a reset: the next start seeds afresh). A no-op on a
// nil Store.
func (s *Store) Forget() {
	if s == nil {
		return
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.Lock()
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	s.dirty = false
	s.mu.Unlock()
	if err := os.Remove(s.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		s.log.Warn("snapshot not deleted", "path", s.path, "error", err.Error())
	}
}

// Close writes the file one last time (at shutdown, once requests and background work are done) and
// stops further writes: when something changed since the last write, or when the file exists (so it
// keeps the clock's latest offset). After a reset with no change since there is no file and none is
// written, so the next start seeds afresh. A no-op on a nil Store and after the first call.
func (s *Store) Close() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	dirty := s.dirty
	s.mu.Unlock()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if _, err := os.Stat(s.path); !dirty && errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return s.write()
}
