package lending

import (
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// TestAuditEventsSurviveARestartAndAReset: the staff audit trail is part of the lending snapshot, and a
// reset forgets it with the rest of the state.
func TestAuditEventsSurviveARestartAndAReset(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lending.json")
	h := harnessWithSnapshot(t, path, nil)
	e := lending.AuditEvent{RequestID: "req-snap-1", ActorID: "stf_demo", CustomerID: "cus_up_to_date", Action: "startOverApply",
		OccurredAt: time.Date(2025, 4, 1, 12, 0, 0, 0, time.UTC)}
	h.must(h.do(http.MethodPost, "/audit-events", e), http.StatusCreated, nil)
	h.refused(h.do(http.MethodPost, "/audit-events", lending.AuditEvent{RequestID: "req-snap-2"}), http.StatusUnprocessableEntity,
		lending.CodeInvalidRequest)
	h.refused(h.do(http.MethodGet, "/audit-events", nil), http.StatusBadRequest, lending.CodeInvalidQuery)
	waitForFile(t, path)
	if err := h.p.Close(); err != nil {
		t.Fatal(err)
	}

	h2 := harnessWithSnapshot(t, path, h.clock)
	var l lending.AuditEventList
	h2.must(h2.do(http.MethodGet, "/audit-events?customerId=cus_up_to_date", nil), http.StatusOK, &l)
	if len(l.Events) != 1 || l.Events[0].RequestID != e.RequestID || l.Events[0].Action != e.Action || !l.Events[0].OccurredAt.Equal(e.OccurredAt) {
		t.Fatalf("after the restart: %+v", l.Events)
	}
	// Still idempotent after the restart.
	if a := h2.do(http.MethodPost, "/audit-events", e); a.status != http.StatusOK {
		t.Fatalf("the same event after the restart: %d %s", a.status, a.body)
	}

	h2.p.Reset()
	h2.must(h2.do(http.MethodGet, "/audit-events?customerId=cus_up_to_date", nil), http.StatusOK, &l)
	if len(l.Events) != 0 {
		t.Fatalf("after the reset: %+v", l.Events)
	}
}
