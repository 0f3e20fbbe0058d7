package payments

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"regexp"
	"strings"
	"time"

	"lender/bff/upstream/payments"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
)

// cardInput is a card as the payer typed it on the checkout, validated. The number stays in the
// sandbox: answers carry only its brand and last four digits.
type cardInput struct {
	number   string // digits only, Luhn-valid
	expMonth int
	expYear  int // four digits
	name     string
}

func (c cardInput) summary() *payments.CardSummary {
	return &payments.CardSummary{Brand: brandOf(c.number), Last4: c.number[len(c.number)-4:]}
}

func cardFingerprint(number string) string {
	sum := sha256.Sum256([]byte("card\n" + number))
	return hex.EncodeToString(sum[:])
}

// storeCardLocked saves in on file for the customer ref and answers it. The same number stored again
// updates the card it was stored as (expiry, name) and keeps its token. A customer's first card is
// primary. The caller holds p.mu.
func (p *Provider) storeCardLocked(ref string, in cardInput, now time.Time) payments.Card {
	c := p.st.customers[ref]
	if c == nil {
		c = &customer{}
		p.st.customers[ref] = c
	}
	fp := cardFingerprint(in.number)
	for _, sc := range c.cards {
		if sc.fingerprint == fp {
			sc.ExpiryMonth, sc.ExpiryYear, sc.CardholderName = in.expMonth, in.expYear, in.name
			return copyCard(sc.Card)
		}
	}
	sum := in.summary()
	sc := &storedCard{
		Card: payments.Card{
			Token: "card_" + p.newToken(), CustomerReference: ref, Brand: sum.Brand, Last4: sum.Last4,
			ExpiryMonth: in.expMonth, ExpiryYear: in.expYear, CardholderName: in.name,
			Primary: len(c.cards) == 0, CreatedAt: now,
		},
		fingerprint: fp,
		behaviour:   behaviourOf(in.number),
	}
	c.cards = append(c.cards, sc)
	return copyCard(sc.Card)
}

// customerCard finds the customer's card named by the request's path, answering 404 card_not_found
// (or 400 for a malformed reference) when there is none. The caller holds p.mu.
func (p *Provider) customerCardLocked(w http.ResponseWriter, r *http.Request) (*customer, int, *storedCard) {
	ref := r.PathValue("customer")
	if !payments.ValidCustomerReference(ref) {
		invalid(w, "customerReference must be 1 to 64 of A-Z a-z 0-9 - _ .")
		return nil, -1, nil
	}
	if c := p.st.customers[ref]; c != nil {
		if i, sc := c.find(r.PathValue("token")); sc != nil {
			return c, i, sc
		}
	}
	httpjson.Error(w, http.StatusNotFound, payments.CodeCardNotFound, "the customer has no card with that token")
	return nil, -1, nil
}

// listCards serves GET /customers/{customer}/cards: the primary first, then oldest first.
func (p *Provider) listCards(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("customer")
	if !payments.ValidCustomerReference(ref) {
		invalid(w, "customerReference must be 1 to 64 of A-Z a-z 0-9 - _ .")
		return
	}
	p.mu.Lock()
	list := payments.CardList{Cards: []payments.Card{}}
	if c := p.st.customers[ref]; c != nil {
		list.Cards = c.cardList()
	}
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, list)
}

// setPrimary serves POST /customers/{customer}/cards/{token}/primary.
func (p *Provider) setPrimary(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, _, sc := p.customerCardLocked(w, r)
	if sc == nil {
		return
	}
	for _, other := range c.cards {
		other.Primary = other == sc
	}
	httpjson.Write(w, http.StatusOK, copyCard(sc.Card))
}

// removeCard serves DELETE /customers/{customer}/cards/{token}. When the primary card goes, the most
// recently stored of the others becomes primary.
func (p *Provider) removeCard(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, i, sc := p.customerCardLocked(w, r)
	if sc == nil {
		return
	}
	c.cards = append(c.cards[:i:i], c.cards[i+1:]...)
	if sc.Primary && len(c.cards) > 0 {
		c.cards[len(c.cards)-1].Primary = true
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// updateBilling serves PUT /customers/{customer}/cards/{token}/billing-address.
func (p *Provider) updateBilling(w http.ResponseWriter, r *http.Request) {
	var a payments.BillingAddress
	if err := httpjson.Decode(w, r, &a); err != nil {
		invalid(w, "the body must be a billing address: "+err.Error())
		return
	}
	a, msg := normaliseAddress(a)
	if msg != "" {
		invalid(w, msg)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, _, sc := p.customerCardLocked(w, r)
	if sc == nil {
		return
	}
	sc.BillingAddress = &a
	httpjson.Write(w, http.StatusOK, copyCard(sc.Card))
}

var (
	ukPostcode  = regexp.MustCompile(`^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$`)
	countryCode = regexp.MustCompile(`^[A-Z]{2}$`)
)

// normaliseAddress trims a and checks it: line1, city and postcode required; the country defaults to GB,
// where the postcode must be a UK one (answered upper case with one space).
func normaliseAddress(a payments.BillingAddress) (payments.BillingAddress, string) {
	a.Line1, a.Line2, a.City = strings.TrimSpace(a.Line1), strings.TrimSpace(a.Line2), strings.TrimSpace(a.City)
	a.Postcode = strings.ToUpper(strings.TrimSpace(a.Postcode))
	a.Country = strings.ToUpper(strings.TrimSpace(a.Country))
	if a.Country == "" {
		a.Country = "GB"
	}
	switch {
	case !hosted.ValidText(a.Line1, 1, 100):
		return a, "line1 must be 1 to 100 characters"
	case a.Line2 != "" && !hosted.ValidText(a.Line2, 1, 100):
		return a, "line2 must be at most 100 characters"
	case !hosted.ValidText(a.City, 1, 60):
		return a, "city must be 1 to 60 characters"
	case !countryCode.MatchString(a.Country):
		return a, "country must be an ISO 3166-1 alpha-2 code such as GB"
	case !hosted.ValidText(a.Postcode, 1, 16):
		return a, "postcode must be 1 to 16 characters"
	}
	if a.Country == "GB" {
		m := ukPostcode.FindStringSubmatch(a.Postcode)
		if m == nil {
			return a, "postcode must be a UK postcode such as SW1A 1AA"
		}
		a.Postcode = m[1] + " " + m[2]
	}
	return a, ""
}
