package lending

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
	"lender/sandbox/pdf"
)

// Statements. GET /loans/{id}/statements?from=&to= covers any period (by default from the drawdown to
// today; a period ending after today ends today); GET /loans/{id}/statements/annual?year=N covers
// agreement year N (12 months from the drawdown's anniversary; by default the latest one completed),
// the annual statement of the Consumer Credit Act 1974 s77A; GET /loans/{id}/statements/closing
// covers a settled loan from its drawdown to the day it was settled. Both are PDFs written with sandbox/pdf
// from the loan's postings: the answer is the PDF itself, or, when Accept names application/json
// (the BFF's transport), the lending.Statement JSON with the figures and the PDF as base64.

// statementData is what a statement shows.
type statementData struct {
	kind           string
	year           int
	from, to       time.Time
	opening        int64
	closing        int64
	payments       int64
	interest       int64
	lines          []lending.Transaction
	loan           lending.Loan
	customerName   string
	customerAddr   []string
	lender         string
	generatedToday time.Time
}

// statementFor gathers the figures of a statement of l over [from, to] at now.
func (p *Provider) statementFor(l *loanRec, kind string, year int, from, to, now time.Time) statementData {
	today := loanDay(now)
	// The statement is the lender's brand that owns the loan, as its agreement was.
	s := statementData{kind: kind, year: year, from: from, to: to, loan: l.view(now), lender: p.st.loanBrand(l).DisplayName,
		generatedToday: today}
	if c, ok := p.st.customers[l.CustomerID]; ok {
		s.customerName = strings.TrimSpace(c.firstName + " " + c.lastName)
		if c.address != nil {
			s.customerAddr = addressLines(*c.address)
		}
	}
	for _, t := range l.postings(today) {
		d, _ := time.Parse(time.DateOnly, t.Date)
		switch {
		case d.Before(from):
			s.opening = t.BalancePence
		case !d.After(to):
			s.lines = append(s.lines, t)
			switch t.Type {
			case lending.TransactionRepayment, lending.TransactionSettlement:
				s.payments -= t.AmountPence
			case lending.TransactionInterest:
				s.interest += t.AmountPence
			}
		}
	}
	s.closing = s.opening
	if n := len(s.lines); n > 0 {
		s.closing = s.lines[n-1].BalancePence
	}
	if s.lines == nil {
		s.lines = []lending.Transaction{}
	}
	return s
}

func addressLines(a lending.Address) []string {
	var out []string
	for _, v := range []string{a.Flat, a.HouseName, strings.TrimSpace(a.HouseNumber + " " + a.Street), a.Town, a.County, a.Postcode} {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// longDay is "4 March 2026".
func longDay(t time.Time) string { return t.Format("2 January 2006") }

// statementPDF sets the statement with sandbox/pdf.
func statementPDF(s statementData) []byte {
	title := "Loan statement"
	switch s.kind {
	case lending.StatementAnnual:
		title = fmt.Sprintf("Annual statement, year %d of your agreement", s.year)
	case lending.StatementClosing:
		title = "Closing statement"
	}
	d := pdf.New(pdf.Info{Title: title, Author: s.lender, Subject: "Loan " + s.loan.ID, Created: s.generatedToday})
	d.Heading(title)
	d.Paragraph(fmt.Sprintf("%s\nLoan account %s\nPeriod: %s to %s\nIssued %s",
		s.lender, s.loan.ID, longDay(s.from), longDay(s.to), longDay(s.generatedToday)))
	if s.customerName != "" {
		d.Paragraph(strings.Join(append([]string{s.customerName}, s.customerAddr...), "\n"))
	}
	if s.kind == lending.StatementClosing {
		d.Paragraph(fmt.Sprintf("Your loan was repaid in full on %s (%s). Nothing more is owed on it and the account is closed. "+
			"This statement shows every transaction from the day it was paid out to the day it was repaid.",
			longDay(s.to), settledHow[s.loan.SettledBy]))
	}
	if s.kind == lending.StatementAnnual {
		d.Paragraph("This is your annual statement under section 77A of the Consumer Credit Act 1974. It shows the " +
			"payments you made and the interest charged in this year of your agreement, and what you owe at its end.")
	}
	money := credit.FormatPounds
	d.Subheading("Summary")
	summary := [][]string{
		{"Balance on " + longDay(s.from.AddDate(0, 0, -1)), money(s.opening)},
		{"Interest charged", money(s.interest)},
		{"Payments received", money(s.payments)},
		{"Balance on " + longDay(s.to), money(s.closing)},
	}
	if s.loan.Status == lending.LoanStatusSettled {
		summary = append(summary, []string{"Settled on", s.loan.SettledOn})
	} else {
		summary = append(summary, []string{"Arrears today", money(s.loan.Arrears.AmountPence)})
		if np := s.loan.NextPayment; np != nil {
			summary = append(summary, []string{"Next payment", money(np.AmountPence) + " on " + np.DueDate})
		}
	}
	d.Table(pdf.Table{Columns: []pdf.Column{{Header: "", Width: 2}, {Header: "", Align: pdf.Right}}, Rows: summary})
	d.Subheading("Your loan")
	d.Table(pdf.Table{Columns: []pdf.Column{{Header: "", Width: 2}, {Header: "", Align: pdf.Right}}, Rows: [][]string{
		{"Amount of credit", money(s.loan.AmountPence)},
		{"Fee added to the loan", money(s.loan.FeePence)},
		{"Drawn down", s.loan.DrawdownDate},
		{"Term", fmt.Sprintf("%d months", s.loan.TermMonths)},
		{"Fixed interest rate (nominal, a year)", s.loan.AnnualRatePercent + "%"},
		{"APR", s.loan.APRPercent + "%"},
		{"Monthly instalment", money(s.loan.MonthlyInstalmentPence)},
		{"Final instalment due", s.loan.FinalDueDate},
		{"Status", strings.ReplaceAll(s.loan.Status, "_", " ")},
	}})
	d.Subheading("Transactions")
	rows := make([][]string, 0, len(s.lines))
	for _, t := range s.lines {
		dr, cr := "", ""
		if t.AmountPence >= 0 {
			dr = money(t.AmountPence)
		} else {
			cr = money(-t.AmountPence)
		}
		rows = append(rows, []string{t.Date, t.Description, dr, cr, money(t.BalancePence)})
	}
	if len(rows) == 0 {
		d.Paragraph("There were no transactions in this period.")
	} else {
		d.Table(pdf.Table{Columns: []pdf.Column{{Header: "Date", Width: 1.1}, {Header: "Description", Width: 3},
			{Header: "Debit", Align: pdf.Right}, {Header: "Credit", Align: pdf.Right}, {Header: "Balance", Align: pdf.Right, Width: 1.1}},
			Rows: rows})
	}
	if s.loan.Arrears.AmountPence > 0 {
		d.BoldParagraph(fmt.Sprintf("You are %s behind with your payments. Missing payments could have severe consequences "+
			"and make obtaining credit more difficult. Please contact us: we can agree a payment arrangement.", money(s.loan.Arrears.AmountPence)))
	}
	d.Paragraph("The balance is the amount of credit plus the interest charged on each due date, less your payments. " +
		"To repay your loan early, ask us for a settlement figure: the Consumer Credit (Early Settlement) Regulations 2004 " +
		"give you a rebate of the interest not yet due.")
	return d.Bytes()
}

// serveStatement answers the PDF, or its JSON rendition when the request accepts JSON.
func serveStatement(w http.ResponseWriter, r *http.Request, s statementData, now time.Time) {
	b := statementPDF(s)
	name := fmt.Sprintf("statement-%s-%s-%s.pdf", s.loan.ID, isoDate(s.from), isoDate(s.to))
	switch s.kind {
	case lending.StatementAnnual:
		name = fmt.Sprintf("annual-statement-%s-year-%d.pdf", s.loan.ID, s.year)
	case lending.StatementClosing:
		name = fmt.Sprintf("closing-statement-%s.pdf", s.loan.ID)
	}
	if !statementWantsJSON(r) {
		h := w.Header()
		h.Set("Content-Type", "application/pdf")
		h.Set("Content-Disposition", `inline; filename="`+name+`"`)
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(b)
		return
	}
	sum := sha256.Sum256(b)
	httpjson.Write(w, http.StatusOK, lending.Statement{
		LoanID: s.loan.ID, Kind: s.kind, From: isoDate(s.from), To: isoDate(s.to), Year: s.year,
		OpeningBalancePence: s.opening, ClosingBalancePence: s.closing, PaymentsPence: s.payments, InterestPence: s.interest,
		Transactions: s.lines, FileName: name, ContentType: "application/pdf", SHA256: hex.EncodeToString(sum[:]),
		GeneratedAt: now, Content: b,
	})
}

// statementWantsJSON: the request's Accept names application/json.
func statementWantsJSON(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, _, _ := strings.Cut(part, ";")
		if strings.EqualFold(strings.TrimSpace(mt), "application/json") {
			return true
		}
	}
	return false
}

// loanStatement runs f on the loan under the lock and serves its statement.
func (p *Provider) loanStatement(w http.ResponseWriter, r *http.Request, f func(l *loanRec, now time.Time) (statementData, *problem)) {
	now := p.Clock.Now()
	p.mu.Lock()
	l, ok := p.st.loanState().Loans[r.PathValue("id")]
	if !ok {
		p.mu.Unlock()
		notFoundLoan().write(w)
		return
	}
	s, perr := f(l, now)
	p.mu.Unlock()
	if perr != nil {
		perr.write(w)
		return
	}
	serveStatement(w, r, s, now)
}

func badStatementQuery(msg string) *problem {
	return &problem{status: http.StatusBadRequest, code: lending.CodeInvalidQuery, message: msg}
}

func (p *Provider) periodStatement(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p.loanStatement(w, r, func(l *loanRec, now time.Time) (statementData, *problem) {
		today := loanDay(now)
		from, to := l.Drawdown, today
		if v := q.Get("from"); v != "" {
			d, ok := parseDate(v)
			if !ok {
				return statementData{}, badStatementQuery("from must be a date as YYYY-MM-DD")
			}
			from = d
		}
		if v := q.Get("to"); v != "" {
			d, ok := parseDate(v)
			if !ok {
				return statementData{}, badStatementQuery("to must be a date as YYYY-MM-DD")
			}
			to = d
			if to.After(today) {
				to = today
			}
		}
		if to.Before(from) {
			return statementData{}, badStatementQuery("from must not be after to (nor after today)")
		}
		return p.statementFor(l, lending.StatementPeriod, 0, from, to, now), nil
	})
}

func (p *Provider) annualStatement(w http.ResponseWriter, r *http.Request) {
	yq := r.URL.Query().Get("year")
	p.loanStatement(w, r, func(l *loanRec, now time.Time) (statementData, *problem) {
		today := loanDay(now)
		// Year n runs from the drawdown's (n−1)th anniversary to the day before its nth; it is complete
		// once that day has passed. A settled loan has no years after the one it was settled in.
		complete := 0
		done, on, _ := l.closed(today)
		for n := 1; ; n++ {
			start := credit.AddMonths(l.Drawdown, 12*(n-1))
			if !credit.AddMonths(l.Drawdown, 12*n).AddDate(0, 0, -1).Before(today) || (done && start.After(on)) {
				break
			}
			complete = n
		}
		year := complete
		if yq != "" {
			n, err := strconv.Atoi(yq)
			if err != nil || n < 1 {
				return statementData{}, badStatementQuery("year must be the agreement year, from 1")
			}
			year = n
		}
		if year < 1 || year > complete {
			return statementData{}, &problem{status: http.StatusNotFound, code: lending.CodeStatementNotAvailable,
				message: fmt.Sprintf("no annual statement for that year: %d agreement years are complete", complete)}
		}
		from := credit.AddMonths(l.Drawdown, 12*(year-1))
		to := credit.AddMonths(l.Drawdown, 12*year).AddDate(0, 0, -1)
		return p.statementFor(l, lending.StatementAnnual, year, from, to, now), nil
	})
}

// settledHow says how a loan was settled (lending.Loan.SettledBy), for the closing statement.
var settledHow = map[string]string{
	lending.SettledByFinalInstalment: "the last instalment was paid",
	lending.SettledBySettlement:      "settled early",
	lending.SettledByTopUp:           "settled by your new loan when you borrowed more",
}

// closingStatement answers GET /loans/{id}/statements/closing: from the drawdown to the day the loan
// was settled, once it is; 404 statement_not_available before.
func (p *Provider) closingStatement(w http.ResponseWriter, r *http.Request) {
	p.loanStatement(w, r, func(l *loanRec, now time.Time) (statementData, *problem) {
		done, on, _ := l.closed(loanDay(now))
		if !done {
			return statementData{}, &problem{status: http.StatusNotFound, code: lending.CodeStatementNotAvailable,
				message: "the loan is not settled: its closing statement exists once it is"}
		}
		return p.statementFor(l, lending.StatementClosing, 0, l.Drawdown, loanDay(on), now), nil
	})
}
