package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"lender/bff/internal/platform/web"
)

// The formats a request schema may use, as rules both Go and JavaScript read alike: the ones
// kin-openapi checks the BFF's requests with (package web), so the form and the BFF agree. A format is
// a regular expression a value must match, or the values it may not be.
var formatRules = map[string]struct {
	name    string
	pattern string
	refused []string
}{
	"email":          {name: "EMAIL", pattern: web.EmailPattern},
	"date":           {name: "DATE", pattern: openapi3.FormatOfStringDate},
	"date-time":      {name: "DATE_TIME", pattern: openapi3.FormatOfStringDateTime},
	web.FormatNewPIN: {name: "NEW_PIN_REFUSED", refused: web.DigitRuns()},
}

// formatOrder is the order the formats' constants are written in.
var formatOrder = []string{"email", "date", "date-time", web.FormatNewPIN}

// zodWriter turns request schemas into zod 4. Components a request refers to become constants of
// their own, written before their first use.
type zodWriter struct {
	spec       *openapi3.T
	components map[string]string // name → its zod expression, once written
	order      []string
	visiting   map[string]bool
	formats    map[string]bool
}

// requestsTS is requests.ts: for every operation with a JSON body or query parameters, a zod schema of
// each, keyed by path template.
func requestsTS(spec *openapi3.T) ([]byte, error) {
	w := &zodWriter{spec: spec, components: map[string]string{}, visiting: map[string]bool{}, formats: map[string]bool{}}
	var ops strings.Builder
	for _, path := range sortedPaths(spec) {
		item := spec.Paths.Value(path)
		var parts []string
		for method, op := range item.Operations() {
			body, query, err := w.operation(op)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			if body != "" {
				parts = append(parts, "    body: "+body+",\n")
			}
			if query != "" {
				parts = append(parts, "    query: "+query+",\n")
			}
		}
		if len(parts) == 0 {
			continue
		}
		if len(item.Operations()) > 1 {
			return nil, fmt.Errorf("%s: more than one operation has a request; key the schemas by method", path)
		}
		fmt.Fprintf(&ops, "  %s: {\n%s  },\n", tsString(path), strings.Join(parts, ""))
	}

	var b strings.Builder
	b.WriteString("import { z } from 'zod';\n\n")
	fmt.Fprintf(&b, "/** The catalogue's 100400: the message of a value without one of its own. */\nconst GENERIC = %s;\n\n", tsString(web.GenericFieldMessage()))
	for _, format := range formatOrder {
		if !w.formats[format] {
			continue
		}
		f := formatRules[format]
		if f.refused == nil {
			fmt.Fprintf(&b, "/** `format: %s`, as the BFF checks it. */\nconst %s = new RegExp(%s);\n\n", format, f.name, tsString(f.pattern))
			continue
		}
		values := make([]string, len(f.refused))
		for i, v := range f.refused {
			values[i] = tsString(v)
		}
		fmt.Fprintf(&b, "/** `format: %s`, as the BFF checks it: the values it refuses. */\nconst %s: ReadonlySet<string> = new Set([\n  %s,\n]);\n\n",
			format, f.name, strings.Join(values, ", "))
	}
	for _, name := range w.order {
		fmt.Fprintf(&b, "const %s = %s;\n\n", name, w.components[name])
	}
	b.WriteString(tsComment("", `Every operation's JSON body and query parameters as the BFF validates them (bff/openapi.yaml), with
the message the BFF answers for each rule a value breaks (x-error-message, or the generic 100400).`))
	b.WriteString("export const requestSchemas = {\n")
	b.WriteString(ops.String())
	b.WriteString("};\n")
	return []byte(b.String()), nil
}

func sortedPaths(spec *openapi3.T) []string {
	m := map[string]bool{}
	for _, p := range spec.Paths.InMatchingOrder() {
		m[p] = true
	}
	return sortedKeys(m)
}

// operation is the zod of op's JSON body and of its query parameters ("" when it has none).
func (w *zodWriter) operation(op *openapi3.Operation) (body, query string, err error) {
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		if media := op.RequestBody.Value.Content.Get("application/json"); media != nil {
			body, err = w.schema(media.Schema, nil, "    ")
			if err != nil {
				return "", "", fmt.Errorf("body: %w", err)
			}
			if !op.RequestBody.Value.Required {
				body += ".optional()"
			}
		}
	}
	var fields []string
	for _, ref := range op.Parameters {
		p := ref.Value
		if p == nil || p.In != openapi3.ParameterInQuery {
			continue
		}
		if p.Schema == nil || p.Schema.Value == nil || !p.Schema.Value.Type.Is(openapi3.TypeString) {
			return "", "", fmt.Errorf("query %s: only string parameters have a rule here yet", p.Name)
		}
		messages, err := web.FieldMessagesOf(p.Extensions)
		if err != nil {
			return "", "", fmt.Errorf("query %s: %w", p.Name, err)
		}
		if messages == nil {
			if messages, err = web.FieldMessagesOf(p.Schema.Value.Extensions); err != nil {
				return "", "", fmt.Errorf("query %s: %w", p.Name, err)
			}
		}
		expr, err := w.leaf(p.Schema.Value, messages)
		if err != nil {
			return "", "", fmt.Errorf("query %s: %w", p.Name, err)
		}
		if !p.Required {
			expr += ".optional()"
		}
		fields = append(fields, fmt.Sprintf("      %s: %s,\n", propertyKey(p.Name), expr))
	}
	if len(fields) > 0 {
		query = "z.object({\n" + strings.Join(fields, "") + "    })"
	}
	return body, query, nil
}

// schema is the zod of ref at indent; a component becomes a reference to its constant.
func (w *zodWriter) schema(ref *openapi3.SchemaRef, messages web.FieldMessages, indent string) (string, error) {
	if ref == nil || ref.Value == nil {
		return "", fmt.Errorf("a schema is missing")
	}
	if name, ok := strings.CutPrefix(ref.Ref, "#/components/schemas/"); ok {
		if err := w.component(name, ref.Value); err != nil {
			return "", err
		}
		return name, nil
	}
	if ref.Ref != "" {
		return "", fmt.Errorf("%s: only references to #/components/schemas are read", ref.Ref)
	}
	s := ref.Value
	if len(s.OneOf)+len(s.AnyOf)+len(s.AllOf) > 0 || s.Not != nil {
		return "", fmt.Errorf("oneOf, anyOf, allOf and not have no zod here yet")
	}
	if messages == nil {
		var err error
		if messages, err = web.FieldMessagesOf(s.Extensions); err != nil {
			return "", err
		}
	}
	var expr string
	var err error
	switch {
	case s.Type.Is(openapi3.TypeObject):
		expr, err = w.object(s, indent)
	case s.Type.Is(openapi3.TypeArray):
		expr, err = w.array(s, indent)
	default:
		expr, err = w.leaf(s, messages)
	}
	if err != nil {
		return "", err
	}
	if s.Nullable {
		expr += ".nullable()"
	}
	return expr, nil
}

// component writes the constant of a component schema once, after the components it uses.
func (w *zodWriter) component(name string, s *openapi3.Schema) error {
	if _, done := w.components[name]; done {
		return nil
	}
	if w.visiting[name] {
		return fmt.Errorf("%s refers to itself; a recursive request schema has no zod here yet", name)
	}
	w.visiting[name] = true
	expr, err := w.schema(&openapi3.SchemaRef{Value: s}, nil, "")
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	delete(w.visiting, name)
	w.components[name] = expr
	w.order = append(w.order, name)
	return nil
}

func (w *zodWriter) object(s *openapi3.Schema, indent string) (string, error) {
	generic := tsMessage(web.GenericFieldMessage())
	allowsMore := s.AdditionalProperties.Has == nil || *s.AdditionalProperties.Has || s.AdditionalProperties.Schema != nil
	if len(s.Properties) == 0 {
		if !allowsMore {
			return fmt.Sprintf("z.strictObject({}, { error: %s })", generic), nil
		}
		return fmt.Sprintf("z.record(z.string(), z.unknown(), { error: %s })", generic), nil
	}
	required := map[string]bool{}
	for _, name := range s.Required {
		required[name] = true
	}
	var b strings.Builder
	for _, name := range sortedKeys(s.Properties) {
		expr, err := w.schema(s.Properties[name], nil, indent+"    ")
		if err != nil {
			return "", fmt.Errorf("%s: %w", name, err)
		}
		if !required[name] {
			expr += ".optional()"
		}
		fmt.Fprintf(&b, "%s    %s: %s,\n", indent, propertyKey(name), expr)
	}
	constructor := "z.strictObject"
	if allowsMore {
		constructor = "z.looseObject"
	}
	return fmt.Sprintf("%s(\n%s{\n%s%s},\n%s{ error: %s },\n%s)", constructor, indent+"  ", b.String(), indent+"  ", indent+"  ", generic, indent), nil
}

func (w *zodWriter) array(s *openapi3.Schema, indent string) (string, error) {
	items, err := w.schema(s.Items, nil, indent)
	if err != nil {
		return "", fmt.Errorf("items: %w", err)
	}
	generic := tsMessage(web.GenericFieldMessage())
	expr := fmt.Sprintf("z.array(%s, { error: %s })", items, generic)
	if s.MinItems > 0 {
		expr += fmt.Sprintf(".min(%d, %s)", s.MinItems, generic)
	}
	if s.MaxItems != nil {
		expr += fmt.Sprintf(".max(%d, %s)", *s.MaxItems, generic)
	}
	return expr, nil
}

// leaf is the zod of a string, number, integer or boolean, each rule with its message. The checks
// come in the order kin-openapi makes them, so the first message is the one the BFF would answer.
func (w *zodWriter) leaf(s *openapi3.Schema, messages web.FieldMessages) (string, error) {
	var failed error
	message := func(rule string) string {
		text, err := messages.Message(rule, s)
		if err != nil && failed == nil {
			failed = err
		}
		return tsMessage(text)
	}
	var expr string
	switch {
	case len(s.Enum) > 0:
		values := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			text, ok := v.(string)
			if !ok {
				return "", fmt.Errorf("enum %v: only enums of strings have a rule here yet", s.Enum)
			}
			values[i] = tsString(text)
		}
		expr = fmt.Sprintf("z.enum([%s], %s)", strings.Join(values, ", "), schemaError(message("required"), message("enum")))
	case s.Type.Is(openapi3.TypeString):
		expr = "z.string(" + schemaError(message("required"), message("type")) + ")"
		if s.MinLength > 0 {
			expr += fmt.Sprintf(".min(%d, %s)", s.MinLength, message("minLength"))
		}
		if s.MaxLength != nil {
			expr += fmt.Sprintf(".max(%d, %s)", *s.MaxLength, message("maxLength"))
		}
		if s.Pattern != "" {
			expr += fmt.Sprintf(".regex(new RegExp(%s), %s)", tsString(s.Pattern), message("pattern"))
		}
		if s.Format != "" {
			f, ok := formatRules[s.Format]
			if !ok {
				return "", fmt.Errorf("format %q has no rule here yet", s.Format)
			}
			w.formats[s.Format] = true
			if f.refused == nil {
				expr += fmt.Sprintf(".regex(%s, %s)", f.name, message("format"))
			} else {
				expr += fmt.Sprintf(".refine((value) => !%s.has(value), %s)", f.name, message("format"))
			}
		}
	case s.Type.Is(openapi3.TypeInteger), s.Type.Is(openapi3.TypeNumber):
		expr = "z.number(" + schemaError(message("required"), message("type")) + ")"
		if s.Type.Is(openapi3.TypeInteger) {
			expr += ".int(" + message("type") + ")"
		}
		if s.ExclusiveMin.IsSet() || s.ExclusiveMax.IsSet() {
			return "", fmt.Errorf("exclusive bounds have no rule here yet")
		}
		if s.Min != nil {
			expr += fmt.Sprintf(".min(%s, %s)", number(*s.Min), message("minimum"))
		}
		if s.Max != nil {
			expr += fmt.Sprintf(".max(%s, %s)", number(*s.Max), message("maximum"))
		}
	case s.Type.Is(openapi3.TypeBoolean):
		expr = "z.boolean(" + schemaError(message("required"), message("type")) + ")"
	default:
		return "", fmt.Errorf("type %v has no zod here yet", s.Type)
	}
	return expr, failed
}

// schemaError is the error parameter of a zod schema: one message, or one for a missing value and
// another for a value of the wrong kind.
func schemaError(missing, wrong string) string {
	if missing == wrong {
		return "{ error: " + missing + " }"
	}
	return fmt.Sprintf("{ error: (issue) => (issue.input === undefined ? %s : %s) }", missing, wrong)
}

// tsMessage is a message as TypeScript: the generic one by its constant's name.
func tsMessage(text string) string {
	if text == web.GenericFieldMessage() {
		return "GENERIC"
	}
	return tsString(text)
}

func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// propertyKey is name as an object key: bare when it is an identifier.
func propertyKey(name string) string {
	for i, r := range name {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return tsString(name)
		}
	}
	return name
}
