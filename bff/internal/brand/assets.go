package brand

import (
	"embed"
	"fmt"
	"io/fs"
	"os"

	"lender/bff/internal/platform/static"
)

// AssetsMount is where the brands' icons and logos are served: /brand-assets/{clientName}/{file}, the
// form a brand's iconURL and logoURL take (config.Brand).
const AssetsMount = "/brand-assets"

// shipped are the icons and logos of the brands bff/config.yaml ships.
//
//go:embed assets
var shipped embed.FS

// Assets are the brands' icons and logos: the shipped files, and over them the files of dir (a
// deployment's own brands) when it is set. Adding a brand is its configuration entry and its files.
func Assets(dir string) (*static.Site, error) {
	own, err := fs.Sub(shipped, "assets")
	if err != nil {
		return nil, err
	}
	layers := []fs.FS{own}
	if dir != "" {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			return nil, fmt.Errorf("BFF_BRANDS_ASSETS_DIR %s is not a folder", dir)
		}
		layers = append(layers, os.DirFS(dir))
	}
	return static.Files(layers...)
}
