import Ingest
import Aurae
import ReportKit

/// One pipeline run decoded from the fuzzer's bytes: two option bytes, then the logs export and,
/// when asked for, a daily-context export after the first 0x1E byte.
///
/// Byte 0: bit 0 logs in CSV (else JSON), bit 1 `--skip-invalid`, bit 2 daily context present,
/// bit 3 daily context in CSV, bit 4 a patient name, bit 5 the premium tier (else free), bit 6 the
/// insights as JSON (else text).
/// Byte 1: bits 0–2 the as-of date (four fixed dates, or the newest onset's local date plus 0, 1,
/// 30 or 365 days), bits 3–4 the range (none, `--from`, `--to`, both), bits 5–7 its length.
struct FuzzCase {
    /// The run's dates: always ones the command line accepts (`from ≤ to ≤ as-of`).
    struct Dates {
        var asOf: LocalDate
        var from: LocalDate?
        var to: LocalDate?
    }

    static let daysSeparator: UInt8 = 0x1E

    var logsFormat: InputFormat
    var skipInvalid: Bool
    var days: (bytes: [UInt8], format: InputFormat)?
    var patientName: String?
    var tier: AuraeTier
    var insightsFormat: InsightsJob.Format
    var logs: [UInt8]
    /// Byte 1, read by `dates(logs:)` once the logs are known.
    var dateChoice: UInt8

    init?(_ data: UnsafeBufferPointer<UInt8>) {
        guard data.count >= 2 else { return nil }
        let flags = data[0]
        dateChoice = data[1]
        logsFormat = flags & 1 != 0 ? .csv : .json
        skipInvalid = flags & 2 != 0
        patientName = flags & 16 != 0 ? "Alex Doe" : nil
        tier = flags & 32 != 0 ? .premium : .free
        insightsFormat = flags & 64 != 0 ? .json : .text
        let body = data[2...]
        if flags & 4 != 0, let cut = body.firstIndex(of: Self.daysSeparator) {
            logs = Array(body[..<cut])
            days = (Array(body[(cut + 1)...]), flags & 8 != 0 ? .csv : .json)
        } else {
            logs = Array(body)
            days = nil
        }
    }

    /// The as-of date and range that byte 1 chooses for these logs.
    func dates(logs records: [HeadacheLog]) -> Dates {
        let fixed = ["2026-03-31", "2026-07-31", "2026-02-18", "2000-02-29"].compactMap { LocalDate(iso: $0) }
        let fallback = fixed[0]
        let newest = records.max(by: { $0.onsetAt < $1.onsetAt })?.onsetAt.localDate ?? fallback
        let pick = Int(dateChoice & 7)
        let asOf = pick < 4 ? fixed[pick] : Self.shifted(newest, by: [0, 1, 30, 365][pick - 4])
        let length = [0, 1, 7, 30, 90, 365, 3650, 36500][Int(dateChoice >> 5)]
        let earlier = Self.shifted(asOf, by: -length)
        switch (dateChoice >> 3) & 3 {
        case 1: return Dates(asOf: asOf, from: earlier, to: nil)
        case 2: return Dates(asOf: asOf, from: nil, to: earlier)
        case 3: return Dates(asOf: asOf, from: Self.shifted(earlier, by: -length), to: earlier)
        default: return Dates(asOf: asOf, from: nil, to: nil)
        }
    }

    /// `date` moved by `days`, kept within the dates the options accept (years 1 to 9999).
    private static func shifted(_ date: LocalDate, by days: Int) -> LocalDate {
        let first = LocalDate.daysFromCivil(year: 1, month: 1, day: 1)
        let last = LocalDate.daysFromCivil(year: 9999, month: 12, day: 31)
        let target = Int(date.daysSinceEpoch) + days
        return LocalDate(daysSinceEpoch: Int32(clamping: min(max(target, first), last)))
    }
}
