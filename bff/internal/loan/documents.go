package loan

import (
	"bytes"
	"context"
	"errors"
	"mime"
	"slices"
	"strconv"
	"strings"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/shared/coredate"
	"lender/bff/upstream/lending"
)

// A document id (what downloadPDF/{id} takes) names the loan it belongs to, so the loan is checked to
// be the caller's before anything else is asked, and then what the document is. The parts are joined
// by '~', which no loan id has (the lending core's ids are letters, digits, '_', '-' and '.'):
//
//	<loanId>~doc~<kind>             a document the loan keeps (lending.LoanDocumentKinds)
//	<loanId>~statement~<from>~<to>  a period statement, dates as YYYY-MM-DD
//	<loanId>~annual~<year>          the annual statement of an agreement year
//	<loanId>~closing                a settled loan's closing statement
//
// The apps treat them as opaque; the contract's pattern (^[A-Za-z0-9_.~-]+$, at most 200) fits them.
const idSeparator = "~"

// Kinds of document id.
const (
	refDocument  = "doc"
	refStatement = "statement"
	refAnnual    = "annual"
	refClosing   = "closing"
)

// docRef is a parsed document id.
type docRef struct {
	loanID string
	kind   string // one of the ref… kinds
	doc    string // refDocument: the lending core's document kind
	from   string // refStatement
	to     string // refStatement
	year   int    // refAnnual
}

// String is the document id.
func (r docRef) String() string {
	parts := []string{r.loanID, r.kind}
	switch r.kind {
	case refDocument:
		parts = append(parts, r.doc)
	case refStatement:
		parts = append(parts, r.from, r.to)
	case refAnnual:
		parts = append(parts, strconv.Itoa(r.year))
	}
	return strings.Join(parts, idSeparator)
}

// parseDocRef reads a document id; false for anything String does not write.
func parseDocRef(id string) (docRef, bool) {
	p := strings.Split(id, idSeparator)
	if len(p) < 2 || p[0] == "" {
		return docRef{}, false
	}
	r := docRef{loanID: p[0], kind: p[1]}
	switch {
	case r.kind == refDocument && len(p) == 3 && slices.Contains(lending.LoanDocumentKinds(), p[2]):
		r.doc = p[2]
	case r.kind == refStatement && len(p) == 4 && isDate(p[2]) && isDate(p[3]):
		r.from, r.to = p[2], p[3]
	case r.kind == refAnnual && len(p) == 3:
		n, err := strconv.Atoi(p[2])
		if err != nil || n < 1 || strconv.Itoa(n) != p[2] {
			return docRef{}, false
		}
		r.year = n
	case r.kind == refClosing && len(p) == 2:
	default:
		return docRef{}, false
	}
	return r, true
}

// isDate: s is a calendar date written YYYY-MM-DD.
func isDate(s string) bool {
	t, err := time.Parse(time.DateOnly, s)
	return err == nil && t.Format(time.DateOnly) == s
}

// LegalDocuments lists the documents kept with one of the borrower's loans (/legal-documents): those
// it was signed with, then its later ones (the settlement letter), each with the id of its PDF.
func (h *Handlers) LegalDocuments(ctx context.Context, req apigen.LegalDocumentsRequestObject) (apigen.LegalDocumentsResponseObject, error) {
	l, err := h.own(ctx, req.Params.LoanId, ofLoan)
	if err != nil {
		return nil, err
	}
	list, err := h.lending.LoanDocuments(ctx, l.ID)
	if err != nil {
		return nil, loanCallError(err, ofLoan)
	}
	var d coredate.Reader
	out := apigen.LegalDocuments200JSONResponse{Status: 200}
	out.ResultData.LoanId = l.ID
	out.ResultData.Documents = make([]apigen.LegalDocument, len(list.Documents))
	for i, doc := range list.Documents {
		out.ResultData.Documents[i] = apigen.LegalDocument{Kind: doc.Kind, Title: doc.Title, Date: d.Of(doc.Date),
			DocumentId: docRef{loanID: l.ID, kind: refDocument, doc: doc.Kind}.String()}
	}
	if err := d.Failed(); err != nil {
		return nil, err
	}
	return out, nil
}

var errNoDocument = errors.New("loan: no such document")

// DownloadPDF answers the PDF a document id names, as an attachment with its file name: a document the
// loan keeps or one of its statements. The loan the id names is checked to be the borrower's first;
// an id that is not one, or names nothing, is the same 100404.
func (h *Handlers) DownloadPDF(ctx context.Context, req apigen.DownloadPDFRequestObject) (apigen.DownloadPDFResponseObject, error) {
	ref, ok := parseDocRef(req.Id)
	if !ok {
		return nil, notFound(ofDocument, errNoDocument)
	}
	l, err := h.own(ctx, ref.loanID, ofDocument)
	if err != nil {
		return nil, err
	}
	name, content, err := h.pdf(ctx, l, ref)
	if err != nil {
		return nil, err
	}
	return apigen.DownloadPDF200ApplicationpdfResponse{
		Body:          bytes.NewReader(content),
		ContentLength: int64(len(content)),
		Headers:       apigen.DownloadPDF200ResponseHeaders{ContentDisposition: attachment(name)},
	}, nil
}

// pdf fetches the file name and bytes of the document ref names on loan l, which is the caller's.
func (h *Handlers) pdf(ctx context.Context, l lending.Loan, ref docRef) (string, []byte, error) {
	var (
		s   lending.Statement
		err error
	)
	switch ref.kind {
	case refDocument:
		doc, derr := h.lending.LoanDocument(ctx, l.ID, ref.doc, lending.FormatPDF)
		if derr != nil {
			return "", nil, documentError(derr)
		}
		return ref.doc + "-" + l.ID + ".pdf", doc.Content, nil
	case refStatement:
		// A period the loan cannot have names no document.
		p, perr := periodsOf(l)
		if perr != nil {
			return "", nil, perr
		}
		from, _ := time.Parse(time.DateOnly, ref.from) // parseDocRef checked both
		to, _ := time.Parse(time.DateOnly, ref.to)
		if p.check(from, to) != nil {
			return "", nil, notFound(ofDocument, errNoDocument)
		}
		s, err = h.lending.Statement(ctx, l.ID, ref.from, ref.to)
	case refAnnual:
		s, err = h.lending.AnnualStatement(ctx, l.ID, ref.year)
	default:
		s, err = h.lending.ClosingStatement(ctx, l.ID)
	}
	if err != nil {
		return "", nil, documentError(err)
	}
	return s.FileName, s.Content, nil
}

// documentError maps a failed fetch of a document: one the loan does not have is not found.
func documentError(err error) error {
	switch {
	case errors.Is(err, lending.ErrDocumentNotFound), errors.Is(err, lending.ErrStatementNotAvailable),
		errors.Is(err, lending.ErrInvalidRequest):
		return notFound(ofDocument, err)
	}
	return loanCallError(err, ofDocument)
}

// attachment is the Content-Disposition of a download named name (a name that cannot be written is
// replaced).
func attachment(name string) string {
	if v := mime.FormatMediaType("attachment", map[string]string{"filename": name}); v != "" && strings.HasSuffix(name, ".pdf") {
		return v
	}
	return `attachment; filename="document.pdf"`
}
