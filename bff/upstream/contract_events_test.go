package upstream_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// The event feed and a loan's documents: what the BFF mails borrowers from, and the signed documents
// kept with a loan.
func init() { contract = append(contract, eventContract...) }

// paidOutApplication is an application through every step, signed, and drawn down as a loan.
func paidOutApplication(t *testing.T, ctx context.Context, c clients, email string) (lending.Application, lending.Loan) {
	t.Helper()
	a := identityStageApplication(t, ctx, c, email)
	if _, err := c.lending.RecordIdentityVerified(ctx, a.ID, "idc_contract"); err != nil {
		t.Fatal(err)
	}
	l, err := c.lending.CreateLoan(ctx, lending.CreateLoanRequest{ApplicationID: a.ID}, "draw-"+a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return a, l
}

var eventContract = []contractCase{
	{"lending.Events", "every decision, signature and payout, in order, after a cursor", func(t *testing.T, ctx context.Context, c clients) {
		start, err := c.lending.Events(ctx, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		a, l := paidOutApplication(t, ctx, c, "contract-events@example.com")
		feed, err := c.lending.Events(ctx, start.LatestSeq, lending.MaxEventsPage)
		if err != nil {
			t.Fatal(err)
		}
		var mine []lending.Event
		for _, e := range feed.Events {
			if e.ApplicationID == a.ID {
				mine = append(mine, e)
			}
		}
		if len(mine) != 3 || mine[0].Type != lending.EventApplicationApproved || mine[1].Type != lending.EventAgreementSigned ||
			mine[2].Type != lending.EventLoanPaidOut || mine[2].LoanID != l.ID || mine[0].CustomerID != a.CustomerID ||
			mine[0].Seq <= start.LatestSeq || mine[2].Seq > feed.LatestSeq {
			t.Fatalf("the feed after %d: %+v", start.LatestSeq, feed)
		}
		if page, err := c.lending.Events(ctx, mine[0].Seq, 1); err != nil || len(page.Events) != 1 || page.Events[0].Seq <= mine[0].Seq {
			t.Fatalf("one after %d: %+v %v", mine[0].Seq, page, err)
		}
		if _, err := c.lending.Events(ctx, -1, 0); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a negative cursor: %v", err)
		}
		if _, err := c.lending.Events(ctx, 0, lending.MaxEventsPage+1); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("too many: %v", err)
		}
	}},
	{"lending.LoanDocuments", "the documents signed, kept with the loan", func(t *testing.T, ctx context.Context, c clients) {
		_, l := paidOutApplication(t, ctx, c, "contract-loan-docs@example.com")
		list, err := c.lending.LoanDocuments(ctx, l.ID)
		if err != nil || list.LoanID != l.ID || len(list.Documents) != len(lending.DocumentKinds()) ||
			list.Documents[2].Kind != lending.DocumentCreditAgreement || list.Documents[2].SignedAt.IsZero() || list.Documents[2].PDFSHA256 == "" {
			t.Fatalf("LoanDocuments = %+v, %v", list, err)
		}
		seeded, err := c.lending.LoanDocuments(ctx, "loan_up_to_date")
		if l, _ := c.lending.Loan(ctx, "loan_up_to_date"); err != nil || len(seeded.Documents) != len(lending.DocumentKinds()) ||
			seeded.Documents[2].Date != l.DrawdownDate || seeded.Documents[2].SignedAt.Format(time.DateOnly) != l.DrawdownDate {
			t.Fatalf("a seeded loan, signed at its drawdown: %+v, %v", seeded, err)
		}
		if none, err := c.lending.LoanDocuments(ctx, contractLoan(t, ctx, c, "contract-loan-nodocs@example.com", 2_000_00, 12).ID); err != nil ||
			none.Documents == nil || len(none.Documents) != 0 {
			t.Fatalf("a loan the back office opened keeps none: %+v, %v", none, err)
		}
		if _, err := c.lending.LoanDocuments(ctx, "loan_nobody"); !errors.Is(err, lending.ErrLoanNotFound) {
			t.Fatalf("an unknown loan: %v", err)
		}
	}},
	{"lending.LoanDocument", "the signed agreement, the same bytes as the application's", func(t *testing.T, ctx context.Context, c clients) {
		a, l := paidOutApplication(t, ctx, c, "contract-loan-doc@example.com")
		d, err := c.lending.LoanDocument(ctx, l.ID, lending.DocumentCreditAgreement, lending.FormatPDF)
		if err != nil || d.SignedAt == nil || d.ContentType != "application/pdf" {
			t.Fatalf("LoanDocument = %+v, %v", d.SignedAt, err)
		}
		same, err := c.lending.Document(ctx, a.ID, lending.DocumentCreditAgreement, lending.FormatPDF)
		if err != nil || !bytes.Equal(same.Content, d.Content) || same.SHA256 != d.SHA256 {
			t.Fatalf("the application's copy differs: %v", err)
		}
		if seeded, err := c.lending.LoanDocument(ctx, "loan_settled", lending.DocumentCreditAgreement, lending.FormatPDF); err != nil ||
			seeded.SignedAt == nil || !bytes.HasPrefix(seeded.Content, []byte("%PDF-")) {
			t.Fatalf("a seeded loan's agreement: %v", err)
		}
		none := contractLoan(t, ctx, c, "contract-loan-nodoc@example.com", 2_000_00, 12)
		if _, err := c.lending.LoanDocument(ctx, none.ID, lending.DocumentCreditAgreement, lending.FormatHTML); !errors.Is(err, lending.ErrDocumentNotFound) {
			t.Fatalf("a loan with none: %v", err)
		}
		if _, err := c.lending.LoanDocument(ctx, l.ID, "terms", lending.FormatHTML); !errors.Is(err, lending.ErrDocumentNotFound) {
			t.Fatalf("an unknown kind: %v", err)
		}
		if _, err := c.lending.LoanDocument(ctx, l.ID, lending.DocumentSECCI, "docx"); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("an unknown format: %v", err)
		}
	}},
}
