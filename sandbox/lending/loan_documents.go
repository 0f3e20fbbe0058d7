package lending

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// A loan's documents (GET /loans/{id}/documents, …/documents/{kind}): the documents its application
// kept when the borrower signed the credit agreement (document.go, signedDocuments), the signed
// agreement first among them; or, for a loan the core was seeded with, its own, signed at its
// drawdown (loan_seed.go). They never change: the loan is what was signed. A loan that came from
// neither (a top-up, one the back office opened) keeps none.
//
// After them come the loan's later documents (lending.LaterDocumentKinds), made when something
// happens to it: the settlement letter once a settlement repayment settled it early. A later document
// is drawn from what the loan recorded then (the settlement's transaction), so it too reads the same
// every time.

// signedDocumentsOf is the documents loan l was signed with, nil when it keeps none. The caller holds
// Provider.mu.
func (st *state) signedDocumentsOf(l *loanRec) *signedDocuments {
	if l.Documents != nil {
		return l.Documents
	}
	if a := st.apps.byID[l.ApplicationID]; a != nil {
		return a.signed
	}
	return nil
}

// loanDocuments answers GET /loans/{id}/documents, in lending.DocumentKinds order.
func (p *Provider) loanDocuments(w http.ResponseWriter, r *http.Request) {
	p.withLoan(w, r, false, func(_ *loanBook, l *loanRec, _ time.Time) (int, any) {
		out := lending.LoanDocumentList{LoanID: l.ID, Documents: []lending.LoanDocumentSummary{}}
		summary := func(c docContent, author string, signedAt time.Time) {
			sum := sha256.Sum256(renderPDF(c, author))
			out.Documents = append(out.Documents, lending.LoanDocumentSummary{Kind: c.Kind, Title: c.Title,
				Date: isoDate(c.Date), SignedAt: signedAt, PDFSHA256: hex.EncodeToString(sum[:])})
		}
		if set := p.st.signedDocumentsOf(l); set != nil {
			for _, kind := range lending.DocumentKinds() {
				summary(set.Contents[kind], set.Author, set.SignedAt)
			}
		}
		if c, author, ok := p.st.settlementLetter(l); ok {
			summary(c, author, time.Time{})
		}
		return http.StatusOK, out
	})
}

// loanDocument answers GET /loans/{id}/documents/{kind}?format=html|pdf as getDocument answers an
// application's: the bytes, or the lending.Document to a request that accepts application/json.
func (p *Provider) loanDocument(w http.ResponseWriter, r *http.Request) {
	kind, format, ok := documentRequest(w, r, lending.LoanDocumentKinds())
	if !ok {
		return
	}
	p.mu.Lock()
	doc, perr := p.st.loanDocument(r.PathValue("id"), kind, format)
	p.mu.Unlock()
	if perr != nil {
		perr.write(w)
		return
	}
	writeDocument(w, r, doc, r.PathValue("id"))
}

// loanDocument renders the document of kind (one of lending.LoanDocumentKinds) that loan id keeps, as
// it was signed or made. The caller holds Provider.mu.
func (st *state) loanDocument(id, kind, format string) (lending.Document, *problem) {
	l, ok := st.loanState().Loans[id]
	if !ok {
		return lending.Document{}, notFoundLoan()
	}
	if kind == lending.DocumentSettlementLetter {
		c, author, ok := st.settlementLetter(l)
		if !ok {
			return lending.Document{}, &problem{status: http.StatusNotFound, code: lending.CodeDocumentNotFound,
				message: "the loan has no settlement letter: it was not settled early by a settlement repayment"}
		}
		return renderAs(c, format, author, l.SettledAt, nil)
	}
	set := st.signedDocumentsOf(l)
	if set == nil {
		return lending.Document{}, &problem{status: http.StatusNotFound, code: lending.CodeDocumentNotFound,
			message: "the loan keeps no documents: it was not signed with any"}
	}
	return set.render(kind, format)
}

// documentRequest reads a document request's kind (one of kinds) and format (html, the default, or
// pdf), answering 404 document_not_found or 400 invalid_query when it cannot.
func documentRequest(w http.ResponseWriter, r *http.Request, kinds []string) (kind, format string, ok bool) {
	kind = r.PathValue("kind")
	if !slices.Contains(kinds, kind) {
		httpjson.Error(w, http.StatusNotFound, lending.CodeDocumentNotFound, "documents are "+strings.Join(kinds, ", "))
		return "", "", false
	}
	q := r.URL.Query()
	format = q.Get("format")
	if format == "" {
		format = lending.FormatHTML
	}
	if (format != lending.FormatHTML && format != lending.FormatPDF) || len(q["format"]) > 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "format must be html or pdf")
		return "", "", false
	}
	return kind, format, true
}

// settlementLetter is the settlement letter of l, drawn in its brand (author is the brand's name), when
// a settlement repayment settled it: dated the day it was settled, with the amount that settled it
// and the closing balance. ok is false for a loan not settled that way. The caller holds Provider.mu.
func (st *state) settlementLetter(l *loanRec) (c docContent, author string, ok bool) {
	if !l.Settled || l.SettledBy != lending.SettledBySettlement {
		return docContent{}, "", false
	}
	i := slices.IndexFunc(l.Txns, func(t loanTxn) bool { return t.Type == lending.TransactionSettlement })
	if i < 0 {
		return docContent{}, "", false
	}
	brand := st.loanBrand(l)
	name := "Dear borrower,"
	if cu := st.customers[l.CustomerID]; cu != nil {
		name = "Dear " + cu.firstName + " " + cu.lastName + ","
	}
	day := loanDay(l.SettledAt)
	paid := -l.Txns[i].Amount
	c = docContent{Kind: lending.DocumentSettlementLetter, Title: "Your loan is settled", Date: day}
	c.p(name)
	c.p("Your loan agreement with " + brand.DisplayName + " is settled. You repaid it early, in full, on " + longDate(day) +
		", under the Consumer Credit (Early Settlement) Regulations 2004. You owe nothing more under this agreement.")
	c.facts([2]string{"Loan", l.ID}, [2]string{"Settled on", longDate(day)}, [2]string{"Amount paid to settle", pounds(paid)},
		[2]string{"Closing balance", pounds(0)})
	c.p("Keep this letter as proof that the loan is repaid. If you have a question about it, contact " + brand.DisplayName +
		" at " + brand.Contact.Email + " or on " + brand.Contact.Phone + ".")
	return c, brand.DisplayName, true
}
