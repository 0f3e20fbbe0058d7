package lending

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
)

// TestSettlementLetterTable: a loan settled early by a settlement repayment keeps a settlement letter,
// listed after its signed documents, dated the day it was settled, in the loan's brand, saying the
// amount paid and the closing balance of £0.00, served as PDF and HTML; a loan open, paid in part or
// settled by its final instalment keeps none (404 document_not_found), and an application never does.
func TestSettlementLetterTable(t *testing.T) {
	tests := []struct {
		name   string
		loanID string
		act    func(h *harness, loanID string) // what happens to the loan
		letter bool
	}{
		{name: "settled early by a settlement repayment", loanID: "loan_up_to_date", letter: true,
			act: func(h *harness, id string) {
				var q lending.SettlementQuote
				h.must(h.do(http.MethodPost, "/loans/"+id+"/settlement-quotes", struct{}{}), http.StatusCreated, &q)
				h.must(h.payQuote(id, q.ID, q.TotalToSettlePence, "letter-settle"), http.StatusCreated, nil)
			}},
		{name: "open, an instalment paid", loanID: "loan_up_to_date",
			act: func(h *harness, id string) {
				h.repay(id, h.schedule(id)[h.loan(id).InstalmentsPaid].PaymentPence)
			}},
		{name: "open, nothing done", loanID: "loan_up_to_date", act: func(*harness, string) {}},
		{name: "seeded as settled early", loanID: "loan_settled", act: func(*harness, string) {}, letter: true},
		{name: "settled by its final instalment", loanID: "loan_up_to_date", act: func(h *harness, id string) {
			for _, r := range h.schedule(id)[h.loan(id).InstalmentsPaid:] {
				h.on(r.DueDate)
				h.repay(id, r.PaymentPence)
			}
			if l := h.loan(id); l.SettledBy != lending.SettledByFinalInstalment {
				h.t.Fatalf("the loan is %s by %q, want settled by its final instalment", l.Status, l.SettledBy)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var before lending.LoanDocumentList
			h.must(h.do(http.MethodGet, "/loans/"+tt.loanID+"/documents", nil), http.StatusOK, &before)
			before.Documents = slices.DeleteFunc(before.Documents, func(d lending.LoanDocumentSummary) bool {
				return d.Kind == lending.DocumentSettlementLetter // the seeded settled loan has it from the start
			})
			tt.act(h, tt.loanID)

			var list lending.LoanDocumentList
			h.must(h.do(http.MethodGet, "/loans/"+tt.loanID+"/documents", nil), http.StatusOK, &list)
			path := "/loans/" + tt.loanID + "/documents/" + lending.DocumentSettlementLetter
			if !tt.letter {
				if len(list.Documents) != len(before.Documents) {
					t.Fatalf("documents %+v, want the %d it had", list.Documents, len(before.Documents))
				}
				for _, f := range []string{lending.FormatPDF, lending.FormatHTML} {
					h.refused(h.do(http.MethodGet, path+"?format="+f, nil), http.StatusNotFound, lending.CodeDocumentNotFound)
				}
				return
			}
			// The signed documents first, as they were; the letter last.
			if len(list.Documents) != len(before.Documents)+1 {
				t.Fatalf("documents %+v, want the %d signed and the letter", list.Documents, len(before.Documents))
			}
			for i, d := range before.Documents {
				if list.Documents[i] != d {
					t.Fatalf("signed document %d changed: %+v, was %+v", i, list.Documents[i], d)
				}
			}
			l := h.loan(tt.loanID)
			var paid int64
			for _, x := range h.txns(tt.loanID) {
				if x.Type == lending.TransactionSettlement {
					paid = -x.AmountPence
				}
			}
			if l.Status != lending.LoanStatusSettled || l.SettledBy != lending.SettledBySettlement || paid <= 0 {
				t.Fatalf("the loan is %s by %q, paid %d", l.Status, l.SettledBy, paid)
			}
			settledOn, _ := time.Parse(time.DateOnly, l.SettledOn)
			today := l.SettledOn
			got := list.Documents[len(list.Documents)-1]
			if got.Kind != lending.DocumentSettlementLetter || got.Date != today || !got.SignedAt.IsZero() || got.Title != "Your loan is settled" {
				t.Fatalf("the letter's summary %+v, want dated %s without signedAt", got, today)
			}
			pdfDoc := h.jsonDocument(path + "?format=pdf")
			if pdfDoc.SHA256 != got.PDFSHA256 || pdfDoc.SignedAt != nil || pdfDoc.ContentType != "application/pdf" {
				t.Fatalf("the PDF: sha %s (listed %s), signedAt %v, %s", pdfDoc.SHA256, got.PDFSHA256, pdfDoc.SignedAt, pdfDoc.ContentType)
			}
			text := strings.Join(strings.Fields(pdfText(t, pdfDoc.Content)), " ")
			brand := func() string {
				h.p.mu.Lock()
				defer h.p.mu.Unlock()
				return h.p.st.loanBrand(h.p.st.loanState().Loans[tt.loanID]).DisplayName
			}()
			for _, want := range []string{"Your loan is settled", longDate(settledOn), "Amount paid to settle " + credit.FormatPounds(paid),
				"Closing balance £0.00", "Your loan agreement with " + brand + " is settled"} {
				if !strings.Contains(text, want) {
					t.Errorf("the letter's PDF lacks %q: %s", want, text)
				}
			}
			html := h.fetchDoc(path + "?format=html")
			if html.Code != http.StatusOK || !strings.Contains(html.Body.String(), "Your loan is settled") ||
				!strings.HasPrefix(html.Header().Get("Content-Type"), "text/html") {
				t.Fatalf("the letter's HTML: %d %s", html.Code, html.Header().Get("Content-Type"))
			}
			// The same bytes on a later read, the clock moved on.
			h.at(h.clock.Now().AddDate(0, 0, 10))
			if again := h.jsonDocument(path + "?format=pdf"); again.SHA256 != pdfDoc.SHA256 {
				t.Fatal("the letter changed after the clock moved")
			}
		})
	}
	t.Run("an application has no settlement letter", func(t *testing.T) {
		h := newHarness(t)
		a := h.approved("no-letter@example.com")
		h.refused(h.do(http.MethodGet, "/applications/"+a.ID+"/documents/"+lending.DocumentSettlementLetter, nil), http.StatusNotFound,
			lending.CodeDocumentNotFound)
	})
}
