package auth

import (
	"crypto/rand"
	"encoding/base64"
	"html"
	"strconv"
	"time"

	"lender/bff/upstream/notify"
)

// The messages people receive. Plain British English, in the display name of the brand brandName picks
// (the BFF's configuration).

func minutes(d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	if m <= 1 {
		return "1 minute"
	}
	return strconv.Itoa(m) + " minutes"
}

// linkMail is the sign-in link for a customer.
func linkMail(to, brand, link string, ttl time.Duration) notify.Email {
	b, l := html.EscapeString(brand), html.EscapeString(link)
	return notify.Email{
		To:      to,
		Subject: "Your " + brand + " sign-in link",
		Text: "Hello,\n\nUse this link to sign in to " + brand + ". It works once, for " + minutes(ttl) + ":\n\n" + link +
			"\n\nIf you did not ask to sign in, you can ignore this e-mail. Nobody can sign in without the link.\n\n" + brand + "\n",
		HTML: "<p>Hello,</p><p>Use this link to sign in to " + b + ". It works once, for " + minutes(ttl) + ".</p>" +
			`<p><a href="` + l + `">Sign in to ` + b + `</a></p>` +
			"<p>If you did not ask to sign in, you can ignore this e-mail. Nobody can sign in without the link.</p><p>" + b + "</p>",
		Template: "magic-link",
		Tags:     []string{"auth"},
	}
}

// noAccountMail answers a sign-in request for an address with no account, so the person learns why no
// link came, and nobody else learns whether the address is a customer's.
func noAccountMail(to, brand string) notify.Email {
	b := html.EscapeString(brand)
	return notify.Email{
		To:      to,
		Subject: "Signing in to " + brand,
		Text: "Hello,\n\nSomeone asked to sign in to " + brand + " with this e-mail address, but we could not find an account for this address.\n\n" +
			"If you have an account, please try the e-mail address you applied with. If you did not ask to sign in, you can ignore this e-mail.\n\n" + brand + "\n",
		HTML: "<p>Hello,</p><p>Someone asked to sign in to " + b + " with this e-mail address, but we could not find an account for this address.</p>" +
			"<p>If you have an account, please try the e-mail address you applied with. If you did not ask to sign in, you can ignore this e-mail.</p><p>" + b + "</p>",
		Template: "sign-in-no-account",
		Tags:     []string{"auth"},
	}
}

// codeMail is a sign-in code by e-mail.
func codeMail(to, brand, code string, ttl time.Duration) notify.Email {
	b := html.EscapeString(brand)
	return notify.Email{
		To:      to,
		Subject: "Your " + brand + " sign-in code",
		Text: "Hello,\n\nYour sign-in code is " + code + ". It works once, for " + minutes(ttl) + ".\n\n" +
			"If you did not ask to sign in, you can ignore this e-mail. Never share this code with anyone.\n\n" + brand + "\n",
		HTML: "<p>Hello,</p><p>Your sign-in code is <strong>" + code + "</strong>. It works once, for " + minutes(ttl) + ".</p>" +
			"<p>If you did not ask to sign in, you can ignore this e-mail. Never share this code with anyone.</p><p>" + b + "</p>",
		Template: "sign-in-code",
		Tags:     []string{"auth"},
	}
}

// codeSMS is a sign-in code by SMS.
func codeSMS(to, brand, code string, ttl time.Duration) notify.SMS {
	return notify.SMS{
		To:       to,
		Text:     brand + ": your sign-in code is " + code + ". It works for " + minutes(ttl) + ". Never share it with anyone.",
		Template: "sign-in-code",
		Tags:     []string{"auth"},
	}
}

// sendKey is a fresh idempotency key for one send: a retry of the same call reuses it, a new send
// never does.
func sendKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails; it crashes the program instead
	return "auth-" + base64.RawURLEncoding.EncodeToString(b)
}
