package payments

import (
	"context"
	"encoding/json"
	"errors"

	"lender/bff/upstream/payments"
	"lender/sandbox/httpjson"
)

// The gateway's section of the sandbox snapshot (sandbox/snapshot): payment links (with the hash of
// their checkout token, never the token, and the card waiting for 3-D Secure, always a test card),
// cards on file (their fingerprints, never the numbers), recurring charges, webhook deliveries (those
// still pending resume their attempts after a restart) and the remembered Idempotency-Keys, so a
// recurring charge repeated after a restart is replayed, not charged twice.

type snapshotRec struct {
	Links      []linkRec                    `json:"links"`
	Recurring  []payments.RecurringPayment  `json:"recurring"`
	Customers  map[string][]cardRec         `json:"customers"`
	Deliveries []deliveryRec                `json:"deliveries"`
	Keys       []httpjson.IdempotencyRecord `json:"idempotencyKeys"`
}

type linkRec struct {
	Link      payments.PaymentLink `json:"link"`
	TokenHash string               `json:"tokenHash"`
	FormToken string               `json:"formToken"`
	Pending   *pendingRec          `json:"pendingCard,omitempty"`
}

type pendingRec struct {
	Number   string `json:"number"` // a test card (only TestCard3DS waits for 3-D Secure)
	ExpMonth int    `json:"expMonth"`
	ExpYear  int    `json:"expYear"`
	Name     string `json:"name"`
}

type cardRec struct {
	Card        payments.Card `json:"card"`
	Fingerprint string        `json:"fingerprint"`
	Behaviour   behaviour     `json:"behaviour"`
}

type deliveryRec struct {
	Delivery payments.WebhookDelivery `json:"delivery"`
	Body     []byte                   `json:"body"` // the exact bytes signed and sent
}

// SaveSnapshot is the gateway's section.
func (p *Provider) SaveSnapshot() (json.RawMessage, error) {
	out := snapshotRec{Customers: map[string][]cardRec{}}
	p.mu.Lock()
	byID := map[string]string{}
	for h, id := range p.st.byToken {
		byID[id] = h
	}
	for _, l := range p.st.links {
		r := linkRec{Link: copyLink(l.PaymentLink), TokenHash: byID[l.ID], FormToken: l.formToken}
		if in := l.pending; in != nil {
			r.Pending = &pendingRec{Number: in.number, ExpMonth: in.expMonth, ExpYear: in.expYear, Name: in.name}
		}
		out.Links = append(out.Links, r)
	}
	for _, rp := range p.st.recurring {
		out.Recurring = append(out.Recurring, *rp)
	}
	for ref, c := range p.st.customers {
		for _, sc := range c.cards {
			out.Customers[ref] = append(out.Customers[ref], cardRec{Card: copyCard(sc.Card), Fingerprint: sc.fingerprint, Behaviour: sc.behaviour})
		}
	}
	p.mu.Unlock()
	p.hooks.mu.Lock()
	for _, d := range p.hooks.deliveries {
		out.Deliveries = append(out.Deliveries, deliveryRec{Delivery: copyDelivery(d.rec), Body: append([]byte(nil), d.body...)})
	}
	p.hooks.mu.Unlock()
	out.Keys = p.Idem.Export()
	return json.Marshal(out)
}

// LoadSnapshot checks the gateway's section and answers what replaces the state with it.
func (p *Provider) LoadSnapshot(raw json.RawMessage) (func(), error) {
	var in snapshotRec
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, err
	}
	st := newState()
	for _, r := range in.Links {
		if r.Link.ID == "" || r.TokenHash == "" {
			return nil, errors.New("a payment link lacks its id or token hash")
		}
		l := &link{PaymentLink: r.Link, formToken: r.FormToken}
		if r.Pending != nil {
			if !luhn(r.Pending.Number) {
				return nil, errors.New("payment link " + r.Link.ID + " waits with a malformed card")
			}
			l.pending = &cardInput{number: r.Pending.Number, expMonth: r.Pending.ExpMonth, expYear: r.Pending.ExpYear, name: r.Pending.Name}
		}
		st.links[l.ID] = l
		st.byToken[r.TokenHash] = l.ID
	}
	for _, rp := range in.Recurring {
		if rp.ID == "" {
			return nil, errors.New("a recurring payment lacks its id")
		}
		v := rp
		st.recurring[v.ID] = &v
	}
	for ref, cards := range in.Customers {
		c := &customer{}
		for _, r := range cards {
			if r.Card.Token == "" || r.Fingerprint == "" || r.Behaviour < behaveSucceed || r.Behaviour > behaveNotSupported {
				return nil, errors.New("a card on file of " + ref + " is malformed")
			}
			c.cards = append(c.cards, &storedCard{Card: r.Card, fingerprint: r.Fingerprint, behaviour: r.Behaviour})
		}
		st.customers[ref] = c
	}
	deliveries := make([]*delivery, 0, len(in.Deliveries))
	for _, r := range in.Deliveries {
		if r.Delivery.ID == "" || r.Delivery.URL == "" {
			return nil, errors.New("a webhook delivery lacks its id or URL")
		}
		if r.Delivery.Attempts == nil {
			r.Delivery.Attempts = []payments.DeliveryAttempt{}
		}
		deliveries = append(deliveries, &delivery{rec: r.Delivery, body: r.Body})
	}
	return p.Restore(in.Keys, func() {
		p.mu.Lock()
		p.st = st
		p.mu.Unlock()
		p.hooks.restore(deliveries)
	})
}

// restore replaces the deliveries with restored ones (abandoning any in progress) and resumes the
// attempts of those still pending, numbered on from the attempts already made.
func (h *webhooks) restore(ds []*delivery) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cancel()
	h.ctx, h.cancel = context.WithCancel(context.Background())
	h.deliveries = ds
	if h.closed {
		return
	}
	for _, d := range ds {
		if d.rec.Status == payments.DeliveryPending && len(d.rec.Attempts) < d.rec.MaxAttempts {
			h.wg.Add(1)
			go h.deliver(h.ctx, d, len(d.rec.Attempts)+1)
		}
	}
}
