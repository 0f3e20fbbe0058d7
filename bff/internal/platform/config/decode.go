package config

import (
	"github.com/go-viper/mapstructure/v2"
)

// decodeToMap turns the typed config back into a nested map keyed like bff/config.yaml, so Masked can
// read values by the same key paths the file uses.
func decodeToMap(c Config, out map[string]any) error {
	return mapstructure.Decode(c, &out)
}
