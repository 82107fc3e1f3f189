// Catalog module: see docs/architecture.md.
