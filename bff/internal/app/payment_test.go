package app

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/payment"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/payments"
	sandboxpayments "lender/sandbox/payments"
	"lender/sandbox/personas"
)

// Paying towards a loan (issue 17 §1–2, 5): through the BFF over HTTP, against the real sandbox and
// Redis. Every outcome is read back from the lending core, the gateway and the mailbox.

// paymentEnv: the checkout returns under the harness sandbox's app URL.
var paymentEnv = map[string]string{"BFF_AUTH_PUBLIC_URL": "http://127.0.0.1"}

// pay sends payment/createPayment with an Idempotency-Key.
func (st *stack) pay(key string, body apigen.CreatePaymentRequest, creds *credentials) (*http.Response, envelope) {
	st.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		st.t.Fatal(err)
	}
	return st.call(http.MethodPost, st.api+"/payment/createPayment", bytes.NewReader(b), creds, map[string]string{"Idempotency-Key": key})
}

// repaymentsOf are the repayments the lending core holds on a loan.
func (st *stack) repaymentsOf(loanID string) []lending.Transaction {
	st.t.Helper()
	return st.transactionsOf(loanID, lending.TransactionRepayment)
}

// transactionsOf are the lending core's transactions of type typ on a loan.
func (st *stack) transactionsOf(loanID, typ string) []lending.Transaction {
	st.t.Helper()
	tx, err := st.lending().LoanTransactions(context.Background(), loanID)
	if err != nil {
		st.t.Fatal(err)
	}
	var out []lending.Transaction
	for _, t := range tx.Transactions {
		if t.Type == typ {
			out = append(out, t)
		}
	}
	return out
}

// repaymentsWith counts the lending core's repayments of a loan with paymentReference ref.
func (st *stack) repaymentsWith(loanID, ref string) int {
	st.t.Helper()
	n := 0
	for _, r := range st.repaymentsOf(loanID) {
		if r.PaymentReference == ref {
			n++
		}
	}
	return n
}

// receipts are the payment receipts mailed to a persona.
func (st *stack) receipts(email string) []notify.Message {
	st.t.Helper()
	var out []notify.Message
	for _, m := range st.messages(email, "email") {
		if strings.HasPrefix(m.Subject, "Your payment receipt") {
			out = append(out, m)
		}
	}
	return out
}

// borrowerPersona is the seeded borrower persona of key.
func borrowerPersona(t testing.TB, key string) personas.Borrower {
	t.Helper()
	for _, b := range personas.Borrowers() {
		if b.Key == key {
			return b
		}
	}
	t.Fatalf("no persona %s", key)
	return personas.Borrower{}
}

func (st *stack) loanNow(id string) lending.Loan {
	st.t.Helper()
	l, err := st.lending().Loan(context.Background(), id)
	if err != nil {
		st.t.Fatal(err)
	}
	return l
}

// TestPaymentOptionsAndOwnership: the options are the lending core's figures and the gateway's cards;
// another borrower's loan, card or checkout answers exactly like one that does not exist.
func TestPaymentOptionsAndOwnership(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	up, arrears := st.borrowerOf("up-to-date"), st.borrowerOf("arrears")
	l := st.loanNow("loan_arrears")

	o := loanGet[apigen.PaymentOptions](t, st, "/payment/paymentOptions", loanQuery(l.ID), &arrears)
	if !o.Open || o.ArrearsPence != l.Arrears.AmountPence || o.BalancePence != l.BalancePence || o.MaxPaymentPence != l.MaxRepaymentPence ||
		o.MaxPaymentPence <= o.ArrearsPence || o.NextInstalment == nil || o.NextInstalment.AmountPence != l.NextPayment.AmountPence {
		t.Fatalf("options %+v for the core's loan %+v", o, l)
	}
	if len(o.Cards) != 1 || !o.Cards[0].Primary || o.Cards[0].Expired || o.Cards[0].Last4 != "4242" || o.Cards[0].CardId != borrowerPersona(t, "arrears").CPACardToken {
		t.Fatalf("cards %+v", o.Cards)
	}
	set := st.borrowerOf("settled")
	if s := loanGet[apigen.PaymentOptions](t, st, "/payment/paymentOptions", loanQuery("loan_settled"), &set); s.Open || s.ClosedReason == nil ||
		s.MaxPaymentPence != 0 {
		t.Fatalf("a settled loan's options %+v", s)
	}

	// Another borrower's loan and a loan that does not exist: the same answer, word for word.
	res, theirs := st.get("/payment/paymentOptions?loanId=loan_arrears", &up)
	wantFailure(t, res, theirs, web.CodeNotFound)
	_, none := st.get("/payment/paymentOptions?loanId=loan_nothing", &up)
	if theirs.ErrorMessage != none.ErrorMessage || theirs.ErrorCode != none.ErrorCode {
		t.Fatalf("another's loan %+v, no loan %+v", theirs, none)
	}
	res, env := st.pay("k-theirs", apigen.CreatePaymentRequest{LoanId: "loan_arrears", AmountPence: 100, Kind: apigen.CreatePaymentRequestKindOther}, &up)
	wantFailure(t, res, env, web.CodeNotFound)
	if env.ErrorMessage != none.ErrorMessage {
		t.Fatalf("paying another's loan says %q", env.ErrorMessage)
	}
	// Another borrower's card on one's own loan, and a card that does not exist: the same.
	res, theirCard := st.pay("k-card", apigen.CreatePaymentRequest{LoanId: "loan_up_to_date", AmountPence: 100,
		Kind: apigen.CreatePaymentRequestKindOther, CardId: ptrTo(borrowerPersona(t, "arrears").CPACardToken)}, &up)
	wantFailure(t, res, theirCard, web.CodeNotFound)
	_, noCard := st.pay("k-nocard", apigen.CreatePaymentRequest{LoanId: "loan_up_to_date", AmountPence: 100,
		Kind: apigen.CreatePaymentRequestKindOther, CardId: ptrTo("card_nothing")}, &up)
	if theirCard.ErrorMessage != noCard.ErrorMessage || noCard.ErrorCode != int(web.CodeNotFound) {
		t.Fatalf("another's card %+v, no card %+v", theirCard, noCard)
	}
	// Another borrower's checkout: not found.
	_, env = st.pay("k-link", apigen.CreatePaymentRequest{LoanId: "loan_arrears", AmountPence: 100, Kind: apigen.CreatePaymentRequestKindOther}, &arrears)
	link := decode[apigen.Payment](t, env)
	res, env = st.get("/payment/paymentSessionInfo?paymentLinkId="+link.PaymentId, &up)
	wantFailure(t, res, env, web.CodeNotFound)
	if len(st.receipts(borrowerPersona(t, "up-to-date").Email)) != 0 {
		t.Fatal("a refused payment sent a receipt")
	}
}

func ptrTo[T any](v T) *T { return &v }

// TestPaymentAmountsAndStaff: the amount is at least 1p and at most what the core takes today, with
// the most in words and that paying everything is a settlement; staff acting for a borrower are refused.
func TestPaymentAmountsAndStaff(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	up := st.borrowerOf("up-to-date")
	l := st.loanNow("loan_up_to_date")
	card := ptrTo(borrowerPersona(t, "up-to-date").CPACardToken)

	res, env := st.pay("a-zero", apigen.CreatePaymentRequest{LoanId: l.ID, AmountPence: 0, Kind: apigen.CreatePaymentRequestKindOther, CardId: card}, &up)
	wantFailure(t, res, env, web.CodeBadRequest)
	res, env = st.pay("a-over", apigen.CreatePaymentRequest{LoanId: l.ID, AmountPence: l.MaxRepaymentPence + 1, Kind: apigen.CreatePaymentRequestKindOther,
		CardId: card}, &up)
	wantFailure(t, res, env, web.CodeBadRequest)
	pounds := loanquote.Pounds(l.MaxRepaymentPence)
	if !strings.Contains(env.ErrorMessage, pounds) || !strings.Contains(env.ErrorMessage, "early settlement") {
		t.Fatalf("too much says %q, want %s and early settlement", env.ErrorMessage, pounds)
	}
	staff := st.staffActing("cus_up_to_date", "staff_1")
	res, env = st.pay("a-staff", apigen.CreatePaymentRequest{LoanId: l.ID, AmountPence: 100, Kind: apigen.CreatePaymentRequestKindOther, CardId: card}, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)
	if !strings.Contains(env.ErrorMessage, "Staff cannot take a payment for a borrower.") {
		t.Fatalf("staff are told %q, want the refusal of a payment", env.ErrorMessage)
	}
	if st.loanNow(l.ID).BalancePence != l.BalancePence {
		t.Fatal("a refused payment moved the balance")
	}
}

// TestPayWithTheCardOnFileTwentyTimesOnce: twenty concurrent confirmations with one key are one charge,
// one repayment and one receipt; the balance and the transactions reflect it at once.
func TestPayWithTheCardOnFileTwentyTimesOnce(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	who := borrowerPersona(t, "arrears")
	creds := st.borrowerOf(who.Key)
	before := st.loanNow("loan_arrears")
	req := apigen.CreatePaymentRequest{LoanId: before.ID, AmountPence: before.Arrears.AmountPence, Kind: apigen.CreatePaymentRequestKindArrears,
		CardId: ptrTo(who.CPACardToken)}

	var wg sync.WaitGroup
	answers := make([]apigen.Payment, 20)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := creds
			_, env := st.pay("one-intent", req, &c)
			if env.ErrorCode != 0 {
				t.Errorf("confirmation %d: %+v", i, env)
				return
			}
			_ = json.Unmarshal(env.ResultData, &answers[i])
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	for _, p := range answers {
		if p.PaymentId != answers[0].PaymentId || p.Status != apigen.PaymentStatusSucceeded || p.Method != apigen.PaymentMethodStoredCard {
			t.Fatalf("answers differ: %+v vs %+v", p, answers[0])
		}
	}
	reps := st.repaymentsOf(before.ID)
	n := st.repaymentsWith(before.ID, answers[0].PaymentId)
	after := st.loanNow(before.ID)
	if n != 1 || after.BalancePence != before.BalancePence-before.Arrears.AmountPence || after.Arrears.AmountPence != 0 {
		t.Fatalf("%d repayments of the charge; balance %d → %d, arrears %d", n, before.BalancePence, after.BalancePence, after.Arrears.AmountPence)
	}
	rp, err := st.paymentsClient().RecurringPayment(context.Background(), answers[0].PaymentId)
	if err != nil || rp.AmountPence != before.Arrears.AmountPence {
		t.Fatalf("the gateway's charge %+v %v", rp, err)
	}
	// The dashboard answers the new balance.
	sum := loanGet[apigen.LoanSummary](t, st, "/loanAction/loanSummary", loanQuery(before.ID), &creds)
	if sum.BalancePence != after.BalancePence {
		t.Fatalf("the dashboard's balance %d, the core's %d", sum.BalancePence, after.BalancePence)
	}
	// The same key with another amount answers the same payment.
	req.AmountPence = 1
	_, env := st.pay("one-intent", req, &creds)
	if p := decode[apigen.Payment](t, env); p.PaymentId != answers[0].PaymentId || !p.Recorded {
		t.Fatalf("the key again: %+v", p)
	}
	// One receipt, in the brand, once the webhook has come too.
	waitFor(t, func() bool { return delivered(st, answers[0].PaymentId) })
	if r := st.receipts(who.Email); len(r) != 1 || !strings.Contains(r[0].Text, loanquote.Pounds(before.Arrears.AmountPence)) {
		t.Fatalf("receipts %+v", r)
	}
	if n := len(st.repaymentsOf(before.ID)); n != len(reps) {
		t.Fatalf("the webhook added a repayment: %d, was %d", n, len(reps))
	}
}

// delivered: the webhook of a payment (a charge's id or a link's transaction) reached the BFF and was
// acknowledged.
func delivered(st *stack, id string) bool {
	return deliveryOf(st, id).Status == payments.DeliveryDelivered
}

// waitFor polls a state (the gateway's webhooks are asynchronous) for up to a minute.
func waitFor(t *testing.T, done func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); !done(); {
		if time.Now().After(end) {
			t.Fatal("the state never came")
		}
		time.Sleep(50 * time.Millisecond) // polling the state
	}
}

// TestPayThroughTheCheckout: without a card the payment is the gateway's hosted checkout; once paid,
// paymentSessionInfo answers it recorded, once however often it is asked, and the webhook adds nothing.
func TestPayThroughTheCheckout(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	who := borrowerPersona(t, "up-to-date")
	creds := st.borrowerOf(who.Key)
	before := st.loanNow("loan_up_to_date")
	_, env := st.pay("checkout-1", apigen.CreatePaymentRequest{LoanId: before.ID, AmountPence: 50_00, Kind: apigen.CreatePaymentRequestKindOther}, &creds)
	p := decode[apigen.Payment](t, env)
	if p.Status != apigen.PaymentStatusPending || p.CheckoutUrl == nil || p.Method != apigen.PaymentMethodCheckout || p.Recorded {
		t.Fatalf("the checkout %+v", p)
	}
	back := payOnCheckout(t, st.hostedPage(*p.CheckoutUrl), "4242 4242 4242 4242")
	if back.Path != "/payment-result" || back.Query().Get("status") != payments.StatusSucceeded {
		t.Fatalf("the checkout returned to %s", back)
	}
	var si apigen.PaymentSessionInfo
	for range 2 {
		_, env = st.get("/payment/paymentSessionInfo?paymentLinkId="+p.PaymentId, &creds)
		si = decode[apigen.PaymentSessionInfo](t, env)
		if si.Purpose != apigen.PaymentSessionInfoPurposeRepayment || si.Payment == nil || si.Payment.Status != apigen.PaymentStatusSucceeded ||
			!si.Payment.Recorded || *si.Payment.BalanceAfterPence != before.BalancePence-50_00 {
			t.Fatalf("after paying: %+v %+v", si, si.Payment)
		}
	}
	link, err := st.paymentsClient().PaymentLink(context.Background(), p.PaymentId)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return delivered(st, link.TransactionID) })
	n := st.repaymentsWith(before.ID, link.TransactionID)
	if n != 1 || st.loanNow(before.ID).BalancePence != before.BalancePence-50_00 || len(st.receipts(who.Email)) != 1 {
		t.Fatalf("%d repayments, %d receipts", n, len(st.receipts(who.Email)))
	}
}

// TestPaymentWebhooks: a forged or stale webhook is refused; a payment whose webhook arrives while the
// lending core is down is applied exactly once when the gateway retries after the core is back, and a
// delivery replayed is acknowledged without a second effect.
func TestPaymentWebhooks(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	ctx := context.Background()
	hook := st.base + payment.WebhookPath
	body := []byte(`{"id":"evt_forged","type":"recurring_payment","recurringPayment":{"id":"txn_forged","status":"succeeded",` +
		`"amountPence":100,"merchantReference":"repay-other-loan_up_to_date","customerReference":"cus_up_to_date"}}`)
	for name, sig := range map[string]string{
		"forged": payments.SignWebhook("not-the-secret", time.Now(), body),
		"stale":  payments.SignWebhook(sandboxpayments.DefaultSecret, time.Now().Add(-time.Hour), body),
		"none":   "",
	} {
		if code := postWebhook(t, hook, sig, body); code != http.StatusUnauthorized {
			t.Fatalf("%s webhook: HTTP %d", name, code)
		}
	}
	if st.repaymentsWith("loan_up_to_date", "txn_forged") != 0 {
		t.Fatal("a forged webhook was recorded")
	}

	// A charge succeeds while the lending core is down: its webhook is answered 503 and retried.
	who := borrowerPersona(t, "up-to-date")
	before := st.loanNow("loan_up_to_date")
	post(t, st.upstream.URL+"/_sandbox/faults", `{"provider":"lending","status":503}`)
	rp, err := st.paymentsClient().CreateRecurringPayment(ctx, payments.RecurringPaymentRequest{CardToken: who.CPACardToken,
		CustomerReference: who.CustomerID, AmountPence: 20_00, Currency: payments.CurrencyGBP, MerchantReference: "repay-other-" + before.ID,
		NotificationURL: hook}, "down-1")
	if err != nil || rp.Status != payments.StatusSucceeded {
		t.Fatalf("the charge %+v %v", rp, err)
	}
	var d payments.WebhookDelivery
	waitFor(t, func() bool {
		d = deliveryOf(st, rp.ID)
		return len(d.Attempts) > 0 && d.Attempts[0].StatusCode == http.StatusServiceUnavailable
	})
	if d.Status != payments.DeliveryPending {
		t.Fatalf("the delivery after a 503: %+v", d)
	}
	clearFaults(t, st)
	waitFor(t, func() bool { return delivered(st, rp.ID) })
	after := st.loanNow(before.ID)
	n := st.repaymentsWith(before.ID, rp.ID)
	if n != 1 || after.BalancePence != before.BalancePence-20_00 || len(st.receipts(who.Email)) != 1 {
		t.Fatalf("%d repayments, balance %d → %d, %d receipts", n, before.BalancePence, after.BalancePence, len(st.receipts(who.Email)))
	}
	// The same delivery again (a redelivery): acknowledged, no second effect.
	d = deliveryOf(st, rp.ID)
	raw, err := json.Marshal(d.Event)
	if err != nil {
		t.Fatal(err)
	}
	if code := postWebhook(t, hook, payments.SignWebhook(sandboxpayments.DefaultSecret, time.Now(), raw), raw); code/100 != 2 {
		t.Fatalf("the delivery again: HTTP %d", code)
	}
	if st.loanNow(before.ID).BalancePence != after.BalancePence || len(st.receipts(who.Email)) != 1 {
		t.Fatal("the delivery again had an effect")
	}
}

// deliveryOf is the webhook delivery of a payment: a charge's, or a link's success (by its transaction).
func deliveryOf(st *stack, id string) payments.WebhookDelivery {
	ds, err := st.paymentsClient().WebhookDeliveries(context.Background())
	if err != nil {
		st.t.Fatal(err)
	}
	for _, d := range ds {
		e := d.Event
		if e.RecurringPayment != nil && e.RecurringPayment.ID == id ||
			e.PaymentLink != nil && e.PaymentLink.Status == payments.StatusSucceeded && e.PaymentLink.TransactionID == id {
			return d
		}
	}
	return payments.WebhookDelivery{}
}

func clearFaults(t *testing.T, st *stack) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodDelete, st.upstream.URL+"/_sandbox/faults", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
}

func postWebhook(t *testing.T, url, sig string, body []byte) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if sig != "" {
		req.Header.Set(payments.SignatureHeader, sig)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestADeclinedCheckoutSaysWhy: a card the bank declines is answered in words with what to do, and
// nothing is recorded; the same payment key then answers that outcome again.
func TestADeclinedCheckoutSaysWhy(t *testing.T) {
	t.Parallel()
	st := startStack(t, paymentEnv)
	creds := st.borrowerOf("up-to-date")
	before := st.loanNow("loan_up_to_date")
	req := apigen.CreatePaymentRequest{LoanId: before.ID, AmountPence: 30_00, Kind: apigen.CreatePaymentRequestKindOther}
	_, env := st.pay("declined-1", req, &creds)
	p := decode[apigen.Payment](t, env)
	back := payOnCheckout(t, st.hostedPage(*p.CheckoutUrl), sandboxpayments.TestCardInsufficientFunds)
	if back.Query().Get("status") != payments.StatusDeclined {
		t.Fatalf("the checkout returned to %s", back)
	}
	_, env = st.get("/payment/paymentSessionInfo?paymentLinkId="+p.PaymentId, &creds)
	si := decode[apigen.PaymentSessionInfo](t, env)
	if si.Payment == nil || si.Payment.Status != apigen.PaymentStatusDeclined || si.Payment.Recorded || si.Payment.DeclineMessage == nil ||
		!strings.Contains(*si.Payment.DeclineMessage, "not enough money") || *si.Payment.DeclineReason != payments.DeclineInsufficientFunds {
		t.Fatalf("declined: %+v %+v", si, si.Payment)
	}
	_, env = st.pay("declined-1", req, &creds)
	if again := decode[apigen.Payment](t, env); again.PaymentId != p.PaymentId || again.Status != apigen.PaymentStatusDeclined {
		t.Fatalf("the key again: %+v", again)
	}
	if st.loanNow(before.ID).BalancePence != before.BalancePence {
		t.Fatal("a declined payment moved the balance")
	}
}
