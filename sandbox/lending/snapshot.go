package lending

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"lender/sandbox/snapshot"
)

// Snapshots keep the lending core's state across restarts (SANDBOX_SNAPSHOT_FILE), so `make run`
// keeps demo data. The file and its timing are sandbox/snapshot's, shared by every provider; the
// lending core is its "lending" section (a snapshot.Part): {"<part name>":…}, one entry per piece of
// the state, saved and loaded by the functions registered for it. (Version 1 files held only this
// section, as "parts"; they still load.) The sandbox server keeps the file; a Provider on its own
// (tests) can keep one alone with useSnapshot.
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

// snapshotter links the provider to a snapshot file: changed schedules a write; own is a store the
// provider keeps alone (useSnapshot), which its Reset forgets and its Close writes. Set before the
// provider serves.
type snapshotter struct {
	changed func()
	own     *snapshot.Store
}

// SetSnapshotHook makes every change of the lending core call changed (the server's
// snapshot.Store.Changed). Call it before serving.
func (p *Provider) SetSnapshotHook(changed func()) {
	p.snap = &snapshotter{changed: changed}
}

// useSnapshot keeps the provider's state alone in the file at path, loading it now if it exists
// (tests of the lending core on its own).
func (p *Provider) useSnapshot(path string, log *slog.Logger, debounce time.Duration) {
	st := snapshot.Open(path, p.Clock, log, debounce, map[string]snapshot.Part{"lending": p})
	p.snap = &snapshotter{changed: st.Changed, own: st}
}

// SaveSnapshot is the lending section: every registered part.
func (p *Provider) SaveSnapshot() (json.RawMessage, error) {
	parts := map[string]json.RawMessage{}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, part := range registeredParts() {
		raw, err := json.Marshal(part.save(p.st))
		if err != nil {
			return nil, fmt.Errorf("part %s: %w", part.name, err)
		}
		parts[part.name] = raw
	}
	return json.Marshal(parts)
}

// LoadSnapshot reads the lending section over a fresh seed state: a part the section lacks keeps its
// seed; a part nobody registered is ignored.
func (p *Provider) LoadSnapshot(raw json.RawMessage) (func(), error) {
	var parts map[string]json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil || parts == nil {
		return nil, errors.New("the lending section is not an object of parts")
	}
	st := seedState(p.Clock.Now())
	for _, part := range registeredParts() {
		raw, ok := parts[part.name]
		if !ok {
			continue
		}
		if err := part.load(st, raw); err != nil {
			return nil, fmt.Errorf("part %s: %w", part.name, err)
		}
	}
	return func() {
		p.mu.Lock()
		p.st = st
		p.mu.Unlock()
	}, nil
}

// stateChanged schedules a snapshot write (a no-op without a snapshot file). Safe to call with or
// without Provider.mu held.
func (p *Provider) stateChanged() {
	if p.snap != nil && p.snap.changed != nil {
		p.snap.changed()
	}
}

// forgetSnapshot deletes a file the provider keeps alone (called by Reset; the server forgets its own).
func (p *Provider) forgetSnapshot() {
	if p.snap != nil {
		p.snap.own.Forget()
	}
}

// Close writes a file the provider keeps alone one last time and stops further writes (see
// snapshot.Store.Close). Otherwise it does nothing: the server closes its store itself.
func (p *Provider) Close() error {
	if p.snap == nil {
		return nil
	}
	return p.snap.own.Close()
}
