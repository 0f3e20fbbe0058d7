package upstream_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/openbanking"
	"lender/bff/upstream/payments"
	"lender/bff/upstream/transport"
	sandboxpayments "lender/sandbox/payments"
	"lender/sandbox/server"
)

// clients are the BFF's upstream clients, each pointed at its prefix on one real sandbox.
type clients struct {
	lending     lending.API
	payments    payments.API
	openbanking openbanking.API
	identity    identity.API
	notify      notify.API
}

func newClients(t *testing.T) clients {
	t.Helper()
	ts := httptest.NewServer(server.New(server.Config{}))
	t.Cleanup(ts.Close)
	cfg := func(name string) transport.Config { return transport.DefaultConfig(ts.URL + server.Prefix(name)) }
	return clients{
		lending:     lending.New(cfg(lending.Name), nil),
		payments:    payments.New(cfg(payments.Name), nil),
		openbanking: openbanking.New(cfg(openbanking.Name), nil),
		identity:    identity.New(cfg(identity.Name), nil),
		notify:      notify.New(cfg(notify.Name), nil),
	}
}

// contractCase runs one client method against the sandbox. method is "<package>.<API method>", so the
// test can prove that every method of every API has at least one case.
type contractCase struct {
	method string
	name   string
	run    func(t *testing.T, ctx context.Context, c clients)
}

var contract = []contractCase{
	{"lending.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.lending.Ping(ctx)) }},
	{"payments.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.payments.Ping(ctx)) }},
	{"openbanking.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.openbanking.Ping(ctx)) }},
	{"identity.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.identity.Ping(ctx)) }},
	{"notify.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.notify.Ping(ctx)) }},
	{"payments.CreatePaymentLink", "opens a hosted checkout", func(t *testing.T, ctx context.Context, c clients) {
		req := paymentLinkRequest("pay-link-1", 12345)
		l, err := c.payments.CreatePaymentLink(ctx, req, "contract-link-1")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(l.ID, "plink_") || !strings.HasPrefix(l.TransactionID, "txn_") || l.Status != payments.StatusCreated ||
			l.AmountPence != 12345 || l.Currency != payments.CurrencyGBP || l.MerchantReference != "REP-pay-link-1" ||
			l.CustomerReference != "pay-link-1" || l.ReturnURL != req.ReturnURL || !l.ExpiresAt.After(l.CreatedAt) {
			t.Fatalf("CreatePaymentLink = %+v", l)
		}
		page := browse(t, http.MethodGet, l.URL, nil)
		if page.StatusCode != http.StatusOK || !strings.Contains(page.body, `autocomplete="cc-number"`) {
			t.Fatalf("GET %s = %d", l.URL, page.StatusCode)
		}
		again, err := c.payments.CreatePaymentLink(ctx, req, "contract-link-1")
		if err != nil || again.ID != l.ID {
			t.Fatalf("repeated key = %+v %v, want link %s", again, err, l.ID)
		}
		req.AmountPence++
		if _, err := c.payments.CreatePaymentLink(ctx, req, "contract-link-1"); !errors.Is(err, payments.ErrIdempotencyConflict) {
			t.Fatalf("same key, other request: %v, want ErrIdempotencyConflict", err)
		}
	}},
	{"payments.CreatePaymentLink", "store-card-only link", func(t *testing.T, ctx context.Context, c clients) {
		req := paymentLinkRequest("pay-link-2", 0)
		req.StoreCard = true
		l, err := c.payments.CreatePaymentLink(ctx, req, "")
		if err != nil || l.AmountPence != 0 || !l.StoreCard {
			t.Fatalf("CreatePaymentLink(store card) = %+v %v", l, err)
		}
		req.StoreCard = false
		if _, err := c.payments.CreatePaymentLink(ctx, req, ""); !errors.Is(err, payments.ErrInvalidRequest) {
			t.Fatalf("amount 0 without storeCard: %v, want ErrInvalidRequest", err)
		}
	}},
	{"payments.CreatePaymentLink", "return URL outside the app", func(t *testing.T, ctx context.Context, c clients) {
		req := paymentLinkRequest("pay-link-3", 100)
		for _, u := range []string{"https://evil.example/return", "//evil.example/", "http://localhost:8080@evil.example/"} {
			req.ReturnURL = u
			_, err := c.payments.CreatePaymentLink(ctx, req, "")
			var se *transport.StatusError
			if !errors.Is(err, payments.ErrReturnURLNotAllowed) || !errors.As(err, &se) || se.Status != 400 {
				t.Errorf("returnUrl %s: %v, want ErrReturnURLNotAllowed from a 400", u, err)
			}
		}
	}},
	{"payments.PaymentLink", "follows the checkout", func(t *testing.T, ctx context.Context, c clients) {
		l, err := c.payments.CreatePaymentLink(ctx, paymentLinkRequest("pay-get-1", 4200), "")
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.payments.PaymentLink(ctx, l.ID)
		if err != nil || got.Status != payments.StatusCreated || got.URL != l.URL {
			t.Fatalf("PaymentLink before checkout = %+v %v", got, err)
		}
		back := checkout(t, l, sandboxpayments.TestCard3DS, sandboxpayments.ResultPass)
		r, err := payments.ParseRedirect(sandboxpayments.DefaultSecret, back.Query())
		if err != nil || r != (payments.Redirect{Status: payments.StatusSucceeded, TransactionID: l.TransactionID,
			MerchantReference: l.MerchantReference, AmountPence: 4200}) {
			t.Fatalf("redirect %s: %+v %v", back, r, err)
		}
		got, err = c.payments.PaymentLink(ctx, l.ID)
		if err != nil || got.Status != payments.StatusSucceeded || got.Card == nil || got.Card.Last4 != "3220" {
			t.Fatalf("PaymentLink after checkout = %+v %v", got, err)
		}
	}},
	{"payments.PaymentLink", "unknown link", func(t *testing.T, ctx context.Context, c clients) {
		for _, id := range []string{"plink_0000000000000000", "../health", "", "a b"} {
			if _, err := c.payments.PaymentLink(ctx, id); !errors.Is(err, payments.ErrPaymentLinkNotFound) {
				t.Errorf("PaymentLink(%q) = %v, want ErrPaymentLinkNotFound", id, err)
			}
		}
	}},
	{"payments.CreateRecurringPayment", "charges a stored card once per key", func(t *testing.T, ctx context.Context, c clients) {
		card := storeCard(t, ctx, c, "pay-cpa-1", sandboxpayments.TestCardSucceeds)
		req := recurringRequest(card, 2599)
		rp, err := c.payments.CreateRecurringPayment(ctx, req, "contract-cpa-1")
		if err != nil || rp.Status != payments.StatusSucceeded || rp.AmountPence != 2599 || rp.CardToken != card.Token ||
			rp.Card.Last4 != "4242" || !strings.HasPrefix(rp.ID, "txn_") {
			t.Fatalf("CreateRecurringPayment = %+v %v", rp, err)
		}
		again, err := c.payments.CreateRecurringPayment(ctx, req, "contract-cpa-1")
		if err != nil || again != rp {
			t.Fatalf("repeated key = %+v %v, want %+v", again, err, rp)
		}
		req.AmountPence = 1
		if _, err := c.payments.CreateRecurringPayment(ctx, req, "contract-cpa-1"); !errors.Is(err, payments.ErrIdempotencyConflict) {
			t.Fatalf("same key, other request: %v, want ErrIdempotencyConflict", err)
		}
	}},
	{"payments.CreateRecurringPayment", "declined card", func(t *testing.T, ctx context.Context, c clients) {
		card := storeCard(t, ctx, c, "pay-cpa-2", sandboxpayments.TestCardInsufficientFunds)
		rp, err := c.payments.CreateRecurringPayment(ctx, recurringRequest(card, 5000), "contract-cpa-2")
		if err != nil || rp.Status != payments.StatusDeclined || rp.DeclineReason != payments.DeclineInsufficientFunds {
			t.Fatalf("CreateRecurringPayment = %+v %v, want declined insufficient_funds", rp, err)
		}
	}},
	{"payments.CreateRecurringPayment", "refused requests", func(t *testing.T, ctx context.Context, c clients) {
		card := payments.Card{Token: "card_unknown", CustomerReference: "pay-cpa-3"}
		if _, err := c.payments.CreateRecurringPayment(ctx, recurringRequest(card, 100), ""); !errors.Is(err, payments.ErrIdempotencyKeyRequired) {
			t.Errorf("no key: %v, want ErrIdempotencyKeyRequired", err)
		}
		if _, err := c.payments.CreateRecurringPayment(ctx, recurringRequest(card, 100), "contract-cpa-3"); !errors.Is(err, payments.ErrCardNotFound) {
			t.Errorf("unknown card: %v, want ErrCardNotFound", err)
		}
		if _, err := c.payments.CreateRecurringPayment(ctx, recurringRequest(card, 0), "contract-cpa-4"); !errors.Is(err, payments.ErrInvalidRequest) {
			t.Errorf("zero amount: %v, want ErrInvalidRequest", err)
		}
	}},
	{"payments.RecurringPayment", "by id", func(t *testing.T, ctx context.Context, c clients) {
		card := storeCard(t, ctx, c, "pay-cpa-5", sandboxpayments.TestCard3DS)
		rp, err := c.payments.CreateRecurringPayment(ctx, recurringRequest(card, 777), "contract-cpa-5")
		if err != nil || rp.Status != payments.StatusSucceeded { // merchant-initiated: no 3-D Secure
			t.Fatalf("CreateRecurringPayment = %+v %v", rp, err)
		}
		got, err := c.payments.RecurringPayment(ctx, rp.ID)
		if err != nil || got != rp {
			t.Fatalf("RecurringPayment = %+v %v, want %+v", got, err, rp)
		}
		if _, err := c.payments.RecurringPayment(ctx, "txn_0000000000000000"); !errors.Is(err, payments.ErrRecurringPaymentNotFound) {
			t.Fatalf("unknown: %v, want ErrRecurringPaymentNotFound", err)
		}
	}},
	{"payments.Cards", "cards on file", func(t *testing.T, ctx context.Context, c clients) {
		if cards, err := c.payments.Cards(ctx, "pay-cards-none"); err != nil || cards == nil || len(cards) != 0 {
			t.Fatalf("Cards(new customer) = %#v %v, want an empty list", cards, err)
		}
		first := storeCard(t, ctx, c, "pay-cards-1", sandboxpayments.TestCardSucceeds)
		second := storeCard(t, ctx, c, "pay-cards-1", sandboxpayments.TestCardSucceedsMastercard)
		cards, err := c.payments.Cards(ctx, "pay-cards-1")
		if err != nil || len(cards) != 2 || cards[0].Token != first.Token || !cards[0].Primary || cards[1].Token != second.Token ||
			cards[1].Primary || cards[1].Brand != "mastercard" || cards[1].Last4 != "4444" || cards[1].ExpiryYear != 2049 {
			t.Fatalf("Cards = %+v %v", cards, err)
		}
	}},
	{"payments.SetPrimaryCard", "switches the primary", func(t *testing.T, ctx context.Context, c clients) {
		storeCard(t, ctx, c, "pay-primary-1", sandboxpayments.TestCardSucceeds)
		second := storeCard(t, ctx, c, "pay-primary-1", sandboxpayments.TestCardSucceedsMastercard)
		card, err := c.payments.SetPrimaryCard(ctx, "pay-primary-1", second.Token)
		if err != nil || !card.Primary || card.Token != second.Token {
			t.Fatalf("SetPrimaryCard = %+v %v", card, err)
		}
		if cards, _ := c.payments.Cards(ctx, "pay-primary-1"); len(cards) != 2 || cards[0].Token != second.Token || cards[1].Primary {
			t.Fatalf("Cards after SetPrimaryCard = %+v", cards)
		}
		if _, err := c.payments.SetPrimaryCard(ctx, "pay-primary-other", second.Token); !errors.Is(err, payments.ErrCardNotFound) {
			t.Fatalf("another customer's card: %v, want ErrCardNotFound", err)
		}
	}},
	{"payments.RemoveCard", "removes a card", func(t *testing.T, ctx context.Context, c clients) {
		first := storeCard(t, ctx, c, "pay-remove-1", sandboxpayments.TestCardSucceeds)
		second := storeCard(t, ctx, c, "pay-remove-1", sandboxpayments.TestCardSucceedsMastercard)
		if err := c.payments.RemoveCard(ctx, "pay-remove-1", first.Token); err != nil {
			t.Fatal(err)
		}
		if cards, _ := c.payments.Cards(ctx, "pay-remove-1"); len(cards) != 1 || cards[0].Token != second.Token || !cards[0].Primary {
			t.Fatalf("Cards after RemoveCard = %+v", cards)
		}
		if err := c.payments.RemoveCard(ctx, "pay-remove-1", first.Token); !errors.Is(err, payments.ErrCardNotFound) {
			t.Fatalf("remove twice: %v, want ErrCardNotFound", err)
		}
	}},
	{"payments.UpdateBillingAddress", "sets the billing address", func(t *testing.T, ctx context.Context, c clients) {
		card := storeCard(t, ctx, c, "pay-billing-1", sandboxpayments.TestCardSucceeds)
		got, err := c.payments.UpdateBillingAddress(ctx, "pay-billing-1", card.Token,
			payments.BillingAddress{Line1: "1 Quay Street", City: "Bristol", Postcode: "bs1 4dj"})
		want := payments.BillingAddress{Line1: "1 Quay Street", City: "Bristol", Postcode: "BS1 4DJ", Country: "GB"}
		if err != nil || got.BillingAddress == nil || *got.BillingAddress != want {
			t.Fatalf("UpdateBillingAddress = %+v %v", got, err)
		}
		if _, err := c.payments.UpdateBillingAddress(ctx, "pay-billing-1", card.Token, payments.BillingAddress{City: "Bristol"}); !errors.Is(err, payments.ErrInvalidRequest) {
			t.Fatalf("no line1: %v, want ErrInvalidRequest", err)
		}
		if _, err := c.payments.UpdateBillingAddress(ctx, "pay-billing-1", "card_unknown", want); !errors.Is(err, payments.ErrCardNotFound) {
			t.Fatalf("unknown card: %v, want ErrCardNotFound", err)
		}
	}},
	{"payments.WebhookDeliveries", "signed and acknowledged", func(t *testing.T, ctx context.Context, c clients) {
		var (
			mu       sync.Mutex
			verified []error
		)
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			mu.Lock()
			verified = append(verified, payments.VerifyWebhook(sandboxpayments.DefaultSecret, r.Header.Get(payments.SignatureHeader), body, time.Now(), 0))
			mu.Unlock()
		}))
		defer hook.Close()
		req := paymentLinkRequest("pay-hooks-1", 1000)
		req.NotificationURL = hook.URL
		l, err := c.payments.CreatePaymentLink(ctx, req, "")
		if err != nil {
			t.Fatal(err)
		}
		checkout(t, l, sandboxpayments.TestCardSucceeds, "")
		var d payments.WebhookDelivery
		deadline := time.Now().Add(10 * time.Second)
		for d.Status != payments.DeliveryDelivered {
			if time.Now().After(deadline) {
				t.Fatalf("no delivered webhook for %s: %+v", l.ID, d)
			}
			time.Sleep(5 * time.Millisecond) // polling the deliveries for the state, not standing in for it
			ds, err := c.payments.WebhookDeliveries(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range ds {
				if x.URL == hook.URL && x.Event.PaymentLink != nil && x.Event.PaymentLink.ID == l.ID {
					d = x
				}
			}
		}
		if d.Event.Type != payments.EventStatusUpdate || d.Event.PaymentLink.Status != payments.StatusSucceeded || len(d.Attempts) != 1 ||
			d.Attempts[0].StatusCode != http.StatusOK {
			t.Fatalf("delivery = %+v", d)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(verified) != 1 || verified[0] != nil {
			t.Fatalf("VerifyWebhook at the receiver = %v", verified)
		}
	}},
	{"payments.RedeliverWebhook", "refused unless failed", func(t *testing.T, ctx context.Context, c clients) {
		hook := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		defer hook.Close()
		req := paymentLinkRequest("pay-redeliver-1", 1000)
		req.NotificationURL = hook.URL
		l, err := c.payments.CreatePaymentLink(ctx, req, "")
		if err != nil {
			t.Fatal(err)
		}
		checkout(t, l, sandboxpayments.TestCardSucceeds, "")
		var d payments.WebhookDelivery
		deadline := time.Now().Add(10 * time.Second)
		for d.Status != payments.DeliveryDelivered {
			if time.Now().After(deadline) {
				t.Fatalf("no delivered webhook for %s: %+v", l.ID, d)
			}
			time.Sleep(5 * time.Millisecond) // polling the deliveries for the state, not standing in for it
			ds, err := c.payments.WebhookDeliveries(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range ds {
				if x.URL == hook.URL && x.Event.PaymentLink != nil && x.Event.PaymentLink.ID == l.ID {
					d = x
				}
			}
		}
		var se *transport.StatusError
		if _, err := c.payments.RedeliverWebhook(ctx, d.ID); !errors.Is(err, payments.ErrDeliveryNotFailed) || !errors.As(err, &se) || se.Status != http.StatusConflict {
			t.Fatalf("RedeliverWebhook(delivered) = %v", err)
		}
		for _, id := range []string{"whd_unknown", "../x"} {
			if _, err := c.payments.RedeliverWebhook(ctx, id); !errors.Is(err, payments.ErrDeliveryNotFound) {
				t.Fatalf("RedeliverWebhook(%q) = %v", id, err)
			}
		}
	}},
	{"notify.SendEmail", "captured once per key", func(t *testing.T, ctx context.Context, c clients) {
		e := notify.Email{To: "contract.email@example.com", Subject: "Your sign-in link", Template: "magic-link", Tags: []string{"auth"},
			HTML: `<p><a href="http://localhost:8080/auth/magic?token=abc&amp;x=1">Sign in</a></p>`, Text: "Sign in: http://localhost:8080/auth/magic?token=abc&x=1"}
		m, err := c.notify.SendEmail(ctx, "contract-email-1", e)
		if err != nil || !strings.HasPrefix(m.ID, "msg_") || m.Kind != notify.KindEmail || m.Status != notify.StatusDelivered ||
			m.To != e.To || m.Subject != e.Subject || m.HTML != e.HTML || m.Text != e.Text || m.CreatedAt.IsZero() ||
			!slices.Equal(m.Links, []string{"http://localhost:8080/auth/magic?token=abc&x=1"}) {
			t.Fatalf("SendEmail = %+v %v", m, err)
		}
		again, err := c.notify.SendEmail(ctx, "contract-email-1", e)
		if err != nil || again.ID != m.ID {
			t.Fatalf("repeated key = %+v %v, want message %s", again, err, m.ID)
		}
		e.Subject = "Another subject"
		if _, err := c.notify.SendEmail(ctx, "contract-email-1", e); !errors.Is(err, notify.ErrIdempotencyConflict) {
			t.Fatalf("same key, other e-mail: %v, want ErrIdempotencyConflict", err)
		}
	}},
	{"notify.SendEmail", "refused", func(t *testing.T, ctx context.Context, c clients) {
		ok := notify.Email{To: "jo@example.com", Subject: "s", Text: "t"}
		if _, err := c.notify.SendEmail(ctx, "", ok); !errors.Is(err, notify.ErrIdempotencyKeyRequired) {
			t.Errorf("no key: %v, want ErrIdempotencyKeyRequired", err)
		}
		bad := ok
		bad.To = "Jo <jo@example.com>"
		var se *transport.StatusError
		if _, err := c.notify.SendEmail(ctx, "contract-email-2", bad); !errors.Is(err, notify.ErrInvalidAddress) || !errors.As(err, &se) || se.Status != 400 {
			t.Errorf("bad address: %v, want ErrInvalidAddress from a 400", err)
		}
		bad = ok
		bad.Text = ""
		if _, err := c.notify.SendEmail(ctx, "contract-email-3", bad); !errors.Is(err, notify.ErrInvalidMessage) {
			t.Errorf("no body: %v, want ErrInvalidMessage", err)
		}
	}},
	{"notify.SendSMS", "captured with its segments", func(t *testing.T, ctx context.Context, c clients) {
		m, err := c.notify.SendSMS(ctx, "contract-sms-1", notify.SMS{To: "+447700900111", Text: "Your code is 123456", Template: "otp"})
		if err != nil || m.Kind != notify.KindSMS || m.To != "+447700900111" || m.Segments != 1 || m.Text != "Your code is 123456" {
			t.Fatalf("SendSMS = %+v %v", m, err)
		}
		if _, err := c.notify.SendSMS(ctx, "contract-sms-2", notify.SMS{To: "07700900111", Text: "x"}); !errors.Is(err, notify.ErrInvalidAddress) {
			t.Fatalf("national number: %v, want ErrInvalidAddress", err)
		}
	}},
	{"notify.Messages", "by address and kind, newest first", func(t *testing.T, ctx context.Context, c clients) {
		const to = "contract.mailbox@example.com"
		first, err1 := c.notify.SendEmail(ctx, "contract-mailbox-1", notify.Email{To: to, Subject: "First", Text: "1"})
		second, err2 := c.notify.SendEmail(ctx, "contract-mailbox-2", notify.Email{To: to, Subject: "Second", Text: "2"})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		ms, err := c.notify.Messages(ctx, notify.MessageQuery{To: "Contract.Mailbox@EXAMPLE.com", Kind: notify.KindEmail})
		if err != nil || len(ms) != 2 || ms[0].ID != second.ID || ms[1].ID != first.ID {
			t.Fatalf("Messages = %+v %v, want [%s %s]", ms, err, second.ID, first.ID)
		}
		if ms, err := c.notify.Messages(ctx, notify.MessageQuery{To: to, Kind: notify.KindSMS}); err != nil || len(ms) != 0 {
			t.Fatalf("Messages(sms) = %+v %v, want none", ms, err)
		}
		if ms, err := c.notify.Messages(ctx, notify.MessageQuery{To: to, Limit: 1}); err != nil || len(ms) != 1 || ms[0].ID != second.ID {
			t.Fatalf("Messages(limit 1) = %+v %v", ms, err)
		}
		if _, err := c.notify.Messages(ctx, notify.MessageQuery{Kind: "letter"}); !errors.Is(err, notify.ErrInvalidMessage) {
			t.Fatalf("bad kind: %v, want ErrInvalidMessage", err)
		}
	}},
	{"notify.Message", "by id", func(t *testing.T, ctx context.Context, c clients) {
		sent, err := c.notify.SendSMS(ctx, "contract-get-1", notify.SMS{To: "+447700900222", Text: "Open http://localhost:8080/x"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.notify.Message(ctx, sent.ID)
		if err != nil || !reflect.DeepEqual(got, sent) {
			t.Fatalf("Message = %+v %v, want %+v", got, err, sent)
		}
		for _, id := range []string{"msg_unknown", "", "../health", "a b"} {
			if _, err := c.notify.Message(ctx, id); !errors.Is(err, notify.ErrMessageNotFound) {
				t.Errorf("Message(%q) = %v, want ErrMessageNotFound", id, err)
			}
		}
	}},
	{"identity.CreateCheck", "hosted check passes and returns to the app", func(t *testing.T, ctx context.Context, c clients) {
		req := identity.CreateCheck{Reference: "contract-idv-1", ReturnURL: "http://localhost:8080/idv/return"}
		ch, err := c.identity.CreateCheck(ctx, "contract-idv-1", req)
		if err != nil || !strings.HasPrefix(ch.ID, "chk_") || ch.Status != identity.StatusPending || ch.Reference != req.Reference ||
			!strings.Contains(ch.HostedURL, "/identity/v1/hosted/checks/"+ch.ID) {
			t.Fatalf("CreateCheck = %+v %v", ch, err)
		}
		if again, err := c.identity.CreateCheck(ctx, "contract-idv-1", req); err != nil || again.ID != ch.ID {
			t.Fatalf("repeated key = %+v %v", again, err)
		}
		back := hostedSubmit(t, ch.HostedURL, url.Values{"outcome": {"pass"}})
		if back.Path != "/idv/return" || back.Query().Get(identity.ReturnParamCheckID) != ch.ID || back.Query().Get(identity.ReturnParamStatus) != identity.StatusPassed {
			t.Fatalf("returned to %s", back)
		}
	}},
	{"identity.CreateCheck", "return URL outside the app", func(t *testing.T, ctx context.Context, c clients) {
		for _, u := range []string{"https://evil.example/", "//evil.example/", "http://localhost:8080@evil.example/", "/relative"} {
			_, err := c.identity.CreateCheck(ctx, "", identity.CreateCheck{Reference: "contract-idv-2", ReturnURL: u})
			var se *transport.StatusError
			if !errors.Is(err, identity.ErrInvalidReturnURL) || !errors.As(err, &se) || se.Status != 400 {
				t.Errorf("returnUrl %s: %v, want ErrInvalidReturnURL from a 400", u, err)
			}
		}
		if _, err := c.identity.CreateCheck(ctx, "", identity.CreateCheck{ReturnURL: "http://localhost:8080/"}); !errors.Is(err, identity.ErrInvalidRequest) {
			t.Errorf("no reference: %v, want ErrInvalidRequest", err)
		}
	}},
	{"identity.Check", "follows the hosted check", func(t *testing.T, ctx context.Context, c clients) {
		ch, err := c.identity.CreateCheck(ctx, "", identity.CreateCheck{Reference: "contract-idv-3", ReturnURL: "http://localhost:8080/idv"})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := c.identity.Check(ctx, ch.ID); err != nil || got.Status != identity.StatusPending {
			t.Fatalf("Check before = %+v %v", got, err)
		}
		hostedSubmit(t, ch.HostedURL, url.Values{"outcome": {"fail"}, "reason": {identity.ReasonFaceMismatch}})
		got, err := c.identity.Check(ctx, ch.ID)
		if err != nil || got.Status != identity.StatusFailed || !slices.Equal(got.Reasons, []string{identity.ReasonFaceMismatch}) || got.CompletedAt == nil {
			t.Fatalf("Check after = %+v %v", got, err)
		}
		for _, id := range []string{"chk_unknown", "", "../health"} {
			if _, err := c.identity.Check(ctx, id); !errors.Is(err, identity.ErrCheckNotFound) {
				t.Errorf("Check(%q) = %v, want ErrCheckNotFound", id, err)
			}
		}
	}},
	{"identity.VerifyShareCode", "documented codes and reasons", func(t *testing.T, ctx context.Context, c clients) {
		res, err := c.identity.VerifyShareCode(ctx, identity.ShareCodeCheck{Code: "w12 345 678", DateOfBirth: "1990-04-12", Purpose: identity.PurposeRightToWork})
		if err != nil || res.Outcome != identity.OutcomeAccepted || res.Code != "W12345678" || res.ImmigrationStatus != "settled" || res.GivenName == "" {
			t.Fatalf("VerifyShareCode(accepted) = %+v %v", res, err)
		}
		for _, tc := range []struct{ code, dob, reason string }{
			{"W1234", "1990-04-12", identity.ReasonMalformedCode},
			{"A12345678", "1990-04-12", identity.ReasonWrongPrefix},
			{"W00000001", "1990-04-12", identity.ReasonUnknownCode},
			{"W12345678", "1991-04-12", identity.ReasonDateOfBirthMismatch},
			{"W99999999", "1985-06-15", identity.ReasonCodeExpired},
		} {
			res, err := c.identity.VerifyShareCode(ctx, identity.ShareCodeCheck{Code: tc.code, DateOfBirth: tc.dob})
			if err != nil || res.Outcome != identity.OutcomeRejected || !slices.Equal(res.Reasons, []string{tc.reason}) {
				t.Errorf("VerifyShareCode(%s) = %+v %v, want rejected %s", tc.code, res, err, tc.reason)
			}
		}
		if _, err := c.identity.VerifyShareCode(ctx, identity.ShareCodeCheck{Code: "W12345678", DateOfBirth: "12/04/1990"}); !errors.Is(err, identity.ErrInvalidRequest) {
			t.Errorf("bad date of birth: %v, want ErrInvalidRequest", err)
		}
	}},
	{"openbanking.CreateConsent", "awaiting with a hosted link", func(t *testing.T, ctx context.Context, c clients) {
		req := openbanking.CreateConsent{CustomerReference: "contract-ob-1@example.com", RedirectURL: "http://localhost:8080/loan/connect-bank", ClientDisplayName: "Meadow Loans", State: "s1"}
		cs, err := c.openbanking.CreateConsent(ctx, "contract-ob-1", req)
		if err != nil || !strings.HasPrefix(cs.ID, "cns_") || cs.Status != openbanking.StatusAwaiting || cs.CustomerReference != req.CustomerReference ||
			!strings.Contains(cs.AuthURL, "/openbanking/v1/hosted/consents/"+cs.ID) || cs.ExpiresAt != nil {
			t.Fatalf("CreateConsent = %+v %v", cs, err)
		}
		if again, err := c.openbanking.CreateConsent(ctx, "contract-ob-1", req); err != nil || again.ID != cs.ID {
			t.Fatalf("repeated key = %+v %v", again, err)
		}
		req.State = "s2"
		if _, err := c.openbanking.CreateConsent(ctx, "contract-ob-1", req); !errors.Is(err, openbanking.ErrIdempotencyConflict) {
			t.Fatalf("same key, other request: %v, want ErrIdempotencyConflict", err)
		}
		for _, u := range []string{"https://evil.example/cb", "//evil.example/", "http://localhost:8080#/x"} {
			req.RedirectURL = u
			if _, err := c.openbanking.CreateConsent(ctx, "", req); !errors.Is(err, openbanking.ErrInvalidRedirectURL) {
				t.Errorf("redirectUrl %s: %v, want ErrInvalidRedirectURL", u, err)
			}
		}
	}},
	{"openbanking.Consent", "reads the status", func(t *testing.T, ctx context.Context, c clients) {
		cs, err := c.openbanking.CreateConsent(ctx, "", openbanking.CreateConsent{CustomerReference: "contract-ob-2", RedirectURL: "http://localhost:8080/cb", ClientDisplayName: "Meadow Loans"})
		if err != nil {
			t.Fatal(err)
		}
		back := hostedSubmit(t, cs.AuthURL, url.Values{"action": {"cancel"}})
		if q := back.Query(); q.Get(openbanking.ReturnParamError) != openbanking.ReturnErrorAccessDenied || q.Get(openbanking.ReturnParamFrom) != openbanking.ReturnFromRender {
			t.Fatalf("cancel returned to %s", back)
		}
		if got, err := c.openbanking.Consent(ctx, cs.ID); err != nil || got.Status != openbanking.StatusRejected {
			t.Fatalf("Consent = %+v %v, want rejected", got, err)
		}
		for _, id := range []string{"cns_unknown", "", "../health"} {
			if _, err := c.openbanking.Consent(ctx, id); !errors.Is(err, openbanking.ErrConsentNotFound) {
				t.Errorf("Consent(%q) = %v, want ErrConsentNotFound", id, err)
			}
		}
	}},
	{"openbanking.ExchangeCode", "authorises once", func(t *testing.T, ctx context.Context, c clients) {
		cs, code := consentCode(t, ctx, c, "contract-ob-3@example.com")
		got, err := c.openbanking.ExchangeCode(ctx, cs.ID, code)
		if err != nil || got.Status != openbanking.StatusAuthorised || got.BankID != "albion" || got.AuthorisedAt == nil ||
			got.ExpiresAt == nil || got.ExpiresAt.Sub(*got.AuthorisedAt) != openbanking.ConsentDuration {
			t.Fatalf("ExchangeCode = %+v %v", got, err)
		}
		if _, err := c.openbanking.ExchangeCode(ctx, cs.ID, code); !errors.Is(err, openbanking.ErrInvalidCode) {
			t.Fatalf("second exchange: %v, want ErrInvalidCode", err)
		}
	}},
	{"openbanking.RenewConsent", "another 90 days", func(t *testing.T, ctx context.Context, c clients) {
		cs := authorisedConsent(t, ctx, c, "contract-ob-4@example.com")
		got, err := c.openbanking.RenewConsent(ctx, cs.ID)
		if err != nil || got.Status != openbanking.StatusAuthorised || got.RenewedAt == nil || got.ExpiresAt.Before(*cs.ExpiresAt) {
			t.Fatalf("RenewConsent = %+v %v", got, err)
		}
		awaiting, _ := c.openbanking.CreateConsent(ctx, "", openbanking.CreateConsent{CustomerReference: "contract-ob-4b", RedirectURL: "http://localhost:8080/cb", ClientDisplayName: "Meadow Loans"})
		if _, err := c.openbanking.RenewConsent(ctx, awaiting.ID); !errors.Is(err, openbanking.ErrConsentNotAuthorised) {
			t.Fatalf("renew an awaiting consent: %v, want ErrConsentNotAuthorised", err)
		}
	}},
	{"openbanking.RevokeConsent", "ends access", func(t *testing.T, ctx context.Context, c clients) {
		cs := authorisedConsent(t, ctx, c, "contract-ob-5@example.com")
		got, err := c.openbanking.RevokeConsent(ctx, cs.ID)
		if err != nil || got.Status != openbanking.StatusRevoked || got.RevokedAt == nil {
			t.Fatalf("RevokeConsent = %+v %v", got, err)
		}
		if _, err := c.openbanking.Accounts(ctx, cs.ID); !errors.Is(err, openbanking.ErrConsentNotAuthorised) {
			t.Fatalf("Accounts after revoke: %v, want ErrConsentNotAuthorised", err)
		}
	}},
	{"openbanking.Accounts", "the profile's accounts", func(t *testing.T, ctx context.Context, c clients) {
		cs := authorisedConsent(t, ctx, c, "contract-ob-6+homeowner@example.com")
		accs, err := c.openbanking.Accounts(ctx, cs.ID)
		if err != nil || len(accs) != 2 || accs[0].Type != openbanking.AccountCurrent || accs[1].Type != openbanking.AccountSavings ||
			accs[0].Currency != openbanking.CurrencyGBP || len(accs[0].AccountNumber) != 8 {
			t.Fatalf("Accounts = %+v %v", accs, err)
		}
		awaiting, _ := c.openbanking.CreateConsent(ctx, "", openbanking.CreateConsent{CustomerReference: "contract-ob-6b", RedirectURL: "http://localhost:8080/cb", ClientDisplayName: "Meadow Loans"})
		if _, err := c.openbanking.Accounts(ctx, awaiting.ID); !errors.Is(err, openbanking.ErrConsentNotAuthorised) {
			t.Fatalf("Accounts of an awaiting consent: %v, want ErrConsentNotAuthorised", err)
		}
	}},
	{"openbanking.Balances", "current and available", func(t *testing.T, ctx context.Context, c clients) {
		cs := authorisedConsent(t, ctx, c, "contract-ob-7@example.com")
		accs, _ := c.openbanking.Accounts(ctx, cs.ID)
		bs, err := c.openbanking.Balances(ctx, cs.ID, accs[0].ID)
		if err != nil || len(bs) != 2 || bs[0].Type != openbanking.BalanceCurrent || bs[1].Type != openbanking.BalanceAvailable ||
			bs[1].AmountPence < bs[0].AmountPence {
			t.Fatalf("Balances = %+v %v", bs, err)
		}
		if _, err := c.openbanking.Balances(ctx, cs.ID, "acc_unknown"); !errors.Is(err, openbanking.ErrAccountNotFound) {
			t.Fatalf("unknown account: %v, want ErrAccountNotFound", err)
		}
	}},
	{"openbanking.Transactions", "12 months, deterministic", func(t *testing.T, ctx context.Context, c clients) {
		cs := authorisedConsent(t, ctx, c, "contract-ob-8@example.com")
		accs, _ := c.openbanking.Accounts(ctx, cs.ID)
		all, err := c.openbanking.Transactions(ctx, cs.ID, accs[0].ID, openbanking.TransactionQuery{})
		if err != nil || len(all.Transactions) < 150 || all.AccountID != accs[0].ID {
			t.Fatalf("Transactions = %d %v", len(all.Transactions), err)
		}
		from, _ := time.Parse("2006-01-02", all.From)
		to, _ := time.Parse("2006-01-02", all.To)
		if !from.AddDate(0, 12, 0).Equal(to) || all.Transactions[0].BookingDate > all.To || all.Transactions[len(all.Transactions)-1].BookingDate < all.From {
			t.Fatalf("period %s..%s, transactions %s..%s", all.From, all.To, all.Transactions[len(all.Transactions)-1].BookingDate, all.Transactions[0].BookingDate)
		}
		// Another consent for the same customer sees the same data.
		cs2 := authorisedConsent(t, ctx, c, "contract-ob-8@example.com")
		again, err := c.openbanking.Transactions(ctx, cs2.ID, accs[0].ID, openbanking.TransactionQuery{})
		if err != nil || !reflect.DeepEqual(again, all) {
			t.Fatalf("the same customer's transactions differ between consents: %v", err)
		}
		// The last 31 days hold a payday, rent and weekly groceries whatever today is.
		month, err := c.openbanking.Transactions(ctx, cs.ID, accs[0].ID, openbanking.TransactionQuery{From: to.AddDate(0, 0, -30).Format("2006-01-02"), To: all.To})
		if err != nil || len(month.Transactions) < 5 || len(month.Transactions) >= len(all.Transactions) {
			t.Fatalf("the last 31 days = %d %v", len(month.Transactions), err)
		}
		if _, err := c.openbanking.Transactions(ctx, cs.ID, accs[0].ID, openbanking.TransactionQuery{From: "2026-02-01", To: "2026-01-01"}); !errors.Is(err, openbanking.ErrInvalidRequest) {
			t.Fatalf("from after to: %v, want ErrInvalidRequest", err)
		}
	}},
}

func mustPing(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("Ping: %v", err)
	}
}

func TestContract(t *testing.T) {
	c := newClients(t)
	for _, tc := range contract {
		t.Run(tc.method+"/"+tc.name, func(t *testing.T) {
			tc.run(t, context.Background(), c)
		})
	}
}

// TestContractCoversEveryMethod fails when an API gains a method without a contract case.
func TestContractCoversEveryMethod(t *testing.T) {
	apis := map[string]reflect.Type{
		"lending":     reflect.TypeFor[lending.API](),
		"payments":    reflect.TypeFor[payments.API](),
		"openbanking": reflect.TypeFor[openbanking.API](),
		"identity":    reflect.TypeFor[identity.API](),
		"notify":      reflect.TypeFor[notify.API](),
	}
	var covered []string
	for _, tc := range contract {
		covered = append(covered, tc.method)
	}
	for pkg, api := range apis {
		for i := range api.NumMethod() {
			if m := pkg + "." + api.Method(i).Name; !slices.Contains(covered, m) {
				t.Errorf("no contract case for %s", m)
			}
		}
	}
}

// TestPingReportsAnUnavailableProvider: Ping is what /readyz uses, so it must fail when the provider
// fails.
func TestPingReportsAnUnavailableProvider(t *testing.T) {
	s := server.New(server.Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	cfg := transport.DefaultConfig(ts.URL + server.Prefix(notify.Name))
	cfg.Retries = 0
	c := notify.New(cfg, nil)
	s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/_sandbox/faults",
		strings.NewReader(`{"provider":"notify","status":503}`)))
	if err := c.Ping(context.Background()); !errors.Is(err, transport.ErrUnavailable) {
		t.Fatalf("Ping error = %v, want ErrUnavailable", err)
	}
}

// paymentLinkRequest is a payment link for customer, returning to the sandbox's default app URL.
func paymentLinkRequest(customer string, pence int64) payments.CreatePaymentLinkRequest {
	return payments.CreatePaymentLinkRequest{AmountPence: pence, Currency: payments.CurrencyGBP, MerchantReference: "REP-" + customer,
		CustomerReference: customer, Description: "Loan repayment", MerchantDisplayName: "Meadow Loans",
		ReturnURL: "http://localhost:8080/payments/return"}
}

func recurringRequest(card payments.Card, pence int64) payments.RecurringPaymentRequest {
	return payments.RecurringPaymentRequest{CardToken: card.Token, CustomerReference: card.CustomerReference, AmountPence: pence,
		Currency: payments.CurrencyGBP, MerchantReference: "INST-" + card.CustomerReference, Description: "Monthly instalment"}
}

// browsed is a page a browser got.
type browsed struct {
	*http.Response
	body string
}

// browse is one request of a browser that does not follow redirects.
func browse(t *testing.T, method, target string, form url.Values) browsed {
	t.Helper()
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var resp *http.Response
	var err error
	if method == http.MethodPost {
		resp, err = hc.PostForm(target, form)
	} else {
		resp, err = hc.Get(target)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return browsed{Response: resp, body: string(b)}
}

var checkoutFormToken = regexp.MustCompile(`name="formToken" value="([^"]+)"`)

// checkout pays a link on the sandbox's hosted pages as a browser would: the card form, then the 3-D
// Secure page when the card asks for it (answered with result), and answers the URL it returns to.
func checkout(t *testing.T, l payments.PaymentLink, card, result string) *url.URL {
	t.Helper()
	page := browse(t, http.MethodGet, l.URL, nil)
	m := checkoutFormToken.FindStringSubmatch(page.body)
	if page.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("GET checkout = %d", page.StatusCode)
	}
	form := url.Values{sandboxpayments.FieldFormToken: {m[1]}, sandboxpayments.FieldCardNumber: {card},
		sandboxpayments.FieldExpiry: {"12/49"}, sandboxpayments.FieldName: {"Ada Lovelace"}, sandboxpayments.FieldCVC: {"123"}}
	next := browse(t, http.MethodPost, l.URL, form)
	loc, err := next.Location()
	if next.StatusCode != http.StatusSeeOther || err != nil {
		t.Fatalf("POST card = %d %v", next.StatusCode, err)
	}
	if strings.HasSuffix(loc.Path, "/authenticate") {
		challenge := browse(t, http.MethodGet, loc.String(), nil)
		m := checkoutFormToken.FindStringSubmatch(challenge.body)
		if challenge.StatusCode != http.StatusOK || m == nil {
			t.Fatalf("GET 3-D Secure = %d", challenge.StatusCode)
		}
		next = browse(t, http.MethodPost, loc.String(), url.Values{sandboxpayments.FieldFormToken: {m[1]}, sandboxpayments.FieldResult: {result}})
		if loc, err = next.Location(); next.StatusCode != http.StatusSeeOther || err != nil {
			t.Fatalf("POST 3-D Secure = %d %v", next.StatusCode, err)
		}
	}
	return loc
}

// storeCard stores card for customer through a store-card-only checkout and answers it as listed.
func storeCard(t *testing.T, ctx context.Context, c clients, customer, card string) payments.Card {
	t.Helper()
	req := paymentLinkRequest(customer, 0)
	req.StoreCard = true
	l, err := c.payments.CreatePaymentLink(ctx, req, "")
	if err != nil {
		t.Fatal(err)
	}
	checkout(t, l, card, sandboxpayments.ResultPass)
	got, err := c.payments.PaymentLink(ctx, l.ID)
	if err != nil || got.CardToken == "" {
		t.Fatalf("store-card link = %+v %v", got, err)
	}
	cards, err := c.payments.Cards(ctx, customer)
	if err != nil {
		t.Fatal(err)
	}
	for _, card := range cards {
		if card.Token == got.CardToken {
			return card
		}
	}
	t.Fatalf("stored card %s not in %+v", got.CardToken, cards)
	return payments.Card{}
}

var hostedFormToken = regexp.MustCompile(`name="token" value="([^"]+)"`)

// hostedSubmit opens an identity or open-banking hosted page as a browser would, posts its form with
// fields and the page's token, and answers the URL the provider sends the browser back to.
func hostedSubmit(t *testing.T, pageURL string, fields url.Values) *url.URL {
	t.Helper()
	page := browse(t, http.MethodGet, pageURL, nil)
	m := hostedFormToken.FindStringSubmatch(page.body)
	if page.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("GET %s = %d without a form token", pageURL, page.StatusCode)
	}
	form := url.Values{"token": {m[1]}}
	for k, v := range fields {
		form[k] = v
	}
	back := browse(t, http.MethodPost, pageURL, form)
	loc, err := back.Location()
	if back.StatusCode != http.StatusSeeOther || err != nil {
		t.Fatalf("POST %s = %d %v", pageURL, back.StatusCode, err)
	}
	return loc
}

// consentCode creates a consent for customer, allows it at the Albion Bank on the hosted page, and
// answers the consent with the one-time code the redirect carried.
func consentCode(t *testing.T, ctx context.Context, c clients, customer string) (openbanking.Consent, string) {
	t.Helper()
	cs, err := c.openbanking.CreateConsent(ctx, "", openbanking.CreateConsent{CustomerReference: customer, RedirectURL: "http://localhost:8080/loan/connect-bank", ClientDisplayName: "Meadow Loans"})
	if err != nil {
		t.Fatal(err)
	}
	back := hostedSubmit(t, cs.AuthURL, url.Values{"action": {"allow"}, "bank": {"albion"}})
	q := back.Query()
	if q.Get(openbanking.ReturnParamFrom) != openbanking.ReturnFromRender || q.Get(openbanking.ReturnParamConsentID) != cs.ID || q.Get(openbanking.ReturnParamCode) == "" {
		t.Fatalf("allow returned to %s", back)
	}
	return cs, q.Get(openbanking.ReturnParamCode)
}

// authorisedConsent is an authorised consent for customer.
func authorisedConsent(t *testing.T, ctx context.Context, c clients, customer string) openbanking.Consent {
	t.Helper()
	cs, code := consentCode(t, ctx, c, customer)
	got, err := c.openbanking.ExchangeCode(ctx, cs.ID, code)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
