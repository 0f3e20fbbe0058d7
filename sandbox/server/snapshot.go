package server

import (
	"net/http"

	"lender/sandbox/lending"
	"lender/sandbox/snapshot"
)

// openSnapshot keeps every provider that has state to keep (a snapshot.Part) in the file at path
// (SANDBOX_SNAPSHOT_FILE), loading it over the seed now; "" keeps state in memory only.
func (s *Server) openSnapshot(path string) {
	if path == "" {
		return
	}
	parts := map[string]snapshot.Part{}
	for name, p := range s.providers {
		if sp, ok := p.(snapshot.Part); ok {
			parts[name] = sp
		}
	}
	s.snap = snapshot.Open(path, s.clock, s.log, s.cfg.SnapshotDebounce, parts)
	// The lending core also changes on its own (referrals decided, arrears) and says so.
	if l, ok := s.providers["lending"].(*lending.Provider); ok {
		l.SetSnapshotHook(s.snap.Changed)
	}
}

// noteChange schedules a snapshot write after a request that may have changed state: anything but a
// read of a provider's API or hosted pages, and moves of the clock (whose offset the file keeps). A
// reset deletes the file instead, and faults are not state to keep.
func (s *Server) noteChange(r *http.Request) {
	if s.snap == nil {
		return
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return
	}
	if providerOf(r.URL.Path) != "" || r.URL.Path == pathClock {
		s.snap.Changed()
	}
}

// closeSnapshot writes the file one last time, once the providers' background work has stopped.
func (s *Server) closeSnapshot() {
	if err := s.snap.Close(); err != nil {
		s.log.Warn("snapshot not written at shutdown", "error", err.Error())
	}
}
