package app

import (
	"context"
	"reflect"
	"strings"
	"testing"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/payments"
)

// Repaying a loan early (issue 17 §3): the settlement figure, paying it by card or by bank transfer,
// and the settlement letter, through the BFF over HTTP against the real sandbox and Redis.

// settlementFigure asks the BFF for loanID's settlement figure.
func (st *stack) settlementFigure(t *testing.T, loanID string, creds *credentials) apigen.SettlementFigure {
	t.Helper()
	_, env := st.post("/payment/settlementQuote", apigen.SettlementQuoteRequest{LoanId: loanID}, creds)
	return decode[apigen.SettlementFigure](t, env)
}

// settlements are the lending core's settlement transactions of a loan.
func (st *stack) settlements(loanID string) []lending.Transaction {
	st.t.Helper()
	return st.transactionsOf(loanID, lending.TransactionSettlement)
}

// settlementCheckout signs in persona key, asks for loanID's figure and opens the hosted checkout to
// pay it with the Idempotency-Key key.
func (st *stack) settlementCheckout(t *testing.T, key, persona, loanID string) (credentials, apigen.SettlementFigure, apigen.Payment) {
	t.Helper()
	creds := st.borrowerOf(persona)
	f := st.settlementFigure(t, loanID, &creds)
	_, env := st.pay(key, settle(f, nil), &creds)
	return creds, f, decode[apigen.Payment](t, env)
}

// settle is createPayment of an early settlement under figure f.
func settle(f apigen.SettlementFigure, card *string) apigen.CreatePaymentRequest {
	return apigen.CreatePaymentRequest{LoanId: f.LoanId, AmountPence: f.TotalToSettlePence, Kind: apigen.CreatePaymentRequestKindSettlement,
		SettlementQuoteId: ptrTo(f.QuoteId), CardId: card}
}

// TestTheSettlementFigureIsTheCoresAndTheBorrowers: the figure is the lending core's quote to the
// penny, with today's balance beside it; another borrower's loan answers as one that does not exist; a
// settled loan says when it was repaid; staff may read it.
func TestTheSettlementFigureIsTheCoresAndTheBorrowers(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	ctx := context.Background()
	up, arrears := st.borrowerOf("up-to-date"), st.borrowerOf("arrears")

	for _, c := range []struct {
		loanID string
		creds  *credentials
	}{{"loan_up_to_date", &up}, {"loan_arrears", &arrears}} {
		f := st.settlementFigure(t, c.loanID, c.creds)
		q, err := st.lending().SettlementQuote(ctx, c.loanID, f.QuoteId)
		if err != nil {
			t.Fatal(err)
		}
		due := make([]apigen.NextInstalment, len(q.DueBeforeSettlement))
		for i, d := range q.DueBeforeSettlement {
			due[i] = apigen.NextInstalment{DueDate: civil(t, d.DueDate), AmountPence: d.AmountPence}
		}
		want := apigen.SettlementFigure{QuoteId: q.ID, LoanId: c.loanID, RequestDate: civil(t, q.RequestDate), SettlementDate: civil(t, q.SettlementDate),
			ExpiresAt: f.ExpiresAt, SettlementAmountPence: q.SettlementAmountPence, RemainingScheduledPence: q.RemainingScheduledPence,
			RebatePence: q.RebatePence, RemainingRepayments: q.RemainingRepayments, ArrearsPence: q.ArrearsPence, DueBeforeSettlement: due,
			DueBeforeSettlementPence: q.DueBeforeSettlementPence, TotalToSettlePence: q.TotalToSettlePence, BalancePence: st.loanNow(c.loanID).BalancePence}
		if !reflect.DeepEqual(f, want) || !f.ExpiresAt.Equal(q.ExpiresAt) || f.TotalToSettlePence <= 0 || f.RebatePence <= 0 {
			t.Fatalf("%s: the figure\n %+v\nthe core's\n %+v", c.loanID, f, want)
		}
		if c.loanID == "loan_arrears" && f.ArrearsPence != st.loanNow(c.loanID).Arrears.AmountPence {
			t.Fatalf("the arrears of the figure %d", f.ArrearsPence)
		}
	}

	// Another borrower's loan and a loan that does not exist: the same answer, word for word.
	res, theirs := st.post("/payment/settlementQuote", apigen.SettlementQuoteRequest{LoanId: "loan_arrears"}, &up)
	wantFailure(t, res, theirs, web.CodeNotFound)
	_, none := st.post("/payment/settlementQuote", apigen.SettlementQuoteRequest{LoanId: "loan_nothing"}, &up)
	if theirs.ErrorMessage != none.ErrorMessage || theirs.ErrorCode != none.ErrorCode {
		t.Fatalf("another's loan %+v, no loan %+v", theirs, none)
	}
	// A settled loan: in words.
	set := st.borrowerOf("settled")
	res, env := st.post("/payment/settlementQuote", apigen.SettlementQuoteRequest{LoanId: "loan_settled"}, &set)
	wantFailure(t, res, env, web.CodeBadRequest)
	if !strings.Contains(env.ErrorMessage, "You repaid this loan on") {
		t.Fatalf("a settled loan's figure says %q", env.ErrorMessage)
	}
	// Staff may read the figure.
	staff := st.staffActing("cus_up_to_date", "staff_1")
	if f := st.settlementFigure(t, "loan_up_to_date", &staff); f.LoanId != "loan_up_to_date" || f.TotalToSettlePence <= 0 {
		t.Fatalf("staff's figure %+v", f)
	}
}

func civil(t *testing.T, s string) (d openapi_types.Date) {
	t.Helper()
	if err := d.UnmarshalText([]byte(s)); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSettleWithTheCardOnFile: paying the figure with the card on file settles the loan at once with a
// closing balance of £0.00; the settlement letter is among the loan's documents and downloads as the
// core's PDF; one receipt says the loan is repaid, and the webhook adds nothing.
func TestSettleWithTheCardOnFile(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	ctx := context.Background()
	who := borrowerPersona(t, "up-to-date")
	creds := st.borrowerOf(who.Key)
	f := st.settlementFigure(t, "loan_up_to_date", &creds)

	_, env := st.pay("settle-1", settle(f, ptrTo(who.CPACardToken)), &creds)
	p := decode[apigen.Payment](t, env)
	if p.Status != apigen.PaymentStatusSucceeded || !p.Recorded || p.Kind != apigen.PaymentKindSettlement || *p.BalanceAfterPence != 0 ||
		*p.LoanStatus != lending.LoanStatusSettled || p.AmountPence != f.TotalToSettlePence {
		t.Fatalf("the settlement %+v", p)
	}
	l := st.loanNow(f.LoanId)
	if l.Status != lending.LoanStatusSettled || l.SettledBy != lending.SettledBySettlement || l.BalancePence != 0 {
		t.Fatalf("the loan after settling: %s by %q, balance %d", l.Status, l.SettledBy, l.BalancePence)
	}
	if s := st.settlements(f.LoanId); len(s) != 1 || s[0].PaymentReference != p.PaymentId || s[0].AmountPence != -f.TotalToSettlePence {
		t.Fatalf("settlements %+v", s)
	}
	sum := loanGet[apigen.LoanSummary](t, st, "/loanAction/loanSummary", loanQuery(f.LoanId), &creds)
	if sum.BalancePence != 0 {
		t.Fatalf("the dashboard's balance %d", sum.BalancePence)
	}

	// The settlement letter: listed after the signed documents, dated today, the core's PDF to the byte.
	docs := loanGet[legalDocuments](t, st, "/loanAction/legalDocuments", loanQuery(f.LoanId), &creds)
	letter := docs.Documents[len(docs.Documents)-1]
	if len(docs.Documents) != len(lending.DocumentKinds())+1 || letter.Kind != lending.DocumentSettlementLetter || letter.Date.String() != l.SettledOn {
		t.Fatalf("documents %+v", docs.Documents)
	}
	kept, err := st.lending().LoanDocument(ctx, f.LoanId, lending.DocumentSettlementLetter, lending.FormatPDF)
	if name, pdf := st.download(t, letter.DocumentId, &creds); err != nil || name != "settlement-letter-"+f.LoanId+".pdf" || sha(pdf) != kept.SHA256 {
		t.Fatalf("the letter's PDF %q; the core's %v", name, err)
	}

	// One receipt, once the webhook has come too, saying the loan is repaid; no second settlement.
	waitFor(t, func() bool { return delivered(st, p.PaymentId) })
	if r := st.receipts(who.Email); len(r) != 1 || !strings.Contains(r[0].Text, "Your loan is now repaid") ||
		!strings.Contains(r[0].Text, loanquote.Pounds(f.TotalToSettlePence)) {
		t.Fatalf("receipts %+v", r)
	}
	if n := len(st.settlements(f.LoanId)); n != 1 {
		t.Fatalf("%d settlements after the webhook", n)
	}
	// The loan takes no more: a new figure is refused in words.
	res, env := st.post("/payment/settlementQuote", apigen.SettlementQuoteRequest{LoanId: f.LoanId}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
}

// TestSettleThroughTheCheckout: without a card the settlement is the hosted checkout for the figure;
// paymentSessionInfo and the webhook record it once, as the loan's settlement.
func TestSettleThroughTheCheckout(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	who := borrowerPersona(t, "arrears")
	creds, f, p := st.settlementCheckout(t, "settle-checkout", who.Key, "loan_arrears")
	if p.Status != apigen.PaymentStatusPending || p.CheckoutUrl == nil || p.AmountPence != f.TotalToSettlePence {
		t.Fatalf("the checkout %+v", p)
	}
	back := payOnCheckout(t, st.hostedPage(*p.CheckoutUrl), "4242 4242 4242 4242")
	if back.Query().Get("status") != payments.StatusSucceeded {
		t.Fatalf("the checkout returned to %s", back)
	}
	link, err := st.paymentsClient().PaymentLink(context.Background(), p.PaymentId)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return delivered(st, link.TransactionID) })
	for range 2 {
		_, env := st.get("/payment/paymentSessionInfo?paymentLinkId="+p.PaymentId, &creds)
		si := decode[apigen.PaymentSessionInfo](t, env)
		if si.Payment == nil || si.Payment.Status != apigen.PaymentStatusSucceeded || !si.Payment.Recorded ||
			si.Payment.Kind != apigen.PaymentKindSettlement || *si.Payment.LoanStatus != lending.LoanStatusSettled || *si.Payment.BalanceAfterPence != 0 {
			t.Fatalf("after paying: %+v %+v", si, si.Payment)
		}
	}
	s := st.settlements(f.LoanId)
	if len(s) != 1 || s[0].PaymentReference != link.TransactionID || st.loanNow(f.LoanId).BalancePence != 0 || len(st.receipts(who.Email)) != 1 {
		t.Fatalf("settlements %+v, %d receipts", s, len(st.receipts(who.Email)))
	}
}

// TestASettlementPaysItsOwnFigureOnly: the amount must be the figure's total; a quote of another loan,
// one that does not exist and one that expired ask for a new figure; nothing is charged.
func TestASettlementPaysItsOwnFigureOnly(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	up, arrears := st.borrowerOf("up-to-date"), st.borrowerOf("arrears")
	card := ptrTo(borrowerPersona(t, "up-to-date").CPACardToken)
	f := st.settlementFigure(t, "loan_up_to_date", &up)
	other := st.settlementFigure(t, "loan_arrears", &arrears)
	before := st.loanNow(f.LoanId)

	wrong := settle(f, card)
	wrong.AmountPence--
	res, env := st.pay("s-wrong", wrong, &up)
	wantFailure(t, res, env, web.CodeBadRequest)
	if fieldOf(t, env) != "amountPence" || !strings.Contains(env.ErrorMessage, loanquote.Pounds(f.TotalToSettlePence)) {
		t.Fatalf("a wrong amount: %q on %q", env.ErrorMessage, fieldOf(t, env))
	}
	// More than maxPaymentPence is what a settlement pays: that bound is not its.
	if f.TotalToSettlePence <= before.MaxRepaymentPence {
		t.Fatalf("the figure %d is within a regular payment's most %d", f.TotalToSettlePence, before.MaxRepaymentPence)
	}

	newFigure := func(name string, req apigen.CreatePaymentRequest) {
		t.Helper()
		res, env := st.pay("s-"+strings.NewReplacer(" ", "-", "'", "").Replace(name), req, &up)
		wantFailure(t, res, env, web.CodeBadRequest)
		if fieldOf(t, env) != "settlementQuoteId" || !strings.Contains(env.ErrorMessage, "Ask for a new figure") {
			t.Fatalf("%s: %q on %q", name, env.ErrorMessage, fieldOf(t, env))
		}
		res, env = st.post("/payment/bankTransfer", apigen.BankTransferRequest{LoanId: req.LoanId, SettlementQuoteId: *req.SettlementQuoteId}, &up)
		wantFailure(t, res, env, web.CodeBadRequest)
		if !strings.Contains(env.ErrorMessage, "Ask for a new figure") {
			t.Fatalf("%s by bank transfer: %q", name, env.ErrorMessage)
		}
	}
	foreign := settle(f, card)
	foreign.SettlementQuoteId = ptrTo(other.QuoteId)
	newFigure("another loan's quote", foreign)
	foreign.SettlementQuoteId = ptrTo("lq_nothing")
	newFigure("no such quote", foreign)
	// Another borrower's loan with its own quote: not found, as any loan that is not theirs.
	res, env = st.pay("s-theirs", settle(other, card), &up)
	wantFailure(t, res, env, web.CodeNotFound)
	res, env = st.post("/payment/bankTransfer", apigen.BankTransferRequest{LoanId: other.LoanId, SettlementQuoteId: other.QuoteId}, &up)
	wantFailure(t, res, env, web.CodeNotFound)

	// The figure holds to the end of its settlement date; a day later it has expired.
	st.advanceClock("720h")
	newFigure("an expired quote", settle(f, card))

	if l := st.loanNow(f.LoanId); l.Status == lending.LoanStatusSettled || len(st.settlements(f.LoanId)) != 0 {
		t.Fatalf("a refused settlement settled the loan: %+v", l)
	}
	if len(st.receipts(borrowerPersona(t, "up-to-date").Email)) != 0 {
		t.Fatal("a refused settlement sent a receipt")
	}
}

// TestSettleByBankTransfer: the lender's account, a reference for the loan and the figure, to pay by the
// settlement date; the intent is recorded once in the lending core's audit trail however often it is
// asked; the loan stays open until the money comes; staff are refused in the contract's words.
func TestSettleByBankTransfer(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	ctx := context.Background()
	creds := st.borrowerOf("up-to-date")
	f := st.settlementFigure(t, "loan_up_to_date", &creds)
	req := apigen.BankTransferRequest{LoanId: f.LoanId, SettlementQuoteId: f.QuoteId}

	var first apigen.BankTransferDetails
	for i := range 3 {
		_, env := st.post("/payment/bankTransfer", req, &creds)
		d := decode[apigen.BankTransferDetails](t, env)
		if i == 0 {
			first = d
		}
		if d != first {
			t.Fatalf("ask %d: %+v, first %+v", i, d, first)
		}
	}
	if first.Payee != "Meadow Loans Limited" || first.SortCode != "04-00-04" || first.AccountNumber != "10000001" ||
		first.AmountPence != f.TotalToSettlePence || first.PayBy != f.SettlementDate || first.Reference == "" || len(first.Reference) > 18 ||
		strings.Contains(first.Reference, f.LoanId) {
		t.Fatalf("the details %+v for the figure %+v", first, f)
	}
	// Another figure of the same loan: the same reference (it names the loan), another intent.
	g := st.settlementFigure(t, f.LoanId, &creds)
	_, env := st.post("/payment/bankTransfer", apigen.BankTransferRequest{LoanId: g.LoanId, SettlementQuoteId: g.QuoteId}, &creds)
	if d := decode[apigen.BankTransferDetails](t, env); d.Reference != first.Reference {
		t.Fatalf("another figure's reference %q, the first %q", d.Reference, first.Reference)
	}
	events, err := st.lending().AuditEvents(ctx, "cus_up_to_date")
	if err != nil {
		t.Fatal(err)
	}
	intents := map[string]int{}
	for _, e := range events {
		if e.Action == "bankTransfer" {
			intents[e.RequestID]++
			if e.ActorID != "cus_up_to_date" {
				t.Fatalf("the intent's actor %q", e.ActorID)
			}
		}
	}
	if len(intents) != 2 || intents["settle-transfer-"+f.QuoteId] != 1 || intents["settle-transfer-"+g.QuoteId] != 1 {
		t.Fatalf("the intents recorded: %v", intents)
	}
	if l := st.loanNow(f.LoanId); l.Status == lending.LoanStatusSettled {
		t.Fatal("asking for the bank details settled the loan")
	}

	staff := st.staffActing("cus_up_to_date", "staff_1")
	res, env := st.post("/payment/bankTransfer", req, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)
	if env.ErrorMessage != "Staff cannot arrange a borrower's early settlement. The borrower can do it themselves, online or by contacting us." {
		t.Fatalf("staff are told %q", env.ErrorMessage)
	}
	res, env = st.pay("staff-settle", settle(f, nil), &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)
}

// TestASettlementPaidAfterItsFigureExpiredNeedsAPerson: a checkout paid while the lending core is down,
// whose figure has expired by the time the core is back, is refused by the core: the payment is not
// lost but logged for a person (the money taken, the loan not settled), and no receipt goes.
func TestASettlementPaidAfterItsFigureExpiredNeedsAPerson(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	who := borrowerPersona(t, "up-to-date")
	creds, f, p := st.settlementCheckout(t, "settle-late", who.Key, "loan_up_to_date")

	post(t, st.upstream.URL+"/_sandbox/faults", `{"provider":"lending","status":503}`)
	if back := payOnCheckout(t, st.hostedPage(*p.CheckoutUrl), "4242 4242 4242 4242"); back.Query().Get("status") != payments.StatusSucceeded {
		t.Fatalf("the checkout returned to %s", back)
	}
	link, err := st.paymentsClient().PaymentLink(context.Background(), p.PaymentId)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool {
		d := deliveryOf(st, link.TransactionID)
		return len(d.Attempts) > 0 && d.Attempts[0].StatusCode == 503
	})
	st.advanceClock("720h") // past the figure's settlement date
	clearFaults(t, st)

	_, env := st.get("/payment/paymentSessionInfo?paymentLinkId="+p.PaymentId, &creds)
	si := decode[apigen.PaymentSessionInfo](t, env)
	if si.Payment == nil || si.Payment.Status != apigen.PaymentStatusSucceeded || si.Payment.Recorded {
		t.Fatalf("the payment after its figure expired: %+v", si.Payment)
	}
	if l := st.loanNow(f.LoanId); l.Status == lending.LoanStatusSettled || len(st.settlements(f.LoanId)) != 0 {
		t.Fatalf("an expired figure settled the loan: %+v", l)
	}
	logs := st.logs.String()
	if !strings.Contains(logs, "it needs a person") || !strings.Contains(logs, link.TransactionID) {
		t.Fatal("the refused settlement is not logged for a person")
	}
	if len(st.receipts(who.Email)) != 0 {
		t.Fatal("a settlement not recorded sent a receipt")
	}
}
