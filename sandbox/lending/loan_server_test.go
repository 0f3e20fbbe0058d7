package lending_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/server"
)

// TestInstalmentsFallDueOnTheSandboxClock: moving the sandbox clock through the control API makes
// an up-to-date loan's next instalment fall due and then go into arrears; a repayment brings it back;
// a reset restores the seeded loans and the clock.
func TestInstalmentsFallDueOnTheSandboxClock(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{}))
	defer ts.Close()
	s := sandbox{t: t, ts: ts}
	loan := func(id string) lending.Loan {
		var l lending.Loan
		if st := s.call(http.MethodGet, "/lending/v1/loans/"+id, nil, &l); st != http.StatusOK {
			t.Fatalf("GET loan = %d", st)
		}
		return l
	}
	l := loan("loan_up_to_date")
	if l.Status != lending.LoanStatusActive || l.NextPayment == nil {
		t.Fatalf("seeded %+v", l)
	}
	next := l.NextPayment
	// The day after the next due date, unpaid: in arrears by one instalment, a day past due.
	if st := s.call(http.MethodPost, "/_sandbox/clock", server.ClockChange{Set: next.DueDate + "T12:00:00Z"}, nil); st != http.StatusOK {
		t.Fatalf("clock = %d", st)
	}
	if got := loan(l.ID); got.Status != lending.LoanStatusActive {
		t.Fatalf("on the due date: %s", got.Status)
	}
	s.call(http.MethodPost, "/_sandbox/clock", server.ClockChange{Advance: "24h"}, nil)
	got := loan(l.ID)
	if got.Status != lending.LoanStatusInArrears || got.Arrears.AmountPence != next.AmountPence || got.Arrears.DaysPastDue != 1 ||
		got.Arrears.OldestDueDate != next.DueDate {
		t.Fatalf("a day late: %+v", got)
	}
	var rep lending.Repayment
	if st := s.call(http.MethodPost, "/lending/v1/loans/"+l.ID+"/repayments", lending.RepaymentRequest{AmountPence: next.AmountPence,
		Method: lending.RepaymentMethodCPA, PaymentReference: "clock-late-1"}, &rep); st != http.StatusCreated ||
		rep.Allocation.ArrearsPence != next.AmountPence || rep.LoanStatus != lending.LoanStatusActive {
		t.Fatalf("late payment = %d %+v", st, rep)
	}
	// Reset: the seed again (the late payment forgotten). The seed's dates are not compared: the
	// server resets the providers before the clock, so a reset after moving the clock seeds relative
	// to the moved time.
	s.call(http.MethodPost, "/_sandbox/reset", nil, nil)
	if got := loan(l.ID); got.PaidToDatePence != l.PaidToDatePence || got.InstalmentsPaid != l.InstalmentsPaid || got.Status != lending.LoanStatusActive {
		t.Fatalf("after the reset %+v", got)
	}
}
