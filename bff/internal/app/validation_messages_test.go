package app

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"lender/bff/internal/platform/web"
)

// fieldOf is the field a failing answer names (resultData.field), or "" when it names none.
func fieldOf(t *testing.T, env envelope) string {
	t.Helper()
	var data struct {
		Field string `json:"field"`
	}
	if len(env.ResultData) > 0 && string(env.ResultData) != "null" {
		if err := json.Unmarshal(env.ResultData, &data); err != nil {
			t.Fatalf("resultData %s: %v", env.ResultData, err)
		}
	}
	return data.Field
}

// wantFieldRefusal checks a 100400 answer on HTTP 400: its message, and the field it names.
func wantFieldRefusal(t *testing.T, res *http.Response, env envelope, message, field string) {
	t.Helper()
	if res.StatusCode != http.StatusBadRequest || env.Status != http.StatusBadRequest || env.ErrorCode != int(web.CodeBadRequest) {
		t.Fatalf("HTTP %d %+v, want a 100400 on HTTP 400", res.StatusCode, env)
	}
	if env.ErrorMessage != message {
		t.Errorf("message %q, want %q", env.ErrorMessage, message)
	}
	if got := fieldOf(t, env); got != field {
		t.Errorf("field %q, want %q", got, field)
	}
}

// What a person typed that the contract refuses is answered with the words the contract gives the
// field (x-error-message), never the validator's: the e-mail address of /amount/email, the postcode of
// the address lookup and the monthly housing cost of the one-page housing step.
func TestRefusedValuesAreToldInThePersonsWords(t *testing.T) {
	st := startStack(t, nil)
	json := map[string]string{"Content-Type": "application/json"}

	res, env := st.call(http.MethodPost, st.api+"/eligibility/verifyUserStatusByEmail", bodyOf(`{"email":"jo..smith@example.com"}`), nil, json)
	wantFieldRefusal(t, res, env, "Enter an email address in the correct format, like name@example.com", "email")
	res, env = st.call(http.MethodPost, st.api+"/eligibility/verifyUserStatusByEmail", bodyOf(`{}`), nil, json)
	wantFieldRefusal(t, res, env, "Enter your email address", "email")

	res, env = st.get("/eligibility/postCodeQuery?postCode=XYZ", nil)
	wantFieldRefusal(t, res, env, "Enter a real postcode, like AB1 2CD", "postCode")

	creds := st.signIn("validation-messages")
	res, env = st.post("/onePage/user/updateRentInformation",
		map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 9_999_999_900, "payMethod": "direct_debit"}, &creds)
	wantFieldRefusal(t, res, env, "Monthly rent or mortgage must be £100,000 or less", "monthlyCostPence")

	// The developer's side goes to the log: the operation, the field and the rule, never the value.
	logs := st.logs.String()
	for _, want := range []string{`"field":"email","rule":"format"`, `"field":"postCode","rule":"minLength"`, `"field":"monthlyCostPence","rule":"maximum"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log does not say %s", want)
		}
	}
	for _, value := range []string{"jo..smith", "XYZ", "9999999900"} {
		if strings.Contains(logs, value) {
			t.Errorf("the log holds the value %q", value)
		}
	}
}

// A value nobody types (a token from a link) has no message of its own: the generic one, which still
// names the field for the app's developers, and no developer wording.
func TestAValueWithoutAMessageOfItsOwnGetsTheGenericOne(t *testing.T) {
	st := startStack(t, nil)
	res, env := st.post("/user/redeemMagicLink", map[string]string{"token": "short"}, nil)
	wantFieldRefusal(t, res, env, web.GenericFieldMessage(), "token")

	res, env = st.call(http.MethodPost, st.api+"/user/redeemMagicLink", strings.NewReader(`{"token":`), nil,
		map[string]string{"Content-Type": "application/json"})
	wantFieldRefusal(t, res, env, web.GenericFieldMessage(), "")
}
