package lending

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Snapshots keep the lending core's state across restarts (SANDBOX_SNAPSHOT_FILE), so `make run`
// keeps demo data: the state is in memory; with a snapshot file it is also written there a moment
// after each change (debounced) and when the sandbox shuts down, and read back when it starts. A reset
// (POST /_sandbox/reset) restores the seed and deletes the file.
//
// The file is JSON: {"version":1,"savedAt":…,"clockOffsetNs":…,"parts":{"<name>":…}}. Each part is
// one piece of the state, saved and loaded by the functions registered for it. It also keeps the
// sandbox clock's offset from real time, restored at start, so that loans look the same after a
// restart as before it (instalments fall due on the sandbox clock).
//
// The hook for other parts of the lending core: to join, register the part once, from an init
// function in its own file, and call Provider.stateChanged after each successful change (outside
// Provider.mu or inside it: it only schedules the write):
//
//	func init() {
//		registerSnapshotPart("applications",
//			func(st *state) any { return st.apps },                 // called with Provider.mu held
//			func(st *state, raw json.RawMessage) error { … })      // called on a fresh seed state
//
// save answers a value encoding/json can write; load replaces the seed's part with the saved one. A
// part the file lacks keeps its seed; a part the file has but nobody registered is ignored. The parts
// cover the whole lending core: "loans" (loans, top-ups, quotes and the durable idempotency keys, here)
// and, in snapshot_core.go, "customers" (with their PINs' salted hashes, failed attempts and locks),
// "eligibilityChecks", "brokerOffers" (with the SHA-256 of their client tokens) and "applications"
// (every step's answers, decisions, payees, CPAs, signatures, identity checks and withdrawals, from
// which their documents are rendered), so a saved loan or application never points at a customer the
// restart forgot. Brands, staff and portal users are the seed's and are not saved.

// SnapshotVersion is the file format's version; a file of another version is ignored (and replaced).
const SnapshotVersion = 1

// snapshotDebounce is how long after a change the file is written (more changes meanwhile are written
// together).
const snapshotDebounce = 500 * time.Millisecond

// snapshotPart is a registered piece of the state.
type snapshotPart struct {
	name string
	save func(st *state) any
	load func(st *state, raw json.RawMessage) error
}

var (
	partsMu       sync.Mutex
	snapshotParts []snapshotPart
)

// registerSnapshotPart adds a part to every snapshot (see the hook above). Call it from init.
func registerSnapshotPart(name string, save func(st *state) any, load func(st *state, raw json.RawMessage) error) {
	partsMu.Lock()
	defer partsMu.Unlock()
	for _, p := range snapshotParts {
		if p.name == name {
			panic("lending: snapshot part registered twice: " + name)
		}
	}
	snapshotParts = append(snapshotParts, snapshotPart{name: name, save: save, load: load})
}

func registeredParts() []snapshotPart {
	partsMu.Lock()
	defer partsMu.Unlock()
	return append([]snapshotPart(nil), snapshotParts...)
}

func init() {
	registerSnapshotPart("loans",
		func(st *state) any { return st.loanState() },
		func(st *state, raw json.RawMessage) error {
			b := newLoanBook()
			if err := json.Unmarshal(raw, b); err != nil {
				return err
			}
			for _, m := range []bool{b.Loans == nil, b.TopUps == nil, b.Quotes == nil, b.Keys == nil} {
				if m {
					return errors.New("the loans part lacks a map")
				}
			}
			st.loans = b
			return nil
		})
}

// snapshotFile is the file's JSON.
type snapshotFile struct {
	Version int                        `json:"version"`
	SavedAt time.Time                  `json:"savedAt"` // real time
	Offset  time.Duration              `json:"clockOffsetNs"`
	Parts   map[string]json.RawMessage `json:"parts"`
}

var snapshotConfig struct {
	sync.Mutex
	path string
	log  *slog.Logger
}

// UseSnapshotFile makes every Provider built by New afterwards keep its state in the file at path
// (SANDBOX_SNAPSHOT_FILE): loaded when it is built, written after changes and on Close, deleted by
// Reset. log receives what goes wrong with the file (nil discards it). cmd/sandbox calls it before
// building the sandbox; tests leave it alone. An empty path turns snapshots off again.
func UseSnapshotFile(path string, log *slog.Logger) {
	snapshotConfig.Lock()
	defer snapshotConfig.Unlock()
	snapshotConfig.path, snapshotConfig.log = path, log
}

// snapshotter writes one provider's snapshot file.
type snapshotter struct {
	path     string
	log      *slog.Logger
	debounce time.Duration

	mu     sync.Mutex // guards timer, dirty, closed
	timer  *time.Timer
	dirty  bool
	closed bool

	writeMu sync.Mutex // one write at a time
}

// openSnapshot starts snapshots when UseSnapshotFile named a file (called by New).
func (p *Provider) openSnapshot() {
	snapshotConfig.Lock()
	path, log := snapshotConfig.path, snapshotConfig.log
	snapshotConfig.Unlock()
	if path != "" {
		p.useSnapshot(path, log, snapshotDebounce)
	}
}

// useSnapshot loads the file at path, if there is one, over the seed state, and keeps it up to date
// from now on.
func (p *Provider) useSnapshot(path string, log *slog.Logger, debounce time.Duration) {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	p.snap = &snapshotter{path: path, log: log, debounce: debounce}
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return
	case err != nil:
		log.Warn("snapshot not loaded: the lending core starts from its seed", "path", path, "error", err.Error())
		return
	}
	var f snapshotFile
	if err := json.Unmarshal(b, &f); err != nil || f.Version != SnapshotVersion {
		log.Warn("snapshot not loaded: not a lending snapshot of this version; the lending core starts from its seed", "path", path)
		return
	}
	st := seedState(p.clock.Now())
	var loaded []string
	for _, part := range registeredParts() {
		raw, ok := f.Parts[part.name]
		if !ok {
			continue
		}
		if err := part.load(st, raw); err != nil {
			log.Warn("snapshot not loaded: a part is damaged; the lending core starts from its seed", "path", path, "part", part.name, "error", err.Error())
			return
		}
		loaded = append(loaded, part.name)
	}
	p.mu.Lock()
	p.st = st
	p.mu.Unlock()
	p.clock.Set(time.Now().Add(f.Offset))
	log.Info("snapshot loaded", "path", path, "parts", loaded, "savedAt", f.SavedAt, "sandboxTime", p.clock.Now())
}

// stateChanged schedules a snapshot write (a no-op without a snapshot file). Safe to call with or
// without Provider.mu held.
func (p *Provider) stateChanged() {
	s := p.snap
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
		s.timer = time.AfterFunc(s.debounce, func() { p.flushSnapshot(false) })
	}
}

// flushSnapshot writes the file if anything changed since the last write (or always, when force).
func (p *Provider) flushSnapshot(force bool) {
	s := p.snap
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.Lock()
	dirty := s.dirty || force
	s.dirty, s.timer = false, nil
	s.mu.Unlock()
	if !dirty {
		return
	}
	if err := p.writeSnapshot(); err != nil {
		s.log.Warn("snapshot not written", "path", s.path, "error", err.Error())
	}
}

// snapshotBytes is the state as a snapshot file.
func (p *Provider) snapshotBytes() ([]byte, error) {
	f := snapshotFile{Version: SnapshotVersion, SavedAt: time.Now().UTC(), Parts: map[string]json.RawMessage{}}
	f.Offset = time.Until(p.clock.Now())
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, part := range registeredParts() {
		raw, err := json.Marshal(part.save(p.st))
		if err != nil {
			return nil, fmt.Errorf("part %s: %w", part.name, err)
		}
		f.Parts[part.name] = raw
	}
	return json.Marshal(f)
}

// writeSnapshot replaces the file atomically (a temporary file renamed over it).
func (p *Provider) writeSnapshot() error {
	b, err := p.snapshotBytes()
	if err != nil {
		return err
	}
	path := p.snap.path
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
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
	return os.Rename(tmp.Name(), path)
}

// forgetSnapshot deletes the file and any pending write (called by Reset).
func (p *Provider) forgetSnapshot() {
	s := p.snap
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

// Close writes the snapshot one last time (the sandbox calls it at shutdown, once requests are done)
// and stops further writes: when something changed since the last write, or when the file exists (so
// it keeps the clock's latest offset). After a reset with no change since, there is no file and none
// is written, so the next start seeds afresh. Without a snapshot file it does nothing.
func (p *Provider) Close() error {
	s := p.snap
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
	}
	dirty := s.dirty
	s.mu.Unlock()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if _, err := os.Stat(s.path); !dirty && errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return p.writeSnapshot()
}
