import Quoting
import ReportKit

/// One care recipient as the handoffs name it: a care circle and the patient it cares for.
public struct CareUnit: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var circleId: String
    public var patientId: String

    public init(circleId: String, patientId: String) { self.circleId = circleId; self.patientId = patientId }

    /// Circles in id order, then patients.
    public static func < (a: CareUnit, b: CareUnit) -> Bool { (a.circleId, a.patientId) < (b.circleId, b.patientId) }

    /// "p-1 (care circle c-1)", as a usage error lists the patients present.
    public var description: String { "\(patientId) (care circle \(circleId))" }
}

/// What a run covers: `--circle ID` and `--patient ID` (spec 40-care-circle.md, "One care
/// recipient per document"). A document is about one circle — the patterns PDF about one patient —
/// so when the input or the store holds several, the choice is the caller's; text and JSON may
/// cover several, grouped by circle and patient.
public struct CareScope: Sendable, Equatable {
    public var circle: String?
    public var patient: String?

    public init(circle: String? = nil, patient: String? = nil) { self.circle = circle; self.patient = patient }

    /// The records of `circleOf`'s circles, grouped by circle in id order: only the chosen circle
    /// when `circle` is given (one the input does not hold is an error naming those it does), and
    /// exactly one circle when `single` (several are a usage error listing them). An input with no
    /// records at all gives one empty group, of the chosen circle if any.
    public func circles<R>(_ records: [R], of circleOf: (R) -> String, records noun: String,
                           single: Bool) throws -> [(circleId: String?, records: [R])] {
        var byCircle: [String: [R]] = [:]
        for r in records { byCircle[circleOf(r), default: []].append(r) }
        let ids = byCircle.keys.sorted()
        if let circle {
            guard let chosen = byCircle[circle] else {
                if records.isEmpty { return [(circle, [])] }
                throw ScopeError.unknownCircle(circle, records: noun, present: ids)
            }
            return [(circle, chosen)]
        }
        if single && ids.count > 1 { throw ScopeError.severalCircles(ids) }
        if ids.isEmpty { return [(nil, [])] }
        return ids.map { ($0, byCircle[$0] ?? []) }
    }
}

/// A run that cannot tell whom its document is for.
public enum ScopeError: ReportFailure, Equatable {
    /// The input holds several circles and a document is about one: a usage error listing them.
    case severalCircles([String])
    /// The store holds several patients (or circles) and the patterns PDF is about one.
    case severalPatients([CareUnit])
    /// `--circle` names a circle the input has no records of.
    case unknownCircle(String, records: String, present: [String])
    /// `--patient` (with `--circle`, if given) names no patient with handoffs in the store.
    case unknownPatient(CareScope)
    /// The store holds no handoffs, so a patterns PDF has no one to be about.
    case noHandoffs

    public var kind: FailureKind {
        switch self {
        case .severalCircles, .severalPatients: return .usage
        case .unknownCircle, .unknownPatient, .noHandoffs: return .invalidInput
        }
    }

    /// At most this many ids are listed in a message.
    static let listed = 12

    /// Ids are shown whole (they are typed back with --circle and --patient) through `Quote.text`.
    static func list(_ ids: [String]) -> String {
        let shown = ids.prefix(listed).map { Quote.text($0) }.joined(separator: ", ")
        return ids.count > listed ? shown + ", and \(ids.count - listed) more" : shown
    }

    public var description: String {
        switch self {
        case .severalCircles(let ids):
            return "the input holds \(ids.count) care circles (\(Self.list(ids))) and a document is about one: choose it with --circle ID"
        case .severalPatients(let units):
            let circles = Set(units.map(\.circleId)).count
            let patients = Set(units.map(\.patientId)).count
            let how = patients < units.count ? "--patient ID and --circle ID" : "--patient ID"
            let what = circles > 1 && patients == 1 ? "care circles" : "patients"
            return "the store holds \(units.count) \(what) (\(Self.list(units.map(\.description)))) and the PDF is about one: choose it with \(how)"
        case .unknownCircle(let id, let noun, let present):
            return "the input has no \(noun) of care circle \(Quote.text(id)) (it holds \(Self.list(present)))"
        case .unknownPatient(let scope):
            switch (scope.circle, scope.patient) {
            case let (circle?, patient?): return "the store has no handoffs for patient \(Quote.text(patient)) in care circle \(Quote.text(circle))"
            case let (nil, patient?): return "the store has no handoffs for patient \(Quote.text(patient))"
            case let (circle?, nil): return "the store has no handoffs in care circle \(Quote.text(circle))"
            case (nil, nil): return "the store has no handoffs"
            }
        case .noHandoffs:
            return "the store has no handoffs yet: there is no one to write the patterns PDF about"
        }
    }

    /// Without the ids (JSON log lines carry no values).
    public var messageWithoutValues: String {
        switch self {
        case .severalCircles: return "the input holds several care circles and a document is about one: choose it with --circle ID"
        case .severalPatients: return "the store holds several patients and the PDF is about one: choose it with --patient ID"
        case .unknownCircle: return "the input has no records of the care circle given with --circle"
        case .unknownPatient: return "the store has no handoffs for the patient or circle given"
        case .noHandoffs: return description
        }
    }
}
