import ReportKit

/// The documented exit statuses (README, "Exit status"): success, or the status of a failure's
/// kind (`FailureKind`, the one map from failures to statuses).
enum ExitStatus: Int32 {
    case success = 0
    /// The input data is invalid (strict mode), or a file could not be read.
    case invalidInput = 1
    /// The command line is wrong.
    case usage = 2
    /// The request needs a higher tier.
    case tier = 3
    /// The output (or the store) cannot be written or opened.
    case output = 4
    /// The batch (or its merge) finished, but some users' input is invalid: their `errors.txt`
    /// says why and every other user was written. Distinct from 1 so that a scheduler can tell
    /// "done, with bad data a rerun cannot fix" from "could not start" (docs/operations.md).
    case usersInvalid = 5

    init(_ kind: FailureKind) {
        switch kind {
        case .invalidInput: self = .invalidInput
        case .usage: self = .usage
        case .tier: self = .tier
        case .output: self = .output
        }
    }
}
