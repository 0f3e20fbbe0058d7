package payments_test

import (
	"net/http"
	"strings"
	"testing"

	"lender/bff/upstream/payments"
	sp "lender/sandbox/payments"
)

func TestCardsOnFile(t *testing.T) {
	g := newGateway(t, sp.Config{})
	var list payments.CardList
	if st, _ := g.call(t, http.MethodGet, "/customers/nobody/cards", "", &list); st != http.StatusOK || list.Cards == nil || len(list.Cards) != 0 {
		t.Fatalf("cards of a new customer = %d %+v", st, list)
	}

	visa := g.storeCard(t, "cust-a", sp.TestCardSucceeds)
	mc := g.storeCard(t, "cust-a", sp.TestCardSucceedsMastercard)
	if again := g.storeCard(t, "cust-a", sp.TestCardSucceeds); again != visa {
		t.Fatalf("the same card stored again has token %s, want %s", again, visa)
	}
	threeDS := g.storeCard(t, "cust-a", sp.TestCard3DS)
	other := g.storeCard(t, "cust-b", sp.TestCardSucceeds)

	cards := func() []payments.Card {
		t.Helper()
		var l payments.CardList
		if st, _ := g.call(t, http.MethodGet, "/customers/cust-a/cards", "", &l); st != http.StatusOK {
			t.Fatalf("list = %d", st)
		}
		return l.Cards
	}
	tokens := func(cs []payments.Card) string {
		var s []string
		for _, c := range cs {
			tag := c.Token
			if c.Primary {
				tag += "*"
			}
			s = append(s, tag)
		}
		return strings.Join(s, ",")
	}
	// The first card is primary; the list is the primary first, then oldest first.
	if got, want := tokens(cards()), visa+"*,"+mc+","+threeDS; got != want {
		t.Fatalf("cards = %s, want %s", got, want)
	}
	for _, c := range cards() {
		if c.CustomerReference != "cust-a" || len(c.Last4) != 4 || c.Brand == "" {
			t.Errorf("card %+v", c)
		}
	}
	_, h := g.call(t, http.MethodGet, "/customers/cust-a/cards", "", nil)
	if h.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control = %q", h.Get("Cache-Control"))
	}

	// Set primary.
	var c payments.Card
	if st, _ := g.call(t, http.MethodPost, "/customers/cust-a/cards/"+mc+"/primary", "", &c); st != http.StatusOK || !c.Primary || c.Token != mc {
		t.Fatalf("set primary = %d %+v", st, c)
	}
	if got, want := tokens(cards()), mc+"*,"+visa+","+threeDS; got != want {
		t.Fatalf("after set primary = %s, want %s", got, want)
	}

	// Billing address.
	st, _ := g.call(t, http.MethodPut, "/customers/cust-a/cards/"+visa+"/billing-address",
		`{"line1":"1 High Street","city":"Leeds","postcode":"ls1 1aa"}`, &c)
	if st != http.StatusOK || c.BillingAddress == nil || *c.BillingAddress != (payments.BillingAddress{Line1: "1 High Street", City: "Leeds", Postcode: "LS1 1AA", Country: "GB"}) {
		t.Fatalf("billing address = %d %+v", st, c.BillingAddress)
	}
	var e errorBody
	if st, _ := g.call(t, http.MethodPut, "/customers/cust-a/cards/"+visa+"/billing-address", `{"line1":"","city":"Leeds","postcode":"LS1 1AA"}`, &e); st != http.StatusBadRequest || e.Code != payments.CodeInvalidRequest {
		t.Fatalf("bad billing address = %d %+v", st, e)
	}

	// Remove the primary: the most recently stored other card takes over.
	if st, _ := g.call(t, http.MethodDelete, "/customers/cust-a/cards/"+mc, "", nil); st != http.StatusNoContent {
		t.Fatalf("remove = %d", st)
	}
	if got, want := tokens(cards()), threeDS+"*,"+visa; got != want {
		t.Fatalf("after removing the primary = %s, want %s", got, want)
	}
	if st, _ := g.call(t, http.MethodDelete, "/customers/cust-a/cards/"+mc, "", &e); st != http.StatusNotFound || e.Code != payments.CodeCardNotFound {
		t.Fatalf("remove twice = %d %+v", st, e)
	}

	// A customer's cards are not reachable through another customer.
	for _, tt := range []struct{ method, path, body string }{
		{http.MethodPost, "/customers/cust-a/cards/" + other + "/primary", ""},
		{http.MethodDelete, "/customers/cust-a/cards/" + other, ""},
		{http.MethodPut, "/customers/cust-a/cards/" + other + "/billing-address", `{"line1":"1 A St","city":"Leeds","postcode":"LS1 1AA"}`},
		{http.MethodPost, "/customers/nobody/cards/" + visa + "/primary", ""},
	} {
		if st, _ := g.call(t, tt.method, tt.path, tt.body, &e); st != http.StatusNotFound || e.Code != payments.CodeCardNotFound {
			t.Errorf("%s %s = %d %+v", tt.method, tt.path, st, e)
		}
	}
	var bl payments.CardList
	g.call(t, http.MethodGet, "/customers/cust-b/cards", "", &bl)
	if len(bl.Cards) != 1 || !bl.Cards[0].Primary {
		t.Fatalf("cust-b cards = %+v", bl.Cards)
	}
	// Answers never carry a full card number.
	for _, n := range []string{sp.TestCardSucceeds, sp.TestCardSucceedsMastercard, sp.TestCard3DS} {
		for _, path := range []string{"/customers/cust-a/cards", "/webhook-deliveries"} {
			var raw map[string]any
			g.call(t, http.MethodGet, path, "", &raw)
			if s, _ := jsonString(raw); strings.Contains(s, n) {
				t.Errorf("%s shows the full number %s", path, n)
			}
		}
	}
}

func TestCardsRefuseAMalformedCustomerReference(t *testing.T) {
	g := newGateway(t, sp.Config{})
	var e errorBody
	if st, _ := g.call(t, http.MethodGet, "/customers/"+strings.Repeat("x", 65)+"/cards", "", &e); st != http.StatusBadRequest || e.Code != payments.CodeInvalidRequest {
		t.Fatalf("= %d %+v", st, e)
	}
}
