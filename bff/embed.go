// Package bff embeds the BFF's default configuration, so the binary starts with no file beside it.
package bff

import _ "embed"

// DefaultConfig is bff/config.yaml: every key with its default and the profile overlays.
//
//go:embed config.yaml
var DefaultConfig []byte
