/// The documented exit statuses (README, "Exit status").
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
}

/// A failure of the command itself (not of a library stage), carrying its exit status.
struct CommandFailure: Error {
    var status: ExitStatus
    var message: String
}
