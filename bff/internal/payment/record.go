package payment

import (
	"context"
	"fmt"
	"html"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/uktime"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// record records a succeeded card payment at the lending core and mails its receipt. Both are
// idempotent by the gateway's transaction id (the repayment's paymentReference, the mail's key), so
// the charge's answer, the checkout's status and the webhook may each call it: one repayment, one
// receipt. An error leaves the rest to a retry (the webhook's).
func (h *Handlers) record(ctx context.Context, ref payRef, transactionID string, amount int64) (lending.Repayment, error) {
	req := lending.RepaymentRequest{AmountPence: amount, Method: lending.RepaymentMethodCard, PaymentReference: transactionID}
	if ref.kind == apigen.PaymentKindSettlement { // the loan's settlement, by its quote
		req.Type, req.SettlementQuoteID = lending.RepaymentTypeSettlement, ref.quoteID
	}
	rep, err := h.lending.RecordRepayment(ctx, ref.loanID, req)
	if err != nil {
		return lending.Repayment{}, err
	}
	return rep, h.receipt(ctx, rep, ref.kind)
}

// kindWords say what the borrower chose to pay, on the receipt.
var kindWords = map[apigen.PaymentKind]string{
	apigen.PaymentKindArrears:    "your missed payments",
	apigen.PaymentKindInstalment: "your next instalment",
	apigen.PaymentKindOther:      "your loan",
	apigen.PaymentKindSettlement: "repaying your loan in full",
}

// receipt mails the borrower the receipt of a recorded repayment, in the loan's brand. Its words come
// only from the repayment the lending core answered (a replay answers the same), so every call for one
// payment sends the same mail under the same key: one mail.
func (h *Handlers) receipt(ctx context.Context, rep lending.Repayment, kind apigen.PaymentKind) error {
	l, err := h.lending.Loan(ctx, rep.LoanID)
	if err != nil {
		return err
	}
	cu, err := h.lending.Customer(ctx, l.CustomerID)
	if err != nil {
		return err
	}
	brand, err := h.cfg.Brands.ForCustomer(ctx, l.CustomerID, nil)
	if err != nil {
		return err
	}
	lines := []string{
		"Hello " + cu.FirstName + ",",
		fmt.Sprintf("Thank you. We received your card payment of %s towards %s on %s.", loanquote.Pounds(rep.AmountPence),
			kindWords[kind], uktime.CivilDate(rep.ReceivedAt.UTC().Format("2006-01-02"))),
	}
	if a := rep.Allocation; a.OverpaymentPence > 0 {
		lines = append(lines, fmt.Sprintf("%s of it was more than was due: it reduced what you owe at once, so your loan ends sooner.",
			loanquote.Pounds(a.OverpaymentPence)))
	}
	switch {
	case rep.LoanStatus == lending.LoanStatusSettled && kind == apigen.PaymentKindSettlement:
		lines = append(lines, "Your loan is now repaid: there is nothing more to pay. Your settlement letter is with your loan "+
			"documents when you sign in.")
	case rep.LoanStatus == lending.LoanStatusSettled:
		lines = append(lines, "Your loan is now repaid: there is nothing more to pay.")
	default:
		lines = append(lines, "You now owe "+loanquote.Pounds(rep.BalanceAfterPence)+". Sign in to see your balance and transactions.")
	}
	lines = append(lines, "Payment reference: "+rep.PaymentReference, "Questions? Contact "+brand.DisplayName+", "+brand.Email+", "+brand.Phone+".")
	text, body := letter(brand, lines)
	_, err = h.notify.SendEmail(ctx, "receipt-"+rep.PaymentReference, notify.Email{To: cu.Email,
		Subject: "Your payment receipt – " + brand.DisplayName, Text: text, HTML: body, Template: "payment_receipt", Tags: []string{"payment"}})
	return err
}

// letter lays paragraphs out under the brand's name, as text and as HTML (every value escaped).
func letter(b config.Brand, paragraphs []string) (text, body string) {
	var t, h strings.Builder
	colour := b.Primary
	if colour == "" {
		colour = "#1a1a1a"
	}
	t.WriteString(b.DisplayName + "\n\n")
	h.WriteString(`<p style="font-size:1.25em;font-weight:bold;color:` + html.EscapeString(colour) + `">` + html.EscapeString(b.DisplayName) + "</p>")
	for _, p := range paragraphs {
		t.WriteString(p + "\n\n")
		h.WriteString("<p>" + html.EscapeString(p) + "</p>")
	}
	return t.String(), h.String()
}
