package lending

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
	"lender/sandbox/pdf"
)

// TestStatementPDF: a period statement is a PDF of the loan's real figures and transactions.
func TestStatementPDF(t *testing.T) {
	h := newHarness(t)
	resp := h.raw("/loans/loan_settled/statements", "")
	b := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(b, []byte("%PDF-")) ||
		!strings.Contains(resp.Header.Get("Content-Disposition"), "statement-loan_settled-2024-12-25-2026-03-04.pdf") {
		t.Fatalf("%d %v %.20q", resp.StatusCode, resp.Header, b)
	}
	pages, err := pdf.ExtractText(b)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(pages, "\n")
	tx := h.txns("loan_settled")
	settlement := tx[len(tx)-1]
	for _, want := range []string{
		"Loan statement", "loan_settled", "Emery Foster", "KD12 9PL", "£2,000.00", "24.9%", "27.9%", "£106.64",
		"Early settlement by bank transfer", credit.FormatPounds(-settlement.AmountPence), "Settled on", "2025-10-27",
		"Interest for instalment 1", "£41.50",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the statement lacks %q", want)
		}
	}

	// The JSON rendition carries the figures and the same PDF.
	resp = h.raw("/loans/loan_settled/statements?from=2025-03-01&to=2025-06-30", "application/json")
	var s lending.Statement
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %v", resp.StatusCode, err)
	}
	sum := sha256.Sum256(s.Content)
	if s.Kind != lending.StatementPeriod || s.From != "2025-03-01" || s.To != "2025-06-30" || len(s.Transactions) != 8 ||
		s.PaymentsPence != 4*10664 || s.OpeningBalancePence != tx[4].BalancePence || s.ClosingBalancePence != s.Transactions[7].BalancePence ||
		s.SHA256 != hex.EncodeToString(sum[:]) || !bytes.HasPrefix(s.Content, []byte("%PDF-")) || s.ContentType != "application/pdf" {
		t.Fatalf("statement %+v", s)
	}
	if s.ClosingBalancePence != s.OpeningBalancePence+s.InterestPence-s.PaymentsPence {
		t.Fatalf("opening %d + interest %d − payments %d ≠ closing %d", s.OpeningBalancePence, s.InterestPence, s.PaymentsPence, s.ClosingBalancePence)
	}

	// An arrears statement warns about the arrears.
	pages, _ = pdf.ExtractText(readAll(t, h.raw("/loans/loan_arrears/statements", "").Body))
	if text := strings.Join(pages, "\n"); !strings.Contains(text, "£266.60 behind") {
		t.Fatalf("arrears statement:\n%s", text)
	}
	for _, q := range []string{"?from=2025-13-01", "?to=yesterday", "?from=2026-03-05&to=2026-03-01"} {
		h.refused(h.do(http.MethodGet, "/loans/loan_settled/statements"+q, nil, "Accept: application/json"), http.StatusBadRequest, lending.CodeInvalidQuery)
	}
	h.refused(h.do(http.MethodGet, "/loans/loan_nope/statements", nil, "Accept: application/json"), http.StatusNotFound, lending.CodeLoanNotFound)
}

// TestAnnualStatement: one per completed agreement year (CCA s77A).
func TestAnnualStatement(t *testing.T) {
	h := newHarness(t)
	resp := h.raw("/loans/loan_settled/statements/annual", "application/json")
	var s lending.Statement
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %v", resp.StatusCode, err)
	}
	if s.Kind != lending.StatementAnnual || s.Year != 1 || s.From != "2024-12-25" || s.To != "2025-12-24" || s.ClosingBalancePence != 0 ||
		!strings.HasPrefix(s.FileName, "annual-statement-loan_settled-year-1") {
		t.Fatalf("annual %+v", s)
	}
	pages, _ := pdf.ExtractText(s.Content)
	if text := strings.Join(pages, "\n"); !strings.Contains(text, "section 77A of the Consumer Credit Act 1974") || !strings.Contains(text, "year 1") {
		t.Fatalf("annual statement:\n%s", text)
	}
	// Year 2 began after the loan was settled; the up-to-date loan has no complete year yet.
	h.refused(h.do(http.MethodGet, "/loans/loan_settled/statements/annual?year=2", nil, "Accept: application/json"), http.StatusNotFound, lending.CodeStatementNotAvailable)
	h.refused(h.do(http.MethodGet, "/loans/loan_up_to_date/statements/annual", nil, "Accept: application/json"), http.StatusNotFound, lending.CodeStatementNotAvailable)
	h.refused(h.do(http.MethodGet, "/loans/loan_settled/statements/annual?year=0", nil, "Accept: application/json"), http.StatusBadRequest, lending.CodeInvalidQuery)
	// Once the clock passes its first anniversary, it has one.
	h.on("2026-07-02")
	if resp := h.raw("/loans/loan_up_to_date/statements/annual?year=1", ""); resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("a year on: %d", resp.StatusCode)
	}
}

// TestStatementsNameTheBrandOwningTheLoan: a loan drawn down from a white-label application has its
// statements in that brand, and a loan of the lender's own brand in its own.
func TestStatementsNameTheBrandOwningTheLoan(t *testing.T) {
	h := newHarness(t)
	for _, tt := range []struct{ owner, brand, other string }{
		{HarbourBrand, "Harbour Credit", "Meadow Loans"},
		{lending.DefaultBrand, "Meadow Loans", "Harbour Credit"},
	} {
		ready := h.readyForDrawdownOwnedBy("statement."+tt.owner+"@example.com", tt.owner)
		var l lending.Loan
		h.must(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: ready.ID}, "Idempotency-Key: statement-"+tt.owner),
			http.StatusCreated, &l)
		resp := h.raw("/loans/"+l.ID+"/statements", "")
		b := readAll(t, resp.Body)
		pages, err := pdf.ExtractText(b)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s statement: %d %v", tt.owner, resp.StatusCode, err)
		}
		text := strings.Join(pages, "\n")
		if !strings.Contains(text, tt.brand) || strings.Contains(text, tt.other) {
			t.Errorf("a %s loan's statement should name %s and not %s:\n%s", tt.owner, tt.brand, tt.other, text)
		}
	}
}

// TestClosingStatement: a settled loan has a closing statement, from its drawdown to the day it was
// settled, whose balance ends at nothing; a loan not settled has none.
func TestClosingStatement(t *testing.T) {
	h := newHarness(t)
	resp := h.raw("/loans/loan_settled/statements/closing", "application/json")
	var s lending.Statement
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %v", resp.StatusCode, err)
	}
	tx := h.txns("loan_settled")
	if s.Kind != lending.StatementClosing || s.From != "2024-12-25" || s.To != "2025-10-27" || s.OpeningBalancePence != 0 ||
		s.ClosingBalancePence != 0 || len(s.Transactions) != len(tx) || s.FileName != "closing-statement-loan_settled.pdf" ||
		s.Transactions[len(tx)-1] != tx[len(tx)-1] || s.PaymentsPence != 10*10664-tx[len(tx)-1].AmountPence {
		t.Fatalf("closing %s to %s: opening %d, closing %d, payments %d, %d transactions in %s", s.From, s.To, s.OpeningBalancePence,
			s.ClosingBalancePence, s.PaymentsPence, len(s.Transactions), s.FileName)
	}
	text := pdfText(t, s.Content)
	for _, want := range []string{"Closing statement", "Your loan was repaid in full on 27 October 2025 (settled early)", "Emery Foster",
		"Early settlement by bank transfer"} {
		if !strings.Contains(text, want) {
			t.Errorf("the closing statement lacks %q", want)
		}
	}
	raw := h.raw("/loans/loan_settled/statements/closing", "")
	if b := readAll(t, raw.Body); raw.Header.Get("Content-Type") != "application/pdf" || !bytes.Equal(b, s.Content) {
		t.Fatalf("the PDF itself: %v", raw.Header)
	}
	h.refused(h.do(http.MethodGet, "/loans/loan_up_to_date/statements/closing", nil, "Accept: application/json"), http.StatusNotFound,
		lending.CodeStatementNotAvailable)
	h.refused(h.do(http.MethodGet, "/loans/loan_nope/statements/closing", nil, "Accept: application/json"), http.StatusNotFound,
		lending.CodeLoanNotFound)
}
