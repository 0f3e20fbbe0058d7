package app

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"lender/bff/internal/platform/web"
	"lender/sandbox/personas"
)

func TestStaffActingRequestsAreAuditedBeforeTheyRun(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	staff := st.staffActing("cus_up_to_date", "stf_demo")

	before := time.Now().Add(-time.Second)
	var requestIDs []string
	res, _ := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams", nil, &staff, nil)
	requestIDs = append(requestIDs, res.Header.Get(web.RequestIDHeader))
	res, env := st.post("/user/setPinCode", map[string]string{"pin": "2468", "pinConfirm": "2468"}, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden) // refused, and the attempt is on record
	requestIDs = append(requestIDs, res.Header.Get(web.RequestIDHeader))
	res, _ = st.post("/user/checkPinCode", map[string]string{"pin": "0000"}, &staff)
	requestIDs = append(requestIDs, res.Header.Get(web.RequestIDHeader))
	after := time.Now().Add(time.Second)

	events, err := st.lending().AuditEvents(ctx, "cus_up_to_date")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"checkPinCode", "setPinCode", "getRebrandParams"} // newest first
	if len(events) != len(want) {
		t.Fatalf("audit trail %+v, want %v", events, want)
	}
	for i, e := range events {
		if e.Action != want[i] || e.ActorID != "stf_demo" || e.CustomerID != "cus_up_to_date" ||
			e.RequestID != requestIDs[len(want)-1-i] || e.OccurredAt.Before(before) || e.OccurredAt.After(after) {
			t.Errorf("event %d = %+v, want %s by stf_demo for cus_up_to_date, request %s", i, e, want[i], requestIDs[len(want)-1-i])
		}
	}

	// A borrower's own session leaves no staff trail.
	_, own := st.pinSignIn("arrears@"+personas.Domain, personas.PIN)
	st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams", nil, &own, nil)
	st.post("/user/setPinCode", map[string]string{"pin": "2468", "pinConfirm": "2468"}, &own)
	if events, err := st.lending().AuditEvents(ctx, "cus_arrears"); err != nil || len(events) != 0 {
		t.Fatalf("a borrower's own calls were audited: %+v %v", events, err)
	}
}

func TestStaffRequestThatCannotBeAuditedIsNotServed(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	r, creds := st.registered("audit@example.com")
	st.proved("audit@example.com", &creds)

	// The lending core refuses this staff id in an audit event, so the record cannot be written.
	staff := st.staffActing(r.UUID, strings.Repeat("s", 200))
	res, env := st.post("/user/startOverApply", struct{}{}, &staff)
	if res.StatusCode != http.StatusServiceUnavailable || env.ErrorCode != int(web.CodeDependencyDown) ||
		!strings.Contains(env.ErrorMessage, "audit") {
		t.Fatalf("an unauditable request answered HTTP %d %+v, want 503", res.StatusCode, env)
	}
	apps, err := st.lending().CustomerApplications(ctx, r.UUID)
	if err != nil || len(apps) != 1 || apps[0].ID != r.ApplyID {
		t.Fatalf("the handler ran anyway: applications %+v %v", apps, err)
	}
	if events, err := st.lending().AuditEvents(ctx, r.UUID); err != nil || len(events) != 0 {
		t.Fatalf("audit trail %+v %v", events, err)
	}
}
