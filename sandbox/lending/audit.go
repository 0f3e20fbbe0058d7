package lending

import (
	"encoding/json"
	"errors"
	"net/http"
	"sort"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
)

// The staff audit trail: POST /audit-events records what a member of staff did while acting for a
// borrower, GET /audit-events?customerId=… lists it newest first. Events are kept with the rest of the
// lending state (so a reset forgets them) and saved in the snapshot's "auditEvents" part. An event is
// idempotent by its requestId, kept in the state itself rather than in the Idempotency-Key store, so a
// repeat is recognised for as long as the event exists.

// auditLog is the recorded events. Provider.mu guards it.
type auditLog struct {
	Events    []lending.AuditEvent `json:"events"` // in recording order
	byRequest map[string]int       // requestId → index in Events
}

// audit is the state's log, made on first use (the seed has none).
func (st *state) audit() *auditLog {
	if st.auditEvents == nil {
		st.auditEvents = &auditLog{byRequest: map[string]int{}}
	}
	return st.auditEvents
}

func init() {
	registerSnapshotPart("auditEvents",
		func(st *state) any { return st.audit() },
		func(st *state, raw json.RawMessage) error {
			var l auditLog
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			l.byRequest = make(map[string]int, len(l.Events))
			for i, e := range l.Events {
				if e.RequestID == "" {
					return errors.New("an audit event has no requestId")
				}
				l.byRequest[e.RequestID] = i
			}
			st.auditEvents = &l
			return nil
		})
}

// registerAudit adds the audit routes under prefix.
func (p *Provider) registerAudit(mux *http.ServeMux, prefix string) {
	provider.AddRoutes(mux, prefix, provider.Routes{"/audit-events": {http.MethodPost: p.recordAudit, http.MethodGet: p.listAudit}})
}

func (p *Provider) recordAudit(w http.ResponseWriter, r *http.Request) {
	var e lending.AuditEvent
	if !decode(w, r, &e) {
		return
	}
	if msg := checkAuditEvent(e); msg != "" {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodeInvalidRequest, msg)
		return
	}
	e.RecordedAt = p.Clock.Now()

	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.st.audit()
	if i, ok := l.byRequest[e.RequestID]; ok {
		prev := l.Events[i]
		if prev.ActorID != e.ActorID || prev.CustomerID != e.CustomerID || prev.Action != e.Action || !prev.OccurredAt.Equal(e.OccurredAt) {
			httpjson.Error(w, http.StatusConflict, lending.CodeIdempotencyClash, "another event was recorded with this requestId")
			return
		}
		w.Header().Set(httpjson.ReplayedHeader, "true")
		httpjson.Write(w, http.StatusOK, prev)
		return
	}
	l.byRequest[e.RequestID] = len(l.Events)
	l.Events = append(l.Events, e)
	p.stateChanged()
	httpjson.Write(w, http.StatusCreated, e)
}

// checkAuditEvent is "" for a complete event, otherwise what is wrong with it.
func checkAuditEvent(e lending.AuditEvent) string {
	fields := []struct{ name, value string }{
		{"requestId", e.RequestID}, {"actorId", e.ActorID}, {"customerId", e.CustomerID}, {"action", e.Action},
	}
	for _, f := range fields {
		if f.value == "" || len(f.value) > lending.MaxAuditField {
			return f.name + " is required (at most 128 characters)"
		}
	}
	if e.OccurredAt.IsZero() {
		return "occurredAt is required"
	}
	return ""
}

func (p *Provider) listAudit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("customerId")
	if id == "" || len(q) != 1 || len(q["customerId"]) != 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "give customerId")
		return
	}
	out := lending.AuditEventList{Events: []lending.AuditEvent{}}
	p.mu.Lock()
	for _, e := range p.st.audit().Events {
		if e.CustomerID == id {
			out.Events = append(out.Events, e)
		}
	}
	p.mu.Unlock()
	// Newest first by when the action happened; recording order breaks ties (stable sort of the
	// reversed log).
	for i, j := 0, len(out.Events)-1; i < j; i, j = i+1, j-1 {
		out.Events[i], out.Events[j] = out.Events[j], out.Events[i]
	}
	sort.SliceStable(out.Events, func(i, j int) bool { return out.Events[i].OccurredAt.After(out.Events[j].OccurredAt) })
	httpjson.Write(w, http.StatusOK, out)
}
