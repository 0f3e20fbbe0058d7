package lending

import (
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/clock"
	"lender/sandbox/httpjson"
	"lender/sandbox/snapshot"
)

// harnessWithSnapshot is a harness whose provider keeps its state in path.
func harnessWithSnapshot(t *testing.T, path string, clk *clock.Clock) *harness {
	t.Helper()
	h := newHarness(t)
	if clk != nil {
		h.clock = clk
		h.p = New(clk)
		h.mux = http.NewServeMux()
		h.p.Register(h.mux, "/lending/v1")
	}
	h.p.useSnapshot(path, nil, 10*time.Millisecond)
	t.Cleanup(func() { _ = h.p.Close() })
	return h
}

// waitForFile waits until path exists (the debounced write), failing after a few seconds.
func waitForFile(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s was never written", path)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestSnapshotRoundTrip: loans, top-ups, quotes and idempotency keys survive a restart through the
// snapshot file; a reset deletes it.
func TestSnapshotRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lending.json")
	h := harnessWithSnapshot(t, path, nil)

	// Changes of every kind: a repayment, a holiday, an arrangement, a top-up drawn down.
	rep := lending.RepaymentRequest{AmountPence: 100_00, Method: lending.RepaymentMethodCard, PaymentReference: "snap-ref"}
	h.must(h.do(http.MethodPost, "/loans/loan_arrears/repayments", rep), http.StatusCreated, nil)
	waitForFile(t, path) // written a moment after the change
	var hq lending.PaymentHolidayQuote
	h.must(h.do(http.MethodPost, "/loans/loan_up_to_date/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 2}), http.StatusCreated, &hq)
	h.must(h.do(http.MethodPost, "/loans/loan_up_to_date/payment-holidays", lending.ApplyQuoteRequest{QuoteID: hq.ID}), http.StatusOK, nil)
	h.must(h.do(http.MethodPost, "/loans/loan_arrears/arrangements", lending.ArrangementRequest{Type: lending.ArrangementToken,
		MonthlyAmountPence: 5_00, Months: 4}), http.StatusCreated, nil)
	var tu lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: "cus_top_up", AmountPence: 6_000_00, TermMonths: 24,
		AnnualIncomePence: 40_000_00}), http.StatusCreated, &tu)
	h.must(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: snap-draw"), http.StatusCreated, &tu)
	var sq lending.SettlementQuote
	h.must(h.do(http.MethodPost, "/loans/loan_pin_locked/settlement-quotes", struct{}{}), http.StatusCreated, &sq)

	views := func(h *harness) map[string]any {
		out := map[string]any{}
		for _, id := range []string{"loan_arrears", "loan_up_to_date", "loan_top_up", tu.Drawdown.NewLoanID, "loan_settled"} {
			l := h.loan(id)
			l.AsOf = time.Time{} // the restored clock has run on for the milliseconds of the restart
			out[id+" loan"] = l
			out[id+" schedule"] = h.schedule(id)
			out[id+" transactions"] = h.txns(id)
			var a lending.ArrangementList
			h.must(h.do(http.MethodGet, "/loans/"+id+"/arrangements", nil), http.StatusOK, &a)
			out[id+" arrangements"] = a
		}
		var t lending.TopUp
		h.must(h.do(http.MethodGet, "/top-ups/"+tu.ID, nil), http.StatusOK, &t)
		out["top-up"] = t
		return out
	}
	before := views(h)
	if err := h.p.Close(); err != nil { // shutdown: the last write
		t.Fatal(err)
	}

	// A new process on the same clock reads it back.
	h2 := harnessWithSnapshot(t, path, h.clock)
	if after := views(h2); !reflect.DeepEqual(before, after) {
		b1, _ := json.Marshal(before)
		b2, _ := json.Marshal(after)
		t.Fatalf("after the restart:\n%s\nbefore:\n%s", b2, b1)
	}
	// Durable idempotency: the same payment reference and drawdown key replay after the restart.
	if a := h2.do(http.MethodPost, "/loans/loan_arrears/repayments", rep); a.status != http.StatusCreated || a.header.Get(httpjson.ReplayedHeader) != "true" {
		t.Fatalf("repayment after restart: %d %s", a.status, a.body)
	}
	if a := h2.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: snap-draw"); a.header.Get(httpjson.ReplayedHeader) != "true" {
		t.Fatalf("drawdown after restart: %d %s", a.status, a.body)
	}
	var sq2 lending.SettlementQuote
	h2.must(h2.do(http.MethodGet, "/loans/loan_pin_locked/settlement-quotes/"+sq.ID, nil), http.StatusOK, &sq2)
	if sq2.TotalToSettlePence != sq.TotalToSettlePence {
		t.Fatalf("quote after restart %+v", sq2)
	}

	// A reset restores the seed and deletes the file.
	h2.p.Reset()
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the snapshot survived the reset: %v", err)
	}
	if l := h2.loan("loan_up_to_date"); l.PaymentHoliday != nil {
		t.Fatalf("after the reset: %+v", l.PaymentHoliday)
	}
	// Shutting down right after a reset leaves no file: the next start seeds afresh.
	if err := h2.p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a snapshot was written after the reset: %v", err)
	}
}

// TestSnapshotRestoresTheClock: a snapshot keeps the sandbox clock's offset from real time.
func TestSnapshotRestoresTheClock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lending.json")
	clk := clock.New(nil)
	h := harnessWithSnapshot(t, path, clk)
	h.repay("loan_up_to_date", 10_00) // a change, so there is something to keep
	if _, err := clk.Advance(90 * 24 * time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := h.p.Close(); err != nil {
		t.Fatal(err)
	}
	clk2 := clock.New(nil)
	harnessWithSnapshot(t, path, clk2)
	if d := time.Until(clk2.Now()); d < 89*24*time.Hour || d > 91*24*time.Hour {
		t.Fatalf("clock offset after restart %v", d)
	}
}

// TestSnapshotIgnoresADamagedFile: a file that is not a snapshot leaves the seed in place (and is
// replaced at the next write).
func TestSnapshotIgnoresADamagedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lending.json")
	for _, body := range []string{"not json", `{"version":99,"parts":{}}`, `{"version":1,"parts":{"loans":{"loans":7}}}`,
		`{"version":2,"providers":{"lending":{"loans":{"loans":7}}}}`, `{"version":2,"providers":{"lending":[]}}`} {
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		h := harnessWithSnapshot(t, path, nil)
		if l := h.loan("loan_up_to_date"); l.Status != lending.LoanStatusActive {
			t.Fatalf("%s: %+v", body, l)
		}
		if err := h.p.Close(); err != nil {
			t.Fatal(err)
		}
		var f snapshot.File
		var parts map[string]json.RawMessage
		b, _ := os.ReadFile(path)
		if err := json.Unmarshal(b, &f); err != nil || f.Version != snapshot.Version || json.Unmarshal(f.Providers["lending"], &parts) != nil ||
			parts["loans"] == nil {
			t.Fatalf("%s: not replaced: %.80s", body, b)
		}
	}
}

// TestSnapshotKeepsTheSignedDocumentsAndTheFeed: after a restart the signed agreement is the same
// bytes, and the event feed the same events with its seq going on.
func TestSnapshotKeepsTheSignedDocumentsAndTheFeed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lending.json")
	h := harnessWithSnapshot(t, path, nil)
	a := h.readyForDrawdown("snap-docs@example.com")
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: a.ID}, "Idempotency-Key: snap-docs"), http.StatusCreated, &l)
	agreement := "/loans/" + l.ID + "/documents/credit-agreement?format=pdf"
	signed := h.fetchDoc(agreement).Body.Bytes()
	feed := h.events(0)
	if err := h.p.Close(); err != nil {
		t.Fatal(err)
	}

	h2 := harnessWithSnapshot(t, path, h.clock)
	if got := h2.events(0); !reflect.DeepEqual(got, feed) {
		t.Fatalf("the feed after the restart %+v, before %+v", got, feed)
	}
	next := h2.approved("snap-next@example.com")
	if got := h2.events(feed.LatestSeq); len(got.Events) != 1 || got.Events[0].Seq != feed.LatestSeq+1 || got.Events[0].ApplicationID != next.ID {
		t.Fatalf("the seq did not go on: %+v", got.Events)
	}
	h2.clock.Advance(72 * time.Hour)
	if got := h2.fetchDoc(agreement).Body.Bytes(); !reflect.DeepEqual(got, signed) {
		t.Fatal("the signed agreement changed across the restart")
	}
}
