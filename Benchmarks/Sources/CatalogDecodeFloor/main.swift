// The floor for storefront's start-up CPU (startup-cpu.sh): a Swift program that loads
// Foundation, decodes the built-in catalog with JSONDecoder and exits, and nothing else.
// The catalog's file format and text are CatalogFiles' own files (symbolic links beside this
// one), so the floor decodes exactly what storefront decodes, without GRDB, SQLite,
// ncurses or ArgumentParser linked in, and without reading it into a Catalog and validating it.
import Foundation

let catalog = try JSONDecoder().decode(CatalogJSON.self, from: Data(DefaultCatalog.json.utf8))
exit(catalog.products.isEmpty ? 1 : 0)
