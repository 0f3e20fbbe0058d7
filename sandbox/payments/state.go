package payments

import (
	"crypto/sha256"
	"encoding/hex"
	"time"

	"lender/bff/upstream/payments"
)

// Test cards: the card number chooses what the gateway does, as with real acquirers' test numbers. Any
// future expiry date and any CVC work. Any other number that passes the Luhn check is declined
// card_not_supported; one that fails it is refused on the form.
const (
	// TestCardSucceeds (Visa) is accepted: payments succeed, cards are stored, recurring charges succeed.
	TestCardSucceeds = "4242424242424242"
	// TestCardSucceedsMastercard behaves as TestCardSucceeds, as a Mastercard.
	TestCardSucceedsMastercard = "5555555555554444"
	// TestCardInsufficientFunds (Visa) is declined insufficient_funds for payments and recurring charges.
	// A store-card-only link (amount 0) still stores it, so a later recurring charge can be declined.
	TestCardInsufficientFunds = "4000000000009995"
	// TestCard3DS (Visa) needs a 3-D Secure challenge on the hosted pages (pass → succeeded, fail →
	// failed); recurring charges of it succeed, as merchant-initiated payments are exempt.
	TestCard3DS = "4000000000003220"
)

// behaviour is what a card number makes the gateway do.
type behaviour int

const (
	behaveSucceed      behaviour = iota // accepted
	behaveInsufficient                  // declined insufficient_funds
	behaveChallenge                     // 3-D Secure challenge for customer-initiated payments
	behaveNotSupported                  // declined card_not_supported
)

// testCards is the one table of test cards: what each number makes the gateway do.
var testCards = []struct {
	number       string
	b            behaviour
	demonstrates string
}{
	{TestCardSucceeds, behaveSucceed, "A successful payment; the card is stored and recurring charges succeed."},
	{TestCardSucceedsMastercard, behaveSucceed, "The same as a Mastercard."},
	{TestCardInsufficientFunds, behaveInsufficient, "A declined payment (a store-card-only link still stores it, so a later recurring charge is declined)."},
	{TestCard3DS, behaveChallenge, "A 3-D Secure challenge: pass succeeds, fail is failed authentication_failed; recurring charges are exempt and succeed."},
}

// behaviourOf is the behaviour of a Luhn-valid card number.
func behaviourOf(number string) behaviour {
	for _, c := range testCards {
		if c.number == number {
			return c.b
		}
	}
	return behaveNotSupported
}

// TestCard is a documented test card and what it does (GET /_sandbox/personas lists them).
type TestCard struct {
	Number string `json:"number"` // digits only
	Brand  string `json:"brand"`  // visa, mastercard
	// PaymentLink is the status a payment link reaches when the card is submitted (succeeded, declined
	// or authentication_required), with PaymentLinkDeclineReason when declined.
	PaymentLink              string `json:"paymentLink"`
	PaymentLinkDeclineReason string `json:"paymentLinkDeclineReason,omitempty"`
	// Recurring is the status of a recurring charge of the card once stored (and not expired).
	Recurring              string `json:"recurring"`
	RecurringDeclineReason string `json:"recurringDeclineReason,omitempty"`
	Demonstrates           string `json:"demonstrates"`
}

// TestCards returns the test cards, their outcomes derived from the gateway's own rules (a fresh copy).
// Any other Luhn-valid number is declined card_not_supported and never stored.
func TestCards() []TestCard {
	out := make([]TestCard, 0, len(testCards))
	for _, c := range testCards {
		link, linkReason, _ := transition(payments.StatusCreated, false, stepCard, c.b)
		rec, recReason := recurringOutcome(c.b, false)
		out = append(out, TestCard{Number: c.number, Brand: brandOf(c.number), PaymentLink: link, PaymentLinkDeclineReason: linkReason,
			Recurring: rec, RecurringDeclineReason: recReason, Demonstrates: c.demonstrates})
	}
	return out
}

// luhn reports whether number (digits only) passes the Luhn check.
func luhn(number string) bool {
	if len(number) < 2 {
		return false
	}
	sum := 0
	double := false
	for i := len(number) - 1; i >= 0; i-- {
		c := number[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// brandOf names the card scheme of number by its leading digits.
func brandOf(number string) string {
	prefix := func(n int) int {
		v := 0
		for i := 0; i < n && i < len(number); i++ {
			v = v*10 + int(number[i]-'0')
		}
		return v
	}
	switch p2, p4 := prefix(2), prefix(4); {
	case number[0] == '4':
		return "visa"
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720:
		return "mastercard"
	case p2 == 34 || p2 == 37:
		return "amex"
	default:
		return "unknown"
	}
}

// step is something that happens to a payment link's transaction.
type step int

const (
	stepCard     step = iota // the payer submitted a card (with its behaviour)
	stepAuthPass             // the payer passed the 3-D Secure challenge
	stepAuthFail             // the payer failed it
	stepCancel               // the payer cancelled
)

// transition is the payment state machine: the status after s from status, and the decline reason.
// ok is false when s cannot happen in status. storeOnly links (amount 0) verify the card without
// charging it, so insufficient funds do not decline them.
func transition(status string, storeOnly bool, s step, b behaviour) (next, reason string, ok bool) {
	switch {
	case status == payments.StatusCreated && s == stepCard:
		switch b {
		case behaveSucceed:
			return payments.StatusSucceeded, "", true
		case behaveInsufficient:
			if storeOnly {
				return payments.StatusSucceeded, "", true
			}
			return payments.StatusDeclined, payments.DeclineInsufficientFunds, true
		case behaveChallenge:
			return payments.StatusAuthenticationRequired, "", true
		default:
			return payments.StatusDeclined, payments.DeclineCardNotSupported, true
		}
	case status == payments.StatusAuthenticationRequired && s == stepAuthPass:
		return payments.StatusSucceeded, "", true
	case status == payments.StatusAuthenticationRequired && s == stepAuthFail:
		return payments.StatusFailed, payments.DeclineAuthenticationFailed, true
	case (status == payments.StatusCreated || status == payments.StatusAuthenticationRequired) && s == stepCancel:
		return payments.StatusCancelled, "", true
	}
	return status, "", false
}

// open reports whether a link in status still takes the payer's steps.
func open(status string) bool {
	return status == payments.StatusCreated || status == payments.StatusAuthenticationRequired
}

// recurringOutcome is what a merchant-initiated charge of a stored card does. 3-D Secure cards succeed:
// merchant-initiated payments are out of scope of strong customer authentication.
func recurringOutcome(b behaviour, expired bool) (status, reason string) {
	switch {
	case expired:
		return payments.StatusDeclined, payments.DeclineExpiredCard
	case b == behaveInsufficient:
		return payments.StatusDeclined, payments.DeclineInsufficientFunds
	case b == behaveNotSupported:
		return payments.StatusDeclined, payments.DeclineCardNotSupported
	default:
		return payments.StatusSucceeded, ""
	}
}

// cardExpired reports whether a card valid through the end of month/year has expired at now.
func cardExpired(month, year int, now time.Time) bool {
	firstAfter := time.Date(year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC)
	return !now.Before(firstAfter)
}

// state is everything the gateway holds. Guarded by Provider.mu.
type state struct {
	links     map[string]*link                      // by id
	byToken   map[string]string                     // tokenHash(checkout token) → link id
	recurring map[string]*payments.RecurringPayment // by id
	customers map[string]*customer                  // by customer reference
}

func newState() *state {
	return &state{
		links:     map[string]*link{},
		byToken:   map[string]string{},
		recurring: map[string]*payments.RecurringPayment{},
		customers: map[string]*customer{},
	}
}

// link is a payment link and what the hosted pages need of the card submitted to it.
type link struct {
	payments.PaymentLink
	formToken string     // proves a POST came from a page the sandbox rendered for this link
	pending   *cardInput // the card waiting for 3-D Secure; nil otherwise. Never leaves the sandbox.
}

// refresh expires an open link whose time has passed.
func (l *link) refresh(now time.Time) {
	if open(l.Status) && !now.Before(l.ExpiresAt) {
		l.Status = payments.StatusExpired
		l.UpdatedAt = l.ExpiresAt
		l.pending = nil
	}
}

// customer holds one customer's cards on file, oldest first.
type customer struct {
	cards []*storedCard
}

// storedCard is a card on file. The full number is never kept: fingerprint recognises it again.
type storedCard struct {
	payments.Card
	fingerprint string
	behaviour   behaviour
}

// tokenHash is how a capability token is stored, so the state never holds the tokens themselves.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// cardList is a customer's cards, primary first then oldest first, as answered.
func (c *customer) cardList() []payments.Card {
	out := make([]payments.Card, 0, len(c.cards))
	for _, sc := range c.cards {
		if sc.Primary {
			out = append(out, copyCard(sc.Card))
		}
	}
	for _, sc := range c.cards {
		if !sc.Primary {
			out = append(out, copyCard(sc.Card))
		}
	}
	return out
}

func (c *customer) find(token string) (int, *storedCard) {
	for i, sc := range c.cards {
		if sc.Token == token {
			return i, sc
		}
	}
	return -1, nil
}

// copyCard is a card that shares nothing with the state.
func copyCard(c payments.Card) payments.Card {
	if c.BillingAddress != nil {
		a := *c.BillingAddress
		c.BillingAddress = &a
	}
	return c
}

// copyLink is a link snapshot that shares nothing with the state.
func copyLink(l payments.PaymentLink) payments.PaymentLink {
	if l.Card != nil {
		c := *l.Card
		l.Card = &c
	}
	return l
}
