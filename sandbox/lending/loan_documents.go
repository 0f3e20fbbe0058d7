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
		set := p.st.signedDocumentsOf(l)
		if set == nil {
			return http.StatusOK, out
		}
		for _, kind := range lending.DocumentKinds() {
			c := set.Contents[kind]
			sum := sha256.Sum256(renderPDF(c, set.Author))
			out.Documents = append(out.Documents, lending.LoanDocumentSummary{Kind: kind, Title: c.Title,
				Date: isoDate(c.Date), SignedAt: set.SignedAt, PDFSHA256: hex.EncodeToString(sum[:])})
		}
		return http.StatusOK, out
	})
}

// loanDocument answers GET /loans/{id}/documents/{kind}?format=html|pdf as getDocument answers an
// application's: the bytes, or the lending.Document to a request that accepts application/json.
func (p *Provider) loanDocument(w http.ResponseWriter, r *http.Request) {
	kind, format, ok := documentRequest(w, r)
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

// loanDocument renders the document of kind (one of lending.DocumentKinds) that loan id keeps, as it was
// signed. The caller holds Provider.mu.
func (st *state) loanDocument(id, kind, format string) (lending.Document, *problem) {
	l, ok := st.loanState().Loans[id]
	if !ok {
		return lending.Document{}, notFoundLoan()
	}
	set := st.signedDocumentsOf(l)
	if set == nil {
		return lending.Document{}, &problem{status: http.StatusNotFound, code: lending.CodeDocumentNotFound,
			message: "the loan keeps no documents: it was not signed with any"}
	}
	return set.render(kind, format)
}

// documentRequest reads a document request's kind (a lending.DocumentKinds kind) and format (html,
// the default, or pdf), answering 404 document_not_found or 400 invalid_query when it cannot.
func documentRequest(w http.ResponseWriter, r *http.Request) (kind, format string, ok bool) {
	kind = r.PathValue("kind")
	if !slices.Contains(lending.DocumentKinds(), kind) {
		httpjson.Error(w, http.StatusNotFound, lending.CodeDocumentNotFound, "documents are "+strings.Join(lending.DocumentKinds(), ", "))
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
