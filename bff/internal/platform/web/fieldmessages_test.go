package web

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// loadContract reads bff/openapi.yaml as the BFF embeds it.
func loadContract(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	spec, err := loader.LoadFromFile("../../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := spec.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return spec
}

// requestValue is one value of a request a person might type: a property of a JSON body (at any depth)
// or a query parameter.
type requestValue struct {
	where      string // "POST /user/magicLink body email"
	schema     *openapi3.Schema
	extensions []map[string]any // the schema's, and a parameter's own
}

// requestValues lists the string and number values of every operation's JSON body and query that
// have a rule typing can break. Choices (enums), booleans and the structure around them are not typed;
// a value whose only rule is its type fails only by a fault of the app.
func requestValues(t *testing.T, spec *openapi3.T) []requestValue {
	t.Helper()
	var out []requestValue
	var walk func(where string, ref *openapi3.SchemaRef, inherited []map[string]any)
	walk = func(where string, ref *openapi3.SchemaRef, inherited []map[string]any) {
		if ref == nil || ref.Value == nil {
			return
		}
		s := ref.Value
		if len(s.OneOf)+len(s.AnyOf)+len(s.AllOf) > 0 || s.Not != nil {
			t.Errorf("%s: a request schema built of oneOf/anyOf/allOf/not has no rule here yet", where)
			return
		}
		exts := append(append([]map[string]any(nil), inherited...), s.Extensions)
		switch {
		case s.Type.Is(openapi3.TypeObject):
			names := make([]string, 0, len(s.Properties))
			for name := range s.Properties {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				walk(where+"."+name, s.Properties[name], nil)
			}
		case s.Type.Is(openapi3.TypeArray):
			walk(where+"[]", s.Items, nil)
		case (s.Type.Is(openapi3.TypeString) || s.Type.Is(openapi3.TypeInteger) || s.Type.Is(openapi3.TypeNumber)) &&
			len(s.Enum) == 0 && hasTypedRule(s):
			out = append(out, requestValue{where: where, schema: s, extensions: exts})
		}
	}
	paths := spec.Paths.InMatchingOrder()
	sort.Strings(paths)
	for _, path := range paths {
		for method, op := range spec.Paths.Value(path).Operations() {
			for _, p := range op.Parameters {
				if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
					walk(fmt.Sprintf("%s %s query %s", method, path, p.Value.Name), p.Value.Schema, []map[string]any{p.Value.Extensions})
				}
			}
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			if media := op.RequestBody.Value.Content.Get("application/json"); media != nil {
				walk(fmt.Sprintf("%s %s body", method, path), media.Schema, nil)
			}
		}
	}
	return out
}

// hasTypedRule says whether a schema has a rule what a person types can break: a length, a pattern, a
// format other than a number's size, or a bound.
func hasTypedRule(s *openapi3.Schema) bool {
	format := s.Format != "" && s.Format != "int32" && s.Format != "int64" && s.Format != "float" && s.Format != "double"
	return s.MinLength > 0 || s.MaxLength != nil || s.Pattern != "" || format || s.Min != nil || s.Max != nil
}

// messagesOf is the x-error-message of a value: a parameter's own, else its schema's.
func messagesOf(t *testing.T, v requestValue) FieldMessages {
	t.Helper()
	for _, ext := range v.extensions {
		m, err := FieldMessagesOf(ext)
		if err != nil {
			t.Errorf("%s: %v", v.where, err)
		}
		if m != nil {
			return m
		}
	}
	return nil
}

// TestEveryTypedRequestValueHasAMessage is the rule of docs/api-errors.md: every string or number a
// request carries says what a person is told when it is wrong (x-error-message), or says that nobody
// types it (x-typed: false), so a new field cannot reach a person with the generic message by
// oversight. A field whose generic message is right says so with x-error-message as well: the choice is
// then written down.
func TestEveryTypedRequestValueHasAMessage(t *testing.T) {
	spec := loadContract(t)
	values := requestValues(t, spec)
	if len(values) == 0 {
		t.Fatal("found no request values: the walk is broken")
	}
	var missing []string
	for _, v := range values {
		messages := messagesOf(t, v)
		typed := IsTyped(v.extensions...)
		switch {
		case messages == nil && typed:
			missing = append(missing, v.where)
		case messages != nil && !typed:
			t.Errorf("%s: has x-error-message and x-typed: false; say one", v.where)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d request values have no x-error-message (or x-typed: false):\n  %s", len(missing), strings.Join(missing, "\n  "))
	}
}

// TestEveryMessageReadsWell expands every message of the contract for every rule it names against its
// schema: a placeholder without its bound, or a rule the schema does not have, fails here rather than
// reaching a person as the generic message.
func TestEveryMessageReadsWell(t *testing.T) {
	spec := loadContract(t)
	for _, v := range requestValues(t, spec) {
		messages := messagesOf(t, v)
		for rule, template := range messages {
			text, err := messages.Message(rule, v.schema)
			if err != nil {
				t.Errorf("%s: %v", v.where, err)
				continue
			}
			if text == "" || strings.ContainsAny(text, "{}") {
				t.Errorf("%s: %q reads %q", v.where, template, text)
			}
		}
	}
}

func TestMessageFiguresComeFromTheBounds(t *testing.T) {
	maxLen := uint64(254)
	max := 10000000.0
	min := 100000.0
	schema := &openapi3.Schema{Min: &min, Max: &max, MaxLength: &maxLen, MinLength: 5}
	messages := FieldMessages{
		"maximum":   "Monthly rent or mortgage must be {maximum:money} or less",
		"minimum":   "Borrow at least {minimum:money}",
		"maxLength": "Use {maxLength} characters or fewer",
		"minLength": "Use at least {minLength} characters",
		"default":   "Enter a number",
	}
	for rule, want := range map[string]string{
		"maximum":   "Monthly rent or mortgage must be £100,000 or less",
		"minimum":   "Borrow at least £1,000",
		"maxLength": "Use 254 characters or fewer",
		"minLength": "Use at least 5 characters",
		"type":      "Enter a number",
	} {
		got, err := messages.Message(rule, schema)
		if err != nil || got != want {
			t.Errorf("%s: got %q, %v; want %q", rule, got, err, want)
		}
	}
	if got, _ := (FieldMessages{"maximum": "At most {maximum:money}"}).Message("maximum", &openapi3.Schema{Max: func() *float64 { v := 123450.0; return &v }()}); got != "At most £1,234.50" {
		t.Errorf("pence are shown: %q", got)
	}
	if got, _ := (FieldMessages{"maximum": "x"}).Message("pattern", schema); got != GenericFieldMessage() {
		t.Errorf("a rule without a message and no default answers the generic message, got %q", got)
	}
	if _, err := (FieldMessages{"default": "At least {minimum}"}).Message("type", &openapi3.Schema{}); err == nil {
		t.Error("a placeholder whose bound the schema does not set is an error")
	}
	if _, err := FieldMessagesOf(map[string]any{ExtErrorMessage: map[string]any{"minimun": "typo"}}); err == nil {
		t.Error("a rule name the contract does not know is an error")
	}
}
