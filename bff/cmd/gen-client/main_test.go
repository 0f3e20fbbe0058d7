package main

import (
	"context"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

func TestCodeNamesAreTheGoNamesAsTheAppsSpellThem(t *testing.T) {
	for goName, want := range map[string]string{
		"CodeBadRequest":         "badRequest",
		"CodeWrongPIN":           "wrongPin",
		"CodePINMismatch":        "pinMismatch",
		"CodeServiceUnavailable": "serviceUnavailable",
		"CodeOK":                 "ok",
	} {
		if got := tsName(goName); got != want {
			t.Errorf("%s → %q, want %q", goName, got, want)
		}
	}
}

func TestEveryCodeOfTheCatalogueIsWritten(t *testing.T) {
	out, err := errorCodesTS("../../internal/platform/web/errors.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  wrongPin: 100615,\n", "  100400: { httpStatus: 400, bodyStatus: 400, message: 'Check the details you entered and try again.' },\n"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("error-codes.ts lacks %q", want)
		}
	}
}

// contract is a small contract with the vocabulary of policies and one operation.
func contract(t *testing.T, operation string) *openapi3.T {
	t.Helper()
	doc := `openapi: 3.0.3
info: {title: t, version: "1"}
x-error-policies:
  no-toast: No toast.
paths:
` + operation
	spec, err := openapi3.NewLoader().LoadFromData([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if err := spec.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return spec
}

func TestAPolicyRuleOutsideTheVocabularyIsRefused(t *testing.T) {
	spec := contract(t, `  /statement/list:
    get:
      x-error-policy: [resolve-body]
      responses: {"200": {description: ok}}
`)
	if _, err := callPoliciesTS(spec); err == nil || !strings.Contains(err.Error(), "resolve-body") {
		t.Fatalf("err = %v, want one naming the unknown rule", err)
	}
}

func TestARequestSchemaCarriesEachRulesMessage(t *testing.T) {
	spec := contract(t, `  /rent:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [monthlyCostPence]
              additionalProperties: false
              properties:
                monthlyCostPence:
                  type: integer
                  minimum: 0
                  maximum: 10000000
                  x-error-message:
                    required: Enter how much you pay each month
                    maximum: Monthly rent or mortgage must be {maximum:money} or less
                    default: Enter a whole number of pounds
                note:
                  type: string
                  maxLength: 10
      responses: {"200": {description: ok}}
`)
	out, err := requestsTS(spec)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"monthlyCostPence: z.number({ error: (issue) => (issue.input === undefined ? 'Enter how much you pay each month' : 'Enter a whole number of pounds') })",
		".max(10000000, 'Monthly rent or mortgage must be £100,000 or less')",
		"note: z.string({ error: GENERIC }).max(10, GENERIC).optional(),",
		"z.strictObject(",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("requests.ts lacks %q:\n%s", want, out)
		}
	}
}

func TestARequestSchemaWithoutAZodRuleStopsTheGenerator(t *testing.T) {
	spec := contract(t, `  /either:
    post:
      requestBody:
        content:
          application/json:
            schema:
              oneOf: [{type: string}, {type: integer}]
      responses: {"200": {description: ok}}
`)
	if _, err := requestsTS(spec); err == nil {
		t.Fatal("a schema the generator cannot write must stop it, not become z.unknown()")
	}
}
