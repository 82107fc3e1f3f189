import ArgumentParser
import Catalog
import Foundation
import Ingest
import Render
import Reports

/// Owns standard error and the exit status: prints warnings as they come, and turns every
/// thrown error into its message and documented exit status.
enum Diagnostics {
    nonisolated(unsafe) static var quiet = false
    nonisolated(unsafe) static var jsonLog = false

    static func warning(_ text: String) {
        emit(level: "warning", text)
    }

    static func info(_ text: String) {
        guard !quiet else { return }
        emit(level: "info", text)
    }

    static func printDiagnostics(_ diagnostics: [Diagnostic]) {
        for d in diagnostics { emit(level: d.severity.rawValue, d.description, location: d.location) }
    }

    static func emit(level: String, _ text: String, location: SourceLocation? = nil) {
        if jsonLog {
            var fields: [(String, String)] = [("level", level), ("message", text)]
            if let location {
                fields += [("file", location.file), ("line", String(location.line)), ("column", String(location.column))]
            }
            let body = fields.map { "\"\($0.0)\":\(jsonString($0.1))" }.joined(separator: ",")
            writeStderr("{" + body + "}\n")
        } else if location != nil || text.hasPrefix("report:") {
            writeStderr(text + "\n")
        } else {
            writeStderr("report: \(level): \(text)\n")
        }
    }

    static func writeStderr(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// Maps an error to its message and exit status, prints the message, returns the status.
    static func report(_ error: Error) -> ExitStatus {
        switch error {
        case let failure as CommandFailure:
            switch failure {
            case .invalidInput(let lines):
                for l in lines { writeStderr(l + "\n") }
                return .invalidInput
            case .usage(let m): emit(level: "error", m); return .usage
            case .tier(let m): emit(level: "error", m); return .tier
            case .output(let m): emit(level: "error", m); return .output
            case .templates(let m): emit(level: "error", m); return .invalidInput
            case .layout(let m): emit(level: "error", m); return .invalidInput
            }
        case let e as IngestError:
            switch e {
            case .invalid(let diags):
                printDiagnostics(diags)
                emit(level: "error", "\(diags.filter { $0.severity == .error }.count) error(s) in the input; nothing was written")
            case .unreadable:
                emit(level: "error", e.description)
            }
            return .invalidInput
        case let e as CatalogError:
            emit(level: "error", e.description)
            return .invalidInput
        case let e as AtomicFile.Failure:
            emit(level: "error", e.description)
            return .output
        case let e as LayoutError:
            emit(level: "error", "layout: \(e)")
            return .invalidInput
        default:
            emit(level: "error", "\(error)")
            return .invalidInput
        }
    }
}
