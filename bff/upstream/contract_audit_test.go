package upstream_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// The staff audit trail's contract cases; TestContract runs them with the rest on one sandbox.
func init() { contract = append(contract, auditContract...) }

func auditEvent(requestID, customerID, action string, at time.Time) lending.AuditEvent {
	return lending.AuditEvent{RequestID: requestID, ActorID: "stf_contract", CustomerID: customerID, Action: action, OccurredAt: at}
}

var auditContract = []contractCase{
	{"lending.RecordAudit", "records once per request id", func(t *testing.T, ctx context.Context, c clients) {
		at := time.Date(2025, 3, 1, 9, 30, 0, 0, time.UTC)
		e := auditEvent("req-audit-contract-1", "cus_audit_record", "setPinCode", at)
		got, err := c.lending.RecordAudit(ctx, e)
		if err != nil || got.RequestID != e.RequestID || got.ActorID != e.ActorID || got.CustomerID != e.CustomerID ||
			got.Action != e.Action || !got.OccurredAt.Equal(at) || got.RecordedAt.IsZero() {
			t.Fatalf("RecordAudit = %+v, %v", got, err)
		}
		again, err := c.lending.RecordAudit(ctx, e)
		if err != nil || !again.RecordedAt.Equal(got.RecordedAt) {
			t.Fatalf("the same event again = %+v, %v; want the first one replayed", again, err)
		}
		if l, err := c.lending.AuditEvents(ctx, "cus_audit_record"); err != nil || len(l) != 1 {
			t.Fatalf("after a repeat the trail holds %d events (%v), want 1", len(l), err)
		}
		other := e
		other.Action = "startOverApply"
		if _, err := c.lending.RecordAudit(ctx, other); !errors.Is(err, lending.ErrIdempotencyConflict) ||
			!statusIs(err, 409, lending.CodeIdempotencyClash) {
			t.Fatalf("another event with the same request id: %v, want ErrIdempotencyConflict", err)
		}
	}},
	{"lending.RecordAudit", "incomplete event refused without a call", func(t *testing.T, ctx context.Context, c clients) {
		ok := auditEvent("req-audit-contract-2", "cus_audit_record", "setPinCode", time.Now())
		bad := []lending.AuditEvent{ok, ok, ok, ok, ok, ok}
		bad[0].RequestID = ""
		bad[1].ActorID = ""
		bad[2].CustomerID = ""
		bad[3].Action = ""
		bad[4].OccurredAt = time.Time{}
		bad[5].RequestID = "has space"
		for _, e := range bad {
			if _, err := c.lending.RecordAudit(ctx, e); !errors.Is(err, lending.ErrAuditEventInvalid) {
				t.Errorf("RecordAudit(%+v) = %v, want ErrAuditEventInvalid", e, err)
			}
		}
	}},
	{"lending.AuditEvents", "a customer's events, newest first", func(t *testing.T, ctx context.Context, c clients) {
		base := time.Date(2025, 3, 2, 10, 0, 0, 0, time.UTC)
		for i, action := range []string{"checkPinCode", "startOverApply", "POST /api/v2/lender/user/setPinCode"} {
			if _, err := c.lending.RecordAudit(ctx, auditEvent("req-audit-list-"+action[:4], "cus_audit_list", action,
				base.Add(time.Duration(i)*time.Minute))); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := c.lending.RecordAudit(ctx, auditEvent("req-audit-list-other", "cus_audit_other", "setPinCode", base)); err != nil {
			t.Fatal(err)
		}
		l, err := c.lending.AuditEvents(ctx, "cus_audit_list")
		if err != nil || len(l) != 3 || l[0].Action != "POST /api/v2/lender/user/setPinCode" || l[2].Action != "checkPinCode" {
			t.Fatalf("AuditEvents = %+v, %v; want 3, newest first", l, err)
		}
		for _, e := range l {
			if e.CustomerID != "cus_audit_list" || e.ActorID != "stf_contract" {
				t.Errorf("event of another customer or actor: %+v", e)
			}
		}
		for _, id := range []string{"cus_nobody_audited", "../health", ""} {
			if l, err := c.lending.AuditEvents(ctx, id); err != nil || l == nil || len(l) != 0 {
				t.Errorf("AuditEvents(%q) = %v, %v; want an empty list", id, l, err)
			}
		}
	}},
}
