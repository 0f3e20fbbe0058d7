package lending

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"sort"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// offer is a broker offer. Only the SHA-256 of its client token is kept.
//
// Its client token's life: created with the offer and answered once → opens the offer (GET
// /broker-offers/by-token/{token}) until ExpiresAt on the sandbox clock → from then on answers 410
// broker_offer_expired. A token that was never issued answers 404 broker_offer_not_found.
type offer struct {
	seq       int
	o         lending.BrokerOffer // Status is computed on read
	tokenHash [32]byte
}

func (o *offer) wire(now time.Time) lending.BrokerOffer {
	out := o.o
	out.Status = lending.OfferStatusActive
	if !now.Before(o.o.ExpiresAt) {
		out.Status = lending.OfferStatusExpired
	}
	return out
}

// newClientToken is 32 random bytes (256 bits) in unpadded base64url, and its SHA-256.
func newClientToken() (string, [32]byte) {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	return tok, sha256.Sum256([]byte(tok))
}

func (p *Provider) createBrokerOffer(w http.ResponseWriter, r *http.Request) {
	var req lending.CreateBrokerOfferRequest
	if !decode(w, r, &req) {
		return
	}
	now := p.Clock.Now()
	client, perr := checkOfferClient(req.Client)
	if perr != nil {
		perr.write(w)
		return
	}
	q, perr := priceLoan(req.AmountPence, req.TermMonths, req.AnnualRatePercent, req.FeePence, now)
	if perr != nil {
		perr.write(w)
		return
	}
	token, hash := newClientToken()

	p.mu.Lock()
	defer p.mu.Unlock()
	u, ok := p.st.portalByID[req.PortalUserID]
	if !ok {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodePortalUserNotFound, "portalUserId is not a finance-portal user")
		return
	}
	p.st.offerSeq++
	o := &offer{seq: p.st.offerSeq, tokenHash: hash, o: lending.BrokerOffer{
		ID: newID("bo_"), BrokerID: u.user.BrokerID, BrokerFirm: u.user.BrokerFirm, CreatedBy: u.user.ID,
		Client: client, Quote: q, CreatedAt: now, ExpiresAt: now.Add(lending.BrokerOfferTTL),
	}}
	p.st.offers[o.o.ID] = o
	p.st.offerByToken[hash] = o.o.ID
	p.stateChanged()
	httpjson.Write(w, http.StatusCreated, lending.CreatedBrokerOffer{Offer: o.wire(now), ClientToken: token})
}

func checkOfferClient(c lending.OfferClient) (lending.OfferClient, *problem) {
	if !validName(c.FirstName) || !validName(c.LastName) {
		return c, invalid(lending.CodeInvalidRequest, "client.firstName and client.lastName are required, at most 100 characters each")
	}
	c.FirstName, c.LastName = strings.TrimSpace(c.FirstName), strings.TrimSpace(c.LastName)
	email, ok := normaliseEmail(c.Email)
	if !ok {
		return c, invalid(lending.CodeEmailInvalid, "client.email must be one e-mail address such as jo@example.com")
	}
	c.Email = email
	if c.Phone != "" {
		if c.Phone, ok = normalisePhone(c.Phone); !ok {
			return c, invalid(lending.CodePhoneInvalid, "client.phone must be a UK mobile number such as 07700 900123")
		}
	}
	return c, nil
}

// listBrokerOffers answers GET /broker-offers?brokerId=…, newest first.
func (p *Provider) listBrokerOffers(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	broker := q.Get("brokerId")
	if broker == "" || len(q["brokerId"]) != 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "give one brokerId, such as ?brokerId=brk_northgate")
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	var mine []*offer
	for _, o := range p.st.offers {
		if o.o.BrokerID == broker {
			mine = append(mine, o)
		}
	}
	sort.Slice(mine, func(i, j int) bool { return mine[i].seq > mine[j].seq })
	out := lending.BrokerOfferList{Offers: make([]lending.BrokerOffer, len(mine))}
	for i, o := range mine {
		out.Offers[i] = o.wire(now)
	}
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, out)
}

func (p *Provider) brokerOffer(w http.ResponseWriter, r *http.Request) {
	now := p.Clock.Now()
	p.mu.Lock()
	o, ok := p.st.offers[r.PathValue("id")]
	var out lending.BrokerOffer
	if ok {
		out = o.wire(now)
	}
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, lending.CodeBrokerOfferNotFound, "no broker offer has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, out)
}

// brokerOfferByToken opens an offer by its client token. The token is hashed before anything else and
// looked up by its SHA-256, then the stored hash is compared in constant time: how long the answer
// takes depends on the hash, never on how many leading characters of a real token were guessed.
func (p *Provider) brokerOfferByToken(w http.ResponseWriter, r *http.Request) {
	tok := r.PathValue("token")
	hash := sha256.Sum256([]byte(tok))
	now := p.Clock.Now()
	p.mu.Lock()
	var (
		out   lending.BrokerOffer
		found bool
	)
	if id, ok := p.st.offerByToken[hash]; ok && lending.ValidClientToken(tok) {
		o := p.st.offers[id]
		if subtle.ConstantTimeCompare(o.tokenHash[:], hash[:]) == 1 {
			out, found = o.wire(now), true
		}
	}
	p.mu.Unlock()
	switch {
	case !found:
		httpjson.Error(w, http.StatusNotFound, lending.CodeBrokerOfferNotFound, "this link does not open an offer")
	case out.Status == lending.OfferStatusExpired:
		httpjson.Error(w, http.StatusGone, lending.CodeBrokerOfferExpired, "this offer has expired; ask your broker for a new one")
	default:
		httpjson.Write(w, http.StatusOK, out)
	}
}
