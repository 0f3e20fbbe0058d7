package upstream_test

import (
	"context"
	"errors"
	"testing"

	"lender/bff/upstream/lending"
)

// The withdrawal of an application, and a new application after it, against the real sandbox (a file
// of its own beside contract_application_test.go, whose helpers it uses).
func init() { contract = append(contract, withdrawalContract...) }

var withdrawalContract = []contractCase{
	{"lending.WithdrawApplication", "an approved applicant changes their mind, once per key", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-withdraw@example.com", "")
		if _, err := c.lending.WithdrawApplication(ctx, a.ID, lending.WithdrawnStartOver, ""); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a reason the call does not take: %v", err)
		}
		got, err := c.lending.WithdrawApplication(ctx, a.ID, lending.WithdrawnApplicantChangedMind, "contract-withdraw-1")
		if err != nil || got.Status != lending.ApplicationWithdrawn || got.Withdrawal == nil ||
			got.Withdrawal.Reason != lending.WithdrawnApplicantChangedMind || got.ApprovalStatus != lending.ApprovalApproved {
			t.Fatalf("WithdrawApplication = %s %+v, %v", got.Status, got.Withdrawal, err)
		}
		if again, err := c.lending.WithdrawApplication(ctx, a.ID, lending.WithdrawnApplicantChangedMind, "contract-withdraw-1"); err != nil ||
			!again.Withdrawal.At.Equal(got.Withdrawal.At) {
			t.Fatalf("repeated key = %+v, %v", again.Withdrawal, err)
		}
		if _, err := c.lending.WithdrawApplication(ctx, a.ID, lending.WithdrawnApplicantChangedMind, ""); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeApplicationStatus) {
			t.Fatalf("withdrawn twice: %v", err)
		}
		if _, err := c.lending.SetApplicationPhone(ctx, a.ID, nextAppPhone()); !errors.Is(err, lending.ErrApplicationStatus) {
			t.Fatalf("a step after withdrawal: %v", err)
		}
		if _, err := c.lending.WithdrawApplication(ctx, "not an id", lending.WithdrawnApplicantChangedMind, ""); !errors.Is(err, lending.ErrApplicationNotFound) {
			t.Fatalf("a bad id: %v", err)
		}
	}},
	{"lending.StartOver", "a new application follows one its applicant closed, once; not a declined one", func(t *testing.T, ctx context.Context, c clients) {
		a := approvedApplication(t, ctx, c, "contract-app-again@example.com", "")
		if _, err := c.lending.WithdrawApplication(ctx, a.ID, lending.WithdrawnApplicantChangedMind, ""); err != nil {
			t.Fatal(err)
		}
		fresh, err := c.lending.StartOver(ctx, a.ID, "contract-again-1")
		if err != nil || fresh.ID == a.ID || fresh.Status != lending.ApplicationInProgress || fresh.CustomerID != a.CustomerID ||
			fresh.OnePage != a.OnePage || fresh.Quote.AmountPence != a.Quote.AmountPence || fresh.Quote.TermMonths != a.Quote.TermMonths {
			t.Fatalf("StartOver = %+v, %v", fresh, err)
		}
		if again, err := c.lending.StartOver(ctx, a.ID, "contract-again-1"); err != nil || again.ID != fresh.ID {
			t.Fatalf("repeated key = %s, %v", again.ID, err)
		}
		if was, _ := c.lending.Application(ctx, a.ID); was.Status != lending.ApplicationWithdrawn ||
			was.Withdrawal.Reason != lending.WithdrawnApplicantChangedMind || was.Withdrawal.ReplacedBy != fresh.ID {
			t.Fatalf("the closed one = %s %+v", was.Status, was.Withdrawal)
		}
		if _, err := c.lending.StartOver(ctx, a.ID, ""); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeApplicationStatus) {
			t.Fatalf("followed twice: %v", err)
		}

		const countered = "contract-app-again+counteroffer@example.com"
		co, err := c.lending.SubmitApplication(ctx, appJourney(t, ctx, c, applicationFor(t, ctx, c, countered, ""), countered).ID, "")
		if err != nil || co.Status != lending.ApplicationCounteroffer {
			t.Fatalf("a counteroffer = %s, %v", co.Status, err)
		}
		if _, err := c.lending.RespondToCounteroffer(ctx, co.ID, false); err != nil {
			t.Fatal(err)
		}
		if next, err := c.lending.StartOver(ctx, co.ID, ""); err != nil || next.Quote.AmountPence != co.Quote.AmountPence {
			t.Fatalf("after a declined counteroffer = %+v, %v", next, err)
		}

		const declined = "contract-app-again+decline@example.com"
		d, err := c.lending.SubmitApplication(ctx, appJourney(t, ctx, c, applicationFor(t, ctx, c, declined, ""), declined).ID, "")
		if err != nil || d.Status != lending.ApplicationDeclined {
			t.Fatalf("a decline = %s, %v", d.Status, err)
		}
		if _, err := c.lending.StartOver(ctx, d.ID, ""); !isAppCode(err, lending.ErrApplicationStatus, 409, lending.CodeApplicationStatus) {
			t.Fatalf("after a decline: %v", err)
		}
	}},
}
