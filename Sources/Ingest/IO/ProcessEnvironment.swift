#if canImport(Glibc)
import Glibc
#endif

/// The environment variables a command reads, as the dictionary the code that reads them takes
/// (a parameter, so that tests pass their own).
///
/// Only the names asked for: `ProcessInfo.environment` copies every variable of the process into
/// a new dictionary on each call (about 0.4 M instructions here, twice at each report's start).
public enum ProcessEnvironment {
    /// The values of `names` that are set, empty ones included.
    public static func values(_ names: String...) -> [String: String] {
        var out: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { out[name] = String(cString: value) }
        }
        return out
    }
}
