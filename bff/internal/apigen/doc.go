// Package apigen is generated from bff/openapi.yaml by oapi-codegen (`make gen`). Never edit
// apigen.gen.go by hand: change the contract and regenerate.
package apigen
