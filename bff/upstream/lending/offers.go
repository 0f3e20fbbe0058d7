package lending

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"lender/bff/upstream/transport"
)

// Statuses of a broker offer (BrokerOffer.Status).
const (
	OfferStatusActive  = "active"
	OfferStatusExpired = "expired" // ExpiresAt has passed: the client token no longer opens it
)

// BrokerOfferTTL is how long a broker offer and its client token last, on the lending core's clock.
const BrokerOfferTTL = 30 * 24 * time.Hour

// ClientTokenLength is the length of a client token: 32 random bytes (256 bits) in unpadded
// base64url.
const ClientTokenLength = 43

// OfferClient is the person a broker offer is made to.
type OfferClient struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Phone     string `json:"phone,omitempty"` // E.164 in answers; national or E.164 in requests
}

// CreateBrokerOfferRequest is the body of POST /broker-offers.
type CreateBrokerOfferRequest struct {
	// PortalUserID is the signed-in portal user making the offer; the offer belongs to their firm.
	PortalUserID string      `json:"portalUserId"`
	Client       OfferClient `json:"client"`
	AmountPence  int64       `json:"amountPence"`
	TermMonths   int         `json:"termMonths"`
	// AnnualRatePercent is the nominal annual rate; nil prices from the rate table.
	AnnualRatePercent *Percent `json:"annualRatePercent,omitempty"`
	FeePence          int64    `json:"feePence,omitempty"`
}

// BrokerOffer is a loan offer a broker made to a client.
type BrokerOffer struct {
	ID         string      `json:"id"`
	BrokerID   string      `json:"brokerId"`
	BrokerFirm string      `json:"brokerFirm"`
	CreatedBy  string      `json:"createdBy"` // the portal user's id
	Client     OfferClient `json:"client"`
	Quote      Quote       `json:"quote"`
	Status     string      `json:"status"` // OfferStatusActive or OfferStatusExpired
	CreatedAt  time.Time   `json:"createdAt"`
	ExpiresAt  time.Time   `json:"expiresAt"`
}

// CreatedBrokerOffer is the answer of POST /broker-offers. ClientToken is the capability for the
// client's public page: it is answered this once and never again (the lending core keeps only its
// SHA-256), so the BFF must put it in the link it sends at once.
type CreatedBrokerOffer struct {
	Offer       BrokerOffer `json:"offer"`
	ClientToken string      `json:"clientToken"`
}

// BrokerOfferList is the answer of GET /broker-offers?brokerId=….
type BrokerOfferList struct {
	Offers []BrokerOffer `json:"offers"` // newest first
}

// CreateBrokerOffer calls POST /broker-offers. It takes no Idempotency-Key (the answer holds a secret
// that is never stored), so the transport does not retry it.
func (c *Client) CreateBrokerOffer(ctx context.Context, req CreateBrokerOfferRequest) (CreatedBrokerOffer, error) {
	var o CreatedBrokerOffer
	err := c.t.Do(ctx, transport.Request{Operation: "broker_offers.create", Method: http.MethodPost,
		Path: "/broker-offers", Body: req}, &o)
	return o, classify(err)
}

// BrokerOffers calls GET /broker-offers?brokerId=…: the firm's offers, newest first (empty for a firm
// with none).
func (c *Client) BrokerOffers(ctx context.Context, brokerID string) ([]BrokerOffer, error) {
	if !validID(brokerID) {
		return []BrokerOffer{}, nil
	}
	var l BrokerOfferList
	err := c.t.Do(ctx, transport.Request{Operation: "broker_offers.list", Method: http.MethodGet, Path: "/broker-offers",
		Query: url.Values{"brokerId": {brokerID}}}, &l)
	if err != nil {
		return nil, classify(err)
	}
	return l.Offers, nil
}

// BrokerOffer calls GET /broker-offers/{id}; ErrBrokerOfferNotFound when there is none. It does not
// check who asks: the BFF checks that the offer's BrokerID is the caller's.
func (c *Client) BrokerOffer(ctx context.Context, id string) (BrokerOffer, error) {
	var o BrokerOffer
	if !validID(id) {
		return o, ErrBrokerOfferNotFound
	}
	err := c.t.Get(ctx, "broker_offers.get", "/broker-offers/"+id, &o)
	return o, classify(err)
}

// BrokerOfferByToken calls GET /broker-offers/by-token/{token}: the offer a client token opens.
// ErrBrokerOfferNotFound for a token that is malformed (no call is made) or unknown,
// ErrBrokerOfferExpired once the offer has expired.
func (c *Client) BrokerOfferByToken(ctx context.Context, token string) (BrokerOffer, error) {
	var o BrokerOffer
	if !ValidClientToken(token) {
		return o, ErrBrokerOfferNotFound
	}
	err := c.t.Get(ctx, "broker_offers.by_token", "/broker-offers/by-token/"+token, &o)
	return o, classify(err)
}

// ValidClientToken reports whether s has the shape of a client token: ClientTokenLength characters of
// the base64url alphabet.
func ValidClientToken(s string) bool {
	if len(s) != ClientTokenLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
