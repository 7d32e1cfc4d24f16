// The floor for storefront's start-up CPU (startup-cpu.sh): a Swift program that loads
// Foundation, decodes the built-in catalog with JSONDecoder and exits, and nothing else.
// The catalog's types and text are StoreKitSim's own files (symbolic links beside this
// one), so the floor decodes exactly what storefront decodes, without GRDB, SQLite,
// ncurses or ArgumentParser linked in, and without the catalog's validation.
import Foundation

let catalog = try JSONDecoder().decode(Catalog.self, from: Data(DefaultCatalog.json.utf8))
exit(catalog.products.isEmpty ? 1 : 0)
