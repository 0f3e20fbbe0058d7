package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
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

// refusedValue is one case of testdata/refused-values.json, which the apps' request schemas are tested
// against too.
type refusedValue struct {
	Method   string            `json:"method"`
	Path     string            `json:"path"`
	SignedIn bool              `json:"signedIn"`
	Body     map[string]any    `json:"body"`
	Query    map[string]string `json:"query"`
	Field    string            `json:"field"`
	Rule     string            `json:"rule"`
	Message  string            `json:"message"`
}

func refusedValues(t *testing.T) []refusedValue {
	t.Helper()
	raw, err := os.ReadFile("testdata/refused-values.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []refusedValue }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	return file.Cases
}

// What a person typed that the contract refuses is answered with the words the contract gives the
// field (x-error-message), never the validator's: the e-mail address of /amount/email, the postcode of
// the address lookup and the monthly housing cost of the one-page housing step.
func TestRefusedValuesAreToldInThePersonsWords(t *testing.T) {
	st := startStack(t, nil)
	creds := st.signIn("validation-messages")
	for _, c := range refusedValues(t) {
		var signedIn *credentials
		if c.SignedIn {
			signedIn = &creds
		}
		var res *http.Response
		var env envelope
		switch c.Method {
		case http.MethodGet:
			query := url.Values{}
			for k, v := range c.Query {
				query.Set(k, v)
			}
			res, env = st.get(c.Path+"?"+query.Encode(), signedIn)
		default:
			res, env = st.post(c.Path, c.Body, signedIn)
		}
		wantFieldRefusal(t, res, env, c.Message, c.Field)

		// The developer's side goes to the log: the operation, the field and the rule, never the value.
		if want := fmt.Sprintf(`"field":%q,"rule":%q`, c.Field, c.Rule); !strings.Contains(st.logs.String(), want) {
			t.Errorf("%s %s: the log does not say %s", c.Method, c.Path, want)
		}
	}
	logs := st.logs.String()
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
