package server

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"lender/sandbox/httpjson"
	"lender/sandbox/personas"
)

// Control API paths.
const (
	ControlPrefix = "/_sandbox"
	pathHealth    = ControlPrefix + "/health"
	pathReset     = ControlPrefix + "/reset"
	pathClock     = ControlPrefix + "/clock"
	pathFaults    = ControlPrefix + "/faults"
	pathPersonas  = ControlPrefix + "/personas"
	pathTelemetry = ControlPrefix + "/telemetry"
)

// ClockState is the answer of GET and POST /_sandbox/clock.
type ClockState struct {
	Now string `json:"now"` // RFC 3339, UTC
}

// ClockChange is the body of POST /_sandbox/clock: exactly one of Advance (a Go duration such as "72h",
// not negative) or Set (RFC 3339).
type ClockChange struct {
	Advance string `json:"advance,omitempty"`
	Set     string `json:"set,omitempty"`
}

// FaultList is the answer of GET, POST and DELETE /_sandbox/faults.
type FaultList struct {
	Faults []Fault `json:"faults"`
}

// Status is the answer of GET /_sandbox/health and POST /_sandbox/reset.
type Status struct {
	Status string `json:"status"`
}

func (s *Server) registerControl() {
	s.mux.Handle(pathHealth, httpjson.Methods{http.MethodGet: s.controlHealth})
	s.mux.Handle(pathReset, httpjson.Methods{http.MethodPost: s.controlReset})
	s.mux.Handle(pathClock, httpjson.Methods{http.MethodGet: s.getClock, http.MethodPost: s.postClock})
	s.mux.Handle(pathFaults, httpjson.Methods{
		http.MethodGet: s.getFaults, http.MethodPost: s.postFault, http.MethodDelete: s.deleteFaults,
	})
	s.mux.Handle(pathPersonas, httpjson.Methods{http.MethodGet: personas.Serve})
	s.mux.Handle(pathTelemetry, httpjson.Methods{http.MethodGet: s.telemetry.ServeCapture})
}

func (s *Server) controlHealth(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, Status{Status: "ok"})
}

func (s *Server) controlReset(w http.ResponseWriter, r *http.Request) {
	s.Reset()
	s.log.InfoContext(r.Context(), "sandbox reset")
	httpjson.Write(w, http.StatusOK, Status{Status: "ok"})
}

func (s *Server) clockState() ClockState {
	return ClockState{Now: s.clock.Now().Format(time.RFC3339)}
}

func (s *Server) getClock(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, s.clockState())
}

func (s *Server) postClock(w http.ResponseWriter, r *http.Request) {
	var c ClockChange
	if err := httpjson.Decode(w, r, &c); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "bad_request", "body must be {\"advance\":\"72h\"} or {\"set\":\"2026-12-01T09:00:00Z\"}")
		return
	}
	switch {
	case c.Advance != "" && c.Set == "":
		d, err := time.ParseDuration(c.Advance)
		if err != nil || d < 0 {
			httpjson.Error(w, http.StatusBadRequest, "bad_request", "advance must be a non-negative duration such as \"72h\"")
			return
		}
		_, _ = s.clock.Advance(d)
	case c.Set != "" && c.Advance == "":
		t, err := time.Parse(time.RFC3339, c.Set)
		if err != nil {
			httpjson.Error(w, http.StatusBadRequest, "bad_request", "set must be an RFC 3339 instant such as \"2026-12-01T09:00:00Z\"")
			return
		}
		s.clock.Set(t)
	default:
		httpjson.Error(w, http.StatusBadRequest, "bad_request", "give exactly one of advance or set")
		return
	}
	st := s.clockState()
	s.log.InfoContext(r.Context(), "sandbox clock moved", "now", st.Now)
	// The lending core's daily reminder run, on the day the clock now shows (sandbox/lending/reminders.go).
	if sent, err := s.lending.SendReminders(); err != nil {
		s.log.WarnContext(r.Context(), "instalment reminders not all sent", "sent", sent, "cause", err.Error())
	}
	httpjson.Write(w, http.StatusOK, st)
}

func (s *Server) getFaults(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, FaultList{Faults: s.faults.list()})
}

func (s *Server) postFault(w http.ResponseWriter, r *http.Request) {
	var f Fault
	if err := httpjson.Decode(w, r, &f); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "bad_request", "body must be {\"provider\":\"lending\",\"latencyMs\":1000,\"status\":503}")
		return
	}
	if err := validateFault(f); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	s.faults.set(f)
	s.log.InfoContext(r.Context(), "sandbox fault set", "provider", f.Provider, "latencyMs", f.LatencyMs, "status", f.Status)
	httpjson.Write(w, http.StatusOK, FaultList{Faults: s.faults.list()})
}

func validateFault(f Fault) error {
	if !slices.Contains(providerNames, f.Provider) {
		return fmt.Errorf("provider must be one of %v", providerNames)
	}
	if f.LatencyMs < 0 || f.LatencyMs > maxLatencyMs {
		return fmt.Errorf("latencyMs must be between 0 and %d", maxLatencyMs)
	}
	if f.Status != 0 && (f.Status < 400 || f.Status > 599) {
		return fmt.Errorf("status must be 0 (none) or between 400 and 599")
	}
	if f.LatencyMs == 0 && f.Status == 0 {
		return fmt.Errorf("give latencyMs, status or both")
	}
	return nil
}

// deleteFaults clears every fault, or only ?provider=NAME's.
func (s *Server) deleteFaults(w http.ResponseWriter, r *http.Request) {
	provider := r.URL.Query().Get("provider")
	if provider != "" && !slices.Contains(providerNames, provider) {
		httpjson.Error(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("provider must be one of %v", providerNames))
		return
	}
	s.faults.clear(provider)
	s.log.InfoContext(r.Context(), "sandbox faults cleared", "provider", provider)
	httpjson.Write(w, http.StatusOK, FaultList{Faults: s.faults.list()})
}
