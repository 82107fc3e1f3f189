// Ingest: reads Aurae exports (headache logs and daily context) from JSON and CSV.
//
// Entry points: `HeadacheLogReader.read(_:options:)` and `DayContextReader.read(_:options:)`.
// Building blocks, public for tests, tools and the fuzz targets in `Fuzz/`:
// `JSONParser` (position-tracking pull parser), `CSVRecordReader` (libcsv with line tracking),
// `parseTimestamp`, `parseLocalDate`, `parseDecimal`, `parseBoolText`, `firstInvalidUTF8`.
//
// Conventions
// - Positions are 1-based. JSON: line and column of the value, columns counting characters
//   (Unicode scalars), a BOM not counted. CSV: the record's first line and the field number.
// - Messages name the field by its JSON path (`weather.humidityPct`, `sleep.quality`,
//   `retrospective.medications[2].takenAt`, medication entries counted from 1) in both formats,
//   and show at most 20 characters of an invalid value (`Diagnostic.quote`).
// - Syntax errors and limit breaches stop reading that input and are errors even with
//   `skipInvalid`; record-level problems become warnings with `skipInvalid`.
// - JSON strings are accepted where numbers or booleans are expected (`"3"`, `"yes"`), as CSV
//   text is; JSON numbers are not accepted where text is expected.
// - Warnings are capped at `maxErrors` like errors, with a final "N more warnings not shown".
