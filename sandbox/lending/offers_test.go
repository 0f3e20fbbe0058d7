package lending

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

func offerRequest(portalUserID string) lending.CreateBrokerOfferRequest {
	return lending.CreateBrokerOfferRequest{
		PortalUserID: portalUserID,
		Client:       lending.OfferClient{FirstName: "Chris", LastName: "Lee", Email: "Chris.Lee@Example.com", Phone: "07700 900777"},
		AmountPence:  7_500_00, TermMonths: 60, AnnualRatePercent: lending.Rate("6.7"),
	}
}

func (h *harness) createOffer(portalUserID string) lending.CreatedBrokerOffer {
	h.t.Helper()
	var o lending.CreatedBrokerOffer
	h.must(h.do(http.MethodPost, "/broker-offers", offerRequest(portalUserID)), http.StatusCreated, &o)
	return o
}

func TestCreateBrokerOffer(t *testing.T) {
	h := newHarness(t)
	a := h.do(http.MethodPost, "/broker-offers", offerRequest("pu_northgate_broker"))
	var created lending.CreatedBrokerOffer
	h.must(a, http.StatusCreated, &created)
	o := created.Offer
	if !strings.HasPrefix(o.ID, "bo_") || o.BrokerID != personas.NorthgateID || o.BrokerFirm != personas.NorthgateFirm ||
		o.CreatedBy != "pu_northgate_broker" || o.Status != lending.OfferStatusActive || !o.CreatedAt.Equal(testNow) ||
		!o.ExpiresAt.Equal(testNow.Add(30*24*time.Hour)) {
		t.Fatalf("offer = %+v", o)
	}
	if o.Client != (lending.OfferClient{FirstName: "Chris", LastName: "Lee", Email: "chris.lee@example.com", Phone: "+447700900777"}) {
		t.Fatalf("client = %+v", o.Client)
	}
	if q := o.Quote; q.AmountPence != 7_500_00 || q.MonthlyInstalmentPence != 14745 || q.APRPercent != "6.9" || q.RateFromTable {
		t.Fatalf("quote = %+v", q)
	}
	// The token: 32 random bytes (≥ 128 bits) in base64url, kept only as its SHA-256.
	raw, err := base64.RawURLEncoding.DecodeString(created.ClientToken)
	if err != nil || len(raw) != 32 || !lending.ValidClientToken(created.ClientToken) {
		t.Fatalf("token %q: %d bytes, %v", created.ClientToken, len(raw), err)
	}
	h.p.mu.Lock()
	stored := h.p.st.offers[o.ID]
	if stored.tokenHash != sha256.Sum256([]byte(created.ClientToken)) {
		t.Error("the stored hash is not the token's SHA-256")
	}
	h.p.mu.Unlock()

	// The token is answered once: no other answer carries it.
	for _, path := range []string{"/broker-offers/" + o.ID, "/broker-offers?brokerId=" + personas.NorthgateID,
		"/broker-offers/by-token/" + created.ClientToken} {
		if b := h.do(http.MethodGet, path, nil).body; bytes.Contains(b, []byte(created.ClientToken)) {
			t.Fatalf("GET %s answers the token again", path)
		}
	}
	// Each offer gets its own token.
	if other := h.createOffer("pu_northgate_broker"); other.ClientToken == created.ClientToken || other.Offer.ID == o.ID {
		t.Fatal("two offers share a token or id")
	}
}

func TestCreateBrokerOfferRefusals(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*lending.CreateBrokerOfferRequest)
		status int
		code   string
	}{
		{"unknown portal user", func(r *lending.CreateBrokerOfferRequest) { r.PortalUserID = "pu_nobody" }, 422, lending.CodePortalUserNotFound},
		{"no client name", func(r *lending.CreateBrokerOfferRequest) { r.Client.LastName = "" }, 422, lending.CodeInvalidRequest},
		{"client e-mail", func(r *lending.CreateBrokerOfferRequest) { r.Client.Email = "chris" }, 422, lending.CodeEmailInvalid},
		{"client phone", func(r *lending.CreateBrokerOfferRequest) { r.Client.Phone = "12" }, 422, lending.CodePhoneInvalid},
		{"amount", func(r *lending.CreateBrokerOfferRequest) { r.AmountPence = 30_000_00 }, 422, lending.CodeAmountAboveMaximum},
		{"rate", func(r *lending.CreateBrokerOfferRequest) { r.AnnualRatePercent = lending.Rate("45") }, 422, lending.CodeRateAboveMaximum},
		{"rate shape", func(r *lending.CreateBrokerOfferRequest) { r.AnnualRatePercent = lending.Rate("six") }, 422, lending.CodeRateInvalid},
	}
	h := newHarness(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := offerRequest("pu_northgate_broker")
			tt.edit(&req)
			h.refused(h.do(http.MethodPost, "/broker-offers", req), tt.status, tt.code)
		})
	}
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	if len(h.p.st.offers) != 0 || len(h.p.st.offerByToken) != 0 {
		t.Fatal("refused offers were recorded")
	}
}

func TestListAndViewBrokerOffers(t *testing.T) {
	h := newHarness(t)
	first := h.createOffer("pu_northgate_broker")
	_, _ = h.clock.Advance(time.Minute)
	second := h.createOffer("pu_northgate_finance") // the same firm
	kestrel := h.createOffer("pu_kestrel_broker")

	var l lending.BrokerOfferList
	h.must(h.do(http.MethodGet, "/broker-offers?brokerId="+personas.NorthgateID, nil), http.StatusOK, &l)
	if len(l.Offers) != 2 || l.Offers[0].ID != second.Offer.ID || l.Offers[1].ID != first.Offer.ID {
		t.Fatalf("Northgate's offers = %+v, want newest first", l.Offers)
	}
	h.must(h.do(http.MethodGet, "/broker-offers?brokerId="+personas.KestrelID, nil), http.StatusOK, &l)
	if len(l.Offers) != 1 || l.Offers[0].ID != kestrel.Offer.ID {
		t.Fatalf("Kestrel's offers = %+v", l.Offers)
	}
	if a := h.do(http.MethodGet, "/broker-offers?brokerId=brk_nobody", nil); string(a.body) != `{"offers":[]}`+"\n" {
		t.Fatalf("an unknown firm = %s", a.body)
	}
	h.refused(h.do(http.MethodGet, "/broker-offers", nil), 400, lending.CodeInvalidQuery)

	var o lending.BrokerOffer
	h.must(h.do(http.MethodGet, "/broker-offers/"+first.Offer.ID, nil), http.StatusOK, &o)
	if o.ID != first.Offer.ID || o.Quote.TotalPayablePence != first.Offer.Quote.TotalPayablePence {
		t.Fatalf("offer = %+v", o)
	}
	h.refused(h.do(http.MethodGet, "/broker-offers/bo_nope", nil), 404, lending.CodeBrokerOfferNotFound)
}

// TestClientTokenLifecycle: created → opens the offer → expires on the sandbox clock, 30 days on.
func TestClientTokenLifecycle(t *testing.T) {
	h := newHarness(t)
	c := h.createOffer("pu_northgate_broker")
	other := h.createOffer("pu_kestrel_broker")
	byToken := "/broker-offers/by-token/"
	tampered := []byte(c.ClientToken) // still base64url, but another token
	if tampered[0] != 'A' {
		tampered[0] = 'A'
	} else {
		tampered[0] = 'B'
	}
	steps := []struct {
		what    string
		advance time.Duration
		token   string
		status  int
		code    string
		id      string
	}{
		{"fresh", 0, c.ClientToken, 200, "", c.Offer.ID},
		{"the other offer's token opens only that offer", 0, other.ClientToken, 200, "", other.Offer.ID},
		{"a tampered token", 0, string(tampered), 404, lending.CodeBrokerOfferNotFound, ""},
		{"a token never issued", 0, strings.Repeat("A", lending.ClientTokenLength), 404, lending.CodeBrokerOfferNotFound, ""},
		{"too short", 0, c.ClientToken[:42], 404, lending.CodeBrokerOfferNotFound, ""},
		{"the offer id is not a token", 0, c.Offer.ID, 404, lending.CodeBrokerOfferNotFound, ""},
		{"a second before expiry", 30*24*time.Hour - time.Second, c.ClientToken, 200, "", c.Offer.ID},
		{"at expiry", time.Second, c.ClientToken, 410, lending.CodeBrokerOfferExpired, ""},
		{"long after", 365 * 24 * time.Hour, c.ClientToken, 410, lending.CodeBrokerOfferExpired, ""},
	}
	for _, s := range steps {
		if _, err := h.clock.Advance(s.advance); err != nil {
			t.Fatal(err)
		}
		a := h.do(http.MethodGet, byToken+s.token, nil)
		if s.code != "" {
			if a.status != s.status || a.code() != s.code {
				t.Fatalf("%s: = %d %s", s.what, a.status, a.code())
			}
			continue
		}
		var o lending.BrokerOffer
		h.must(a, s.status, &o)
		if o.ID != s.id || o.Status != lending.OfferStatusActive {
			t.Fatalf("%s: = %+v", s.what, o)
		}
	}
	// The broker still sees the expired offer, marked expired.
	var l lending.BrokerOfferList
	h.must(h.do(http.MethodGet, "/broker-offers?brokerId="+personas.NorthgateID, nil), http.StatusOK, &l)
	if len(l.Offers) != 1 || l.Offers[0].Status != lending.OfferStatusExpired {
		t.Fatalf("listing = %+v", l.Offers)
	}
}
