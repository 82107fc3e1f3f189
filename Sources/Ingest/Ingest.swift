// Ingest: reads app exports (records such as headache logs and daily context) from JSON and CSV.
//
// Layout
// - Shared machinery, free of any app's field names: `Records/` (`RecordDraft`, `RecordField`,
//   `FieldValue`, `Convert`, `Issue`, `JSONRecordContext`, `RecordReader<Draft>`), `JSON/`,
//   `CSV/`, `Parsing/`, `Diagnostics/`, `IO/`, `API/`, `Model/` (dates and timestamps).
// - One folder per app with its record kinds: `Aurae/` (`HeadacheLog`, `DayContext`, their
//   drafts and `HeadacheLogReader`, `DayContextReader`). Another module can define a record
//   kind the same way with the public API alone.
// Building blocks, public for tests, tools and the fuzz targets in `Fuzz/`:
// `JSONParser` (position-tracking pull parser), `CSVRecordReader` (libcsv with line tracking),
// `parseTimestamp`, `parseLocalDate`, `parseDecimal`, `parseBoolText`, `firstInvalidUTF8`.
//
// Conventions
// - Positions are 1-based. JSON: line and column of the value, columns counting characters
//   (Unicode scalars), a BOM not counted. CSV: the record's first line and the field number.
// - Messages about a field are made from an `Issue` (field, problem, position) for the input's
//   format: JSON messages name its path (`weather.humidityPct`, `sleep.quality`,
//   `retrospective.medications[2].takenAt`, medication entries counted from 1), CSV messages its
//   column (`humidity_pct`, `medications[2].takenAt`). They show at most 20 characters (and 80
//   bytes) of an invalid value, control and bidi characters escaped (`Diagnostic.quote`);
//   `Diagnostic.messageWithoutValues` shows none.
// - Values are checked where they enter: integers written as digits, numbers within the ranges
//   of `AuraeRanges`, timestamps and dates within `InputYears.valid` (docs/input.md).
// - Syntax errors and limit breaches stop reading that input and are errors even with
//   `skipInvalid`; record-level problems become warnings with `skipInvalid`.
// - JSON strings are accepted where numbers or booleans are expected (`"3"`, `"yes"`), as CSV
//   text is; JSON numbers are not accepted where text is expected.
// - Warnings are capped at `maxErrors` like errors, with a final "N more warnings not shown".
