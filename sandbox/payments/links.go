package payments

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"lender/bff/upstream/payments"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
)

// MaxAmountPence caps one payment: £100,000.
const MaxAmountPence = 10_000_000

// createLink serves POST /payment-links. The Idempotency-Key header is optional here.
func (p *Provider) createLink(w http.ResponseWriter, r *http.Request) {
	var req payments.CreatePaymentLinkRequest
	if err := httpjson.Decode(w, r, &req); err != nil {
		invalid(w, "the body must be a payment link request: "+err.Error())
		return
	}
	if msg := validateLinkRequest(req); msg != "" {
		invalid(w, msg)
		return
	}
	ret, err := p.site.ReturnURL(req.ReturnURL)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, payments.CodeReturnURLNotAllowed, "returnUrl "+err.Error())
		return
	}
	base := p.site.Public(r)
	p.Idem.Do(w, r, "POST /payment-links", req, func() (int, any) {
		return http.StatusCreated, p.newLink(req, ret.String(), base)
	})
}

// newLink stores a link for req returning to returnURL, whose hosted page is under base, and answers it.
func (p *Provider) newLink(req payments.CreatePaymentLinkRequest, returnURL, base string) payments.PaymentLink {
	now := p.Clock.Now()
	token := p.newToken()
	l := &link{PaymentLink: payments.PaymentLink{
		ID:                  p.newID("plink_"),
		TransactionID:       p.newID("txn_"),
		URL:                 base + p.prefix + checkoutPath + token,
		Status:              payments.StatusCreated,
		AmountPence:         req.AmountPence,
		Currency:            req.Currency,
		MerchantReference:   req.MerchantReference,
		CustomerReference:   req.CustomerReference,
		Description:         req.Description,
		MerchantDisplayName: req.MerchantDisplayName,
		MerchantBrandColour: req.MerchantBrandColour,
		ReturnURL:           returnURL,
		NotificationURL:     req.NotificationURL,
		StoreCard:           req.StoreCard,
		CreatedAt:           now,
		UpdatedAt:           now,
		ExpiresAt:           now.Add(p.cfg.LinkTTL),
	}, formToken: hosted.NewToken()}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.st.links[l.ID] = l
	p.st.byToken[tokenHash(token)] = l.ID
	return copyLink(l.PaymentLink)
}

// getLink serves GET /payment-links/{id}.
func (p *Provider) getLink(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	l, ok := p.st.links[r.PathValue("id")]
	var snap payments.PaymentLink
	if ok {
		l.refresh(p.Clock.Now())
		snap = copyLink(l.PaymentLink)
	}
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, payments.CodePaymentLinkNotFound, "no payment link has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, snap)
}

// validateLinkRequest answers what is wrong with req, or "". returnUrl is checked separately.
func validateLinkRequest(req payments.CreatePaymentLinkRequest) string {
	switch {
	case req.Currency != payments.CurrencyGBP:
		return "currency must be GBP"
	case req.AmountPence < 0 || req.AmountPence > MaxAmountPence:
		return "amountPence must be between 0 and 10000000"
	case req.AmountPence == 0 && !req.StoreCard:
		return "amountPence 0 is a store-card-only link: set storeCard"
	}
	if msg := validateReferences(req.MerchantReference, req.CustomerReference); msg != "" {
		return msg
	}
	if !hosted.ValidText(req.Description, 1, 140) {
		return "description must be 1 to 140 characters without line breaks"
	}
	if !hosted.ValidMerchantName(req.MerchantDisplayName) {
		return "merchantDisplayName must be 1 to 64 characters without line breaks or surrounding spaces"
	}
	if !hosted.ValidColour(req.MerchantBrandColour) {
		return "merchantBrandColour must be a colour as #rrggbb"
	}
	if req.NotificationURL != "" && !validTargetURL(req.NotificationURL) {
		return "notificationUrl must be an absolute http or https URL"
	}
	return ""
}

func validateReferences(merchant, customer string) string {
	if merchant == "" || len(merchant) > 64 || !printableASCII(merchant) {
		return "merchantReference must be 1 to 64 printable ASCII characters"
	}
	if !payments.ValidCustomerReference(customer) {
		return "customerReference must be 1 to 64 of A-Z a-z 0-9 - _ ."
	}
	return ""
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return true
}

// validTargetURL: an absolute http(s) URL with a host and no credentials, that a webhook can go to.
func validTargetURL(raw string) bool {
	if len(raw) > 2048 || !printableASCII(raw) || strings.ContainsAny(raw, " \\") {
		return false
	}
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil && u.Fragment == ""
}

// redirectBack answers the 303 that sends the browser back to l's returnUrl with the signed outcome.
func (p *Provider) redirectBack(w http.ResponseWriter, r *http.Request, l payments.PaymentLink) {
	hosted.Redirect(w, r, p.returnURL(l), p.outcome(l).Values(p.cfg.Secret))
}

// returnURL is l's returnUrl, parsed (it was checked when the link was made).
func (p *Provider) returnURL(l payments.PaymentLink) *url.URL {
	u, err := url.Parse(l.ReturnURL)
	if err != nil {
		u, _ = url.Parse(hosted.DefaultAppURL) // cannot happen
	}
	return u
}

// outcome is what the redirect back reports of l.
func (p *Provider) outcome(l payments.PaymentLink) payments.Redirect {
	return payments.Redirect{Status: l.Status, TransactionID: l.TransactionID, MerchantReference: l.MerchantReference,
		AmountPence: l.AmountPence}
}

// signedReturnURL is the URL redirectBack sends the browser to, for links on pages.
func (p *Provider) signedReturnURL(l payments.PaymentLink) string {
	u := p.returnURL(l)
	q := u.Query()
	for k, v := range p.outcome(l).Values(p.cfg.Secret) {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// event is a webhook event of type t happening now.
func (p *Provider) event(t string, now time.Time) payments.WebhookEvent {
	return payments.WebhookEvent{ID: p.newID("evt_"), Type: t, CreatedAt: now}
}

// target is where the webhooks of something with notificationURL go.
func (p *Provider) target(notificationURL string) string {
	if notificationURL != "" {
		return notificationURL
	}
	return p.cfg.WebhookURL
}
