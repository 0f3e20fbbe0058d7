package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/gin-gonic/gin"
)

// Validator checks every API request against bff/openapi.yaml before a handler sees it, so handlers
// can trust types, lengths and patterns, and bad input gets one clear 400 envelope.
type Validator struct {
	routes  map[string]*routers.Route // "METHOD gin-route" → operation
	options *openapi3filter.Options
}

// NewValidator indexes the operations of spec under basePath (e.g. /api/v2/lender), keyed the way
// gin names its routes, so no second router runs per request.
func NewValidator(spec *openapi3.T, basePath string) *Validator {
	v := &Validator{
		routes: map[string]*routers.Route{},
		options: &openapi3filter.Options{
			// Sessions are checked by the session middleware, not by the contract.
			AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
			MultiError:         false,
		},
	}
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			ginPath := basePath + GinPath(path)
			v.routes[method+" "+ginPath] = &routers.Route{Spec: spec, Path: path, PathItem: item, Method: method, Operation: op}
		}
	}
	return v
}

// GinPath turns OpenAPI's /downloadPDF/{id} into gin's /downloadPDF/:id.
func GinPath(p string) string {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		if strings.HasPrefix(part, "{") && strings.HasSuffix(part, "}") {
			parts[i] = ":" + strings.TrimSuffix(strings.TrimPrefix(part, "{"), "}")
		}
	}
	return strings.Join(parts, "/")
}

// Middleware validates the matched request. It runs in the API routes' own chain, after gin has
// matched the route, so c.FullPath() names the operation.
func (v *Validator) Middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		route, ok := v.routes[c.Request.Method+" "+c.FullPath()]
		if !ok {
			c.Next()
			return
		}
		params := make(map[string]string, len(c.Params))
		for _, p := range c.Params {
			params[p.Key] = p.Value
		}
		err := openapi3filter.ValidateRequest(c.Request.Context(), &openapi3filter.RequestValidationInput{
			Request:    c.Request,
			PathParams: params,
			Route:      route,
			Options:    v.options,
		})
		if err != nil {
			refused, rule := validationError(err)
			if refused.Code == CodeBadRequest {
				// The developer's side of the story: which rule of which field; never the value.
				Logger(c).InfoContext(c.Request.Context(), "request refused by the contract",
					"requestId", RequestID(c), "operation", route.Method+" "+route.Path,
					"field", refused.Field, "rule", rule)
			}
			Abort(c, refused)
			return
		}
		c.Next()
	}
}

// validationError turns a contract violation into what a person can act on: a 100400 whose message
// is the contract's x-error-message for the field and the rule it broke (or the generic one), naming
// the field for the form. It also says which rule that was, for the log.
func validationError(err error) (*Error, string) {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return Fail(CodeBodyTooLarge, err), ""
	}
	var reqErr *openapi3filter.RequestError
	if !errors.As(err, &reqErr) {
		return Fail(CodeBadRequest, err), ""
	}
	var schemaErr *openapi3.SchemaError
	hasSchemaErr := errors.As(err, &schemaErr)
	switch {
	case reqErr.Parameter != nil:
		p := reqErr.Parameter
		rule := "type" // a value that could not even be read as its type
		switch {
		case errors.Is(err, openapi3filter.ErrInvalidRequired), errors.Is(err, openapi3filter.ErrInvalidEmptyValue):
			rule = "required"
		case hasSchemaErr:
			rule = RuleOf(schemaErr.SchemaField)
		}
		var schema *openapi3.Schema
		if p.Schema != nil {
			schema = p.Schema.Value
		}
		extensions := p.Extensions
		if _, ok := extensions[ExtErrorMessage]; !ok && schema != nil {
			extensions = schema.Extensions
		}
		return fieldError(p.Name, rule, schema, extensions, err), rule
	case reqErr.RequestBody != nil && hasSchemaErr:
		pointer := schemaErr.JSONPointer()
		schema, rule := schemaErr.Schema, RuleOf(schemaErr.SchemaField)
		if rule == "required" && len(pointer) > 0 && schema != nil {
			// kin-openapi reports a missing property on the object that lacks it.
			if prop := schema.Properties[pointer[len(pointer)-1]]; prop != nil && prop.Value != nil {
				schema = prop.Value
			}
		}
		var extensions map[string]any
		if schema != nil {
			extensions = schema.Extensions
		}
		return fieldError(strings.Join(pointer, "."), rule, schema, extensions, err), rule
	}
	return Fail(CodeBadRequest, err), "body"
}

// fieldError is the 100400 for a value of field, described by schema, that broke rule.
func fieldError(field, rule string, schema *openapi3.Schema, extensions map[string]any, cause error) *Error {
	message := GenericFieldMessage()
	if messages, err := FieldMessagesOf(extensions); err == nil && messages != nil && schema != nil {
		if text, err := messages.Message(rule, schema); err == nil {
			message = text
		}
	}
	return FailField(field, message, cause)
}
