package lending

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
)

func (h *harness) eligibility(customerID string) lending.TopUpEligibility {
	h.t.Helper()
	var e lending.TopUpEligibility
	h.must(h.do(http.MethodGet, "/customers/"+customerID+"/top-up-eligibility", nil), http.StatusOK, &e)
	return e
}

// TestTopUpEligibility: the seeded personas, one per rule.
func TestTopUpEligibility(t *testing.T) {
	h := newHarness(t)
	tests := []struct {
		customer string
		eligible bool
		reason   string
	}{
		{"cus_top_up", true, ""},
		{"cus_up_to_date", true, ""},
		{"cus_arrears", false, lending.TopUpReasonInArrears},
		{"cus_payment_holiday", false, lending.TopUpReasonPaymentHoliday},
		{"cus_pin_locked", false, lending.TopUpReasonTooFewPayments},
		{"cus_settled", false, lending.TopUpReasonNoActiveLoan},
		{"cus_regstage_welcome", false, lending.TopUpReasonNoActiveLoan},
	}
	for _, tt := range tests {
		e := h.eligibility(tt.customer)
		if e.Eligible != tt.eligible || (tt.reason == "") != (len(e.Reasons) == 0) || (tt.reason != "" && e.Reasons[0].Code != tt.reason) {
			t.Errorf("%s: %+v", tt.customer, e)
		}
	}
	// The figure is what settling the loan today costs.
	e := h.eligibility("cus_top_up")
	var q lending.SettlementQuote
	h.must(h.do(http.MethodPost, "/loans/loan_top_up/settlement-quotes", struct{}{}), http.StatusCreated, &q)
	if e.LoanID != "loan_top_up" || e.InstalmentsPaid != 9 || e.SettlementFigurePence != q.TotalToSettlePence ||
		e.MinAmountPence != q.TotalToSettlePence+lending.TopUpMinCashPence || e.MaxAmountPence != credit.MaxAmountPence || e.SettlementDate != "2026-04-01" {
		t.Fatalf("eligibility %+v, quote %+v", e, q)
	}
	h.refused(h.do(http.MethodGet, "/customers/cus_nobody/top-up-eligibility", nil), http.StatusNotFound, lending.CodeCustomerNotFound)
}

// TestTopUpConsolidation: the new loan's credit settles the old loan at its settlement figure, the
// rest is paid out; the old loan is settled at drawdown; the payout goes pending → paid_out.
func TestTopUpConsolidation(t *testing.T) {
	h := newHarness(t)
	e := h.eligibility("cus_top_up")
	S := e.SettlementFigurePence
	var q lending.TopUpQuote
	h.must(h.do(http.MethodPost, "/top-up-quotes", lending.TopUpQuoteRequest{CustomerID: "cus_top_up", AmountPence: 8_000_00, TermMonths: 36}), http.StatusOK, &q)
	if q.LoanID != "loan_top_up" || q.SettlementPence != S || q.CashToBorrowerPence != 8_000_00-S || q.Quote.AmountPence != 8_000_00 ||
		q.Quote.AnnualRatePercent != "6.2" {
		t.Fatalf("top-up quote %+v", q)
	}
	h.refused(h.do(http.MethodPost, "/top-up-quotes", lending.TopUpQuoteRequest{CustomerID: "cus_top_up", AmountPence: S + 499_99, TermMonths: 36}),
		http.StatusUnprocessableEntity, lending.CodeTopUpAmountTooLow)
	h.refused(h.do(http.MethodPost, "/top-up-quotes", lending.TopUpQuoteRequest{CustomerID: "cus_arrears", AmountPence: 8_000_00, TermMonths: 36}),
		http.StatusConflict, lending.CodeTopUpNotEligible)

	var tu lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: "cus_top_up", AmountPence: 8_000_00, TermMonths: 36,
		AnnualIncomePence: 40_000_00, MonthlyHousingCostPence: 800_00, Purpose: lending.PurposeHomeImprovements}), http.StatusCreated, &tu)
	if tu.Status != lending.TopUpApproved || tu.Rule != lending.RuleDefault || tu.Offer == nil || tu.Offer.CashToBorrowerPence != 8_000_00-S ||
		!tu.Affordability.Affordable || !tu.ExpiresAt.Equal(tu.CreatedAt.Add(OfferValidity)) {
		t.Fatalf("top-up %+v", tu)
	}
	h.refused(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil), http.StatusBadRequest, lending.CodeIdempotencyKeyRequired)
	h.refused(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/counteroffer-decision", lending.TopUpDecisionRequest{Accept: true}),
		http.StatusConflict, lending.CodeTopUpNotOpen)

	// Drawn down a week later: the settlement figure is that day's.
	h.at(h.clock.Now().Add(7 * 24 * time.Hour))
	S2 := h.eligibility("cus_top_up").SettlementFigurePence
	var drawn lending.TopUp
	a := h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: tu-draw-1")
	h.must(a, http.StatusCreated, &drawn)
	d := drawn.Drawdown
	if drawn.Status != lending.TopUpDrawnDown || d == nil || d.Status != lending.DrawdownPending || d.SettledLoanID != "loan_top_up" ||
		d.SettlementPence != S2 || d.CashToBorrowerPence != 8_000_00-S2 || d.PaidOutAt != nil {
		t.Fatalf("drawdown %+v %+v", drawn, d)
	}
	old := h.loan("loan_top_up")
	if old.Status != lending.LoanStatusSettled || old.SettledBy != lending.SettledByTopUp || old.ReplacedByLoanID != d.NewLoanID || old.BalancePence != 0 {
		t.Fatalf("old loan %+v", old)
	}
	tx := h.txns("loan_top_up")
	last := tx[len(tx)-1]
	if last.Type != lending.TransactionSettlement || last.AmountPence != -S2 || last.Method != lending.RepaymentMethodTopUp || last.PaymentReference != d.NewLoanID {
		t.Fatalf("old loan's last transaction %+v", last)
	}
	nl := h.loan(d.NewLoanID)
	if nl.AmountPence != 8_000_00 || nl.TopUpID != tu.ID || nl.CustomerID != "cus_top_up" || nl.Status != lending.LoanStatusActive || nl.TermMonths != 36 {
		t.Fatalf("new loan %+v", nl)
	}
	if ntx := h.txns(d.NewLoanID); len(ntx) != 1 || !strings.Contains(ntx[0].Description, credit.FormatPounds(S2)) {
		t.Fatalf("new loan's transactions %+v", ntx)
	}
	checkLedger(t, h.book().Loans["loan_top_up"], h.clock.Now())
	checkLedger(t, h.book().Loans[d.NewLoanID], h.clock.Now())

	// The same key replays; another key finds the top-up drawn down.
	if again := h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: tu-draw-1"); again.status != http.StatusCreated ||
		again.header.Get(httpjson.ReplayedHeader) != "true" || string(again.body) != string(a.body) {
		t.Fatalf("replay %d %s", again.status, again.body)
	}
	h.refused(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: tu-draw-2"), http.StatusConflict, lending.CodeTopUpNotOpen)

	// The money reaches the borrower after the payout delay.
	h.at(h.clock.Now().Add(lending.TopUpPayoutDelay))
	var got lending.TopUp
	h.must(h.do(http.MethodGet, "/top-ups/"+tu.ID, nil), http.StatusOK, &got)
	if got.Drawdown.Status != lending.DrawdownPaidOut || got.Drawdown.PaidOutAt == nil {
		t.Fatalf("after the delay %+v", got.Drawdown)
	}
	// The new loan has no six payments yet: no second top-up.
	if e := h.eligibility("cus_top_up"); e.Eligible || e.LoanID != d.NewLoanID || e.Reasons[0].Code != lending.TopUpReasonTooFewPayments {
		t.Fatalf("eligibility after the top-up %+v", e)
	}
	var list lending.TopUpList
	h.must(h.do(http.MethodGet, "/top-ups?customerId=cus_top_up", nil), http.StatusOK, &list)
	if len(list.TopUps) != 1 || list.TopUps[0].ID != tu.ID {
		t.Fatalf("list %+v", list)
	}
	h.refused(h.do(http.MethodGet, "/top-ups/tu_nope", nil), http.StatusNotFound, lending.CodeTopUpNotFound)
}

// TestTopUpCounteroffers: by affordability and by the e-mail tag; accepted, declined, expired.
func TestTopUpCounteroffers(t *testing.T) {
	h := newHarness(t)
	S := h.eligibility("cus_up_to_date").SettlementFigurePence
	// £22,000 a year and £600 rent leave (1375 − 600 − 500) ÷ 2 = £137.50 a month.
	var tu lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: "cus_up_to_date", AmountPence: 10_000_00, TermMonths: 48,
		AnnualIncomePence: 22_000_00, MonthlyHousingCostPence: 600_00}), http.StatusCreated, &tu)
	if tu.Status != lending.TopUpCounteroffer || tu.Rule != lending.RuleAffordability || tu.Offer == nil || tu.Affordability.MaxInstalmentPence != 137_50 ||
		tu.Offer.Quote.MonthlyInstalmentPence > 137_50 || tu.Offer.CashToBorrowerPence%100_00 != 0 || tu.Reasons[0].Code != lending.ReasonLowerAmount {
		t.Fatalf("counteroffer %+v %+v", tu, tu.Offer)
	}
	// The most that fits: £100 more would not.
	more, _ := credit.NewQuote(credit.QuoteRequest{AmountPence: tu.Offer.AmountPence + 100_00, TermMonths: 48})
	if more.MonthlyInstalmentPence <= 137_50 || tu.Offer.SettlementPence != S {
		t.Fatalf("£100 more costs %d a month", more.MonthlyInstalmentPence)
	}
	var accepted lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/counteroffer-decision", lending.TopUpDecisionRequest{Accept: true}), http.StatusOK, &accepted)
	if accepted.Status != lending.TopUpApproved || accepted.Offer.AmountPence != tu.Offer.AmountPence {
		t.Fatalf("accepted %+v", accepted)
	}
	h.must(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/counteroffer-decision", lending.TopUpDecisionRequest{Accept: true}), http.StatusOK, nil)
	h.refused(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/counteroffer-decision", lending.TopUpDecisionRequest{Accept: false}),
		http.StatusConflict, lending.CodeTopUpNotOpen)

	// Too little income for even £500 more: declined.
	var poor lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: "cus_up_to_date", AmountPence: 10_000_00, TermMonths: 48,
		AnnualIncomePence: 12_000_00, MonthlyHousingCostPence: 600_00}), http.StatusCreated, &poor)
	if poor.Status != lending.TopUpDeclined || poor.Offer != nil || poor.Reasons[0].Code != lending.ReasonAffordability {
		t.Fatalf("declined %+v", poor)
	}
	h.refused(h.do(http.MethodPost, "/top-ups/"+poor.ID+"/drawdown", nil, "Idempotency-Key: poor"), http.StatusConflict, lending.CodeTopUpNotOpen)

	// The e-mail tag: a borrower whose address carries +counteroffer, with six instalments paid.
	h.on("2025-08-10")
	c := h.newCustomer("sam+counteroffer@example.com")
	l := h.openLoan(c.ID, 2_000_00, 24, "", 0)
	for n := 1; n <= 6; n++ {
		h.collect(l.ID, n)
	}
	e := h.eligibility(c.ID)
	if !e.Eligible {
		t.Fatalf("eligibility %+v", e)
	}
	var tagged lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: c.ID, AmountPence: e.SettlementFigurePence + 3_000_00, TermMonths: 24,
		AnnualIncomePence: 50_000_00}), http.StatusCreated, &tagged)
	if tagged.Status != lending.TopUpCounteroffer || tagged.Rule != lending.RuleEmailTag || tagged.Offer.CashToBorrowerPence != 1_800_00 {
		t.Fatalf("tagged %+v %+v", tagged, tagged.Offer)
	}
	var withdrawn lending.TopUp
	h.must(h.do(http.MethodPost, "/top-ups/"+tagged.ID+"/counteroffer-decision", lending.TopUpDecisionRequest{Accept: false}), http.StatusOK, &withdrawn)
	if withdrawn.Status != lending.TopUpWithdrawn {
		t.Fatalf("withdrawn %+v", withdrawn)
	}
	// An offer lapses after 30 days.
	h.at(tu.ExpiresAt)
	var lapsed lending.TopUp
	h.must(h.do(http.MethodGet, "/top-ups/"+tu.ID, nil), http.StatusOK, &lapsed)
	if lapsed.Status != lending.TopUpExpired {
		t.Fatalf("after 30 days: %s", lapsed.Status)
	}
	h.refused(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: late"), http.StatusConflict, lending.CodeTopUpNotOpen)
	h.refused(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: "cus_up_to_date", AmountPence: 10_000_00, TermMonths: 48,
		AnnualIncomePence: -1}), http.StatusUnprocessableEntity, lending.CodeInvalidRequest)
}
