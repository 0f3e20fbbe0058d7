package web

import (
	"errors"
	"fmt"
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
			Abort(c, validationError(err))
			return
		}
		c.Next()
	}
}

// validationError turns a contract violation into a message a developer of the apps can act on
// without exposing the validator's internals.
func validationError(err error) *Error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return Fail(CodeBodyTooLarge, err)
	}
	var reqErr *openapi3filter.RequestError
	if errors.As(err, &reqErr) {
		switch {
		case reqErr.Parameter != nil:
			return FailWith(CodeBadRequest, fmt.Sprintf("The %s %q is not valid.", reqErr.Parameter.In, reqErr.Parameter.Name), err)
		case reqErr.RequestBody != nil:
			var schemaErr *openapi3.SchemaError
			if errors.As(err, &schemaErr) {
				if field := strings.Join(schemaErr.JSONPointer(), "."); field != "" {
					return FailWith(CodeBadRequest, fmt.Sprintf("The field %q is not valid: %s.", field, schemaErr.Reason), err)
				}
				return FailWith(CodeBadRequest, fmt.Sprintf("The request body is not valid: %s.", schemaErr.Reason), err)
			}
			return FailWith(CodeBadRequest, "The request body is not valid JSON of the expected shape.", err)
		}
	}
	return Fail(CodeBadRequest, err)
}
