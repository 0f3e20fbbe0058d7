package payments_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/payments"
	"lender/sandbox/hosted"
	sp "lender/sandbox/payments"
)

func TestCheckoutFlows(t *testing.T) {
	tests := []struct {
		name      string
		card      string
		result    string // the 3-D Secure answer, when the card asks for one
		status    string
		reason    string
		brand     string
		last4     string
		storeCard bool
	}{
		{"good card", sp.TestCardSucceeds, "", payments.StatusSucceeded, "", "visa", "4242", false},
		{"good Mastercard, stored", sp.TestCardSucceedsMastercard, "", payments.StatusSucceeded, "", "mastercard", "4444", true},
		{"insufficient funds", sp.TestCardInsufficientFunds, "", payments.StatusDeclined, payments.DeclineInsufficientFunds, "visa", "9995", false},
		{"3-D Secure passed", sp.TestCard3DS, "pass", payments.StatusSucceeded, "", "visa", "3220", true},
		{"3-D Secure failed", sp.TestCard3DS, "fail", payments.StatusFailed, payments.DeclineAuthenticationFailed, "visa", "3220", true},
		{"card not supported", "4111111111111111", "", payments.StatusDeclined, payments.DeclineCardNotSupported, "visa", "1111", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGateway(t, sp.Config{})
			l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 12345, MerchantReference: "REP-1",
				CustomerReference: "cust-1", StoreCard: tt.storeCard})
			if l.Status != payments.StatusCreated || !strings.HasPrefix(l.URL, g.ts.URL+"/payments/v1/checkout/") {
				t.Fatalf("new link = %+v", l)
			}
			res := pay(t, l, tt.card, tt.result)

			// The browser goes back to the returnUrl with a signed result.
			loc, err := url.Parse(res.location)
			if err != nil || loc.Scheme+"://"+loc.Host+loc.Path != returnURL {
				t.Fatalf("Location = %q, want under %s", res.location, returnURL)
			}
			q := loc.Query()
			r, err := payments.ParseRedirect(testSecret, q)
			if err != nil {
				t.Fatalf("ParseRedirect(%s) = %v", res.location, err)
			}
			want := payments.Redirect{Status: tt.status, TransactionID: l.TransactionID, MerchantReference: "REP-1", AmountPence: 12345}
			if r != want {
				t.Fatalf("redirect = %+v, want %+v", r, want)
			}
			if err := payments.VerifyRedirect("another-secret", q); err == nil {
				t.Fatal("the redirect verifies with another secret")
			}
			if res.header.Get("Referrer-Policy") != "no-referrer" {
				t.Errorf("redirect Referrer-Policy = %q", res.header.Get("Referrer-Policy"))
			}

			got := g.link(t, l.ID)
			if got.Status != tt.status || got.DeclineReason != tt.reason || got.Card == nil ||
				got.Card.Brand != tt.brand || got.Card.Last4 != tt.last4 {
				t.Fatalf("link after checkout = %+v", got)
			}
			stored := tt.storeCard && tt.status == payments.StatusSucceeded
			if (got.CardToken != "") != stored {
				t.Fatalf("card token %q, want stored %v", got.CardToken, stored)
			}

			// The page now only says what happened, with a signed link back.
			after := get(t, l.URL)
			if after.status != http.StatusOK || strings.Contains(after.body, `name="cardNumber"`) ||
				!strings.Contains(after.body, "signature=") {
				t.Fatalf("checkout page after the payment = %d:\n%s", after.status, after.body)
			}
		})
	}
}

func TestCheckoutPageIsAccessibleAndLockedDown(t *testing.T) {
	g := newGateway(t, sp.Config{})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 123456, MerchantReference: "REP-2", CustomerReference: "cust-2"})
	p := get(t, l.URL)
	if p.status != http.StatusOK || !strings.HasPrefix(p.header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET checkout = %d %s", p.status, p.header.Get("Content-Type"))
	}
	for _, want := range []string{
		`<html lang="en-GB">`, `name="viewport"`, "£1,234.56", "Loan repayment", ">Pay £1,234.56</button>",
		`<label for="card-number">`, `id="card-number" name="cardNumber" type="text" autocomplete="cc-number" inputmode="numeric"`,
		`<label for="expiry">`, `id="expiry" name="expiry" type="text" autocomplete="cc-exp" inputmode="numeric"`,
		`<label for="cardholder-name">`, `id="cardholder-name" name="cardholderName" type="text" autocomplete="cc-name" spellcheck`,
		`<label for="cvc">`, `id="cvc" name="cvc" type="text" autocomplete="cc-csc" inputmode="numeric"`,
		"Cancel and go back",
		// The payer sees whom they pay: the merchant the link was made for.
		`<span class="caption">Pay ` + testMerchant + `</span>`, "<header><p>" + testMerchant + " · Card payment (sandbox)</p></header>",
	} {
		if !strings.Contains(p.body, want) {
			t.Errorf("checkout page lacks %q", want)
		}
	}
	if n := strings.Count(p.body, "<h1"); n != 1 {
		t.Errorf("checkout page has %d h1", n)
	}
	if strings.Contains(strings.ToLower(p.body), "<script") || strings.Contains(p.body, " style=") {
		t.Error("checkout page has a script or an inline style attribute")
	}
	csp := p.header.Get("Content-Security-Policy")
	_, style, _ := strings.Cut(p.body, "<style>")
	style, _, _ = strings.Cut(style, "</style>")
	sum := sha256.Sum256([]byte(style))
	for _, want := range []string{"default-src 'none'", "style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'",
		"form-action 'self' " + appURL, "frame-ancestors 'none'", "base-uri 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	for h, want := range map[string]string{"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"} {
		if p.header.Get(h) != want {
			t.Errorf("%s = %q, want %q", h, p.header.Get(h), want)
		}
	}
}

func TestCheckoutFormErrorsKeepWhatWasTypedButTheCVC(t *testing.T) {
	g := newGateway(t, sp.Config{})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 500, MerchantReference: "REP-3", CustomerReference: "cust-3"})
	tok := formToken(t, get(t, l.URL))
	form := cardForm(tok, "4242 4242 4242 4241") // fails the Luhn check
	form.Set("cvc", "987")
	form.Set("expiry", "")
	p := postForm(t, l.URL, form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("POST bad card = %d", p.status)
	}
	for _, want := range []string{
		"<title>Error: ", `class="error-summary" role="alert"`, `autofocus`, "There is a problem",
		`<a href="#card-number">Enter a valid card number</a>`, `<a href="#expiry">Enter the expiry date</a>`,
		`id="card-number-error"`, `value="4242 4242 4242 4241"`, `aria-describedby="card-number-hint card-number-error" aria-invalid="true"`,
		`value="Ada Lovelace"`,
	} {
		if !strings.Contains(p.body, want) {
			t.Errorf("error page lacks %q", want)
		}
	}
	if strings.Contains(p.body, `value="987"`) || !regexp.MustCompile(`id="cvc" name="cvc"[^>]* value=""`).MatchString(p.body) {
		t.Error("the error page kept the CVC")
	}
	// The summary lists errors in the order of the fields.
	if strings.Index(p.body, `href="#card-number"`) > strings.Index(p.body, `href="#expiry"`) {
		t.Error("error summary out of field order")
	}
	if got := g.link(t, l.ID); got.Status != payments.StatusCreated || got.Card != nil {
		t.Fatalf("link after a refused form = %+v", got)
	}
	// It can still be paid.
	if res := pay(t, l, sp.TestCardSucceeds, ""); !strings.Contains(res.location, "status=succeeded") {
		t.Fatalf("pay after an error: %s", res.location)
	}
}

func TestCheckoutRefusesForgedOrStalePosts(t *testing.T) {
	g := newGateway(t, sp.Config{})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 500, MerchantReference: "REP-4", CustomerReference: "cust-4"})
	if p := postForm(t, l.URL, cardForm("not-the-token", sp.TestCardSucceeds)); p.status != http.StatusForbidden {
		t.Fatalf("POST without the form token = %d", p.status)
	}
	// A cross-site form post is refused before anything else.
	req, _ := http.NewRequest(http.MethodPost, l.URL, strings.NewReader(cardForm(formToken(t, get(t, l.URL)), sp.TestCardSucceeds).Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := browser().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site POST = %d", resp.StatusCode)
	}
	if got := g.link(t, l.ID); got.Status != payments.StatusCreated {
		t.Fatalf("link after forged posts = %+v", got)
	}
	if p := get(t, g.ts.URL+"/payments/v1/checkout/nosuchtoken"); p.status != http.StatusNotFound || !strings.Contains(p.body, "<h1>") {
		t.Fatalf("unknown checkout = %d", p.status)
	}
	// The link id is not a way in: only the token in its URL is.
	if p := get(t, g.ts.URL+"/payments/v1/checkout/"+l.ID); p.status != http.StatusNotFound {
		t.Fatalf("checkout by link id = %d", p.status)
	}
}

func TestCheckoutCancel(t *testing.T) {
	g := newGateway(t, sp.Config{})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 700, MerchantReference: "REP-5", CustomerReference: "cust-5"})
	form := get(t, l.URL)
	m := regexp.MustCompile(`<form method="post" action="([^"]+/cancel)"`).FindStringSubmatch(form.body)
	if m == nil {
		t.Fatal("no cancel form")
	}
	res := postForm(t, resolve(t, l.URL, m[1]), url.Values{"formToken": {formToken(t, form)}})
	loc, _ := url.Parse(res.location)
	if res.status != http.StatusSeeOther || loc.Query().Get("status") != payments.StatusCancelled ||
		payments.VerifyRedirect(testSecret, loc.Query()) != nil {
		t.Fatalf("cancel = %d %s", res.status, res.location)
	}
	if got := g.link(t, l.ID); got.Status != payments.StatusCancelled {
		t.Fatalf("link after cancel = %s", got.Status)
	}
	// A final link takes no more cards.
	if p := postForm(t, l.URL, cardForm(formToken(t, form), sp.TestCardSucceeds)); p.status != http.StatusOK ||
		!strings.Contains(p.body, "Payment cancelled") {
		t.Fatalf("POST card after cancel = %d:\n%s", p.status, p.body)
	}
}

func TestThreeDSecurePage(t *testing.T) {
	g := newGateway(t, sp.Config{})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 2500, MerchantReference: "REP-6", CustomerReference: "cust-6"})
	tok := formToken(t, get(t, l.URL))
	res := postForm(t, l.URL, cardForm(tok, sp.TestCard3DS))
	if res.status != http.StatusSeeOther || !strings.HasSuffix(res.location, "/authenticate") {
		t.Fatalf("POST 3DS card = %d %s", res.status, res.location)
	}
	challenge := resolve(t, l.URL, res.location)
	if got := g.link(t, l.ID); got.Status != payments.StatusAuthenticationRequired {
		t.Fatalf("link = %s, want authentication_required", got.Status)
	}
	// Going back to the checkout page leads to the challenge.
	if p := get(t, l.URL); p.status != http.StatusSeeOther || resolve(t, l.URL, p.location) != challenge {
		t.Fatalf("GET checkout while authenticating = %d %s", p.status, p.location)
	}
	p := get(t, challenge)
	for _, want := range []string{`<html lang="en-GB">`, "<h1>Confirm it’s you</h1>", "£25.00", "Visa card ending 3220",
		`name="result" value="pass">Pass authentication</button>`, `name="result" value="fail">Fail authentication</button>`} {
		if !strings.Contains(p.body, want) {
			t.Errorf("challenge page lacks %q", want)
		}
	}
	if !strings.Contains(p.header.Get("Content-Security-Policy"), "form-action 'self' "+appURL) {
		t.Errorf("challenge CSP = %q", p.header.Get("Content-Security-Policy"))
	}
	if bad := postForm(t, challenge, url.Values{"formToken": {formToken(t, p)}, "result": {"maybe"}}); bad.status != http.StatusUnprocessableEntity ||
		!strings.Contains(bad.body, "There is a problem") {
		t.Fatalf("POST challenge without a choice = %d", bad.status)
	}
	done := postForm(t, challenge, url.Values{"formToken": {formToken(t, p)}, "result": {"pass"}})
	if done.status != http.StatusSeeOther || !strings.Contains(done.location, "status=succeeded") {
		t.Fatalf("pass = %d %s", done.status, done.location)
	}
	// The challenge is over: its page sends the browser to the checkout page, which says it is done.
	if again := get(t, challenge); again.status != http.StatusSeeOther {
		t.Fatalf("GET challenge after it = %d", again.status)
	}
}

func TestLinkExpires(t *testing.T) {
	g := newGateway(t, sp.Config{LinkTTL: 10 * time.Minute})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 900, MerchantReference: "REP-7", CustomerReference: "cust-7"})
	if !l.ExpiresAt.Equal(fixedNow.Add(10 * time.Minute)) {
		t.Fatalf("expiresAt = %s", l.ExpiresAt)
	}
	tok := formToken(t, get(t, l.URL))
	if _, err := g.clock.Advance(10 * time.Minute); err != nil {
		t.Fatal(err)
	}
	if got := g.link(t, l.ID); got.Status != payments.StatusExpired {
		t.Fatalf("link after its TTL = %s", got.Status)
	}
	p := get(t, l.URL)
	if p.status != http.StatusGone || !strings.Contains(p.body, "This payment link has expired") {
		t.Fatalf("GET expired checkout = %d", p.status)
	}
	if p := postForm(t, l.URL, cardForm(tok, sp.TestCardSucceeds)); p.status != http.StatusGone {
		t.Fatalf("POST to expired checkout = %d", p.status)
	}
}

func TestStoreCardOnlyLink(t *testing.T) {
	g := newGateway(t, sp.Config{})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 0, StoreCard: true, MerchantReference: "CPA-1", CustomerReference: "cust-8"})
	p := get(t, l.URL)
	for _, want := range []string{"<h1>Save a card</h1>", ">Save card</button>", "No money will be taken now",
		`<span class="caption">Save a card for ` + testMerchant + `</span>`} {
		if !strings.Contains(p.body, want) {
			t.Errorf("store-card page lacks %q", want)
		}
	}
	// A zero-value check does not look at funds: this card is stored, and its charges will decline.
	res := pay(t, l, sp.TestCardInsufficientFunds, "")
	if !strings.Contains(res.location, "status=succeeded") || !strings.Contains(res.location, "amountPence=0") {
		t.Fatalf("store card redirect = %s", res.location)
	}
	var cards payments.CardList
	g.call(t, http.MethodGet, "/customers/cust-8/cards", "", &cards)
	if len(cards.Cards) != 1 {
		t.Fatalf("cards = %+v", cards)
	}
	c := cards.Cards[0]
	if c.Token != g.link(t, l.ID).CardToken || c.Brand != "visa" || c.Last4 != "9995" || !c.Primary ||
		c.ExpiryMonth != 12 || c.ExpiryYear != 2030 || c.CardholderName != "Ada Lovelace" || !c.CreatedAt.Equal(fixedNow) {
		t.Fatalf("stored card = %+v", c)
	}
	var rp payments.RecurringPayment
	st, _ := g.call(t, http.MethodPost, "/recurring-payments", recurringBody(c.Token, "cust-8", 5000, "CPA-1-1"), &rp,
		"Idempotency-Key", "k-store-1")
	if st != http.StatusCreated || rp.Status != payments.StatusDeclined || rp.DeclineReason != payments.DeclineInsufficientFunds {
		t.Fatalf("charge of the stored card = %d %+v", st, rp)
	}
}

// TestCheckoutPagesNameTheMerchantTheLinkWasMadeFor: every page of a link, its form, its 3-D Secure
// challenge and what it says once paid, names the link's merchant (escaped) under its colour; a page
// that knows no link names nobody.
func TestCheckoutPagesNameTheMerchantTheLinkWasMadeFor(t *testing.T) {
	g := newGateway(t, sp.Config{})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 2500, MerchantReference: "REP-M", CustomerReference: "cust-m",
		MerchantDisplayName: "<i>Harbour</i> & Co", MerchantBrandColour: "#0b6468"})
	if l.MerchantDisplayName != "<i>Harbour</i> & Co" || l.MerchantBrandColour != "#0b6468" {
		t.Fatalf("link = %+v", l)
	}
	const shown = "&lt;i&gt;Harbour&lt;/i&gt; &amp; Co"
	form := get(t, l.URL)
	for _, want := range []string{`<span class="caption">Pay ` + shown + `</span>`, "<header><p>" + shown + " · Card payment (sandbox)</p></header>",
		"header{border-bottom:.5rem solid #0b6468}"} {
		if !strings.Contains(form.body, want) {
			t.Errorf("checkout page lacks %q", want)
		}
	}
	if strings.Contains(form.body, "<i>Harbour") {
		t.Error("the merchant's name is not escaped")
	}
	if probs := hosted.Lint(form.body); len(probs) != 0 {
		t.Errorf("checkout page problems: %v", probs)
	}
	res := postForm(t, l.URL, cardForm(formToken(t, form), sp.TestCard3DS))
	challenge := get(t, resolve(t, l.URL, res.location))
	if !strings.Contains(challenge.body, "<header><p>"+shown+" · Card payment (sandbox)</p></header>") {
		t.Errorf("the 3-D Secure page does not name the merchant:\n%s", challenge.body)
	}
	postForm(t, resolve(t, l.URL, res.location), url.Values{sp.FieldFormToken: {formToken(t, form)}, sp.FieldResult: {sp.ResultPass}})
	if done := get(t, l.URL); !strings.Contains(done.body, "Payment complete") || !strings.Contains(done.body, "<header><p>"+shown+" · ") {
		t.Errorf("the paid link's page does not name the merchant:\n%s", done.body)
	}
	if unknown := get(t, strings.TrimSuffix(l.URL, path.Base(l.URL))+"not-a-token"); unknown.status != http.StatusNotFound ||
		!strings.Contains(unknown.body, "<header><p>Card payment (sandbox)</p></header>") {
		t.Errorf("an unknown link's page = %d:\n%s", unknown.status, unknown.body)
	}
}

func TestCreateLinkValidation(t *testing.T) {
	valid := payments.CreatePaymentLinkRequest{AmountPence: 100, Currency: "GBP", MerchantReference: "R-1",
		CustomerReference: "c-1", Description: "Repayment", MerchantDisplayName: testMerchant, ReturnURL: returnURL}
	tests := []struct {
		name   string
		change func(*payments.CreatePaymentLinkRequest)
		code   string
	}{
		{"currency", func(r *payments.CreatePaymentLinkRequest) { r.Currency = "EUR" }, payments.CodeInvalidRequest},
		{"negative amount", func(r *payments.CreatePaymentLinkRequest) { r.AmountPence = -1 }, payments.CodeInvalidRequest},
		{"amount over the cap", func(r *payments.CreatePaymentLinkRequest) { r.AmountPence = 10_000_001 }, payments.CodeInvalidRequest},
		{"zero amount without storeCard", func(r *payments.CreatePaymentLinkRequest) { r.AmountPence = 0 }, payments.CodeInvalidRequest},
		{"no merchant reference", func(r *payments.CreatePaymentLinkRequest) { r.MerchantReference = "" }, payments.CodeInvalidRequest},
		{"merchant reference with a line break", func(r *payments.CreatePaymentLinkRequest) { r.MerchantReference = "a\nb" }, payments.CodeInvalidRequest},
		{"customer reference with a slash", func(r *payments.CreatePaymentLinkRequest) { r.CustomerReference = "a/b" }, payments.CodeInvalidRequest},
		{"no description", func(r *payments.CreatePaymentLinkRequest) { r.Description = "" }, payments.CodeInvalidRequest},
		{"no merchant display name", func(r *payments.CreatePaymentLinkRequest) { r.MerchantDisplayName = "" }, payments.CodeInvalidRequest},
		{"merchant display name over 64 characters", func(r *payments.CreatePaymentLinkRequest) { r.MerchantDisplayName = strings.Repeat("é", 65) }, payments.CodeInvalidRequest},
		{"merchant display name with a line break", func(r *payments.CreatePaymentLinkRequest) { r.MerchantDisplayName = "Meadow\nLoans" }, payments.CodeInvalidRequest},
		{"merchant brand colour not #rrggbb", func(r *payments.CreatePaymentLinkRequest) { r.MerchantBrandColour = "red;}body{display:none" }, payments.CodeInvalidRequest},
		{"notification URL not http", func(r *payments.CreatePaymentLinkRequest) { r.NotificationURL = "ftp://x.example/" }, payments.CodeInvalidRequest},
		{"return URL elsewhere", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "https://evil.example/" }, payments.CodeReturnURLNotAllowed},
		{"return URL other port", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "http://app.example:9090/x" }, payments.CodeReturnURLNotAllowed},
		{"return URL other scheme", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "https://app.example:8080/x" }, payments.CodeReturnURLNotAllowed},
		{"return URL scheme-relative", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "//evil.example/" }, payments.CodeReturnURLNotAllowed},
		{"return URL relative", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "/payments/return" }, payments.CodeReturnURLNotAllowed},
		{"return URL with credentials", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "http://app.example:8080@evil.example/" }, payments.CodeReturnURLNotAllowed},
		{"return URL backslash", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "http://app.example:8080\\@evil.example/" }, payments.CodeReturnURLNotAllowed},
		{"return URL javascript", func(r *payments.CreatePaymentLinkRequest) { r.ReturnURL = "javascript:alert(1)" }, payments.CodeReturnURLNotAllowed},
	}
	g := newGateway(t, sp.Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := valid
			tt.change(&req)
			b, _ := jsonString(req)
			var e errorBody
			if st, _ := g.call(t, http.MethodPost, "/payment-links", b, &e); st != http.StatusBadRequest || e.Code != tt.code {
				t.Fatalf("= %d %+v, want 400 %s", st, e, tt.code)
			}
		})
	}
	var e errorBody
	if st, _ := g.call(t, http.MethodPost, "/payment-links", `{"amountPence":100,"surprise":true}`, &e); st != http.StatusBadRequest || e.Code != payments.CodeInvalidRequest {
		t.Fatalf("unknown field = %d %+v", st, e)
	}
	var l payments.PaymentLink
	if st, _ := g.call(t, http.MethodGet, "/payment-links/plink_nope", "", &e); st != http.StatusNotFound || e.Code != payments.CodePaymentLinkNotFound {
		t.Fatalf("unknown link = %d %+v", st, l)
	}
}

// TestPublicURL: links point at the configured public URL, not the API's host.
func TestPublicURL(t *testing.T) {
	g := newGateway(t, sp.Config{PublicURL: "https://pay.sandbox.example/"})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R", CustomerReference: "c"})
	if !strings.HasPrefix(l.URL, "https://pay.sandbox.example/payments/v1/checkout/") {
		t.Fatalf("URL = %s", l.URL)
	}
	// 128 random bits in the token, in hex.
	if tok := l.URL[strings.LastIndex(l.URL, "/")+1:]; len(tok) != 32 {
		t.Fatalf("token %q", tok)
	}
}
