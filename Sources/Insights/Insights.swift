// Insights module: see docs/architecture.md.
