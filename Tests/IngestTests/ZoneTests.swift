import Foundation
@testable import Ingest
import TestSupport
import XCTest

/// Time zones from TZif files: the system's database read as Python's `zoneinfo` and Go's `time`
/// read it, the footer's TZ-string rules, wall-clock times a change skips or repeats, zone names,
/// and files that are damaged or hostile.
final class ZoneTests: XCTestCase {
    /// The system's database, named explicitly: the tests pass whatever `TZDIR` the caller has.
    let system = ZoneDirectory(path: "/usr/share/zoneinfo")

    func zone(_ name: String) throws -> ZoneRules {
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin") else {
            throw ReportBinary.missing("tzdata is not installed (scripts/setup.sh installs it)")
        }
        return try system.zone(named: name)
    }

    func at(_ zone: ZoneRules, _ day: String, _ hour: Int, _ minute: Int = 0) -> String {
        let t = zone.instant(on: LocalDate(iso: day)!, secondOfDay: hour * 3600 + minute * 60)
        return "\(t.utc) \(t)"
    }

    func epoch(_ iso: String) -> Int64 { Timestamp(iso: iso)!.epochSeconds }

    // MARK: The system's zones

    func testBerlinAcrossBothChangesAndFarInTheFooterYears() throws {
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(at(berlin, "2026-03-28", 9), "2026-03-28T08:00:00Z 2026-03-28T09:00:00+01:00")
        XCTAssertEqual(at(berlin, "2026-03-30", 9), "2026-03-30T07:00:00Z 2026-03-30T09:00:00+02:00")
        // 2090 is past the file's last transition: the footer CET-1CEST,M3.5.0,M10.5.0/3 decides.
        XCTAssertEqual(at(berlin, "2090-03-25", 9), "2090-03-25T08:00:00Z 2090-03-25T09:00:00+01:00")
        XCTAssertEqual(at(berlin, "2090-03-26", 9), "2090-03-26T07:00:00Z 2090-03-26T09:00:00+02:00")
        XCTAssertEqual(berlin.offset(at: epoch("2090-10-29T00:59:59Z")), 7200)
        XCTAssertEqual(berlin.offset(at: epoch("2090-10-29T01:00:00Z")), 3600)
    }

    /// The rule for wall-clock times a change skips or repeats (RFC 5545 §3.3.5).
    func testSkippedTimesUseTheOffsetBeforeTheChangeAndRepeatedOnesTheFirst() throws {
        let berlin = try zone("Europe/Berlin")
        // 02:30 on 29 March 2026 does not exist (02:00 → 03:00): read in CET, it is 03:30 CEST.
        XCTAssertEqual(at(berlin, "2026-03-29", 2, 30), "2026-03-29T01:30:00Z 2026-03-29T03:30:00+02:00")
        XCTAssertEqual(at(berlin, "2026-03-29", 2, 0), "2026-03-29T01:00:00Z 2026-03-29T03:00:00+02:00")
        XCTAssertEqual(at(berlin, "2026-03-29", 3, 0), "2026-03-29T01:00:00Z 2026-03-29T03:00:00+02:00")
        // 02:30 on 25 October 2026 happens twice: the first, in CEST.
        XCTAssertEqual(at(berlin, "2026-10-25", 2, 30), "2026-10-25T00:30:00Z 2026-10-25T02:30:00+02:00")
        // Athens began summer time at 09:00 on 1 April 1979: 09:00 is 10:00 EEST.
        XCTAssertEqual(at(try zone("Europe/Athens"), "1979-04-01", 9), "1979-04-01T07:00:00Z 1979-04-01T10:00:00+03:00")
        // Samoa skipped 30 December 2011 whole (−10 → +14): its 09:00 is the next day's 09:00.
        let apia = try zone("Pacific/Apia")
        XCTAssertEqual(at(apia, "2011-12-30", 9), "2011-12-30T19:00:00Z 2011-12-31T09:00:00+14:00")
        XCTAssertEqual(at(apia, "2011-12-29", 9), "2011-12-29T19:00:00Z 2011-12-29T09:00:00-10:00")
        XCTAssertEqual(at(apia, "2011-12-31", 9), "2011-12-30T19:00:00Z 2011-12-31T09:00:00+14:00")
    }

    func testOffsetsWithSecondsAreKept() throws {
        // Liberia kept −0:44:30 until 1972-01-07.
        let monrovia = try zone("Africa/Monrovia")
        XCTAssertEqual(at(monrovia, "1971-03-30", 9), "1971-03-30T09:44:30Z 1971-03-30T09:00:00-00:44:30")
        XCTAssertEqual(at(monrovia, "1972-03-30", 9), "1972-03-30T09:00:00Z 1972-03-30T09:00:00Z")
        XCTAssertEqual(Timestamp(epochSeconds: 0, offsetSeconds: 5 * 3600 + 53 * 60 + 28).description, "1970-01-01T05:53:28+05:53:28")
    }

    func testNamesTzdataLacksAndNamesThatArePathsAreUnknown() throws {
        _ = try zone("UTC")
        for name in ["GMT+5", "PST", "Mars/Olympus_Mons", "Europe", "", "../zoneinfo/UTC", "/usr/share/zoneinfo/UTC",
                     "Europe/../UTC", "./UTC", ".hidden", "-UTC", "Europe//Berlin", "Europe/Berlin/", "Europe\\Berlin",
                     "Europe/Berlin\u{0}", "Europe/Bérlin", "localtime", String(repeating: "A", count: 65)] {
            XCTAssertThrowsError(try system.zone(named: name), name) { XCTAssertEqual($0 as? ZoneDirectory.Failure, .unknown, name) }
        }
        XCTAssertTrue(ZoneDirectory.isValidName("America/Argentina/ComodRivadavia"))
        XCTAssertTrue(ZoneDirectory.isValidName("Etc/GMT+5"))
        // zone.tab is in the folder but is no zone: its file cannot be used.
        XCTAssertThrowsError(try system.zone(named: "zone.tab")) { XCTAssertEqual($0 as? ZoneDirectory.Failure, .unusable("not a TZif file")) }
        // A right/ zone counts leap seconds: its times would be 27 s off.
        if FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/right/UTC") {
            XCTAssertThrowsError(try system.zone(named: "right/UTC")) { error in
                XCTAssertEqual(error as? ZoneDirectory.Failure, .unusable(TZif.Problem.leapSeconds.description))
            }
        }
    }

    // MARK: A directory of our own

    func testADirectoryOfChangedFilesIsFollowedAndOddFilesAreRefusedWithoutWaiting() throws {
        let dir = TempDir()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("Europe"), withIntermediateDirectories: true)
        dir.write("Europe/Berlin", TZifBuilder.fixed(3 * 3600, "<+03>-3").bytes())
        let zones = ZoneDirectory(path: dir.url.path)
        XCTAssertEqual(at(try zones.zone(named: "Europe/Berlin"), "2026-07-01", 9), "2026-07-01T06:00:00Z 2026-07-01T09:00:00+03:00")
        XCTAssertThrowsError(try zones.zone(named: "Europe/Paris")) { XCTAssertEqual($0 as? ZoneDirectory.Failure, .unknown) }
        // A FIFO is never opened for a read that could wait; a huge file is not read.
        XCTAssertEqual(mkfifo(dir.url.appendingPathComponent("Europe/Fifo").path, 0o600), 0)
        XCTAssertThrowsError(try zones.zone(named: "Europe/Fifo")) { XCTAssertEqual($0 as? ZoneDirectory.Failure, .unusable("not a regular file")) }
        dir.write("Europe/Huge", TZifBuilder.fixed(0, "UTC0").bytes() + [UInt8](repeating: 0, count: ZoneDirectory.maxFileBytes))
        XCTAssertThrowsError(try zones.zone(named: "Europe/Huge")) { XCTAssertEqual($0 as? ZoneDirectory.Failure, .unusable("larger than a zone file can be")) }
        dir.write("Europe/Empty", [UInt8]())
        XCTAssertThrowsError(try zones.zone(named: "Europe/Empty")) { XCTAssertEqual($0 as? ZoneDirectory.Failure, .unusable("not a TZif file")) }
    }

    // MARK: The format

    func testVersionOneFilesUseTheir32BitDataAndLaterOnesTheir64BitDataAndFooter() throws {
        var b = TZifBuilder(transitions: [(at: 1_000_000, type: 1)],
                            types: [.init(utoff: 3600), .init(utoff: 7200, isdst: 1, desigidx: 4)],
                            designations: Array("AAA\0BBB\0".utf8), indicators: true, footer: "AAA-1BBB,M3.5.0,M10.5.0/3")
        b.version = 0
        let v1 = try TZif.parse(b.bytes())
        XCTAssertEqual(v1.offset(at: 999_999), 3600)
        XCTAssertEqual(v1.offset(at: 1_000_000), 7200)
        XCTAssertEqual(v1.offset(at: epoch("2090-01-01T00:00:00Z")), 7200, "version 1 has no footer: the last offset stays")
        for version in ["2", "3", "4"] {
            b.version = UInt8(ascii: Unicode.Scalar(version)!)
            let z = try TZif.parse(b.bytes())
            XCTAssertEqual(z.offset(at: 999_999), 3600)
            XCTAssertEqual(z.offset(at: epoch("2090-01-01T00:00:00Z")), 3600, "the footer's winter")
            XCTAssertEqual(z.offset(at: epoch("2090-07-01T00:00:00Z")), 7200, "the footer's summer")
        }
        // No transitions: the footer rules every instant; an empty footer leaves time type 0.
        XCTAssertEqual(try TZif.parse(TZifBuilder(footer: "EST5EDT,M3.2.0,M11.1.0").bytes()).offset(at: epoch("1950-07-01T00:00:00Z")), -4 * 3600)
        XCTAssertEqual(try TZif.parse(TZifBuilder.fixed(-3600, "").bytes()).offset(at: epoch("2090-07-01T00:00:00Z")), -3600)
    }

    /// Every form of footer rule: `Mm.w.d`, `Jn`, `n`, signed and long hours (version 3),
    /// offsets with minutes and seconds, quoted names, the default rule, daylight time all year.
    func testFooterRules() throws {
        func offsets(_ tz: String, _ instants: [String]) throws -> [Int32] {
            let z = try XCTUnwrap(PosixTZRule(tz), tz)
            return instants.map { z.segment(at: epoch($0)).offset }
        }
        // Last Sunday of March 01:00 UTC and of October.
        XCTAssertEqual(try offsets("GMT0BST,M3.5.0/1,M10.5.0", ["2031-03-30T00:59:59Z", "2031-03-30T01:00:00Z", "2031-10-26T00:59:59Z", "2031-10-26T01:00:00Z"]),
                       [0, 3600, 3600, 0])
        // Greenland: changes at −1:00 and 0:00 local, that is 01:00 UTC both.
        XCTAssertEqual(try offsets("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", ["2031-03-30T00:59:59Z", "2031-03-30T01:00:00Z", "2031-10-26T00:59:59Z", "2031-10-26T01:00:00Z"]),
                       [-7200, -3600, -3600, -7200])
        // Jn skips 29 February: J60 is 1 March in a leap year too; n counts it: 59 is 29 February.
        XCTAssertEqual(try offsets("AAA0BBB,J60/0,J300/0", ["2032-02-29T23:59:59Z", "2032-03-01T00:00:00Z"]), [0, 3600])
        XCTAssertEqual(try offsets("AAA0BBB,59/0,300/0", ["2032-02-28T23:59:59Z", "2032-02-29T00:00:00Z"]), [0, 3600])
        // 167 hours after day 0 (1 January) is 7 January 23:00.
        XCTAssertEqual(try offsets("AAA0BBB,0/167,J300/0", ["2031-01-07T22:59:59Z", "2031-01-07T23:00:00Z"]), [0, 3600])
        // Offsets with minutes and seconds, a daylight offset given, west and east.
        XCTAssertEqual(try offsets("<-0044>0:44:30", ["2031-01-01T00:00:00Z"]), [-2670])
        XCTAssertEqual(try offsets("<+0530>-5:30", ["2031-01-01T00:00:00Z"]), [19800])
        XCTAssertEqual(try offsets("AAA-10BBB-11:30,M10.1.0,M4.1.0/3", ["2031-01-15T00:00:00Z", "2031-07-15T00:00:00Z"]), [41400, 36000])
        // No rule: the POSIX default (second Sunday of March to first of November, 02:00).
        XCTAssertEqual(try offsets("EST5EDT", ["2031-03-09T06:59:59Z", "2031-03-09T07:00:00Z", "2031-11-02T05:59:59Z", "2031-11-02T06:00:00Z"]),
                       [-18000, -14400, -14400, -18000])
        // Daylight time all year (RFC 8536 §3.3.1), also across New Year.
        XCTAssertEqual(try offsets("EST5EDT4,0/0,J365/25", ["2031-01-01T04:00:00Z", "2031-07-01T00:00:00Z", "2031-12-31T23:59:59Z", "2032-01-01T05:00:00Z"]),
                       [-14400, -14400, -14400, -14400])
        for bad in ["", "A0", "ABC", "ABC+", "ABC25", "ABC1:60", "ABC1DEF,", "ABC1DEF,M13.1.0,M1.1.0", "ABC1DEF,M3.6.0,M1.1.0",
                    "ABC1DEF,M3.1.7,M1.1.0", "ABC1DEF,J0,J1", "ABC1DEF,366,1", "ABC1DEF,1/168,2", "ABC1DEF,1,2,3", "<AB>1",
                    "<ABC1", "ABC1 ", "ABC1DEF,M3.5.0", "ABC1DEF,M3.5.0,M10.5.0/", "ABC0001"] {
            XCTAssertNil(PosixTZRule(bad), bad)
        }
    }

    // MARK: Hostile files

    func problem(_ bytes: [UInt8]) -> TZif.Problem? {
        do { _ = try TZif.parse(bytes); return nil } catch { return error }
    }

    func testDamagedFilesAreProblemsNamed() {
        let good = TZifBuilder(transitions: [(at: 100, type: 1), (at: 200, type: 0)],
                               types: [.init(utoff: 0), .init(utoff: 3600, isdst: 1)], footer: "UTC0")
        XCTAssertNil(problem(good.bytes()))
        XCTAssertEqual(problem(Array("TZjf".utf8) + good.bytes().dropFirst(4)), .notTZif)
        var b = good
        b.transitions[1].type = 2
        XCTAssertEqual(problem(b.bytes()), .invalid("a transition names time type 2 of 2"))
        b = good; b.transitions[1].at = 100
        XCTAssertEqual(problem(b.bytes()), .invalid("transition times are not in ascending order"))
        b = good; b.types[1].utoff = .min
        XCTAssertEqual(problem(b.bytes()), .invalid("UTC offset out of range"))
        b = good; b.types[1].utoff = 93_600
        XCTAssertEqual(problem(b.bytes()), .invalid("UTC offset out of range"))
        b = good; b.types[1].isdst = 2
        XCTAssertEqual(problem(b.bytes()), .invalid("a DST indicator is not 0 or 1"))
        b = good; b.types[1].desigidx = 4
        XCTAssertEqual(problem(b.bytes()), .invalid("a designation index is out of range"))
        b = good; b.footer = "nonsense"
        XCTAssertEqual(problem(b.bytes()), .invalid("the footer is not a TZ string"))
        b = good; b.footer = nil
        XCTAssertEqual(problem(b.bytes()), .truncated)
        b = good; b.leapSeconds = [(at: 78_796_800, correction: 1)]
        XCTAssertEqual(problem(b.bytes()), .leapSeconds)
        b = good; b.types = []; b.transitions = []
        XCTAssertEqual(problem(b.bytes()), .invalid("time type count out of range"))
        b = good; b.lyingCounts = [1, 0, 0, 2, 2, 4]
        XCTAssertEqual(problem(b.bytes()), .invalid("standard/UT indicator count differs from the time type count"))
        var v = good.bytes(); v[4] = UInt8(ascii: "x")
        XCTAssertEqual(problem(v), .invalid("unknown version"))
    }

    /// Counts up to 2^32 − 1 in either header are compared with the bytes there are before
    /// anything is allocated or read.
    func testHugeCountsAreTruncationNotAllocation() {
        for index in 0..<6 {
            for huge: UInt32 in [0xFFFF_FFFF, 0x8000_0000, 0x0100_0000] {
                var counts: [UInt32] = [0, 0, 0, 1, 1, 4]
                counts[index] = huge
                if index <= 1 { counts[4] = huge }   // the indicator counts must equal the type count
                var b = TZifBuilder(transitions: [(at: 5, type: 0)], lyingCounts: counts)
                XCTAssertNotNil(problem(b.bytes()), "64-bit header, count \(index) = \(huge)")
                b.version = 0
                XCTAssertNotNil(problem(b.bytes()), "version 1 header, count \(index) = \(huge)")
            }
        }
    }

    /// Every prefix of a valid file, and many files with bytes changed at random, give a zone or a
    /// problem, never a trap; and any zone they give answers every question without one.
    func testTruncatedAndMutatedFilesNeverTrap() throws {
        let base = TZifBuilder(transitions: [(at: -2_000_000_000, type: 1), (at: 0, type: 2), (at: 1_000_000_000, type: 1)],
                               types: [.init(utoff: -2670), .init(utoff: 3600), .init(utoff: 7200, isdst: 1, desigidx: 4)],
                               designations: Array("LMT\0CEST\0".utf8), indicators: true,
                               footer: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0").bytes()
        XCTAssertNotNil(try? TZif.parse(base))
        for n in 0..<base.count { XCTAssertNotNil(problem(Array(base[..<n])), "a prefix of \(n) bytes") }
        var rng = SeededRandom(seed: 21)
        var parsed = 0
        for _ in 0..<20_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[i] = [0, 0xFF, 0x80, 0x7F, UInt8(ascii: ","), UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng) ?? 0
            }
            guard let zone = try? TZif.parse(bytes) else { continue }
            parsed += 1
            exercise(zone)
        }
        XCTAssertGreaterThan(parsed, 100, "some mutations still parse, and their zones are exercised")
    }

    /// Asks `zone` for offsets and wall-clock instants at the ends of every range.
    func exercise(_ zone: ZoneRules) {
        for t: Int64 in [.min, .min + 1, -(1 << 50) - 1, -1, 0, 1, 1 << 50, (1 << 50) + 1, .max - 1, .max] { _ = zone.offset(at: t) }
        for d: Int32 in [.min, -1, 0, 20_000, 40_000, .max] {
            for s in [-1, 0, 9 * 3600, 86_399, 86_400, .max] { _ = zone.instant(on: LocalDate(daysSinceEpoch: d), secondOfDay: s) }
        }
    }

    func testEveryZoneOfTheSystemAnswersAtTheEndsOfTime() throws {
        _ = try zone("UTC")
        let names = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8).split(separator: "\n")
            .compactMap { line -> String? in
                let f = line.split(separator: " ")
                return f.first == "Z" && f.count > 1 ? String(f[1]) : f.first == "L" && f.count > 2 ? String(f[2]) : nil
            }
        XCTAssertGreaterThan(names.count, 400)
        for name in names { exercise(try system.zone(named: name)) }
    }
}

/// A small deterministic generator (SplitMix64), so a failing mutation can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
