package app

import (
	"net/http"
	"strings"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/notify"
)

// The two shipped brands (bff/config.yaml): every message and provider page a borrower of one sees
// names it, and never the other.
var shippedBrands = []struct{ clientName, name, other string }{
	{"harbour", "Harbour Credit", "Meadow Loans"},
	{"default", "Meadow Loans", "Harbour Credit"},
}

// wantBrand fails unless what (a message or a page, as the person sees it) names brand and not other.
func wantBrand(t *testing.T, what, seen, brand, other string) {
	t.Helper()
	if !strings.Contains(seen, brand) || strings.Contains(seen, other) {
		t.Errorf("%s should name %s and not %s:\n%s", what, brand, other, seen)
	}
}

// shown is everything a person reads of a message.
func shown(m notify.Message) string { return m.Subject + "\n" + m.Text + "\n" + m.HTML }

// TestMessagesAndProviderPagesNameTheOwnersBrand: the texts, the sign-in mails, the hosted checkout and
// the bank-consent pages a customer gets name the brand owning their application, whatever brand the
// call names.
func TestMessagesAndProviderPagesNameTheOwnersBrand(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	for i, b := range shippedBrands {
		t.Run(b.clientName, func(t *testing.T) {
			email := "jo.owned." + b.clientName + "@example.com"
			a := st.approvedOwnedBy(email, "", b.clientName)
			creds := st.signIn(a.CustomerID)

			// The code proving a new mobile number, then a sign-in code texted to it.
			phone, local := []string{"+447700900601", "+447700900602"}[i], []string{"07700 900601", "07700 900602"}[i]
			if _, env := st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": local}, &creds); env.ErrorCode != 0 {
				t.Fatalf("sendPhoneVerificationCode %+v", env)
			}
			wantBrand(t, "the phone proof text", st.latest(phone, notify.KindSMS).Text, b.name, b.other)
			if _, env := st.post("/user/phoneVerification", map[string]string{"phoneNumber": local, "code": st.phoneCode(phone)}, &creds); env.ErrorCode != 0 {
				t.Fatalf("phoneVerification %+v", env)
			}
			if a := st.send("/account/sendEmailVerify", map[string]string{"param": local, "type": "PHONE"}, nil, nil); a.env.ErrorCode != 0 {
				t.Fatalf("sendEmailVerify PHONE %+v", a.env)
			}
			wantBrand(t, "the sign-in text", st.latest(phone, notify.KindSMS).Text, b.name, b.other)

			// Sign-in mails: a code, and a link asked for from the other brand's app.
			if a := st.send("/account/sendEmailVerify", map[string]string{"param": email, "type": "EMAIL"}, nil, nil); a.env.ErrorCode != 0 {
				t.Fatalf("sendEmailVerify EMAIL %+v", a.env)
			}
			wantBrand(t, "the sign-in code mail", shown(st.latest(email, notify.KindEmail)), b.name, b.other)
			otherApp := shippedBrands[1-i].clientName
			if a := st.send("/user/magicLink", map[string]string{"email": email, "clientName": otherApp}, nil, nil); a.env.ErrorCode != 0 {
				t.Fatalf("magicLink %+v", a.env)
			}
			wantBrand(t, "the sign-in link mail", shown(st.latest(email, notify.KindEmail)), b.name, b.other)

			// The notice that wrong PINs locked the PIN.
			if res, env := st.lockWithWrongPINs(email, nil); env.ErrorCode != int(web.CodeAccountLocked) {
				t.Fatalf("locking the PIN: HTTP %d %+v", res.StatusCode, env)
			}
			wantBrand(t, "the PIN lock mail", shown(st.lockMails(email)[0]), b.name, b.other)

			// The mail confirming the address of a registration from the brand's app.
			registrant := "sam.registers." + b.clientName + "@example.com"
			checkID, cookie := st.softCheck(softCheckBody(registrant))
			reg := registration(checkID, registrant)
			reg["clientName"] = b.clientName
			st.signedIn(st.register(reg, cookie))
			wantBrand(t, "the e-mail confirmation mail", shown(st.latest(registrant, notify.KindEmail)), b.name, b.other)

			// The hosted checkout that saves the repayment card.
			_, env := st.post("/payment/createCpaLink", nil, &creds)
			link := decode[struct{ URL string }](t, env)
			code, page, _ := browserDo(t, http.MethodGet, st.hostedPage(link.URL), nil)
			if code != http.StatusOK {
				t.Fatalf("checkout page HTTP %d", code)
			}
			wantBrand(t, "the checkout page", page, "Save a card for "+b.name, b.other)

			// The bank-consent pages of both journeys, for an application still in progress.
			applying := st.inProgressOwnedBy("jo.applying."+b.clientName+"@example.com", "", b.clientName)
			applicant := st.signIn(applying.CustomerID)
			_, env = st.get("/bank/getOBLink", &applicant)
			legacyConsent := decode[struct{ AuthURL string }](t, env)
			_, env = st.post("/onePage/application/getOpenBankingLink", struct{}{}, &applicant)
			onePageConsent := decode[struct {
				AuthURL string `json:"authUrl"`
			}](t, env)
			for _, authURL := range []string{legacyConsent.AuthURL, onePageConsent.AuthURL} {
				code, page, _ := browserDo(t, http.MethodGet, st.hostedPage(authURL), nil)
				if code != http.StatusOK {
					t.Fatalf("consent page HTTP %d", code)
				}
				wantBrand(t, "the bank-consent page", page, b.name+" is asking to see your account details", b.other)
			}
		})
	}
}
