package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/uktime"
	"lender/bff/upstream/lending"
)

// The loan account (issue 16): every loanAction call and downloadPDF, against the sandbox's seeded
// borrowers, with the lending core's own answers as what the figures must be.

// borrowerOf signs the seeded borrower key in with their PIN.
func (st *stack) borrowerOf(key string) credentials {
	st.t.Helper()
	b := borrowerPersona(st.t, key)
	_, creds := st.pinSignIn(b.Email, b.PIN)
	return creds
}

// loanGet sends a GET to the operation at path with query and decodes the success into T.
func loanGet[T any](t *testing.T, st *stack, path string, query url.Values, creds *credentials) T {
	t.Helper()
	_, env := st.get(path+"?"+query.Encode(), creds)
	return decode[T](t, env)
}

func loanQuery(loanID string, more ...string) url.Values {
	q := url.Values{"loanId": {loanID}}
	for i := 0; i+1 < len(more); i += 2 {
		q.Set(more[i], more[i+1])
	}
	return q
}

// wantSummaryOf checks a loan as the dashboard shows it against the lending core's, to the penny.
func wantSummaryOf(t *testing.T, got apigen.LoanSummary, l lending.Loan) {
	t.Helper()
	date := func(d interface{ String() string }) string { return d.String() }
	ok := got.LoanId == l.ID && got.Status == l.Status && got.AmountPence == l.AmountPence && got.TermMonths == l.TermMonths &&
		got.BalancePence == l.BalancePence && got.MonthlyInstalmentPence == l.MonthlyInstalmentPence && got.AprPercent == l.APRPercent &&
		got.AnnualRatePercent == l.AnnualRatePercent && got.InstalmentsPaid == l.InstalmentsPaid &&
		got.InstalmentsRemaining == l.InstalmentsRemaining && got.ArrearsPence == l.Arrears.AmountPence &&
		*got.TotalPayablePence == l.TotalPayablePence && *got.PaidToDatePence == l.PaidToDatePence &&
		*got.RemainingPayablePence == l.RemainingPayablePence && date(got.DrawdownDate) == l.DrawdownDate &&
		date(got.FinalDueDate) == l.FinalDueDate
	if l.NextPayment == nil {
		ok = ok && got.NextPayment == nil
	} else {
		ok = ok && got.NextPayment != nil && date(got.NextPayment.DueDate) == l.NextPayment.DueDate && got.NextPayment.AmountPence == l.NextPayment.AmountPence
	}
	if l.Status == lending.LoanStatusSettled {
		ok = ok && got.FinalPayment == nil && got.SettledOn != nil && date(got.SettledOn) == l.SettledOn && *got.SettledBy == l.SettledBy
	} else {
		ok = ok && got.FinalPayment != nil && date(got.FinalPayment.DueDate) == l.FinalDueDate &&
			got.FinalPayment.AmountPence == l.FinalInstalmentPence && got.SettledOn == nil && got.SettledBy == nil
	}
	if a := l.Arrears; a.AmountPence > 0 {
		ok = ok && got.Arrears != nil && got.Arrears.AmountPence == a.AmountPence && got.Arrears.InstalmentsMissed == a.InstalmentsMissed &&
			got.Arrears.DaysPastDue == a.DaysPastDue && date(got.Arrears.OldestDueDate) == a.OldestDueDate
	} else {
		ok = ok && got.Arrears == nil
	}
	if h := l.PaymentHoliday; h != nil {
		ok = ok && got.PaymentHoliday != nil && got.PaymentHoliday.Months == h.Months && got.PaymentHoliday.Current == h.Current &&
			date(got.PaymentHoliday.StartDate) == h.StartDate && date(got.PaymentHoliday.EndDate) == h.EndDate &&
			date(got.PaymentHoliday.ResumesOn) == h.ResumesOn
	} else {
		ok = ok && got.PaymentHoliday == nil
	}
	if !ok {
		t.Fatalf("the dashboard's loan\n%+v\nthe lending core's\n%+v", got, l)
	}
}

// fetch sends a request without a body and answers the response with its raw body.
func (st *stack) fetch(method, path string, creds *credentials) (*http.Response, []byte) {
	st.t.Helper()
	req, err := http.NewRequest(method, st.api+path, nil)
	if err != nil {
		st.t.Fatal(err)
	}
	if creds != nil {
		req.Header.Set("accessToken", creds.token)
		req.AddCookie(creds.cookie)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		st.t.Fatal(err)
	}
	defer res.Body.Close()
	var b bytes.Buffer
	if _, err := b.ReadFrom(res.Body); err != nil {
		st.t.Fatal(err)
	}
	return res, b.Bytes()
}

// download fetches downloadPDF/{id} and checks it is a PDF attachment, never stored.
func (st *stack) download(t *testing.T, id string, creds *credentials) (string, []byte) {
	t.Helper()
	res, b := st.fetch(http.MethodGet, "/downloadPDF/"+id, creds)
	cd := res.Header.Get("Content-Disposition")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(b, []byte("%PDF-")) ||
		!strings.HasPrefix(cd, "attachment; filename=") || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("downloadPDF/%s: HTTP %d %v %.80q", id, res.StatusCode, res.Header, b)
	}
	return strings.Trim(strings.TrimPrefix(cd, "attachment; filename="), `"`), b
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

type loanList struct {
	Loans []apigen.LoanSummary `json:"loans"`
}

type legalDocuments struct {
	LoanID    string                 `json:"loanId"`
	Documents []apigen.LegalDocument `json:"documents"`
}

// TestTheLoanAccountShowsTheLendingCoresFigures: an up-to-date borrower's loan, its schedule, its
// transactions, its documents and a statement, each as the lending core has them, to the penny and
// byte for byte.
func TestTheLoanAccountShowsTheLendingCoresFigures(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx, core := context.Background(), st.lending()
	creds := st.borrowerOf("up-to-date")
	id := "loan_up_to_date"
	l, err := core.Loan(ctx, id)
	if err != nil {
		t.Fatal(err)
	}

	list := loanGet[loanList](t, st, "/loanAction/loans", nil, &creds)
	if len(list.Loans) != 1 {
		t.Fatalf("loans %+v", list.Loans)
	}
	wantSummaryOf(t, list.Loans[0], l)
	wantSummaryOf(t, loanGet[apigen.LoanSummary](t, st, "/loanAction/loanSummary", nil, &creds), l)
	wantSummaryOf(t, loanGet[apigen.LoanSummary](t, st, "/loanAction/loanSummary", loanQuery(id), &creds), l)

	// The schedule, row by row.
	schedule := loanGet[apigen.LoanSchedule](t, st, "/loanAction/schedule", loanQuery(id), &creds)
	rows, _ := core.LoanSchedule(ctx, id)
	if schedule.LoanId != id || len(schedule.Instalments) != len(rows.Instalments) || len(rows.Instalments) != 36 {
		t.Fatalf("schedule of %d rows, the core's %d", len(schedule.Instalments), len(rows.Instalments))
	}
	for i, r := range rows.Instalments {
		got := schedule.Instalments[i]
		if got.Number != r.Number || got.DueDate.String() != r.DueDate || got.AmountPence != r.PaymentPence || got.PaidPence != r.PaidPence ||
			got.BalancePence != r.BalancePence || string(got.Status) != r.Status {
			t.Fatalf("row %d: %+v, the core's %+v", i+1, got, r)
		}
	}

	// The transactions, newest first, each with the balance after it.
	txns := loanGet[apigen.LoanTransactions](t, st, "/loanAction/transactions", loanQuery(id), &creds)
	posted, _ := core.LoanTransactions(ctx, id)
	if len(txns.Transactions) != len(posted.Transactions) || txns.Transactions[0].BalancePence != l.BalancePence {
		t.Fatalf("%d transactions, the core's %d", len(txns.Transactions), len(posted.Transactions))
	}
	for i, p := range posted.Transactions {
		got := txns.Transactions[len(posted.Transactions)-1-i]
		if got.Id != p.ID || got.Date.String() != p.Date || string(got.Type) != p.Type || got.AmountPence != p.AmountPence ||
			got.BalancePence != p.BalancePence || got.Description != p.Description {
			t.Fatalf("transaction %+v, the core's %+v", got, p)
		}
	}

	// The documents it was signed with, each the core's PDF to the byte.
	docs := loanGet[legalDocuments](t, st, "/loanAction/legalDocuments", loanQuery(id), &creds)
	if docs.LoanID != id || len(docs.Documents) != len(lending.DocumentKinds()) {
		t.Fatalf("documents %+v", docs)
	}
	for i, d := range docs.Documents {
		if d.Kind != lending.DocumentKinds()[i] || d.Date.String() != l.DrawdownDate || d.Title == "" {
			t.Fatalf("document %+v", d)
		}
		name, pdf := st.download(t, d.DocumentId, &creds)
		kept, err := core.LoanDocument(ctx, id, d.Kind, lending.FormatPDF)
		if err != nil || !bytes.Equal(pdf, kept.Content) || name != d.Kind+"-"+id+".pdf" {
			t.Fatalf("%s: %q, %d bytes; the core's %d bytes, %v", d.Kind, name, len(pdf), len(kept.Content), err)
		}
	}

	// The statements on offer: from the drawdown to today; no agreement year complete yet.
	periods := loanGet[apigen.StatementPeriods](t, st, "/loanAction/statementPeriods", loanQuery(id), &creds)
	today := l.AsOf.UTC().Format("2006-01-02")
	if periods.Earliest.String() != l.DrawdownDate || periods.Latest.String() != today || len(periods.Annual) != 0 ||
		periods.ClosingStatement != nil {
		t.Fatalf("periods %+v", periods)
	}
	// A statement of the whole loan: the core's figures, and its PDF.
	s := loanGet[apigen.LoanStatement](t, st, "/loanAction/statement", loanQuery(id, "from", l.DrawdownDate, "to", today), &creds)
	want, err := core.Statement(ctx, id, l.DrawdownDate, today)
	if err != nil || s.Kind != apigen.Period || s.From.String() != want.From || s.To.String() != want.To ||
		s.OpeningBalancePence != want.OpeningBalancePence || s.ClosingBalancePence != want.ClosingBalancePence ||
		s.PaymentsPence != want.PaymentsPence || s.InterestPence != want.InterestPence || len(s.Transactions) != len(want.Transactions) ||
		s.ClosingBalancePence != l.BalancePence {
		t.Fatalf("statement %+v\nthe core's %+v, %v", s, want, err)
	}
	name, pdf := st.download(t, s.DocumentId, &creds)
	if name != want.FileName || sha(pdf) != want.SHA256 {
		t.Fatalf("the statement's PDF %q is not the core's %q", name, want.FileName)
	}

	// Failures of downloadPDF are the envelope.
	res, env := st.get("/downloadPDF/"+id+"~doc~terms", &creds)
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("a failed download is %s", res.Header.Get("Content-Type"))
	}
	wantFailure(t, res, env, web.CodeNotFound)
}

// TestASettledLoanKeepsItsStatementsAndDocuments: a borrower whose only loan is settled sees it as
// settled, with its closing statement, its annual statement and the documents it was signed with; and
// nothing but reading is open on it.
func TestASettledLoanKeepsItsStatementsAndDocuments(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx, core := context.Background(), st.lending()
	creds := st.borrowerOf("settled")
	id := "loan_settled"
	l, _ := core.Loan(ctx, id)

	list := loanGet[loanList](t, st, "/loanAction/loans", nil, &creds)
	if len(list.Loans) != 1 || list.Loans[0].Status != lending.LoanStatusSettled {
		t.Fatalf("loans %+v", list.Loans)
	}
	wantSummaryOf(t, list.Loans[0], l)

	periods := loanGet[apigen.StatementPeriods](t, st, "/loanAction/statementPeriods", loanQuery(id), &creds)
	annual, err := core.AnnualStatement(ctx, id, 1)
	if err != nil || periods.Earliest.String() != l.DrawdownDate || periods.Latest.String() != l.SettledOn || len(periods.Annual) != 1 ||
		periods.Annual[0].Year != 1 || periods.Annual[0].From.String() != annual.From || periods.Annual[0].To.String() != annual.To {
		t.Fatalf("periods %+v; the core's year 1 %s to %s, %v", periods, annual.From, annual.To, err)
	}
	if _, err := core.AnnualStatement(ctx, id, 2); err == nil {
		t.Fatal("the core has a year 2 the BFF does not offer")
	}
	closing, err := core.ClosingStatement(ctx, id)
	c := periods.ClosingStatement
	if err != nil || c == nil || c.Kind != apigen.Closing || c.From.String() != l.DrawdownDate || c.To.String() != l.SettledOn ||
		c.ClosingBalancePence != 0 || c.PaymentsPence != closing.PaymentsPence || c.InterestPence != closing.InterestPence ||
		len(c.Transactions) != len(closing.Transactions) {
		t.Fatalf("closing statement %+v, the core's %+v, %v", c, closing, err)
	}
	if name, pdf := st.download(t, c.DocumentId, &creds); name != closing.FileName || sha(pdf) != closing.SHA256 {
		t.Fatalf("the closing statement's PDF %q", name)
	}

	// The annual statement of year 1; year 2 began after the loan was settled.
	y := loanGet[apigen.LoanStatement](t, st, "/loanAction/annualStatement", loanQuery(id, "year", "1"), &creds)
	if y.Kind != apigen.Annual || *y.Year != 1 || y.From.String() != annual.From || y.To.String() != annual.To ||
		y.PaymentsPence != annual.PaymentsPence || y.ClosingBalancePence != annual.ClosingBalancePence {
		t.Fatalf("annual statement %+v, the core's %+v", y, annual)
	}
	if name, pdf := st.download(t, y.DocumentId, &creds); name != annual.FileName || sha(pdf) != annual.SHA256 {
		t.Fatalf("the annual statement's PDF %q", name)
	}
	res, env := st.get("/loanAction/annualStatement?"+loanQuery(id, "year", "2").Encode(), &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if fieldOf(t, env) != "year" || !strings.Contains(env.ErrorMessage, "year 2") {
		t.Fatalf("year 2: %q on %q", env.ErrorMessage, fieldOf(t, env))
	}

	// The documents it was signed with, then its settlement letter (it was settled early), dated the
	// day it was settled and the core's PDF to the byte.
	docs := loanGet[legalDocuments](t, st, "/loanAction/legalDocuments", loanQuery(id), &creds)
	if len(docs.Documents) != len(lending.DocumentKinds())+1 {
		t.Fatalf("documents %+v", docs)
	}
	st.download(t, docs.Documents[2].DocumentId, &creds)
	letter := docs.Documents[len(lending.DocumentKinds())]
	if letter.Kind != lending.DocumentSettlementLetter || letter.Date.String() != l.SettledOn {
		t.Fatalf("the settlement letter %+v, settled on %s", letter, l.SettledOn)
	}
	kept, err := core.LoanDocument(ctx, id, lending.DocumentSettlementLetter, lending.FormatPDF)
	if name, pdf := st.download(t, letter.DocumentId, &creds); err != nil || name != "settlement-letter-"+id+".pdf" || !bytes.Equal(pdf, kept.Content) {
		t.Fatalf("the settlement letter's PDF %q, %d bytes; the core's %d, %v", name, len(pdf), len(kept.Content), err)
	}
}

// TestSeveralLoansAndNone: a borrower with two loans gets both, newest first, each call about the loan
// chosen; one with no loan gets an empty list.
func TestSeveralLoansAndNone(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx, core := context.Background(), st.lending()
	creds := st.borrowerOf("two-loans")
	list := loanGet[loanList](t, st, "/loanAction/loans", nil, &creds)
	if len(list.Loans) != 2 || list.Loans[0].LoanId != "loan_two_loans_2" || list.Loans[1].LoanId != "loan_two_loans" ||
		list.Loans[0].AmountPence == list.Loans[1].AmountPence || list.Loans[0].DrawdownDate.String() <= list.Loans[1].DrawdownDate.String() {
		t.Fatalf("two loans, newest first: %+v", list.Loans)
	}
	for _, sum := range list.Loans {
		l, _ := core.Loan(ctx, sum.LoanId)
		wantSummaryOf(t, sum, l)
		wantSummaryOf(t, loanGet[apigen.LoanSummary](t, st, "/loanAction/loanSummary", loanQuery(l.ID), &creds), l)
		rows, _ := core.LoanSchedule(ctx, l.ID)
		if s := loanGet[apigen.LoanSchedule](t, st, "/loanAction/schedule", loanQuery(l.ID), &creds); s.LoanId != l.ID ||
			len(s.Instalments) != len(rows.Instalments) || len(rows.Instalments) != l.TermMonths {
			t.Fatalf("the schedule of %s has %d rows", l.ID, len(s.Instalments))
		}
		if m := loanGet[apigen.LoanMenu](t, st, "/loanAction/manageMyLoanMenu", loanQuery(l.ID), &creds); m.LoanId != l.ID {
			t.Fatalf("the menu of %s is %s's", l.ID, m.LoanId)
		}
	}
	// The dashboard without a loan named shows the newest.
	if s := loanGet[apigen.LoanSummary](t, st, "/loanAction/loanSummary", nil, &creds); s.LoanId != "loan_two_loans_2" {
		t.Fatalf("the default loan is %s", s.LoanId)
	}

	// An applicant with no loan yet: an empty list (the app resumes their application).
	a := st.inProgressFor("jo.noloan@example.com", "")
	nobody := st.signIn(a.CustomerID)
	_, env := st.get("/loanAction/loans", &nobody)
	if env.Status != 200 || string(env.ResultData) != `{"loans":[]}` {
		t.Fatalf("no loan: %+v", env)
	}
}

// TestABorrowerCannotReachAnotherBorrowersLoan: borrower A naming borrower B's loan or one of B's
// documents in any call gets 100404, byte for byte the answer for an id that does not exist, and the
// BFF asks the lending core nothing about B's loan but who it belongs to.
func TestABorrowerCannotReachAnotherBorrowersLoan(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	a := st.borrowerOf("up-to-date")
	b := st.borrowerOf("settled")
	theirs, none := "loan_settled", "loan_nobody"
	ctx := context.Background()
	l, _ := st.lending().Loan(ctx, theirs)

	// B's own document ids, as B's listings hand them out.
	docs := loanGet[legalDocuments](t, st, "/loanAction/legalDocuments", loanQuery(theirs), &b)
	periods := loanGet[apigen.StatementPeriods](t, st, "/loanAction/statementPeriods", loanQuery(theirs), &b)
	statement := loanGet[apigen.LoanStatement](t, st, "/loanAction/statement", loanQuery(theirs, "from", l.DrawdownDate, "to", l.SettledOn), &b)
	annual := loanGet[apigen.LoanStatement](t, st, "/loanAction/annualStatement", loanQuery(theirs, "year", "1"), &b)
	ids := []string{docs.Documents[2].DocumentId, statement.DocumentId, annual.DocumentId, periods.ClosingStatement.DocumentId}
	for _, id := range ids {
		st.download(t, id, &b) // B can
	}

	withLoan := func(path, loanID string, more ...string) string {
		return path + "?" + loanQuery(loanID, more...).Encode()
	}
	var paths [][2]string // B's, and the same naming nothing
	for _, p := range []string{"/loanAction/loanSummary", "/loanAction/manageMyLoanMenu", "/loanAction/adjustLoanMenu",
		"/loanAction/makePaymentMenu", "/loanAction/schedule", "/loanAction/transactions", "/loanAction/legalDocuments",
		"/loanAction/statementPeriods"} {
		paths = append(paths, [2]string{withLoan(p, theirs), withLoan(p, none)})
	}
	paths = append(paths,
		[2]string{withLoan("/loanAction/statement", theirs, "from", l.DrawdownDate, "to", l.SettledOn),
			withLoan("/loanAction/statement", none, "from", l.DrawdownDate, "to", l.SettledOn)},
		[2]string{withLoan("/loanAction/annualStatement", theirs, "year", "1"), withLoan("/loanAction/annualStatement", none, "year", "1")})
	for _, id := range ids {
		paths = append(paths, [2]string{"/downloadPDF/" + id, "/downloadPDF/" + strings.Replace(id, theirs, none, 1)})
	}
	paths = append(paths, [2]string{"/downloadPDF/" + ids[0], "/downloadPDF/not-a-document"})
	for _, p := range paths {
		before := len(st.upstreamRequestIDs())
		res, body := st.fetch(http.MethodGet, p[0], &a)
		asked := 0
		for _, rid := range st.upstreamRequestIDs()[before:] {
			if rid == res.Header.Get(web.RequestIDHeader) {
				asked++
			}
		}
		nres, nbody := st.fetch(http.MethodGet, p[1], &a)
		var env envelope
		if err := json.Unmarshal(body, &env); err != nil || res.StatusCode != http.StatusNotFound || env.ErrorCode != int(web.CodeNotFound) {
			t.Fatalf("A asking %s: HTTP %d %s", p[0], res.StatusCode, body)
		}
		if nres.StatusCode != res.StatusCode || !bytes.Equal(nbody, body) {
			t.Fatalf("A asking %s: %s\nnaming nothing (%s): %s", p[0], body, p[1], nbody)
		}
		if asked != 1 {
			t.Fatalf("A asking %s: %d calls reached the lending core, want only the one that reads whose loan it is", p[0], asked)
		}
	}
}

// menuOf reads a menu and indexes its items by action.
func menuOf(t *testing.T, st *stack, path, loanID string, creds *credentials) map[apigen.LoanMenuItemAction]apigen.LoanMenuItem {
	t.Helper()
	m := loanGet[apigen.LoanMenu](t, st, path, loanQuery(loanID), creds)
	out := map[apigen.LoanMenuItemAction]apigen.LoanMenuItem{}
	for _, it := range m.Items {
		out[it.Action] = it
	}
	return out
}

// wantItem checks an item is open (reason "") or closed for reason, saying words.
func wantItem(t *testing.T, items map[apigen.LoanMenuItemAction]apigen.LoanMenuItem, a apigen.LoanMenuItemAction,
	reason apigen.LoanMenuItemReasonCode, words string) {
	t.Helper()
	it, ok := items[a]
	if !ok {
		t.Fatalf("no %s item", a)
	}
	if reason == "" {
		if !it.Open || it.ReasonCode != nil || it.Reason != nil {
			t.Fatalf("%s: %+v, want open", a, it)
		}
		return
	}
	if it.Open || it.ReasonCode == nil || *it.ReasonCode != reason || it.Reason == nil || !strings.Contains(*it.Reason, words) {
		t.Fatalf("%s: open %v %v %v, want closed %s saying %q", a, it.Open, deref(it.ReasonCode), deref(it.Reason), reason, words)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// brandPhone is the phone number of the brand the borrower is with.
func (st *stack) brandPhone(creds *credentials) string {
	st.t.Helper()
	return st.brandOf(creds).Phone
}

// brandOf is the configuration of the brand the borrower is with, as the app reads it.
func (st *stack) brandOf(creds *credentials) apigen.BrandConfig {
	st.t.Helper()
	_, env := st.get("/eligibility/getRebrandParams", creds)
	var b apigen.BrandConfig
	if err := json.Unmarshal(env.ResultData, &b); err != nil || b.Phone == "" || b.DisplayName == "" {
		st.t.Fatalf("brand %s: %v", env.ResultData, err)
	}
	return b
}

// TestMenusFollowTheLoansState: what the menus open and close, and why, for an up-to-date loan, a loan
// on a holiday, one changed recently, a settled one, and the up-to-date loan 40 days later without a
// payment. What later issues build says so, with the brand's phone number.
func TestMenusFollowTheLoansState(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx, core := context.Background(), st.lending()
	const (
		manage = "/loanAction/manageMyLoanMenu"
		adjust = "/loanAction/adjustLoanMenu"
		pay    = "/loanAction/makePaymentMenu"
	)
	up := st.borrowerOf("up-to-date")
	notYet := "You cannot do this online yet. Call us on " + st.brandPhone(&up) + " and we will help."
	reading := []apigen.LoanMenuItemAction{apigen.LoanMenuItemActionSchedule, apigen.LoanMenuItemActionTransactions,
		apigen.LoanMenuItemActionStatements, apigen.LoanMenuItemActionLegalDocuments}

	// Up to date: reading is open; everything later issues build says so.
	items := menuOf(t, st, manage, "loan_up_to_date", &up)
	for _, a := range reading {
		wantItem(t, items, a, "", "")
	}
	wantItem(t, items, apigen.LoanMenuItemActionMakePayment, "", "")
	wantItem(t, items, apigen.LoanMenuItemActionRepayEarly, "", "")
	for _, a := range []apigen.LoanMenuItemAction{apigen.LoanMenuItemActionAdjustLoan, apigen.LoanMenuItemActionPaymentHoliday, apigen.LoanMenuItemActionPaymentTrouble,
		apigen.LoanMenuItemActionBorrowMore, apigen.LoanMenuItemActionManageCards} {
		wantItem(t, items, a, apigen.LoanMenuItemReasonCodeNotAvailableYet, notYet)
	}
	items = menuOf(t, st, pay, "loan_up_to_date", &up)
	l, _ := core.Loan(ctx, "loan_up_to_date")
	wantItem(t, items, apigen.LoanMenuItemActionPayArrears, apigen.LoanMenuItemReasonCodeNothingDue, "You have no missed payments to pay.")
	if it := items[apigen.LoanMenuItemActionPayNextInstalment]; it.AmountPence == nil || *it.AmountPence != l.NextPayment.AmountPence {
		t.Fatalf("the next instalment item: %+v, the core's next payment %+v", it, l.NextPayment)
	}

	// On a holiday: the changes close until it ends.
	hol := st.borrowerOf("payment-holiday")
	h, _ := core.Loan(ctx, "loan_payment_holiday")
	for _, a := range []apigen.LoanMenuItemAction{apigen.LoanMenuItemActionChangePaymentDay, apigen.LoanMenuItemActionChangeInstalment,
		apigen.LoanMenuItemActionPaymentHoliday} {
		wantItem(t, menuOf(t, st, adjust, h.ID, &hol), a, apigen.LoanMenuItemReasonCodePaymentHoliday,
			"You are on a payment holiday until "+uktime.CivilDate(h.PaymentHoliday.EndDate)+".")
	}

	// Changed recently: the lending core says from when the next change may be asked for.
	top := st.borrowerOf("top-up")
	q, err := core.QuoteRepaymentChange(ctx, "loan_top_up", lending.RepaymentChangeRequest{TermMonths: 30})
	if err != nil {
		t.Fatal(err)
	}
	changed, err := core.ApplyRepaymentChange(ctx, "loan_top_up", q.ID)
	if err != nil || changed.ChangesAllowedFrom == "" {
		t.Fatalf("the change: %+v, %v", changed, err)
	}
	items = menuOf(t, st, adjust, "loan_top_up", &top)
	wantItem(t, items, apigen.LoanMenuItemActionChangePaymentDay, apigen.LoanMenuItemReasonCodeRecentChange,
		"You changed your repayments recently, so you can change your payment day from "+uktime.CivilDate(changed.ChangesAllowedFrom)+".")
	wantItem(t, menuOf(t, st, manage, "loan_top_up", &top), apigen.LoanMenuItemActionAdjustLoan, apigen.LoanMenuItemReasonCodeRecentChange,
		"so you can change your repayments from "+uktime.CivilDate(changed.ChangesAllowedFrom)+".")

	// Settled: nothing to pay or change, reading open.
	set := st.borrowerOf("settled")
	items = menuOf(t, st, manage, "loan_settled", &set)
	for _, a := range reading {
		wantItem(t, items, a, "", "")
	}
	for a := range items {
		if !slices.Contains(reading, a) {
			wantItem(t, items, a, apigen.LoanMenuItemReasonCodeSettled, "You repaid this loan on ")
		}
	}
	for _, it := range loanGet[apigen.LoanMenu](t, st, pay, loanQuery("loan_settled"), &set).Items {
		if it.Open || *it.ReasonCode != apigen.LoanMenuItemReasonCodeSettled {
			t.Fatalf("paying a settled loan: %+v", it)
		}
	}

	// 40 days on without a payment: in arrears. Changing the repayments and borrowing more close with
	// the amount; paying and getting help do not.
	st.advanceClock("960h")
	l, _ = core.Loan(ctx, "loan_up_to_date")
	if l.Status != lending.LoanStatusInArrears {
		t.Fatalf("40 days on: %s", l.Status)
	}
	wantSummaryOf(t, loanGet[apigen.LoanSummary](t, st, "/loanAction/loanSummary", loanQuery(l.ID), &up), l)
	missed := fmt.Sprintf("You have a missed payment of £%d.%02d.", l.Arrears.AmountPence/100, l.Arrears.AmountPence%100)
	if l.Arrears.InstalmentsMissed != 1 {
		t.Fatalf("arrears %+v", l.Arrears)
	}
	items = menuOf(t, st, manage, l.ID, &up)
	wantItem(t, items, apigen.LoanMenuItemActionAdjustLoan, apigen.LoanMenuItemReasonCodeInArrears, missed+" You can change your repayments once it is paid.")
	wantItem(t, items, apigen.LoanMenuItemActionPaymentHoliday, apigen.LoanMenuItemReasonCodeInArrears, "You can take a payment holiday once it is paid.")
	wantItem(t, items, apigen.LoanMenuItemActionBorrowMore, apigen.LoanMenuItemReasonCodeInArrears, "You can borrow more once it is paid.")
	wantItem(t, items, apigen.LoanMenuItemActionMakePayment, "", "")
	wantItem(t, items, apigen.LoanMenuItemActionPaymentTrouble, apigen.LoanMenuItemReasonCodeNotAvailableYet, notYet)
	for _, a := range reading {
		wantItem(t, items, a, "", "")
	}
	for _, a := range []apigen.LoanMenuItemAction{apigen.LoanMenuItemActionChangePaymentDay, apigen.LoanMenuItemActionChangeInstalment,
		apigen.LoanMenuItemActionPaymentHoliday} {
		wantItem(t, menuOf(t, st, adjust, l.ID, &up), a, apigen.LoanMenuItemReasonCodeInArrears, missed)
	}
	items = menuOf(t, st, pay, l.ID, &up)
	wantItem(t, items, apigen.LoanMenuItemActionPayArrears, "", "")
	if it := items[apigen.LoanMenuItemActionPayArrears]; *it.AmountPence != l.Arrears.AmountPence {
		t.Fatalf("the arrears item is about %d, the arrears are %d", *it.AmountPence, l.Arrears.AmountPence)
	}
}

// TestBorrowMoreIsTheLendingCoresDecision: checkEligibilityBM answers the core's decision and its
// reasons in words, and the menu closes borrowing more with them.
func TestBorrowMoreIsTheLendingCoresDecision(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx, core := context.Background(), st.lending()

	top := st.borrowerOf("top-up")
	e := loanGet[apigen.BorrowMoreEligibility](t, st, "/loanAction/checkEligibilityBM", nil, &top)
	if !e.Eligible || e.LoanId == nil || *e.LoanId != "loan_top_up" || e.Reasons == nil || len(e.Reasons) != 0 || e.InstalmentsPaid != 9 {
		t.Fatalf("top-up: %+v", e)
	}

	two := st.borrowerOf("two-loans")
	e = loanGet[apigen.BorrowMoreEligibility](t, st, "/loanAction/checkEligibilityBM", nil, &two)
	want, _ := core.TopUpEligibility(ctx, "cus_two_loans")
	if e.Eligible || len(e.Reasons) != 1 || e.Reasons[0] != want.Reasons[0].Text || want.Reasons[0].Code != lending.TopUpReasonTooFewPayments {
		t.Fatalf("two-loans: %+v, the core's %+v", e, want)
	}
	// Both loans' menus close borrowing more with the core's words.
	for _, id := range []string{"loan_two_loans", "loan_two_loans_2"} {
		wantItem(t, menuOf(t, st, "/loanAction/manageMyLoanMenu", id, &two), apigen.LoanMenuItemActionBorrowMore,
			apigen.LoanMenuItemReasonCodeNotEligible, want.Reasons[0].Text)
	}
}

// TestStatementDatesMustLieWithinTheLoan: a statement's dates are checked before the lending core is
// asked, and a refusal names the date, in words a form shows beside it.
func TestStatementDatesMustLieWithinTheLoan(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	up := st.borrowerOf("up-to-date")
	l, _ := st.lending().Loan(ctx, "loan_up_to_date")
	today := l.AsOf.UTC().Format("2006-01-02")
	set := st.borrowerOf("settled")
	s, _ := st.lending().Loan(ctx, "loan_settled")
	for _, c := range []struct {
		name  string
		creds *credentials
		query url.Values
		field string
		words string
	}{
		{"from after to", &up, loanQuery(l.ID, "from", today, "to", l.DrawdownDate), "to",
			"The date the statement runs to must be the same as or after the date it starts from"},
		{"before the loan", &up, loanQuery(l.ID, "from", "2020-01-01", "to", today), "from",
			"The date the statement starts from must be the same as or after "},
		{"after today", &up, loanQuery(l.ID, "from", l.DrawdownDate, "to", "2099-01-01"), "to",
			"The date the statement runs to must be today or in the past"},
		{"after the settlement", &set, loanQuery(s.ID, "from", s.DrawdownDate, "to", today), "to",
			", the day your loan was repaid"},
		{"not a date", &up, loanQuery(l.ID, "from", "2025-02-30", "to", today), "from",
			"Enter the date the statement starts from as a real date, like 27 3 2026"},
		{"no start", &up, url.Values{"loanId": {l.ID}, "to": {today}}, "from", "Enter the date the statement starts from"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, env := st.get("/loanAction/statement?"+c.query.Encode(), c.creds)
			wantFailure(t, res, env, web.CodeBadRequest)
			if fieldOf(t, env) != c.field || !strings.Contains(env.ErrorMessage, c.words) {
				t.Fatalf("%q on %q, want %q on %q", env.ErrorMessage, fieldOf(t, env), c.words, c.field)
			}
		})
	}
}

// TestStaffActingForABorrowerCanReadTheirLoanAccount: none of the loan account's calls is forbidden to
// staff acting for a borrower.
func TestStaffActingForABorrowerCanReadTheirLoanAccount(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	staff := st.staffActing("cus_settled", "stf_demo")
	id := "loan_settled"
	l, _ := st.lending().Loan(context.Background(), id)
	for _, p := range []string{"/loanAction/loans", "/loanAction/loanSummary", "/loanAction/checkEligibilityBM",
		"/loanAction/manageMyLoanMenu?loanId=" + id, "/loanAction/adjustLoanMenu?loanId=" + id, "/loanAction/makePaymentMenu?loanId=" + id,
		"/loanAction/schedule?loanId=" + id, "/loanAction/transactions?loanId=" + id, "/loanAction/legalDocuments?loanId=" + id,
		"/loanAction/statementPeriods?loanId=" + id, "/loanAction/annualStatement?loanId=" + id + "&year=1",
		"/loanAction/statement?" + loanQuery(id, "from", l.DrawdownDate, "to", l.SettledOn).Encode()} {
		if res, env := st.get(p, &staff); res.StatusCode != http.StatusOK || env.Status != 200 || env.ErrorCode != 0 {
			t.Fatalf("staff reading %s: HTTP %d %+v", p, res.StatusCode, env)
		}
	}
	docs := loanGet[legalDocuments](t, st, "/loanAction/legalDocuments", loanQuery(id), &staff)
	st.download(t, docs.Documents[2].DocumentId, &staff)
}
