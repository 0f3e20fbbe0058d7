package lending

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
	"lender/sandbox/lending/gazetteer"
)

// Documents of an application (GET /applications/{id}/documents/{kind}?format=html|pdf): the
// pre-contract credit information (SECCI), the key facts, the credit agreement and the adequate
// explanation, filled with the application's figures: the loan re-priced as of the sandbox's today
// (so the dates are those of a drawdown today), the borrower's name and current address, the brand.
//
// Each document is built once as a list of blocks (docContent) and rendered twice, to HTML (html/
// template: every value escaped, no script, a CSP that allows only the one inline style) and to PDF
// (sandbox/pdf). Both depend only on the application and the sandbox's date, never on the time of
// day, so a document's SHA-256 is stable through the day; the e-signature records the agreement's.
// Once the agreement is signed, the documents are the contents built at that moment (signedDocuments),
// so they are never re-dated: the signed agreement is kept as it was signed, and the loan's documents
// are those (loan_documents.go).

// docBlock is a heading, a paragraph, a bold paragraph or a table.
type docBlock struct {
	Kind  string // "h2", "p", "strong", "table"
	Text  string
	Table *docTable
}

// Lines is the paragraph's lines ("\n" separates them).
func (b docBlock) Lines() []string { return strings.Split(b.Text, "\n") }

type docTable struct {
	Header []string
	Widths []float64
	Right  []bool // right-aligned columns
	Rows   [][]string
}

// docContent is a document before rendering.
type docContent struct {
	Kind, Title string
	Date        time.Time // the sandbox's date: the document's date and the PDF's creation date
	Blocks      []docBlock
}

func (c *docContent) h2(s string)     { c.Blocks = append(c.Blocks, docBlock{Kind: "h2", Text: s}) }
func (c *docContent) p(s string)      { c.Blocks = append(c.Blocks, docBlock{Kind: "p", Text: s}) }
func (c *docContent) strong(s string) { c.Blocks = append(c.Blocks, docBlock{Kind: "strong", Text: s}) }
func (c *docContent) table(t docTable) {
	c.Blocks = append(c.Blocks, docBlock{Kind: "table", Table: &t})
}

// facts is a two-column table of labels and values.
func (c *docContent) facts(rows ...[2]string) {
	t := docTable{Header: []string{"", ""}, Widths: []float64{2, 3}}
	for _, r := range rows {
		t.Rows = append(t.Rows, []string{r[0], r[1]})
	}
	c.table(t)
}

// docData is what the documents show.
type docData struct {
	brand      lending.Branding
	borrower   string // full name
	address    string // one line
	email      string
	app        *application
	q          lending.Quote // the loan as drawn down today
	date       time.Time
	commission lending.Commission
}

var purposeLabels = map[string]string{
	lending.PurposeCar: "buying a car", lending.PurposeHomeImprovements: "home improvements",
	lending.PurposeDebtConsolidation: "consolidating debts", lending.PurposeHoliday: "a holiday",
	lending.PurposeWedding: "a wedding", lending.PurposeMedical: "medical costs", lending.PurposeOther: "another purpose",
}

func (d docData) purpose() string {
	switch {
	case d.app.purpose == lending.PurposeOther && d.app.purposeText != "":
		return d.app.purposeText
	case d.app.purpose != "":
		return purposeLabels[d.app.purpose]
	}
	return "a purpose not yet given"
}

func longDate(t time.Time) string { return t.Format("2 January 2006") }

func dueDate(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return longDate(t)
}

func pounds(p int64) string { return credit.FormatPounds(p) }

// repayments says the instalments in words.
func (d docData) repayments() string {
	q := d.q
	first, last := q.Schedule[0].DueDate, q.Schedule[len(q.Schedule)-1].DueDate
	if q.FinalInstalmentPence == q.MonthlyInstalmentPence {
		return fmt.Sprintf("%d monthly repayments of %s, the first on %s and the last on %s.",
			q.TermMonths, pounds(q.MonthlyInstalmentPence), dueDate(first), dueDate(last))
	}
	return fmt.Sprintf("%d monthly repayments of %s and a final repayment of %s, the first on %s and the last on %s.",
		q.TermMonths-1, pounds(q.MonthlyInstalmentPence), pounds(q.FinalInstalmentPence), dueDate(first), dueDate(last))
}

// dailyInterest is a day's interest on the amount of credit at the rate of interest, half-up to
// the penny: what a borrower who withdraws pays for each day they had the money.
func (d docData) dailyInterest() int64 {
	return (d.q.CreditPence*d.q.AnnualRateBasisPoints + 365*10000/2) / (365 * 10000)
}

func (d docData) contact() string {
	b := d.brand
	return fmt.Sprintf("%s, e-mail %s, telephone %s, %s", b.DisplayName, b.Contact.Email, b.Contact.Phone, b.Links.Contact)
}

func (d docData) keyFinancials() [][2]string {
	q := d.q
	return [][2]string{
		{"Amount of credit", pounds(q.AmountPence)},
		{"Duration", fmt.Sprintf("%d months", q.TermMonths)},
		{"Monthly repayment", pounds(q.MonthlyInstalmentPence)},
		{"Final repayment", pounds(q.FinalInstalmentPence)},
		{"First repayment", dueDate(q.FirstDueDate)},
		{"Rate of interest", q.AnnualRatePercent + "% a year, fixed"},
		{"APR", q.APRPercent + "%"},
		{"Fees", pounds(q.FeePence)},
		{"Total charge for credit", pounds(q.TotalChargeForCreditPence)},
		{"Total amount payable", pounds(q.TotalPayablePence)},
	}
}

// rights are the statutory paragraphs every document ends with.
func (d docData) rights(c *docContent) {
	c.h2("Your right to withdraw")
	c.p(fmt.Sprintf("You can withdraw from the agreement without giving a reason within 14 days of the day after it is made (or of the day you receive your copy, if later). Tell us by e-mail or telephone (%s). You must then repay the credit within 30 days of telling us, with interest of %s for each day from the day you received the money.",
		d.contact(), pounds(d.dailyInterest())))
	c.h2("Repaying early")
	c.p("You can repay all or part of the loan at any time. We charge no compensation for early repayment: the settlement figure is the amount owed less the interest you save, worked out under the Consumer Credit (Early Settlement) Regulations 2004.")
	c.h2("Missing payments")
	c.p("Missing payments could have severe consequences and make obtaining credit more difficult. We report missed payments to credit reference agencies, interest continues to run at the rate of interest on what you owe, and we may take legal action to recover it. If you are struggling, talk to us: we will help, and free debt advice is available from MoneyHelper.")
	c.h2("Complaints")
	c.p(fmt.Sprintf("Contact %s first. If you are not happy with our answer you can refer your complaint to the Financial Ombudsman Service.", d.contact()))
}

func secci(d docData) docContent {
	c := docContent{Kind: lending.DocumentSECCI, Title: "Pre-contract credit information", Date: d.date}
	c.p(fmt.Sprintf("Standard European Consumer Credit Information for %s, %s. Application %s, %s.", d.borrower, d.address, d.app.id, longDate(d.date)))
	c.h2("1. Contact details")
	contact := [][2]string{{"Creditor", d.brand.DisplayName}, {"E-mail", d.brand.Contact.Email},
		{"Telephone", d.brand.Contact.Phone}, {"Website", d.brand.Links.Contact}}
	if d.commission.Required {
		contact = append(contact, [2]string{"Credit broker", d.commission.BrokerFirm})
	}
	c.facts(contact...)
	c.h2("2. Key features of the credit product")
	q := d.q
	c.facts(
		[2]string{"The type of credit", "A fixed-sum unsecured personal loan"},
		[2]string{"The total amount of credit", pounds(q.AmountPence) + ": the amount you borrow"},
		[2]string{"How and when the credit would be provided", "In one payment to your bank account when the loan is paid out"},
		[2]string{"The duration of the credit agreement", fmt.Sprintf("%d months", q.TermMonths)},
		[2]string{"Repayments", d.repayments()},
		[2]string{"The total amount you will have to pay", pounds(q.TotalPayablePence) + ": the amount borrowed plus interest"},
		[2]string{"Purpose", d.purpose()},
	)
	c.h2("3. Costs of the credit")
	c.facts(
		[2]string{"The rate of interest", q.AnnualRatePercent + "% a year, fixed for the whole term"},
		[2]string{"Annual Percentage Rate of Charge (APR)", q.APRPercent + "%. The APR is the total cost as an annual percentage of the total amount of credit; it helps you compare offers."},
		[2]string{"Total charge for credit", fmt.Sprintf("%s (interest %s, fees %s)", pounds(q.TotalChargeForCreditPence), pounds(q.TotalInterestPence), pounds(q.FeePence))},
		[2]string{"Costs in the case of late payments", "No fee. Interest continues at the rate of interest on any amount overdue."},
	)
	c.p(q.RepresentativeExample)
	c.h2("4. Other important legal aspects")
	c.facts(
		[2]string{"Right of withdrawal", "Yes, within 14 days (see below)"},
		[2]string{"Early repayment", "Yes, at any time, without compensation"},
		[2]string{"Consultation of a database", "We searched a credit reference agency's records to assess your application. If we decline it because of them, we tell you which agency."},
		[2]string{"Right to a draft credit agreement", "You can ask us for a copy of the draft agreement, free of charge"},
		[2]string{"Period during which this information binds us", "Until " + longDate(d.date.Add(OfferValidity))},
	)
	d.rights(&c)
	return c
}

func keyFacts(d docData) docContent {
	c := docContent{Kind: lending.DocumentKeyFacts, Title: "Your loan: key facts", Date: d.date}
	// The key facts say who the lender is, like every other document: the brand the borrower applied to.
	c.p(fmt.Sprintf("Prepared by %s for %s on %s (application %s).", d.brand.DisplayName, d.borrower, longDate(d.date), d.app.id))
	c.h2("The loan")
	c.facts(d.keyFinancials()...)
	c.p(d.repayments())
	c.p(d.q.RepresentativeExample)
	c.h2("About you")
	c.facts([2]string{"Name", d.borrower}, [2]string{"Address", d.address}, [2]string{"E-mail", d.email},
		[2]string{"Purpose", d.purpose()})
	if d.commission.Required {
		c.h2("Your broker")
		c.p(d.commission.Disclosure)
	}
	return c
}

func agreement(d docData) docContent {
	q := d.q
	c := docContent{Kind: lending.DocumentCreditAgreement, Title: "Fixed-sum loan agreement", Date: d.date}
	c.p("Regulated by the Consumer Credit Act 1974.")
	c.h2("Parties")
	c.facts([2]string{"Lender", d.brand.DisplayName + " (" + d.contact() + ")"},
		[2]string{"Borrower", d.borrower}, [2]string{"Borrower's address", d.address},
		[2]string{"Agreement number", d.app.id}, [2]string{"Date", longDate(d.date)})
	c.h2("Key financial information")
	c.facts(d.keyFinancials()...)
	c.p(d.repayments())
	c.p(fmt.Sprintf("The loan is for %s. It will be paid in one payment to the account you confirmed.", d.purpose()))
	if d.commission.Required {
		c.p(d.commission.Disclosure)
	}
	c.h2("Repayment schedule")
	t := docTable{Header: []string{"No.", "Due date", "Payment", "Interest", "Capital", "Balance"},
		Widths: []float64{0.6, 1.6, 1, 1, 1, 1.1}, Right: []bool{false, false, true, true, true, true}}
	for _, r := range q.Schedule {
		t.Rows = append(t.Rows, []string{fmt.Sprint(r.Number), dueDate(r.DueDate), pounds(r.PaymentPence),
			pounds(r.InterestPence), pounds(r.PrincipalPence), pounds(r.BalancePence)})
	}
	c.table(t)
	c.p(fmt.Sprintf("Totals: payments %s, of which interest %s and capital %s.", pounds(q.TotalPayablePence),
		pounds(q.TotalInterestPence), pounds(q.CreditPence)))
	d.rights(&c)
	c.h2("Signatures")
	c.strong("This is a Credit Agreement regulated by the Consumer Credit Act 1974. Sign it only if you want to be legally bound by its terms.")
	if s := d.app.signature; s != nil {
		c.p(fmt.Sprintf("Signed electronically by the borrower, %s, on %s at %s UTC.\nThe agreement signed has the SHA-256 digest %s.",
			s.SignerName, longDate(s.SignedAt), s.SignedAt.UTC().Format("15:04"), s.DocumentSHA256))
	} else {
		c.p("Signature of the borrower: not yet signed.")
	}
	c.p(fmt.Sprintf("Signature of the lender: %s signs when it pays the loan out; the agreement is made on that day.", d.brand.DisplayName))
	return c
}

func adequateExplanation(d docData) docContent {
	q := d.q
	c := docContent{Kind: lending.DocumentAdequateExplanation, Title: "Your loan explained", Date: d.date}
	c.p(fmt.Sprintf("%s, before you sign, please read this explanation of the loan we are offering you (application %s, %s). Ask us if anything is unclear: %s.",
		d.borrower, d.app.id, longDate(d.date), d.contact()))
	c.h2("What you are agreeing to")
	c.p(fmt.Sprintf("You are borrowing %s for %s, repaid over %d months. %s In total you will repay %s, which is %s more than you borrow.",
		pounds(q.AmountPence), d.purpose(), q.TermMonths, d.repayments(), pounds(q.TotalPayablePence), pounds(q.TotalChargeForCreditPence)))
	c.p(fmt.Sprintf("The rate of interest is %s%% a year and fixed: your repayments will not change. The APR is %s%%.", q.AnnualRatePercent, q.APRPercent))
	c.h2("Can you afford it?")
	if inc := d.app.income; inc != nil && inc.AnnualIncomePence*NetIncomeShare/100/12 > 0 {
		net := inc.AnnualIncomePence * NetIncomeShare / 100 / 12
		c.p(fmt.Sprintf("You told us your income is %s a year, about %s a month after tax. The repayment of %s is %d%% of that. Think about whether you could still pay if your income fell or your costs rose.",
			pounds(inc.AnnualIncomePence), pounds(net), pounds(q.MonthlyInstalmentPence), q.MonthlyInstalmentPence*100/net))
	} else {
		c.p("Think about whether you could still pay if your income fell or your costs rose.")
	}
	c.p("This loan is unsecured: your home is not at risk. It may not suit you if you need flexible repayments, expect your income to fall, or could borrow more cheaply elsewhere.")
	d.rights(&c)
	return c
}

// documentBuilders build each kind of document from the application's figures.
var documentBuilders = map[string]func(docData) docContent{
	lending.DocumentSECCI:               secci,
	lending.DocumentKeyFacts:            keyFacts,
	lending.DocumentCreditAgreement:     agreement,
	lending.DocumentAdequateExplanation: adequateExplanation,
}

// signedDocuments are an application's documents as they stood when the borrower signed the credit
// agreement: each one's content, built at that moment (the agreement with its signature), kept and
// rendered again on every read. Rendering depends on nothing else, so the signed agreement, and the
// pre-contract documents given with it, are the same bytes whenever they are read, however the clock
// has moved: the borrower's copy of the agreement as executed, kept with the loan. Signing again
// (sign_again, a changed loan) replaces them. Exported for the snapshot.
type signedDocuments struct {
	SignedAt time.Time             `json:"signedAt"`
	Author   string                `json:"author"` // the brand's name, the PDFs' author
	Contents map[string]docContent `json:"contents"`
}

// agreementToSign is the SHA-256 of the credit agreement PDF to sign now: the unsigned agreement as
// of today (whatever was signed before). The caller holds Provider.mu.
func (st *state) agreementToSign(a *application, now time.Time) (string, *problem) {
	unsigned := *a
	unsigned.signature, unsigned.signed = nil, nil
	d, perr := st.docData(&unsigned, now)
	if perr != nil {
		return "", perr
	}
	sum := sha256.Sum256(renderPDF(agreement(d), d.brand.DisplayName))
	return hex.EncodeToString(sum[:]), nil
}

// recordSignature records the borrower's e-signature of the agreement whose PDF has digest, and keeps
// the documents as they are now signed. The caller holds Provider.mu.
func (st *state) recordSignature(a *application, signer, digest string, now time.Time) *problem {
	sig := &lending.Signature{SignerName: signer, SignedAt: now, Document: lending.DocumentCreditAgreement, DocumentSHA256: digest}
	prev, prevSigned := a.signature, a.signed
	a.signature = sig
	d, perr := st.docData(a, now)
	if perr != nil {
		a.signature, a.signed = prev, prevSigned
		return perr
	}
	set := &signedDocuments{SignedAt: now, Author: d.brand.DisplayName, Contents: map[string]docContent{}}
	for kind, build := range documentBuilders {
		set.Contents[kind] = build(d)
	}
	a.signed = set
	return nil
}

// clearSignature takes the signature away (sign_again, a changed loan): the documents are today's
// again until the next signature.
func (a *application) clearSignature() {
	a.signature, a.signed = nil, nil
}

// renderDocument builds and renders one of an application's documents: the copy kept when it was
// signed, or else as of now. The caller holds Provider.mu.
func (st *state) renderDocument(a *application, kind, format string, now time.Time) (lending.Document, *problem) {
	build, ok := documentBuilders[kind]
	if !ok {
		return lending.Document{}, &problem{status: http.StatusNotFound, code: lending.CodeDocumentNotFound,
			message: "documents are " + strings.Join(lending.DocumentKinds(), ", ")}
	}
	if kind == lending.DocumentCreditAgreement && a.status != lending.ApplicationApproved && a.status != lending.ApplicationDrawnDown {
		return lending.Document{}, &problem{status: http.StatusConflict, code: lending.CodeDocumentNotAvailable,
			message: fmt.Sprintf("the application is %s: the credit agreement exists once it is approved", a.status)}
	}
	if s := a.signed; s != nil {
		return s.render(kind, format)
	}
	d, perr := st.docData(a, now)
	if perr != nil {
		return lending.Document{}, perr
	}
	return renderAs(build(d), format, d.brand.DisplayName, now, nil)
}

// render renders the signed copy of kind (one of lending.DocumentKinds) in format, dated and marked as
// signed.
func (s *signedDocuments) render(kind, format string) (lending.Document, *problem) {
	signedAt := s.SignedAt
	return renderAs(s.Contents[kind], format, s.Author, signedAt, &signedAt)
}

// renderAs renders c in format (html or pdf).
func renderAs(c docContent, format, author string, generated time.Time, signedAt *time.Time) (lending.Document, *problem) {
	doc := lending.Document{Kind: c.Kind, Format: format, Title: c.Title, GeneratedAt: generated, SignedAt: signedAt}
	switch format {
	case lending.FormatHTML:
		b, err := renderHTML(c)
		if err != nil {
			return lending.Document{}, &problem{status: http.StatusInternalServerError, code: "internal", message: "the document could not be rendered"}
		}
		doc.ContentType, doc.Content = "text/html; charset=utf-8", b
	default:
		doc.ContentType, doc.Content = "application/pdf", renderPDF(c, author)
	}
	sum := sha256.Sum256(doc.Content)
	doc.SHA256 = hex.EncodeToString(sum[:])
	return doc, nil
}

func (st *state) docData(a *application, now time.Time) (docData, *problem) {
	c := st.customers[a.customerID]
	if c == nil {
		return docData{}, invalid(lending.CodeCustomerNotFound, "the application's customer no longer exists")
	}
	brand := st.brandOf(a.owner)
	q, perr := priceLoan(a.quote.AmountPence, a.quote.TermMonths, ptr(lending.Percent(a.quote.AnnualRatePercent)), a.quote.FeePence, now)
	if perr != nil {
		return docData{}, perr
	}
	d := docData{brand: brand, borrower: c.firstName + " " + c.lastName, email: c.email, app: a, q: q,
		date: credit.AddMonths(now, 0), commission: a.commission()}
	switch {
	case len(a.addresses) > 0:
		d.address = gazetteer.Label(a.addresses[0].Address)
	case c.address != nil:
		d.address = gazetteer.Label(*c.address)
	default:
		d.address = "address not yet given"
	}
	return d, nil
}

// brandOf is the brand of owner (a clientName), for the documents of what it owns: the default brand
// when it is not one of the lending core's brands.
func (st *state) brandOf(owner string) lending.Branding {
	b, ok := st.brands[owner]
	if !ok {
		return st.brands[lending.DefaultBrand]
	}
	if trading, ok := st.brands[b.Brand]; ok && b.Brand != b.ClientName {
		// A broker client's: the lender's brand it trades under is the creditor, in the client's
		// colours and with its contacts.
		b.DisplayName = trading.DisplayName
	}
	return b
}

// loanBrand is the brand that owns l: its application's owner, or for a top-up's loan that of the loan
// it topped up; the default brand for a loan the core was seeded with, which has no application.
func (st *state) loanBrand(l *loanRec) lending.Branding {
	for range len(st.loans.Loans) { // a top-up chain is never longer than the loans there are
		if a := st.apps.byID[l.ApplicationID]; l.ApplicationID != "" && a != nil {
			return st.brandOf(a.owner)
		}
		t := st.loans.TopUps[l.TopUpID]
		if l.TopUpID == "" || t == nil || st.loans.Loans[t.LoanID] == nil {
			break
		}
		l = st.loans.Loans[t.LoanID]
	}
	return st.brandOf(lending.DefaultBrand)
}

func ptr[T any](v T) *T { return &v }

// acceptsJSON: the request names application/json in Accept (the BFF's transport always does).
func acceptsJSON(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err == nil && mt == "application/json" && params["q"] != "0" {
			return true
		}
	}
	return false
}

// getDocument answers a document: its bytes with their content type, or, to a request that accepts
// application/json, the lending.Document with the bytes in base64.
func (p *Provider) getDocument(w http.ResponseWriter, r *http.Request) {
	kind, format, ok := documentRequest(w, r, lending.DocumentKinds())
	if !ok {
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	a, perr := p.st.application(r.PathValue("id"), now)
	var doc lending.Document
	if perr == nil {
		doc, perr = p.st.renderDocument(a, kind, format, now)
	}
	p.mu.Unlock()
	if perr != nil {
		perr.write(w)
		return
	}
	writeDocument(w, r, doc, a.id)
}

// writeDocument answers doc: to a request that accepts application/json, the lending.Document with the
// bytes in base64; otherwise the bytes with their content type, named for the kind and owner (an
// application's or a loan's id).
func writeDocument(w http.ResponseWriter, r *http.Request, doc lending.Document, owner string) {
	if acceptsJSON(r) {
		httpjson.Write(w, http.StatusOK, doc)
		return
	}
	h := w.Header()
	h.Set("Content-Type", doc.ContentType)
	h.Set("Content-Disposition", fmt.Sprintf(`inline; filename="%s-%s.%s"`, doc.Kind, owner, doc.Format))
	h.Set("Content-Digest", "sha-256=:"+base64.StdEncoding.EncodeToString(mustHex(doc.SHA256))+":")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	if doc.Format == lending.FormatHTML {
		h.Set("Content-Security-Policy", documentCSP)
		h.Set("Referrer-Policy", "no-referrer")
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(doc.Content)
}

func mustHex(s string) []byte {
	b, _ := hex.DecodeString(s) // made by hex.EncodeToString
	return b
}
