package lending

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// Helpers for tests of loans: each drives the real routes through the harness.

func (h *harness) loan(id string) lending.Loan {
	h.t.Helper()
	var l lending.Loan
	h.must(h.do(http.MethodGet, "/loans/"+id, nil), http.StatusOK, &l)
	return l
}

func (h *harness) schedule(id string) []lending.ScheduledInstalment {
	h.t.Helper()
	var s lending.LoanSchedule
	h.must(h.do(http.MethodGet, "/loans/"+id+"/schedule", nil), http.StatusOK, &s)
	return s.Instalments
}

func (h *harness) txns(id string) []lending.Transaction {
	h.t.Helper()
	var t lending.LoanTransactions
	h.must(h.do(http.MethodGet, "/loans/"+id+"/transactions", nil), http.StatusOK, &t)
	return t.Transactions
}

// at sets the (frozen) sandbox time.
func (h *harness) at(t time.Time) { h.clock.Set(t) }

// on sets the sandbox time to 09:00 on date (YYYY-MM-DD).
func (h *harness) on(date string) {
	h.t.Helper()
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		h.t.Fatal(err)
	}
	h.at(d.Add(9 * time.Hour))
}

func (h *harness) newCustomer(email string) lending.Customer {
	h.t.Helper()
	var c lending.Customer
	h.must(h.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: email, FirstName: "Sam", LastName: "Taylor",
		Address: &lending.Address{HouseNumber: "3", Street: "Acacia Avenue", Town: "Lowmere", Postcode: "LM1 1AA"}}), http.StatusCreated, &c)
	return c
}

// openLoan draws a loan down for customerID today (on the sandbox clock).
func (h *harness) openLoan(customerID string, amount int64, term int, rate string, fee int64) lending.Loan {
	h.t.Helper()
	req := lending.CreateLoanRequest{CustomerID: customerID, AmountPence: amount, TermMonths: term, FeePence: fee}
	if rate != "" {
		req.AnnualRatePercent = lending.Rate(rate)
	}
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans", req, "Idempotency-Key: open-"+customerID+"-"+h.clock.Now().Format(time.RFC3339Nano)),
		http.StatusCreated, &l)
	return l
}

var refSeq int

// repay records a regular repayment by CPA with a fresh reference.
func (h *harness) repay(loanID string, amount int64) lending.Repayment {
	h.t.Helper()
	refSeq++
	var r lending.Repayment
	h.must(h.do(http.MethodPost, "/loans/"+loanID+"/repayments", lending.RepaymentRequest{AmountPence: amount,
		Method: lending.RepaymentMethodCPA, PaymentReference: fmt.Sprintf("test-ref-%d", refSeq)}), http.StatusCreated, &r)
	return r
}

// collect pays instalment n (from 1) of the schedule on its due date.
func (h *harness) collect(loanID string, n int) {
	h.t.Helper()
	row := h.schedule(loanID)[n-1]
	h.on(row.DueDate)
	h.repay(loanID, row.PaymentPence-row.PaidPence)
}

// raw sends a GET with an Accept header and answers the raw response (for PDFs).
func (h *harness) raw(path, accept string) *http.Response {
	h.t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/lending/v1"+path, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	rec := httptest.NewRecorder()
	h.mux.ServeHTTP(rec, req)
	return rec.Result()
}

func readAll(t *testing.T, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkLedger checks a loan's books agree at now: the postings end at the summary's balance; the
// schedule's principal runs from the credit down, each row opening at the balance before it less any
// overpayment made in between (and the gaps add up to the overpayments); and the balance is the
// principal outstanding plus the arrears less what is paid in advance.
func checkLedger(t *testing.T, l *loanRec, now time.Time) {
	t.Helper()
	today := loanDay(now)
	v := l.view(now)
	ps := l.postings(today)
	if len(ps) > 0 && ps[len(ps)-1].BalancePence != v.BalancePence {
		t.Errorf("%s: postings end at %d, summary balance %d", l.ID, ps[len(ps)-1].BalancePence, v.BalancePence)
	}
	if l.Settled {
		if v.BalancePence != 0 {
			t.Errorf("%s: settled with balance %d", l.ID, v.BalancePence)
		}
		return
	}
	var over int64
	for _, o := range l.Overpayments {
		over += o.AmountPence
	}
	gaps := make([]int64, len(l.Rows)) // gaps[i]: the overpayment between row i-1 and row i
	before := l.creditPence()
	var total int64
	for i := range l.Rows {
		gaps[i] = before - l.opening(i)
		if gaps[i] < 0 {
			t.Errorf("%s: row %d opens at %d, above %d", l.ID, i+1, l.opening(i), before)
		}
		total += gaps[i]
		before = l.Rows[i].Balance
	}
	if total != over {
		t.Errorf("%s: the principal falls by %d between rows, overpayments are %d", l.ID, total, over)
	}
	k := len(l.Rows) // the first row not yet due
	var unpaid, prepaid int64
	for i, r := range l.Rows {
		if r.Due.After(today) {
			k = min(k, i)
			prepaid += r.Paid
		} else {
			unpaid += r.owed()
		}
	}
	principal := int64(0)
	if k < len(l.Rows) {
		principal = l.opening(k)
		for _, g := range gaps[k+1:] {
			principal -= g
		}
	}
	if want := principal + unpaid - prepaid; v.BalancePence != want {
		t.Errorf("%s: balance %d, want principal %d + unpaid %d − prepaid %d = %d", l.ID, v.BalancePence, principal, unpaid, prepaid, want)
	}
}

// book is the harness's loans part (for white-box checks).
func (h *harness) book() *loanBook {
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	return h.p.st.loanState()
}
