package lending

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
	"lender/sandbox/personas"
)

// jsonDocument reads a document's JSON rendition at path.
func (h *harness) jsonDocument(path string) lending.Document {
	h.t.Helper()
	var d lending.Document
	h.must(h.do(http.MethodGet, path, nil, "Accept: application/json"), http.StatusOK, &d)
	return d
}

// TestTheSignedAgreementIsKeptAsSigned: once signed, every document of the application (the agreement
// with its signature, and the pre-contract documents given with it) is the copy of that moment: the
// same bytes after the clock moves, dated the day it was signed. Signing again makes a new copy.
func TestTheSignedAgreementIsKeptAsSigned(t *testing.T) {
	h := newHarness(t)
	a := h.approved("kept@example.com")
	agreementPDF := "/applications/" + a.ID + "/documents/credit-agreement?format=pdf"
	before := h.jsonDocument(agreementPDF)
	if before.SignedAt != nil || !strings.Contains(pdfText(t, before.Content), "not yet signed") {
		t.Fatalf("before signing: signedAt %v", before.SignedAt)
	}
	signedAt := testNow.Add(2 * time.Hour)
	h.at(signedAt)
	h.appStep(http.MethodPost, a.ID, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs", DocumentSHA256: before.SHA256})

	kept := map[string][]byte{}
	for _, kind := range lending.DocumentKinds() {
		for _, format := range []string{lending.FormatHTML, lending.FormatPDF} {
			d := h.jsonDocument("/applications/" + a.ID + "/documents/" + kind + "?format=" + format)
			if d.SignedAt == nil || !d.SignedAt.Equal(signedAt) || !d.GeneratedAt.Equal(signedAt) {
				t.Fatalf("%s %s: signedAt %v generatedAt %v, want %v", kind, format, d.SignedAt, d.GeneratedAt, signedAt)
			}
			kept[kind+format] = d.Content
		}
	}
	text := strings.Join(strings.Fields(pdfText(t, kept["credit-agreementpdf"])), " ")
	for _, want := range []string{"4 March 2026", "First repayment 4 April 2026", "Signed electronically by the borrower, Jo Bloggs, on 4 March 2026 at 11:30 UTC",
		"The agreement signed has the SHA-256 digest " + before.SHA256} {
		if !strings.Contains(text, want) {
			t.Errorf("the signed agreement lacks %q", want)
		}
	}

	// Days later (the loan paid out or not), the copies are the bytes signed.
	h.at(testNow.AddDate(0, 0, 40))
	for _, kind := range lending.DocumentKinds() {
		for _, format := range []string{lending.FormatHTML, lending.FormatPDF} {
			rec := h.fetchDoc("/applications/" + a.ID + "/documents/" + kind + "?format=" + format)
			if !bytes.Equal(rec.Body.Bytes(), kept[kind+format]) {
				t.Fatalf("%s %s changed after the clock moved", kind, format)
			}
		}
	}

	// sign_again takes the copy away: the agreement is today's until signed again, then the new copy.
	h.appStep(http.MethodPost, a.ID, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpSignAgain})
	today := h.jsonDocument(agreementPDF)
	if today.SignedAt != nil || !strings.Contains(pdfText(t, today.Content), "13 April 2026") {
		t.Fatal("after sign_again the agreement is not today's")
	}
	h.appStep(http.MethodPost, a.ID, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs", DocumentSHA256: today.SHA256})
	if again := h.jsonDocument(agreementPDF); again.SignedAt == nil || bytes.Equal(again.Content, kept["credit-agreementpdf"]) ||
		!strings.Contains(pdfText(t, again.Content), "First repayment 13 May 2026") {
		t.Fatal("signing again did not keep the new agreement")
	}
}

// TestALoanKeepsItsSignedDocuments: the loan lists the documents signed, serves them as signed, and is
// dated as the agreement: signed one day, paid out the next, the first repayment is the agreement's.
func TestALoanKeepsItsSignedDocuments(t *testing.T) {
	h := newHarness(t)
	a := h.approved("loan-docs@example.com")
	h.must(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/pin", lending.PINRequest{PIN: "2468"}), http.StatusOK, nil)
	h.appStep(http.MethodPut, a.ID, "phone", lending.PhoneRequest{Phone: "07700 900" + phoneSuffix("loan-docs@example.com")})
	h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/payee-confirmation", lending.PayeeRequest{AccountName: "Jo Bloggs",
		SortCode: "99-01-02", AccountNumber: "31926819"}), http.StatusOK, nil)
	h.appStep(http.MethodPut, a.ID, "cpa", lending.CPARequest{CardToken: "card_test_" + a.ID})
	h.appStep(http.MethodPost, a.ID, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs"})
	signed := h.jsonDocument("/applications/" + a.ID + "/documents/credit-agreement?format=pdf")

	h.at(testNow.Add(20 * time.Hour)) // the next day: identity, then the drawdown
	h.appStep(http.MethodPost, a.ID, "identity-verification", lending.IdentityVerificationRequest{CheckID: "idc_test"})
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: a.ID}, "Idempotency-Key: dd-"+a.ID), http.StatusCreated, &l)
	if l.DrawdownDate != "2026-03-05" || l.FirstDueDate != "2026-04-04" || l.NextPayment == nil || l.NextPayment.DueDate != "2026-04-04" {
		t.Fatalf("the loan is dated %s, first due %s: want the agreement's first repayment, 4 April", l.DrawdownDate, l.FirstDueDate)
	}

	var list lending.LoanDocumentList
	h.must(h.do(http.MethodGet, "/loans/"+l.ID+"/documents", nil), http.StatusOK, &list)
	if list.LoanID != l.ID || len(list.Documents) != len(lending.DocumentKinds()) {
		t.Fatalf("documents %+v", list)
	}
	for i, d := range list.Documents {
		if d.Kind != lending.DocumentKinds()[i] || d.Date != "2026-03-04" || !d.SignedAt.Equal(testNow) || d.Title == "" {
			t.Fatalf("document %d: %+v", i, d)
		}
		pdfDoc := h.jsonDocument("/loans/" + l.ID + "/documents/" + d.Kind + "?format=pdf")
		sum := sha256.Sum256(pdfDoc.Content)
		if d.PDFSHA256 != hex.EncodeToString(sum[:]) || pdfDoc.SHA256 != d.PDFSHA256 {
			t.Fatalf("%s: the list's digest %s, the PDF's %s", d.Kind, d.PDFSHA256, pdfDoc.SHA256)
		}
	}
	raw := h.fetchDoc("/loans/" + l.ID + "/documents/credit-agreement?format=pdf")
	if !bytes.Equal(raw.Body.Bytes(), signed.Content) || raw.Header().Get("Content-Type") != "application/pdf" ||
		raw.Header().Get("Content-Disposition") != `inline; filename="credit-agreement-`+l.ID+`.pdf"` {
		t.Fatalf("the loan's agreement is not the one signed: %v", raw.Header())
	}

	// A loan the back office opened was signed with nothing: it keeps none.
	c := h.newCustomer("back-office@example.com")
	office := h.openLoan(c.ID, 2_000_00, 12, "", 0)
	var none lending.LoanDocumentList
	h.must(h.do(http.MethodGet, "/loans/"+office.ID+"/documents", nil), http.StatusOK, &none)
	if none.Documents == nil || len(none.Documents) != 0 {
		t.Fatalf("a back-office loan lists %+v", none.Documents)
	}
	h.refused(h.do(http.MethodGet, "/loans/"+office.ID+"/documents/credit-agreement", nil, "Accept: application/json"),
		http.StatusNotFound, lending.CodeDocumentNotFound)
	h.refused(h.do(http.MethodGet, "/loans/loan_nobody/documents", nil), http.StatusNotFound, lending.CodeLoanNotFound)
	h.refused(h.do(http.MethodGet, "/loans/"+l.ID+"/documents/terms", nil), http.StatusNotFound, lending.CodeDocumentNotFound)
	h.refused(h.do(http.MethodGet, "/loans/"+l.ID+"/documents/secci?format=docx", nil), http.StatusBadRequest, lending.CodeInvalidQuery)
}

// TestSeededLoansKeepTheirSignedDocuments: every seeded loan keeps the documents it was signed with, as
// a borrower's own loan does: in the brand owning the persona's business, with the borrower's name and
// the loan's terms, dated and signed at the drawdown, the same bytes however the clock moves.
func TestSeededLoansKeepTheirSignedDocuments(t *testing.T) {
	h := newHarness(t)
	for _, b := range personas.Borrowers() {
		for _, id := range []string{SeedLoanID(b.Key), SeedLoanID(b.Key) + "_2"} {
			rec, ok := h.book().Loans[id]
			if !ok {
				continue
			}
			var list lending.LoanDocumentList
			h.must(h.do(http.MethodGet, "/loans/"+id+"/documents", nil), http.StatusOK, &list)
			want := len(lending.DocumentKinds())
			if rec.SettledBy == lending.SettledBySettlement {
				want++ // its settlement letter, after them (TestSettlementLetterTable)
			}
			if len(list.Documents) != want {
				t.Fatalf("%s: documents %+v", id, list.Documents)
			}
			for i, d := range list.Documents[:len(lending.DocumentKinds())] {
				if d.Kind != lending.DocumentKinds()[i] || d.Date != isoDate(rec.Drawdown) || !d.SignedAt.Equal(rec.OpenedAt) {
					t.Fatalf("%s document %d: %+v, want dated and signed at the drawdown %s", id, i, d, rec.OpenedAt)
				}
			}
			agreement := h.jsonDocument("/loans/" + id + "/documents/credit-agreement?format=pdf")
			l := h.loan(id)
			text := strings.Join(strings.Fields(pdfText(t, agreement.Content)), " ")
			for _, want := range []string{"Meadow Loans", b.FirstName + " " + b.LastName, "Agreement number " + id,
				"Signed electronically by the borrower, " + b.FirstName + " " + b.LastName + ", on " + longDate(rec.OpenedAt),
				"Amount of credit " + credit.FormatPounds(l.AmountPence), "Monthly repayment " + credit.FormatPounds(l.MonthlyInstalmentPence),
				"First repayment " + dueDate(l.FirstDueDate)} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: the agreement lacks %q", id, want)
				}
			}
			if agreement.SignedAt == nil || agreement.SHA256 != list.Documents[2].PDFSHA256 {
				t.Errorf("%s: the agreement read is not the one listed", id)
			}
		}
	}
	before := h.jsonDocument("/loans/loan_settled/documents/secci?format=pdf")
	h.at(testNow.AddDate(0, 3, 0))
	if after := h.jsonDocument("/loans/loan_settled/documents/secci?format=pdf"); !bytes.Equal(after.Content, before.Content) {
		t.Fatal("a seeded loan's document changed when the clock moved")
	}
}
