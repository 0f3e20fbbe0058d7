package lending

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
	"lender/sandbox/httpjson"
)

// concurrently sends the same request from n goroutines at once and answers every response.
func (h *harness) concurrently(n int, method, path string, body []byte, key string) []answer {
	h.t.Helper()
	out := make([]answer, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			req := httptest.NewRequest(method, "/lending/v1"+path, bytes.NewReader(body))
			req.Header.Set(transport.IdempotencyKeyHeader, key)
			rec := httptest.NewRecorder()
			<-start
			h.mux.ServeHTTP(rec, req)
			out[i] = answer{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
		})
	}
	close(start)
	wg.Wait()
	return out
}

// checkOneEffect: every answer is status with the same body, and all but one are replays.
func checkOneEffect(t *testing.T, as []answer, status int) {
	t.Helper()
	fresh := 0
	for i, a := range as {
		if a.status != status || !bytes.Equal(a.body, as[0].body) {
			t.Fatalf("answer %d = %d %s, want %d and the body of answer 0 (%s)", i, a.status, a.body, status, as[0].body)
		}
		if a.header.Get(httpjson.ReplayedHeader) != "true" {
			fresh++
		}
	}
	if fresh != 1 {
		t.Fatalf("%d answers were not replays, want exactly 1", fresh)
	}
}

// TestCreateLoanConcurrentDuplicates: N identical POST /loans with one key open exactly one loan.
func TestCreateLoanConcurrentDuplicates(t *testing.T) {
	h := newHarness(t)
	c := h.newCustomer("concurrent.loan@example.com")
	body, err := json.Marshal(lending.CreateLoanRequest{CustomerID: c.ID, AmountPence: 5_000_00, TermMonths: 24})
	if err != nil {
		t.Fatal(err)
	}
	before := len(h.book().Loans)
	as := h.concurrently(32, http.MethodPost, "/loans", body, "concurrent-loan-1")
	checkOneEffect(t, as, http.StatusCreated)
	var l lending.Loan
	h.must(as[0], http.StatusCreated, &l)
	if after := len(h.book().Loans); after != before+1 {
		t.Fatalf("loans %d → %d, want one more", before, after)
	}
	n := 0
	for _, x := range h.book().Loans {
		if x.CustomerID == c.ID {
			n++
		}
	}
	if n != 1 || h.loan(l.ID).CustomerID != c.ID {
		t.Fatalf("customer %s has %d loans", c.ID, n)
	}
	// The same key with another body conflicts, and opens nothing.
	other, _ := json.Marshal(lending.CreateLoanRequest{CustomerID: c.ID, AmountPence: 6_000_00, TermMonths: 24})
	h.refused(h.do(http.MethodPost, "/loans", string(other), "Idempotency-Key: concurrent-loan-1"), http.StatusConflict, httpjson.CodeIdempotencyConflict)
	if after := len(h.book().Loans); after != before+1 {
		t.Fatalf("a conflicting key opened a loan: %d → %d", before, after)
	}
}

// approvedTopUp is an approved top-up of an eligible seeded customer.
func (h *harness) approvedTopUp(customerID string) lending.TopUp {
	h.t.Helper()
	var tu lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: customerID, AmountPence: 8_000_00, TermMonths: 36,
		AnnualIncomePence: 40_000_00, MonthlyHousingCostPence: 800_00, Purpose: lending.PurposeHomeImprovements}), http.StatusCreated, &tu)
	if tu.Status != lending.TopUpApproved {
		h.t.Fatalf("top-up %+v", tu)
	}
	return tu
}

// TestTopUpDrawdownConcurrentDuplicates: N identical drawdowns with one key open exactly one new loan
// and settle the old one once.
func TestTopUpDrawdownConcurrentDuplicates(t *testing.T) {
	h := newHarness(t)
	tu := h.approvedTopUp("cus_top_up")
	before := len(h.book().Loans)
	settlementsBefore := 0
	for _, x := range h.txns(tu.LoanID) {
		if x.Type == lending.TransactionSettlement {
			settlementsBefore++
		}
	}
	as := h.concurrently(32, http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "concurrent-draw-1")
	checkOneEffect(t, as, http.StatusCreated)
	var drawn lending.TopUp
	h.must(as[0], http.StatusCreated, &drawn)
	if drawn.Status != lending.TopUpDrawnDown || drawn.Drawdown == nil {
		t.Fatalf("drawdown %+v", drawn)
	}
	if after := len(h.book().Loans); after != before+1 {
		t.Fatalf("loans %d → %d, want one more", before, after)
	}
	settlements := 0
	for _, x := range h.txns(tu.LoanID) {
		if x.Type == lending.TransactionSettlement {
			settlements++
		}
	}
	if settlements != settlementsBefore+1 {
		t.Fatalf("old loan settled %d times", settlements-settlementsBefore)
	}
	if old := h.loan(tu.LoanID); old.Status != lending.LoanStatusSettled || old.ReplacedByLoanID != drawn.Drawdown.NewLoanID {
		t.Fatalf("old loan %+v", old)
	}
}

// TestTopUpDrawdownKeyConflict: the drawdown's request is the top-up it names (its body is not read),
// so one key used for another top-up's drawdown is 409 idempotency_conflict and draws nothing down.
func TestTopUpDrawdownKeyConflict(t *testing.T) {
	h := newHarness(t)
	first := h.approvedTopUp("cus_top_up")
	second := h.approvedTopUp("cus_up_to_date")
	h.must(h.do(http.MethodPost, "/top-ups/"+first.ID+"/drawdown", nil, "Idempotency-Key: draw-conflict"), http.StatusCreated, nil)
	before := len(h.book().Loans)
	h.refused(h.do(http.MethodPost, "/top-ups/"+second.ID+"/drawdown", nil, "Idempotency-Key: draw-conflict"),
		http.StatusConflict, httpjson.CodeIdempotencyConflict)
	// Concurrently, too: every answer is the conflict.
	for i, a := range h.concurrently(16, http.MethodPost, "/top-ups/"+second.ID+"/drawdown", nil, "draw-conflict") {
		if a.status != http.StatusConflict || a.code() != httpjson.CodeIdempotencyConflict {
			t.Fatalf("answer %d = %d %s", i, a.status, a.body)
		}
	}
	var got lending.TopUp
	h.must(h.do(http.MethodGet, "/top-ups/"+second.ID, nil), http.StatusOK, &got)
	if got.Status != lending.TopUpApproved || got.Drawdown != nil || len(h.book().Loans) != before {
		t.Fatalf("after the conflicts: %+v, loans %d → %d", got, before, len(h.book().Loans))
	}
	// A fresh key still draws the second one down.
	h.must(h.do(http.MethodPost, "/top-ups/"+second.ID+"/drawdown", nil, "Idempotency-Key: draw-conflict-2"), http.StatusCreated, nil)
}
