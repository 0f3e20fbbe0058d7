package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
	ob "lender/bff/upstream/openbanking"
	"lender/bff/upstream/payments"
	sandboxlending "lender/sandbox/lending"
	"lender/sandbox/personas"
)

// Every reference a seeded loan or application holds at another provider is there: the card on file
// for the customer, the consent authorised, the identity check passed; a seeded loan's card can be
// charged. A reset restores them.
func TestSeededReferencesExistAtTheirProviders(t *testing.T) {
	_, ts := newSandbox(t)
	check := func(t *testing.T) {
		cards, consents, checks := 0, 0, 0
		for _, b := range personas.Borrowers() {
			var card, consentID, checkID string
			var l struct {
				ID string `json:"id"`
			}
			if call(t, ts, http.MethodGet, "/lending/v1/loans/"+sandboxlending.SeedLoanID(b.Key), "", &l) == http.StatusOK {
				// The loan API does not show the card; lending seeds it from personas, as read here.
				card = b.CPACardToken
				if card == "" {
					t.Errorf("%s: the seeded loan has no CPA card", b.Key)
				}
			}
			var a lending.Application
			if call(t, ts, http.MethodGet, "/lending/v1/applications/"+sandboxlending.SeedApplicationID(b.Key), "", &a) == http.StatusOK {
				consentID = a.OpenBanking.ConsentID
				if a.CPA != nil {
					card = a.CPA.CardToken
				}
				if a.Identity != nil {
					checkID = a.Identity.CheckID
				}
			}
			if card != "" {
				cards++
				var list payments.CardList
				if code := call(t, ts, http.MethodGet, "/payments/v1/customers/"+b.CustomerID+"/cards", "", &list); code != http.StatusOK {
					t.Fatalf("%s: cards: %d", b.Key, code)
				}
				found := false
				for _, c := range list.Cards {
					found = found || (c.Token == card && c.Last4 == "4242" && c.Primary && c.CustomerReference == b.CustomerID)
				}
				if !found {
					t.Errorf("%s: card %s is not the customer's primary card ending 4242: %+v", b.Key, card, list.Cards)
				}
				if l.ID != "" {
					body, _ := json.Marshal(payments.RecurringPaymentRequest{CardToken: card, CustomerReference: b.CustomerID,
						AmountPence: 123_45, Currency: payments.CurrencyGBP, MerchantReference: l.ID + "-test"})
					req, _ := http.NewRequest(http.MethodPost, ts.URL+"/payments/v1/recurring-payments", bytes.NewReader(body))
					req.Header.Set("Idempotency-Key", "seed-"+b.Key+"-"+t.Name())
					req.Header.Set("Content-Type", "application/json")
					var rp payments.RecurringPayment
					if code := do(t, ts, req, &rp); code != http.StatusCreated || rp.Status != payments.StatusSucceeded {
						t.Errorf("%s: recurring charge of %s: %d %+v", b.Key, card, code, rp)
					}
				}
			}
			if consentID != "" {
				consents++
				var c ob.Consent
				if code := call(t, ts, http.MethodGet, "/openbanking/v1/consents/"+consentID, "", &c); code != http.StatusOK ||
					c.Status != ob.StatusAuthorised || c.CustomerReference != b.CustomerID || c.ExpiresAt == nil ||
					!c.ExpiresAt.Equal(c.AuthorisedAt.Add(ob.ConsentDuration)) {
					t.Errorf("%s: consent %s: %d %+v", b.Key, consentID, code, c)
				}
			}
			if checkID != "" {
				checks++
				var c identity.Check
				if code := call(t, ts, http.MethodGet, "/identity/v1/checks/"+checkID, "", &c); code != http.StatusOK ||
					c.Status != identity.StatusPassed {
					t.Errorf("%s: identity check %s: %d %+v", b.Key, checkID, code, c)
				}
			}
		}
		if cards == 0 || consents == 0 || checks == 0 {
			t.Fatalf("found %d cards, %d consents, %d checks: the seed holds each kind", cards, consents, checks)
		}
	}
	t.Run("seed", check)
	if code := call(t, ts, http.MethodPost, "/_sandbox/reset", "", nil); code/100 != 2 {
		t.Fatalf("reset: %d", code)
	}
	t.Run("after reset", check)
}

func do(t *testing.T, ts *httptest.Server, req *http.Request, out any) int {
	t.Helper()
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("%s: %v", req.URL, err)
	}
	return resp.StatusCode
}
