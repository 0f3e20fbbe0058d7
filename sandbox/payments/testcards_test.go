package payments_test

import (
	"net/http"
	"strings"
	"testing"

	"lender/bff/upstream/payments"
	sp "lender/sandbox/payments"
)

// TestTestCardsDriveTheirOutcomes: every listed test card does what TestCards says, on the hosted
// checkout and as a recurring charge.
func TestTestCardsDriveTheirOutcomes(t *testing.T) {
	cards := sp.TestCards()
	if len(cards) != 4 {
		t.Fatalf("TestCards = %+v", cards)
	}
	seen := map[string]bool{}
	for _, c := range cards {
		if seen[c.Number] || c.Brand == "unknown" || c.Demonstrates == "" {
			t.Errorf("card %+v: duplicate or undescribed", c)
		}
		seen[c.Number] = true
		t.Run(c.Number, func(t *testing.T) {
			g := newGateway(t, sp.Config{})
			l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 1000, MerchantReference: "REP-" + c.Number, CustomerReference: "cust-tc"})
			form := get(t, l.URL)
			res := postForm(t, l.URL, cardForm(formToken(t, form), c.Number))
			if res.status != http.StatusSeeOther {
				t.Fatalf("POST card = %d:\n%s", res.status, res.body)
			}
			got := g.link(t, l.ID)
			if got.Status != c.PaymentLink || got.DeclineReason != c.PaymentLinkDeclineReason || got.Card == nil ||
				got.Card.Brand != c.Brand || !strings.HasSuffix(c.Number, got.Card.Last4) {
				t.Fatalf("link after %s = %+v, want %s %q", c.Number, got, c.PaymentLink, c.PaymentLinkDeclineReason)
			}
			tok := g.storeCard(t, "cust-tc", c.Number)
			var rp payments.RecurringPayment
			st, _ := g.call(t, http.MethodPost, "/recurring-payments", recurringBody(tok, "cust-tc", 4321, "INST-"+c.Number), &rp,
				"Idempotency-Key", "tc-"+c.Number)
			if st != http.StatusCreated && st != http.StatusOK {
				t.Fatalf("recurring = %d", st)
			}
			if rp.Status != c.Recurring || rp.DeclineReason != c.RecurringDeclineReason {
				t.Fatalf("recurring = %+v, want %s %q", rp, c.Recurring, c.RecurringDeclineReason)
			}
		})
	}
	// The table is a copy.
	cards[0].Number = "x"
	if sp.TestCards()[0].Number == "x" {
		t.Fatal("TestCards exposes the table")
	}
}
