package web

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The contract says what a person is told when a value they typed breaks one of its rules: the
// extension x-error-message sits next to the rule, on a property of a request body or on a query
// parameter (docs/api-errors.md). The validator answers it on a 100400; the apps' generated request
// schemas carry the same words, so a form says it before anything is sent.
const (
	// ExtErrorMessage is one message for every rule of the field, or a map from rule to message with
	// an optional "default" for the rules it does not name.
	ExtErrorMessage = "x-error-message"
	// ExtTyped set to false says nobody types the value (a token from a link, an id the app holds):
	// a failure there is a fault of the app, answered with the generic message.
	ExtTyped = "x-typed"
)

// The rules a message can be given for, named as the contract names them. "default" stands for
// every rule the map does not name.
var messageRules = map[string]bool{
	"required": true, "type": true, "format": true, "pattern": true, "enum": true,
	"minLength": true, "maxLength": true, "minimum": true, "maximum": true, "default": true,
}

// GenericFieldMessage is what a person is told when the field they got wrong has no message of its
// own: the catalogue's 100400.
func GenericFieldMessage() string { return Catalogue[CodeBadRequest].Message }

// FieldMessages is a parsed x-error-message: a message template by rule.
type FieldMessages map[string]string

// FieldMessagesOf reads x-error-message from extensions; nil when there is none.
func FieldMessagesOf(extensions map[string]any) (FieldMessages, error) {
	raw, ok := extensions[ExtErrorMessage]
	if !ok {
		return nil, nil
	}
	switch v := raw.(type) {
	case string:
		return FieldMessages{"default": v}, nil
	case map[string]any:
		out := FieldMessages{}
		for rule, message := range v {
			text, ok := message.(string)
			if !messageRules[rule] || !ok {
				return nil, fmt.Errorf("%s: %q is not a rule with a message (one of %s)", ExtErrorMessage, rule, ruleNames())
			}
			out[rule] = text
		}
		return out, nil
	default:
		return nil, fmt.Errorf("%s must be a message or a map from rule to message", ExtErrorMessage)
	}
}

func ruleNames() string {
	names := make([]string, 0, len(messageRules))
	for rule := range messageRules {
		names = append(names, rule)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// IsTyped says whether a person types the value the schema (or its parameter) describes: false only
// when the contract says so with x-typed: false.
func IsTyped(extensions ...map[string]any) bool {
	for _, ext := range extensions {
		if typed, ok := ext[ExtTyped].(bool); ok && !typed {
			return false
		}
	}
	return true
}

// RuleOf names the rule a kin-openapi schema failure broke, as x-error-message names it.
func RuleOf(schemaField string) string {
	switch schemaField {
	case "exclusiveMinimum":
		return "minimum"
	case "exclusiveMaximum":
		return "maximum"
	case "nullable":
		return "type"
	}
	return schemaField
}

// Message is the person-facing message for a value of schema that broke rule: the template for the
// rule, else the default, else the generic message; figures come from the schema's bounds.
func (m FieldMessages) Message(rule string, schema *openapi3.Schema) (string, error) {
	template, ok := m[rule]
	if !ok {
		template, ok = m["default"]
	}
	if !ok {
		return GenericFieldMessage(), nil
	}
	return expandBounds(template, schema)
}

// placeholder is {minimum}, {maximum}, {minLength} or {maxLength}, optionally ":money" for a bound in
// pence shown as pounds ("£100,000").
var placeholder = regexp.MustCompile(`\{(minimum|maximum|minLength|maxLength)(:money)?\}`)

// expandBounds puts the schema's bounds into a template, so a message says the figure the rule checks.
func expandBounds(template string, schema *openapi3.Schema) (string, error) {
	var missing []string
	out := placeholder.ReplaceAllStringFunc(template, func(match string) string {
		parts := placeholder.FindStringSubmatch(match)
		bound, ok := boundOf(schema, parts[1])
		if !ok {
			missing = append(missing, parts[1])
			return match
		}
		if parts[2] != "" {
			return pounds(bound)
		}
		return grouped(int64(bound))
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("%s %q names %s, which the schema does not set", ExtErrorMessage, template, strings.Join(missing, ", "))
	}
	if strings.ContainsAny(out, "{}") {
		return "", fmt.Errorf("%s %q has a placeholder other than {minimum}, {maximum}, {minLength}, {maxLength} (optionally :money)", ExtErrorMessage, template)
	}
	return out, nil
}

func boundOf(schema *openapi3.Schema, name string) (float64, bool) {
	switch name {
	case "minimum":
		if schema.Min != nil {
			return *schema.Min, true
		}
	case "maximum":
		if schema.Max != nil {
			return *schema.Max, true
		}
	case "minLength":
		return float64(schema.MinLength), schema.MinLength > 0
	case "maxLength":
		if schema.MaxLength != nil {
			return float64(*schema.MaxLength), true
		}
	}
	return 0, false
}

// pounds shows an amount in pence as people read money: £100,000 or £1,234.50.
func pounds(pence float64) string {
	whole := int64(pence) / 100
	rest := int64(math.Abs(pence)) % 100
	if rest == 0 {
		return "£" + grouped(whole)
	}
	return fmt.Sprintf("£%s.%02d", grouped(whole), rest)
}

// grouped writes n with thousands separators: 100000 → 100,000.
func grouped(n int64) string {
	digits := strconv.FormatInt(n, 10)
	sign := ""
	if strings.HasPrefix(digits, "-") {
		sign, digits = "-", digits[1:]
	}
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return sign + b.String()
}
